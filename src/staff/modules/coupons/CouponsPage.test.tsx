import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COUPON_ADMIN_MSG } from '../../../../api/protocol/coupon-admin.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import CouponsPage from './CouponsPage.tsx';

/**
 * 代金券管理 against a stubbed staff api: the coupons with their stock and use; the form refuses a
 * face value not under its threshold before anything is sent and saves a new coupon in fen; the
 * issue dialog names pasted entries that are neither IDs nor phones, sends the list with a request
 * id and shows who was skipped and why.
 */

const stand = staffTestRuntime();
const wrapper = stand.wrapper;

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });

const coupon = (extra: Record<string, unknown> = {}) => ({
  id: 5,
  game: null,
  name: '满100减10',
  type: 'normal',
  amount_cents: 1000,
  threshold_cents: 10_000,
  condition_text: '满100元可用',
  valid_days: 7,
  total: 100,
  claimed: 3,
  issued: 2,
  used: 1,
  remaining: 97,
  status: 'active',
  ...extra,
});

function stub() {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path) => {
    let answer: Answer;
    if (path === '/staff/api/coupons/list') answer = ok({ list: [coupon()], total: 1, page: 1, limit: 20 });
    else if (path === '/staff/api/gifts/games') answer = ok({ list: [{ id: 12, name: '仙剑奇缘' }] });
    else if (path === '/staff/api/coupons/save') answer = ok({ coupon: coupon({ id: 6 }) }, COUPON_ADMIN_MSG.created);
    else if (path === '/staff/api/coupons/issue') answer = ok({ issued: 1, skipped: [{ player: '13800000000', reason: 'not_found' }], coupon: coupon(), created: true }, '已发放1张，跳过1位玩家');
    else answer = { code: -1, msg: `unexpected ${path}`, data: null };
    return answer;
  });
  return calls;
}

describe('代金券管理', () => {
  it('lists coupons with stock and use, refuses a face value not under its threshold, and creates one in fen', async () => {
    const calls = stub();
    render(<CouponsPage />, { wrapper });
    const row = (await screen.findByText('满100减10')).closest('tr')!;
    expect(within(row).getByTestId('coupon-stock').textContent).toBe('100 / 3 / 97');
    expect(within(row).getByTestId('coupon-use').textContent).toBe('2 / 1');
    expect(within(row).getByText('全平台通用')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新建代金券' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('代金券名称'), { target: { value: '满50减50' } });
    fireEvent.change(within(dialog).getByLabelText('面额（元）'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('使用门槛：满（元）'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(COUPON_ADMIN_MSG.amountBelowThreshold)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/coupons/save')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('面额（元）'), { target: { value: '5.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/coupons/save')).toBeTruthy());
    expect(calls.find((c) => c.path === '/staff/api/coupons/save')!.payload).toEqual({ game_id: 0, name: '满50减50', type: 'normal', amount_cents: 550, threshold_cents: 5000, valid_days: 7, total: 100 });
  });

  it('issues to pasted IDs and phones, naming bad entries first, and shows who was skipped and why', async () => {
    const calls = stub();
    render(<CouponsPage />, { wrapper });
    const row = (await screen.findByText('满100减10')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '发放' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByLabelText('玩家ID或手机号');
    fireEvent.change(box, { target: { value: '10086\nabc, 13800000000' } });
    expect(within(dialog).getByText('以下不是玩家ID或11位手机号：abc')).toBeTruthy();
    fireEvent.change(box, { target: { value: '10086\n13800000000' } });
    expect(within(dialog).getByText('共 2 项')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '发放' }));
    expect(await within(dialog).findByText('已发放1张，跳过1位玩家')).toBeTruthy();
    expect(within(within(dialog).getByLabelText('跳过的玩家')).getByText('13800000000：找不到该玩家')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/staff/api/coupons/issue')!.payload;
    expect(sent).toMatchObject({ coupon_id: 5, players: ['10086', '13800000000'] });
    expect(String(sent.request_id)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
