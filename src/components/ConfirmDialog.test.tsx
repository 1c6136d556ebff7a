import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerAntdRender } from '../app/antd-render.ts';
import { confirm, ConfirmDialog } from './ConfirmDialog.tsx';

const buttons = (dialog: HTMLElement) => within(dialog).getAllByRole('button').map((button) => button.textContent);

describe('ConfirmDialog', () => {
  it('cancel then a bold (red with danger) confirm in one row, named by its title; focus inside; Escape cancels, the mask only when maskClosable', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <>
        <button type="button">打开</button>
        <ConfirmDialog visible title="撤回隐私政策同意" content="撤回后…" confirmText="撤回" cancelText="取消" danger onConfirm={onConfirm} onCancel={onCancel} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: '撤回隐私政策同意' });
    expect(buttons(dialog)).toEqual(['取消', '撤回']);
    expect(dialog.querySelectorAll('.adm-dialog-action-row')).toHaveLength(1);
    const sure = within(dialog).getByRole('button', { name: '撤回' });
    expect(sure.className).toContain('adm-dialog-button-bold');
    expect(sure.className).toContain('adm-button-danger');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(sure));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('takes a label when the title is not text; a mask tap cancels when maskClosable; busy disables both buttons and ignores Escape', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(<ConfirmDialog visible label="清除缓存" content="确定清除缓存吗？" confirmText="清除" cancelText="取消" maskClosable onConfirm={() => {}} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: '清除缓存' });
    expect(within(dialog).getByRole('button', { name: '清除' }).className).not.toContain('adm-button-danger');
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog visible busy label="清除缓存" content="确定清除缓存吗？" confirmText="清除" cancelText="取消" maskClosable onConfirm={() => {}} onCancel={onCancel} />);
    for (const button of within(dialog).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('one plain button without cancelText; stacked puts confirm above cancel, each on its line, and only they answer', async () => {
    const { unmount } = render(<ConfirmDialog visible title="通知" content="正文" confirmText="知道了" onConfirm={() => {}} onCancel={() => {}} />);
    const notice = await screen.findByRole('dialog', { name: '通知' });
    expect(buttons(notice)).toEqual(['知道了']);
    expect(within(notice).getByRole('button').className).not.toContain('adm-dialog-button-bold');
    unmount();
    const onCancel = vi.fn();
    render(<ConfirmDialog visible stacked maskClosable title="账号注销中" content="…" confirmText="撤销注销" cancelText="继续注销并退出" onConfirm={() => {}} onCancel={onCancel} />);
    const choice = await screen.findByRole('dialog', { name: '账号注销中' });
    expect(buttons(choice)).toEqual(['撤销注销', '继续注销并退出']);
    expect(choice.querySelectorAll('.adm-dialog-action-row')).toHaveLength(2);
    expect(within(choice).getByRole('button', { name: '撤销注销' }).className).toContain('adm-dialog-button-bold');
    await vi.waitFor(() => expect(choice.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows nothing while not visible', () => {
    render(<ConfirmDialog visible={false} title="确认注销" content="x" confirmText="确认注销" cancelText="取消" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('confirm()', () => {
  registerAntdRender();

  it('resolves true on confirm after onConfirm settles (busy meanwhile), false on cancel or Escape', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const sure = confirm({ title: '通过审核', content: '通过商品？', confirmText: '确定', cancelText: '取消', onConfirm });
    let dialog = await screen.findByRole('dialog', { name: '通过审核' });
    expect(buttons(dialog)).toEqual(['取消', '确定']);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '确定' })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((within(dialog).getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled).toBe(true));
    await act(async () => finish());
    await expect(sure).resolves.toBe(true);

    const no = confirm({ content: '清空？', label: '清空', confirmText: '清空', cancelText: '取消' });
    dialog = await screen.findByRole('dialog', { name: '清空' });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await expect(no).resolves.toBe(false);

    const escaped = confirm({ content: '结束会话？', label: '结束会话', confirmText: '结束会话', cancelText: '取消' });
    await screen.findByRole('dialog', { name: '结束会话' });
    await vi.waitFor(() => expect(document.activeElement?.closest('[role=dialog]')).toBeTruthy());
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(escaped).resolves.toBe(false);
  });
});
