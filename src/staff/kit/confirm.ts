import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  /** The button that says yes (default 确定). */
  okText?: string;
  /** A yes that destroys or refuses something: the button is red. */
  danger?: boolean;
  /** Runs on yes; the dialog stays open with a spinning button until it settles. */
  onOk?: () => Promise<unknown> | void;
}

/**
 * The console's question with its buttons: antd's modal.confirm from App.useApp() (its focus trap,
 * Escape and 取消), resolved true on yes and false on no. One shape for every console confirm.
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (options) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title ?? '请确认',
          content: options.content,
          okText: options.okText ?? '确定',
          cancelText: '取消',
          okButtonProps: options.danger ? { danger: true } : undefined,
          onOk: async () => {
            await options.onOk?.();
            resolve(true);
          },
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}
