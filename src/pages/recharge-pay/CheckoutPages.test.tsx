import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../../../api/protocol/money.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { showToast } from '../../app/toast.ts';
import { PAY_NEEDS_REAL_NAME } from '../../features/payment/RealNameNotice.tsx';
import MyCoinPage from '../my-coin/MyCoinPage.tsx';
import SelectCouponPage from '../select-coupon/SelectCouponPage.tsx';
import RechargePayPage from './RechargePayPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));

const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const sessionStub = createMachine({ id: 'sessionStub', initial: 'in', states: { in: { tags: ['signedIn'] } } });

const ORDER: OrderView = {
  order_number: 'LW20261124000001',
  kind: 'coins',
  subject: '6乐玩币',
  status: 'paid',
  status_text: '已支付',
  amount_cents: 600,
  coupon_cents: 0,
  pay_cents: 600,
  bonus_cents: 0,
  pay_method: 'wallet',
  pay_url: null,
  game_id: null,
  platform_game_id: null,
  game_name: null,
  server_name: null,
  role_name: null,
  card_id: null,
  coupon_name: null,
  created_at: '2026-11-24 12:00:00',
  expires_at: null,
  paid_at: '2026-11-24 12:00:00',
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
};

const COUPONS = {
  best_id: 12,
  usable: [
    { id: 11, name: '满30减3', amount_cents: 300, threshold_cents: 3000, condition_text: '满30元可用', game_name: '仙剑奇缘', expires_at: '2026-12-01 00:00:00', reason: '' },
    { id: 12, name: '满30减5', amount_cents: 500, threshold_cents: 3000, condition_text: '满30元可用', game_name: '仙剑奇缘', expires_at: '2026-12-01 00:00:00', reason: '' },
  ],
  unusable: [{ id: 13, name: '满100减20', amount_cents: 2000, threshold_cents: 10_000, condition_text: '满100元可用', game_name: '仙剑奇缘', expires_at: '2026-12-01 00:00:00', reason: '未满100元' }],
};

const GAME_DRAFT = { kind: 'game', amount_cents: 3000, role_id: 3, platform_game_id: 70, game_name: '仙剑奇缘', server_name: '一服', role_name: '阿青' };

function renderPage(page: ReactNode, answers: (path: string, payload: Record<string, unknown>) => ApiOutcome) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answers(path, payload));
  const navigate = vi.fn();
  const session = createActor(sessionStub).start();
  const ratingSend = vi.fn();
  const events: string[] = [];
  const inspect = (event: { type: string; event?: { type: string } }) => {
    if (event.type === '@xstate.event' && event.event) events.push(event.event.type);
  };
  const runtime = {
    api: { call },
    inspect,
    session,
    navigate,
    openLogin: vi.fn(),
    loading: { send: () => {} },
    rating: { ready: Promise.resolve({ send: ratingSend }), current: () => undefined, subscribe: () => () => {} },
  } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{page}</RuntimeProvider>);
  return { call, navigate, events, ratingSend };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.mocked(showToast).mockClear());

describe('/rechargepay', () => {
  it('pays a 乐玩币 draft from 余额 with a fresh idempotency key and shows 支付成功; its events reach the log', async () => {
    const { call, events } = renderPage(<RechargePayPage data={{ kind: 'coins', amount_cents: 600 }} />, (path) =>
      path === '/api/user/getMoney' ? ok({ wallet_cents: 5000, coins_cents: 0 }) : ok(ORDER),
    );
    expect(await screen.findByText('6乐玩币')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /乐玩币/ })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: /余额.*可用 ¥50\.00/ }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(screen.getByText('乐玩币已到账 +6.00')).toBeTruthy();
    const create = call.mock.calls.find(([path]) => path === '/api/order/createOrder')!;
    expect(create[1]).toEqual({ idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'coins', amount_cents: 600, pay_method: 'wallet' });
    expect(localStorage.getItem(STORAGE_KEYS.payment)).toBeNull();
    expect(events).toEqual(expect.arrayContaining(['ui.pay.submit', 'xstate.done.actor.createOrder']));
  });

  it('a player without real name is told before 立即支付, with the way to 实名认证; a verified one is not', async () => {
    const answers = (realName: 0 | 1) => (path: string) =>
      path === '/api/user/getUserInfo' ? ok({ real_name: realName }) : path === '/api/user/getMoney' ? ok({ wallet_cents: 5000, coins_cents: 0 }) : ok(ORDER);
    const first = renderPage(<RechargePayPage data={{ kind: 'coins', amount_cents: 600 }} />, answers(0));
    const notice = await screen.findByRole('region', { name: '实名认证' });
    expect(notice.textContent).toContain(PAY_NEEDS_REAL_NAME);
    expect(screen.getByRole('link', { name: '去实名认证' }).getAttribute('href')).toBe('/realnamecertificateone');
    expect(first.call.mock.calls.some(([path]) => path === '/api/order/createOrder')).toBe(false);
    cleanup();
    const second = renderPage(<RechargePayPage data={{ kind: 'coins', amount_cents: 600 }} />, answers(1));
    expect(await screen.findByText('6乐玩币')).toBeTruthy();
    await waitFor(() => expect(second.call.mock.calls.some(([path]) => path === '/api/user/getUserInfo')).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: '实名认证' })).toBeNull();
  });

  it('a game draft preselects the best coupon; 实付 is 原价 − 优惠; a refusal stays on the form with the message', async () => {
    const { call, navigate } = renderPage(<RechargePayPage data={GAME_DRAFT} />, (path) =>
      path === '/api/order/getCheckoutCoupons' ? ok(COUPONS) : path === '/api/user/getMoney' ? ok({ wallet_cents: 0, coins_cents: 0 }) : refused(MONEY_MSG.couponUnusable),
    );
    expect(await screen.findByText('满30减5 -¥5.00')).toBeTruthy();
    expect(screen.getAllByText('¥25.00').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /优惠券/ }));
    expect(navigate).toHaveBeenCalledWith('/selectcoupon', { ...GAME_DRAFT, user_coupon_id: 12 }, undefined);
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MONEY_MSG.couponUnusable);
    expect(call.mock.calls.find(([path]) => path === '/api/order/createOrder')![1]).toMatchObject({ kind: 'game', role_id: 3, user_coupon_id: 12, pay_method: 'provider' });
    expect(screen.getByRole('button', { name: '立即支付' })).toBeTruthy();
  });

  it('back from the cashier (data.order_number): polls the order, 已到账 for a delivered game top-up, RechargepingList and the rating dialog', async () => {
    const order = { ...ORDER, kind: 'game' as const, status: 'delivered' as const, game_id: 7, platform_game_id: 70, game_name: '仙剑奇缘', server_name: '一服', role_name: '阿青', subject: '仙剑奇缘 6元充值' };
    localStorage.setItem(STORAGE_KEYS.payment, JSON.stringify({ attempt: { draft: GAME_DRAFT, user_coupon_id: null, pay_method: 'provider' }, key: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', order_number: order.order_number }));
    const { call, ratingSend } = renderPage(<RechargePayPage data={{ order_number: order.order_number }} />, () => ok(order));
    expect(await screen.findByRole('heading', { name: '已到账' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/order/getOneOrder', { order_number: order.order_number }, expect.anything());
    await waitFor(() => expect(ratingSend).toHaveBeenCalledWith({ type: 'rating.offer', game_name: '仙剑奇缘', game_id: '7', platform_game_id: '70', order_number: order.order_number }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rechargePending)!)).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.payment)).toBeNull();
    expect(screen.getByRole('button', { name: '查看充值记录' })).toBeTruthy();
  });

  it('after a reload, the same attempt (stored without an order, a network failure) is sent again with its stored key', async () => {
    const KEY = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    localStorage.setItem(STORAGE_KEYS.payment, JSON.stringify({ attempt: { draft: { kind: 'coins', amount_cents: 600 }, user_coupon_id: null, pay_method: 'provider' }, key: KEY, order_number: null }));
    const { call } = renderPage(<RechargePayPage data={{ kind: 'coins', amount_cents: 600 }} />, (path) =>
      path === '/api/user/getMoney' ? ok({ wallet_cents: 0, coins_cents: 0 }) : { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' },
    );
    fireEvent.click(await screen.findByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(call.mock.calls.find(([path]) => path === '/api/order/createOrder')?.[1]).toMatchObject({ idempotency_key: KEY }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('网络异常，请稍后再试');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.payment)!).key).toBe(KEY);
  });

  it('data that says nothing usable: 订单信息有误', () => {
    renderPage(<RechargePayPage data={{ kind: 'coins', amount_cents: 1 }} />, () => ok(null));
    expect(screen.getByText('订单信息有误')).toBeTruthy();
  });
});

describe('/selectcoupon', () => {
  it('usable ones to choose (current marked), 不使用优惠券, unusable with the reason; a choice is kept for the draft and goes back', async () => {
    const { navigate } = renderPage(<SelectCouponPage data={{ ...GAME_DRAFT, user_coupon_id: 12 }} />, () => ok(COUPONS));
    const best = await screen.findByTestId('checkout-coupon-12');
    expect(best.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('未满100元')).toBeTruthy();
    expect((screen.getByTestId('checkout-coupon-13') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '不使用优惠券' })));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.paymentCoupon)!)).toMatchObject({ user_coupon_id: null, draft: { role_id: 3 } });
    expect(navigate).toHaveBeenCalled();
  });
});

describe('/mylewancoin', () => {
  it('shows the balance; a custom amount outside 1–5000 is refused with the exact message; a preset goes to /rechargepay', async () => {
    const { navigate } = renderPage(<MyCoinPage data={null} />, (path) =>
      path === '/api/user/getMoney'
        ? ok({ wallet_cents: 0, coins_cents: 1234 })
        : path === '/api/user/getIsPromote'
          ? ok({ is_promote: 1, first_recharge: { eligible: true, show_dialog: false, bonus_pct: 10, max_bonus_cents: 3000 } })
          : ok({ is_vip: 0, cards: [] }),
    );
    expect((await screen.findByTestId('coins-balance')).textContent).toBe('12.34');
    expect(await screen.findByText('送3.00')).toBeTruthy();
    fireEvent.focus(screen.getByLabelText('其他金额（元）'));
    fireEvent.change(screen.getByLabelText('其他金额（元）'), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(showToast).toHaveBeenCalledWith(MONEY_MSG.amountInvalid);
    fireEvent.click(screen.getByRole('button', { name: /^68元/ }));
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(navigate).toHaveBeenCalledWith('/rechargepay', { kind: 'coins', amount_cents: 6800 }, undefined);
  });
});
