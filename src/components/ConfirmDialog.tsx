import Dialog from 'antd-mobile/es/components/dialog';
import type { Action } from 'antd-mobile/es/components/dialog';
import { renderImperatively } from 'antd-mobile/es/utils/render-imperatively';
import { useId, useState, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.ts';
import './confirm-dialog.css';

/**
 * The one confirm, the sibling of Sheet and CenterDialog for a question with its buttons:
 * antd-mobile's Dialog (its panel, title, centred text and full-width buttons are the app's
 * confirm look), labelled by `label` or a text title, with the keyboard kept inside while open
 * (use-focus-trap) and Escape = the cancel button.
 *
 * Buttons: `cancelText` and `confirmText` side by side, the confirm one bold (red with `danger`);
 * without `cancelText` one plain button (a notice to acknowledge); `stacked` puts the confirm
 * button above the cancel one, each on its own line (a choice between two ways on, not a yes/no:
 * only the buttons answer it, Escape and the mask do not).
 * `onConfirm` may return a promise: the button spins until it settles. `busy` disables both buttons.
 */
export interface ConfirmDialogProps {
  visible: boolean;
  title?: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText?: string;
  danger?: boolean;
  stacked?: boolean;
  busy?: boolean;
  /** The dialog's accessible name when the title is not plain text (or there is none). */
  label?: string;
  /** Styles of the caller's own (a colour of its buttons through antd-mobile's variables). */
  className?: string;
  /** A tap on the mask cancels (not when stacked). */
  maskClosable?: boolean;
  onConfirm(): void | Promise<void>;
  onCancel(): void;
  /** After the closing animation (the imperative form unmounts then). */
  afterClose?: () => void;
}

export function ConfirmDialog({ visible, title, content, confirmText, cancelText, danger = false, stacked = false, busy = false, label, className, maskClosable = false, onConfirm, onCancel, afterClose }: ConfirmDialogProps) {
  // antd-mobile's Dialog takes no ref: a class of this instance's own finds its role-bearing wrap.
  const marker = `confirm-dialog-${useId().replace(/[^\w-]/g, '')}`;
  // Escape (and the mask) mean the cancel button's answer, unless it is not a "no" but another way on (stacked).
  const dismiss = () => {
    if (!busy && !stacked) onCancel();
  };
  useFocusTrap(visible, () => document.querySelector<HTMLElement>(`.${marker} .adm-center-popup-wrap`), dismiss);
  const confirm: Action = { key: 'confirm', text: confirmText, bold: cancelText !== undefined, danger, disabled: busy, onClick: onConfirm };
  const cancel: Action | null = cancelText === undefined ? null : { key: 'cancel', text: cancelText, disabled: busy, onClick: onCancel };
  const actions = cancel === null ? [confirm] : stacked ? [confirm, cancel] : [[cancel, confirm]];
  return (
    <Dialog
      visible={visible}
      className={className ? `confirm-dialog ${marker} ${className}` : `confirm-dialog ${marker}`}
      aria-label={label ?? (typeof title === 'string' ? title : undefined)}
      title={title}
      content={content}
      closeOnMaskClick={maskClosable}
      onClose={dismiss}
      afterClose={afterClose}
      actions={actions}
    />
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'visible' | 'busy' | 'onConfirm' | 'onCancel' | 'afterClose'> & {
  /** Runs on confirm before the promise resolves; while its promise is pending the dialog stays open and busy. */
  onConfirm?: () => void | Promise<void>;
};

/**
 * The same dialog from plain code: true on confirm, false on cancel (a button, Escape or the mask).
 * It renders through antd-mobile's imperative render, which on React 19 needs the hook src/app/antd-render.ts
 * registers (the players' app: readyImperativeRender in src/app/toast.ts; the staff console at start).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    renderImperatively(<ImperativeConfirm options={options} answer={resolve} />);
  });
}

/** renderImperatively gives `visible`, `onClose` (starts the closing animation) and `afterClose` (unmounts). */
function ImperativeConfirm({ options, answer, visible = false, onClose, afterClose }: { options: ConfirmOptions; answer(sure: boolean): void; visible?: boolean; onClose?: () => void; afterClose?: () => void }) {
  const [busy, setBusy] = useState(false);
  const settle = (sure: boolean) => {
    answer(sure);
    onClose?.();
  };
  return (
    <ConfirmDialog
      {...options}
      visible={visible}
      busy={busy}
      afterClose={afterClose}
      onConfirm={async () => {
        if (options.onConfirm) {
          setBusy(true);
          try {
            await options.onConfirm();
          } finally {
            setBusy(false);
          }
        }
        settle(true);
      }}
      onCancel={() => settle(false)}
    />
  );
}
