import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import AccountsPage from './AccountsPage.tsx';

const stand = staffTestRuntime();

// antd's Toast and the imperative confirm render through React roots of their own, which jsdom's React cannot unmount: their words and answers are what matter.
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn() } }));
vi.mock('../../../components/ConfirmDialog.tsx', () => ({ confirm: vi.fn(async () => true) }));

/** 员工账号: 解除锁定 asks first, sends accounts/unlock with the account's id, and shows the answer (or the refusal). */

type Answer = { code: number; msg: string; data: unknown };
const T = '2026-06-01T02:03:04.000Z';
const account = (id: number, name: string, role: string) => ({ id, name, role, disabled: false, created_at: T, last_login_at: null });
const me = { id: 1, name: 'boss', role: 'admin' as const, csrf_token: 'csrf-1', expires_at: T };

describe('员工账号: 解除锁定', () => {
  it('confirms, unlocks the row\'s account, shows 已解除登录锁定; a refusal is shown; no button on one\'s own row', async () => {
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    let unlockAnswer: Answer = { code: 1, msg: '已解除登录锁定', data: account(7, 'desk-7', 'agent') };
    stand.runtime.client.setCsrfToken('csrf-1');
    stand.setFetch(async (path, init) => {
      const payload = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ path, payload });
      const answer: Answer = path === '/staff/api/accounts/list' ? { code: 1, msg: 'success', data: { list: [account(1, 'boss', 'admin'), account(7, 'desk-7', 'agent')] } } : unlockAnswer;
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    render(<AccountsPage staff={me} />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('account-desk-7');
    expect(within(await screen.findByTestId('account-boss')).queryByRole('button', { name: '解除锁定' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/accounts/unlock')?.payload).toEqual({ id: 7 }));
    expect(vi.mocked(confirm).mock.calls[0]?.[0]).toMatchObject({ content: expect.stringContaining('解除 desk-7 的登录锁定') });
    await waitFor(() => expect(Toast.show).toHaveBeenCalledWith({ content: '已解除登录锁定' }));

    // Cancelled: nothing is sent.
    vi.mocked(confirm).mockResolvedValueOnce(false);
    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.path === '/staff/api/accounts/unlock')).toHaveLength(1);

    unlockAnswer = { code: 403, msg: '无权限执行此操作', data: null };
    fireEvent.click(within(row).getByRole('button', { name: '解除锁定' }));
    await waitFor(() => expect(Toast.show).toHaveBeenCalledWith({ content: '无权限执行此操作' }));
  });
});
