import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffTestRuntime, type StaffCallLog } from '../../staff.test-helper.tsx';
import AccountsPage from './AccountsPage.tsx';

const stand = staffTestRuntime();

/** 员工账号: 解除锁定 asks first, sends accounts/unlock with the account's id, and shows the answer (or the refusal). */

type Answer = { code: number; msg: string; data: unknown };
const T = '2026-06-01T02:03:04.000Z';
const account = (id: number, name: string, role: string) => ({ id, name, role, disabled: false, created_at: T, last_login_at: null });
const me = { id: 1, name: 'boss', role: 'admin' as const, csrf_token: 'csrf-1', expires_at: T };

/** The open confirm dialog (antd's modal.confirm), once it holds its question. */
async function question(text: string) {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.textContent).toContain(text));
  return dialog;
}

describe('员工账号', () => {
  it('解除锁定 confirms, unlocks the row\'s account, shows 已解除登录锁定; 取消 sends nothing; a refusal is shown; no button on one\'s own row', async () => {
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    let unlockAnswer: Answer = { code: 1, msg: '已解除登录锁定', data: account(7, 'desk-7', 'agent') };
    stand.serve(calls, (path) => {
      const answer: Answer = path === '/staff/api/accounts/list' ? { code: 1, msg: 'success', data: { list: [account(1, 'boss', 'admin'), account(7, 'desk-7', 'agent')] } } : unlockAnswer;
      return answer;
    });
    render(<AccountsPage staff={me} />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('account-desk-7');
    expect(within(await screen.findByTestId('account-boss')).queryByRole('button', { name: '解除锁定' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    const dialog = await question('解除 desk-7 的登录锁定');
    expect(calls.some((c) => c.path === '/staff/api/accounts/unlock')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/accounts/unlock')?.payload).toEqual({ id: 7 }));
    expect(await screen.findByText('已解除登录锁定')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Cancelled: nothing is sent.
    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    const again = await question('解除 desk-7 的登录锁定');
    fireEvent.click(within(again).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/staff/api/accounts/unlock')).toHaveLength(1);

    unlockAnswer = { code: 403, msg: '无权限执行此操作', data: null };
    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    fireEvent.click(within(await question('解除 desk-7 的登录锁定')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('无权限执行此操作')).toBeTruthy();
  });

  it('refuses a bad account name in place, before any call', async () => {
    const calls: StaffCallLog = [];
    stand.serve(calls, () => ({ code: 1, msg: 'success', data: { list: [] } }));
    render(<AccountsPage staff={me} />, { wrapper: stand.wrapper });
    fireEvent.change(screen.getByPlaceholderText('2–32位字母、数字、. _ -'), { target: { value: '中' } });
    fireEvent.click(screen.getByRole('button', { name: /创建账号/ }));
    expect(await screen.findByText(/2–32位/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/accounts/create'))).toHaveLength(0);
  });
});
