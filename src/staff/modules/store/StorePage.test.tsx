import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORE_ADMIN_MSG } from '../../../../api/protocol/store-admin.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import StorePage from './StorePage.tsx';

/**
 * 积分商城 against a stubbed staff api: the items with 总库存 / 已兑 / 剩余; the form refuses a
 * 总库存 under what is redeemed before anything is sent and saves an item with its coins in fen;
 * 下架 is asked first and sends setShelf only on yes.
 */

const stand = staffTestRuntime();
const wrapper = stand.wrapper;

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });

const item = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  kind: 'coins',
  title: '1元乐玩币',
  image: '',
  description: '立即到账',
  points_price: 200,
  total: 10,
  stock: 6,
  redeemed: 4,
  per_user_limit: null,
  valid_from: null,
  valid_to: null,
  sort: 0,
  active: true,
  coupon: null,
  coins_cents: 100,
  gift_pack: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});

function stub() {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path) => {
    let answer: Answer;
    if (path === '/staff/api/store/list') answer = ok({ list: [item()], total: 1, page: 1, limit: 20 });
    else if (path === '/staff/api/store/save') answer = ok({ item: item({ id: 8 }) }, STORE_ADMIN_MSG.saved);
    else if (path === '/staff/api/store/setShelf') answer = ok({ item: item({ active: false }) }, STORE_ADMIN_MSG.shelvedOff);
    else answer = { code: -1, msg: `unexpected ${path}`, data: null };
    return answer;
  });
  return calls;
}

describe('积分商城', () => {
  it('lists items with their stock, refuses 总库存 under what is redeemed, and saves an edit with coins in fen', async () => {
    const calls = stub();
    render(<StorePage />, { wrapper });
    const row = (await screen.findByText('1元乐玩币')).closest('tr')!;
    expect(within(row).getByTestId('store-stock').textContent).toBe('10 / 4 / 6');
    expect(within(row).getByText('乐玩币 · 1 乐玩币')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('总库存'), { target: { value: '3' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findByText(STORE_ADMIN_MSG.totalBelowRedeemed)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/store/save')).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('总库存'), { target: { value: '20' } });
    fireEvent.change(within(drawer).getByLabelText('乐玩币'), { target: { value: '2.5' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/store/save')).toBeTruthy());
    expect(calls.find((c) => c.path === '/staff/api/store/save')!.payload).toEqual({
      id: 7,
      kind: 'coins',
      title: '1元乐玩币',
      description: '立即到账',
      image: '',
      points_price: 200,
      total: 20,
      per_user_limit: 0,
      sort: 0,
      active: '1',
      coins_cents: 250,
    });
  });

  it('asks before 下架 and sends setShelf only on yes', async () => {
    const calls = stub();
    render(<StorePage />, { wrapper });
    const row = (await screen.findByText('1元乐玩币')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '下架' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('下架「1元乐玩币」？').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/staff/api/store/setShelf')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/store/setShelf')).toBeTruthy());
    expect(calls.find((c) => c.path === '/staff/api/store/setShelf')!.payload).toEqual({ id: 7, on: '0' });
  });
});
