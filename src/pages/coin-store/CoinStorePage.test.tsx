import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import CoinStorePage from './CoinStorePage.tsx';
import SealRecordPage from './SealRecordPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const T = '2026-11-26T02:00:00.000Z';
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, signedIn = true) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answer(path, payload));
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path: '/coinstore' } } })).start();
  const openLogin = vi.fn();
  const runtime = { api: { call }, inspect: () => {}, session, navigation, navigate: vi.fn(), openLogin, loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, openLogin };
}

const item = (id: number, extra: Record<string, unknown>) => ({
  id,
  kind: 'gift_code',
  title: `礼包${id}`,
  image: '',
  description: '',
  points_price: 100,
  stock: 5,
  per_user_limit: 1,
  valid_from: null,
  valid_to: null,
  redeemed: 0,
  state: 'available',
  coupon: null,
  coins_cents: null,
  gift: { pack_id: 3, name: '新手礼包', game_name: '山海' },
  ...extra,
});

describe('/coinstore', () => {
  it('shows the balance and each state; a failed redemption is retried with the same request id, then shows the gift code', async () => {
    let redeemCalls = 0;
    const { call } = renderPage(<CoinStorePage />, (path) => {
      if (path === '/api/store/getStoreItems') return ok({ points: redeemCalls > 1 ? 150 : 250, list: [item(1, {}), item(2, { state: 'sold_out', stock: 0 }), item(3, { state: 'not_started', valid_from: T })] });
      redeemCalls += 1;
      if (redeemCalls === 1) return { kind: 'error', reason: 'network', code: null, msg: '网络异常' };
      return ok({ record: { id: 9, item_id: 1, kind: 'gift_code', title: '礼包1', points_paid: 100, coupon: null, gift_code: 'LW-CODE-9', coins_cents: null, created_at: T }, points: 150 }, '兑换成功');
    });
    expect(await screen.findByTestId('store-points')).toHaveProperty('textContent', '250');
    expect((screen.getByRole('button', { name: '已兑完' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '未开始' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(screen.getByRole('listitem', { name: '礼包1' })).getByRole('button', { name: '兑换' }));
    const sheet = screen.getByRole('dialog', { name: '确认兑换' });
    expect(within(sheet).getByText('当前积分 250，兑换后剩余 150')).toBeTruthy();
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: '确认兑换' })));
    expect(await within(sheet).findByRole('alert')).toHaveProperty('textContent', '网络异常');
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: '重试' })));
    const done = await screen.findByRole('dialog', { name: '兑换成功' });
    expect(within(done).getByTestId('store-gift-code').textContent).toBe('LW-CODE-9');
    const redeems = call.mock.calls.filter(([path]) => path === '/api/store/redeemStoreItem').map(([, payload]) => payload);
    expect(redeems).toHaveLength(2);
    expect(redeems[0]).toEqual(redeems[1]);
    expect(redeems[0]).toMatchObject({ item_id: 1 });
    // The list and the balance reload after the redemption.
    await waitFor(() => expect(screen.getByTestId('store-points').textContent).toBe('150'));
  });

  it('shows 积分不足 with the way to earn points', async () => {
    renderPage(<CoinStorePage />, (path) =>
      path === '/api/store/getStoreItems' ? ok({ points: 0, list: [item(1, {})] }) : { kind: 'toast', code: -1, msg: '积分不足', data: { reason: 'points' }, show: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: '兑换' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认兑换' })));
    const sheet = screen.getByRole('dialog');
    expect(await within(sheet).findByRole('alert')).toHaveProperty('textContent', '积分不足');
    expect(within(sheet).getByRole('link', { name: '去赚积分' })).toBeTruthy();
  });
});

describe('/sealrecord', () => {
  it('lists the records with what arrived; signed out it offers the login', async () => {
    renderPage(<SealRecordPage />, () =>
      ok({ list: [{ id: 4, item_id: 1, kind: 'coins', title: '1元乐玩币', points_paid: 200, coupon: null, gift_code: null, coins_cents: 100, created_at: T }], total: 1, page: 1, limit: 20 }),
    );
    expect(await screen.findByText('1元乐玩币')).toBeTruthy();
    expect(screen.getByText('1.00乐玩币已到账')).toBeTruthy();
    expect(screen.getByText('-200 积分')).toBeTruthy();
  });

  it('signed out: the login prompt, no call', () => {
    const { call } = renderPage(<SealRecordPage />, () => ok(null), false);
    expect(screen.getByText('登录后查看兑换记录')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });
});
