import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { describe, expect, it, vi } from 'vitest';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import WithdrawalsPage from './WithdrawalsPage.tsx';

const stand = staffTestRuntime();

// antd's Toast renders through a React root of its own, which jsdom's React cannot unmount: its words are what matter.
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn() } }));

/** 提现审核 against a stubbed staff api: the queue, 标记已打款 with its reference, 驳回 with its reason, a refusal shown. */

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const T = '2026-06-01T02:03:04.000Z';
const row = (id: number, status: string, status_text: string) => ({
  id,
  user: { id: 9, nickname: '玩家九', phone: '139****0009' },
  source: 'income',
  amount_cents: 2000,
  alipay_account: '13800138000',
  payee_name: '张三',
  status,
  status_text,
  reject_reason: null,
  payout_ref: null,
  created_at: T,
  approved_at: null,
  paid_at: null,
  rejected_at: null,
});

describe('提现审核', () => {
  it('lists the queue by status; pay needs its reference; reject sends its reason; a refusal is shown', async () => {
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    stand.runtime.client.setCsrfToken('csrf-1');
    stand.setFetch(async (path, init) => {
      const payload = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ path, payload });
      const counts = { submitted: 1, approved: 1, paid: 0, rejected: 0 };
      const answer =
        path === '/staff/api/withdrawals/list'
          ? ok({ list: payload.status === 'approved' ? [row(2, 'approved', '已通过')] : [row(1, 'submitted', '审核中')], total: 1, page: 1, limit: 20, counts })
          : path === '/staff/api/withdrawals/reject'
            ? { code: -1, msg: '该提现申请已通过，不能执行此操作', data: null }
            : ok({ withdrawal: row(2, 'paid', '已到账') }, '已标记为已到账');
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    render(<WithdrawalsPage />, { wrapper: stand.wrapper });
    const first = await screen.findByTestId('withdrawal-row');
    expect(within(first).getByText('13800138000')).toBeTruthy();
    expect(within(first).getByText('张三')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '通过' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /已通过/ }));
    await waitFor(() => expect(within(screen.getByTestId('withdrawal-row')).getByRole('button', { name: '标记已打款' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '标记已打款' }));
    fireEvent.click(screen.getByRole('button', { name: '确认已打款' }));
    expect(calls.some((c) => c.path === '/staff/api/withdrawals/pay')).toBe(false);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ALI-2026-1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认已打款' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/withdrawals/pay')?.payload).toEqual({ id: 2, payout_ref: 'ALI-2026-1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '确认已打款' })).toBeNull());
    expect(Toast.show).toHaveBeenCalledWith({ content: '已标记为已到账' });

    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '账号与姓名不符' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/withdrawals/reject')?.payload).toEqual({ id: 2, reason: '账号与姓名不符' }));
    await waitFor(() => expect(Toast.show).toHaveBeenCalledWith({ content: '该提现申请已通过，不能执行此操作' }));
  });
});
