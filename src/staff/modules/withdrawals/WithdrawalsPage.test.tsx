import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WITHDRAW_MSG } from '../../../../api/protocol/withdraw-rules.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import WithdrawalsPage from './WithdrawalsPage.tsx';

const stand = staffTestRuntime();

/**
 * 提现审核 against a stubbed staff api: the queue, 标记已打款 with its reference, 驳回 with its reason, a refusal shown.
 * Role queries are asked inside a row or the dialog: jsdom computes the styles of every candidate
 * and its ancestors against antd's large stylesheets, and a page-wide query takes seconds. The
 * walk makes some twenty of them: on two busy cores it takes over the dom project's 30 s, so it
 * has a bound of its own (a hang still fails).
 */
const WALK_TIMEOUT_MS = 90_000;

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
    stand.serve(calls, (path, payload) => {
      const counts = { submitted: 1, approved: 1, paid: 0, rejected: 0 };
      const answer =
        path === '/staff/api/withdrawals/list'
          ? ok({ list: payload.status === 'approved' ? [row(2, 'approved', '已通过')] : [row(1, 'submitted', '审核中')], total: 1, page: 1, limit: 20, counts })
          : path === '/staff/api/withdrawals/reject'
            ? { code: -1, msg: '该提现申请已通过，不能执行此操作', data: null }
            : ok({ withdrawal: row(2, 'paid', '已到账') }, '已标记为已到账');
      return answer;
    });
    render(<WithdrawalsPage />, { wrapper: stand.wrapper });
    const first = await screen.findByTestId('withdrawal-row');
    expect(within(first).getByText('13800138000')).toBeTruthy();
    expect(within(first).getByText('张三')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '通过' })).toBeTruthy();

    fireEvent.click(within(screen.getByLabelText('状态')).getByRole('radio', { name: /已通过/ }));
    await waitFor(() => expect(within(screen.getByTestId('withdrawal-row')).getByRole('button', { name: '标记已打款' })).toBeTruthy());
    fireEvent.click(within(screen.getByTestId('withdrawal-row')).getByRole('button', { name: '标记已打款' }));
    const pay = await screen.findByRole('dialog');
    fireEvent.click(within(pay).getByRole('button', { name: '确认已打款' }));
    expect(await within(pay).findByText(WITHDRAW_MSG.payoutMissing)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/withdrawals/pay')).toBe(false);
    fireEvent.change(within(pay).getByRole('textbox'), { target: { value: 'ALI-2026-1' } });
    fireEvent.click(within(pay).getByRole('button', { name: '确认已打款' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/withdrawals/pay')?.payload).toEqual({ id: 2, payout_ref: 'ALI-2026-1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('已标记为已到账')).toBeTruthy();

    fireEvent.click(within(await screen.findByTestId('withdrawal-row')).getByRole('button', { name: '驳回' }));
    const reject = await screen.findByRole('dialog');
    fireEvent.change(within(reject).getByRole('textbox'), { target: { value: '账号与姓名不符' } });
    fireEvent.click(within(reject).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/withdrawals/reject')?.payload).toEqual({ id: 2, reason: '账号与姓名不符' }));
    expect(await screen.findByText('该提现申请已通过，不能执行此操作')).toBeTruthy();
  }, WALK_TIMEOUT_MS);
});
