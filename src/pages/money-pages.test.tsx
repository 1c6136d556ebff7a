import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import { RuntimeProvider } from '../app/runtime-context.tsx';
import type { AppRuntime } from '../app/runtime.ts';
import { showToast } from '../app/toast.ts';
import AutoSendPage from './auto-send/AutoSendPage.tsx';
import CardDetailPage from './card-detail/CardDetailPage.tsx';
import MoneyTextPage from './money-text/MoneyTextPage.tsx';
import MyCouponPage from './my-coupon/MyCouponPage.tsx';
import MyPrivilegePage from './my-privilege/MyPrivilegePage.tsx';
import MyWalletPage from './my-wallet/MyWalletPage.tsx';
import OtherPage from './other-page/OtherPage.tsx';
import RechargeRecordPage, { CANCEL_CONFIRM } from './recharge-record/RechargeRecordPage.tsx';

vi.mock('../app/toast.ts', () => ({ showToast: vi.fn() }));

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const page = (list: unknown[], total = list.length) => ok({ list, total, page: 1, limit: 20 });
const T = '2026-06-01T02:03:04.000Z';
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, signedIn = true, path = '/topupguide') {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answer(path, payload));
  const navigate = vi.fn();
  const openLogin = vi.fn();
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path } } })).start();
  const runtime = { api: { call }, inspect: () => {}, session, navigation, navigate, openLogin, loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, navigate, openLogin };
}

const order = (n: number, status = 'created', extra: Record<string, unknown> = {}) => ({
  order_number: `LW${n}`,
  kind: 'coins',
  subject: `${n}乐玩币`,
  status,
  status_text: { created: '待支付', delivered: '已到账', failed: '支付失败' }[status] ?? status,
  amount_cents: 600,
  coupon_cents: 0,
  pay_cents: 600,
  bonus_cents: 0,
  pay_method: 'provider',
  pay_url: null,
  game_id: null,
  platform_game_id: null,
  game_name: null,
  server_name: null,
  role_name: null,
  card_id: null,
  coupon_name: null,
  created_at: T,
  expires_at: null,
  paid_at: null,
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
  ...extra,
});

describe('/mywallet', () => {
  it('shows the ledger balances and the records; tabs and the account filter change the call', async () => {
    const { call } = renderPage(<MyWalletPage />, (path, payload) => {
      if (path === '/api/user/getMoney') return ok({ wallet_cents: 1250, coins_cents: 64800 });
      if (path === '/api/user/getInMoney') return page([{ id: 7, account: 'coins', amount_cents: 600, kind: 'coins_purchase', title: '乐玩币充值', order_number: 'LW1', created_at: T }]);
      return page(payload.account === 'wallet' ? [] : [{ id: 8, account: 'coins', amount_cents: -300, kind: 'spend', title: '游戏充值', order_number: 'LW2', created_at: T }]);
    });
    expect(await screen.findByText('12.50')).toBeTruthy();
    expect(screen.getByText('648.00')).toBeTruthy();
    expect(await screen.findByText('+6.00')).toBeTruthy();
    expect(screen.getByText('订单号 LW1')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '支出记录' }));
    expect(await screen.findByText('-3.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '余额' }));
    expect(await screen.findByText('暂无支出记录')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/user/getOutMoney', { account: 'wallet', page: 1, limit: 20 });
    for (const label of ['乐玩币充值', '充值记录', '优惠券', '我的特权', '钱包说明']) expect(screen.getByRole('link', { name: label })).toBeTruthy();
  });

  it('a failed balance load offers 重新加载', async () => {
    renderPage(<MyWalletPage />, (path) => (path === '/api/user/getMoney' ? { kind: 'error', reason: 'network', code: null, msg: '网络异常' } : page([])));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});

describe('/rechargerecord', () => {
  it('lists orders by filter; an open order offers 去支付 and 取消订单 (confirmed, then reloaded)', async () => {
    let cancelled = false;
    const { call, navigate } = renderPage(<RechargeRecordPage />, (path, payload) => {
      if (path === '/api/order/cancelOrder') {
        cancelled = true;
        return ok(order(1, 'failed'));
      }
      if (payload.status === 'done') return page([order(2, 'delivered', { coupon_cents: 500, pay_cents: 100, coupon_name: '满6减5' })]);
      return page([cancelled ? order(1, 'failed') : order(1)]);
    });
    const card = await screen.findByTestId('order-LW1');
    expect(within(card).getByText('待支付')).toBeTruthy();
    expect(within(card).getByText('实付 ¥6.00')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '去支付' }));
    expect(navigate).toHaveBeenCalledWith('/rechargepay', { order_number: 'LW1' }, undefined);
    fireEvent.click(within(card).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText(CANCEL_CONFIRM)).toBeTruthy();
    const dialogButtons = screen.getAllByRole('button', { name: '取消订单' });
    await act(async () => fireEvent.click(dialogButtons[dialogButtons.length - 1]!));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/api/order/cancelOrder', { order_number: 'LW1' }));
    expect(showToast).toHaveBeenCalledWith(MONEY_MSG.cancelled);
    expect(await screen.findByText('支付失败')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '已完成' }));
    const done = await screen.findByTestId('order-LW2');
    expect(within(done).getByText('优惠券 -¥5.00')).toBeTruthy();
    expect(within(done).getByText('实付 ¥1.00')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/order/getMyOrders', { status: 'done', page: 1, limit: 20 });
  });
});

describe('/mycoupon', () => {
  const coupon = (id: number, status: number, source = 'receive') => ({ id, coupon_id: id, name: `券${id}`, type: 'normal', source, game_id: null, game_name: '全平台通用', amount: 5, amount_cents: 500, threshold: 30, threshold_cents: 3000, condition_text: '满30元可用', received_at: T, expires_at: T, used_at: null, status, status_text: ['', '可使用', '已使用', '已过期'][status] });
  it('shows coupons by status with their source; 去使用 opens the top-up; 等级券 claims', async () => {
    let claimed = false;
    const { navigate, call } = renderPage(<MyCouponPage />, (path, payload) => {
      if (path === '/api/coupon/myCouponList') return page(payload.status === 1 ? [coupon(1, 1, 'card')] : [coupon(2, payload.status as number)]);
      if (path === '/api/user/changeLevelCoupon') {
        claimed = true;
        return ok({ id: 9, coupon_id: 3, expires_at: T });
      }
      return ok({ level: 2, total_paid_cents: 60000, next_level_cents: 100000, coupons: [{ level: 1, coupon_id: 3, name: 'VIP1月券', amount_cents: 500, threshold_cents: 3000, claimed, can_claim: !claimed }, { level: 3, coupon_id: 4, name: 'VIP3月券', amount_cents: 2000, threshold_cents: 0, claimed: false, can_claim: false }] });
    });
    const ticket = await screen.findByTestId('my-coupon-1');
    expect(within(ticket).getByText('会员卡赠送')).toBeTruthy();
    expect(within(ticket).getByText('满30元可用')).toBeTruthy();
    fireEvent.click(within(ticket).getByRole('button', { name: '去使用' }));
    expect(navigate).toHaveBeenCalledWith('/autorecharge', undefined, undefined);
    fireEvent.click(screen.getByRole('tab', { name: '已过期' }));
    expect(within(await screen.findByTestId('my-coupon-2')).getByText('已过期')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '等级券' }));
    expect(await screen.findByText('VIP2')).toBeTruthy();
    expect(screen.getByText('再充值 ¥400.00 升级')).toBeTruthy();
    expect((screen.getByRole('button', { name: '等级不足' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '领取' })));
    expect(call).toHaveBeenCalledWith('/api/user/changeLevelCoupon', { level: 1 });
    expect(await screen.findByRole('button', { name: '本月已领取' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '使用说明' })).toBeTruthy();
  });
});

const detail = { id: 3, type: 'hot', name: '648省钱卡', subtitle: '每日领乐玩币', price_cents: 64800, original_price_cents: 99800, days: 30, contents: ['开卡送代金券'], sold_count: 12, image: '/art/card/3.svg', benefits: { instant_coupons: [], daily: { kind: 'coins', amount_cents: 1000, auto: false }, topup_bonus_pct: 0 }, owned: null };

describe('/carddetail', () => {
  it('names no card → 会员卡不存在, without a call', () => {
    const { call } = renderPage(<CardDetailPage data={{ id: 'abc' }} />, () => ok(detail));
    expect(screen.getByText(MONEY_MSG.cardMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看会员卡' }).getAttribute('href')).toBe('/otherpage');
    expect(call).not.toHaveBeenCalled();
  });
  it('a card the server does not know → 会员卡不存在', async () => {
    renderPage(<CardDetailPage data={{ id: 999 }} />, () => refused(MONEY_MSG.cardMissing));
    expect(await screen.findByText(MONEY_MSG.cardMissing)).toBeTruthy();
  });
  it('shows price, struck original, term, benefits; 立即开通 → /cardstrightrecharge; owned → 续费', async () => {
    const { navigate, call } = renderPage(<CardDetailPage data={{ id: 3 }} />, () => ok({ ...detail, owned: { purchase_id: 1, ends_at: T } }));
    expect(await screen.findByText('¥998.00')).toBeTruthy();
    expect(screen.getByText('有效期 30 天')).toBeTruthy();
    expect(screen.getByText('每日领取')).toBeTruthy();
    expect(screen.getByText('已开通，有效期至 2026-06-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '续费 ¥648.00' }));
    expect(navigate).toHaveBeenCalledWith('/cardstrightrecharge', { card_id: 3 }, undefined);
    expect(call).toHaveBeenCalledWith('/api/card/getCardDetail', { card_id: 3 });
  });
});

describe('/myprivilege', () => {
  it('signed out: a login prompt', () => {
    const { openLogin, call } = renderPage(<MyPrivilegePage />, () => ok({}), false);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(openLogin).toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
  it('claims today’s benefit, then shows 今日已领取; auto cards say 每日自动到账; expired below', async () => {
    let granted = false;
    const mine = (purchaseId: number, active: boolean, auto: boolean) => ({ purchase_id: purchaseId, card_id: 3, name: `卡${purchaseId}`, starts_at: T, ends_at: T, active, benefits: detail.benefits, today: { kind: 'coins', auto, granted: auto ? false : granted } });
    const { call } = renderPage(<MyPrivilegePage />, (path) => {
      if (path === '/api/user/isSubVip') return ok({ is_vip: 1, cards: [{ card_id: 3, name: '648省钱卡', ends_at: T }] });
      if (path === '/api/card/claimCardBenefit') {
        granted = true;
        return ok({ id: 1, card_name: '卡1', day: '2026-06-01', kind: 'coins', amount_cents: 1000, coupon_name: null, auto: false, created_at: T });
      }
      return ok({ list: [mine(1, true, false), mine(2, true, true), mine(3, false, false)] });
    });
    expect(await screen.findByText('会员特权生效中')).toBeTruthy();
    const first = screen.getByTestId('privilege-1');
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: '领取' })));
    expect(call).toHaveBeenCalledWith('/api/card/claimCardBenefit', { purchase_id: 1 });
    expect(showToast).toHaveBeenCalledWith('领取成功，10.00乐玩币已到账');
    expect(await within(screen.getByTestId('privilege-1')).findByText('今日已领取')).toBeTruthy();
    expect(within(screen.getByTestId('privilege-2')).getByText('每日自动到账')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '已过期' })).getByText('卡3')).toBeTruthy();
  });
  it('a refused claim (今日已领取 elsewhere) toasts nothing of its own and reloads the cards', async () => {
    let loads = 0;
    const { call } = renderPage(<MyPrivilegePage />, (path) => {
      if (path === '/api/user/isSubVip') return ok({ is_vip: 1, cards: [] });
      if (path === '/api/card/claimCardBenefit') return refused(MONEY_MSG.benefitClaimed);
      loads += 1;
      return ok({ list: [{ purchase_id: 5, card_id: 3, name: '卡5', starts_at: T, ends_at: T, active: true, benefits: detail.benefits, today: { kind: 'coins', auto: false, granted: loads > 1 } }] });
    });
    vi.mocked(showToast).mockClear();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '领取' })));
    expect(call).toHaveBeenCalledWith('/api/card/claimCardBenefit', { purchase_id: 5 });
    expect(await screen.findByText(MONEY_MSG.benefitClaimed)).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
  });
  it('a claim lost in transport toasts its message and keeps the button', async () => {
    renderPage(<MyPrivilegePage />, (path) => {
      if (path === '/api/user/isSubVip') return ok({ is_vip: 1, cards: [] });
      if (path === '/api/card/claimCardBenefit') return { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后重试' };
      return ok({ list: [{ purchase_id: 6, card_id: 3, name: '卡6', starts_at: T, ends_at: T, active: true, benefits: detail.benefits, today: { kind: 'coins', auto: false, granted: false } }] });
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '领取' })));
    expect(showToast).toHaveBeenCalledWith('网络异常，请稍后重试');
    expect(screen.getByRole('button', { name: '领取' })).toBeTruthy();
  });
  it('no card: the empty state links to the cards', async () => {
    renderPage(<MyPrivilegePage />, (path) => (path === '/api/user/isSubVip' ? ok({ is_vip: 0, cards: [] }) : ok({ list: [] })));
    expect(await screen.findByText('还没有会员卡')).toBeTruthy();
    expect(screen.getByText('暂未开通会员卡')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去开通会员卡' }).getAttribute('href')).toBe('/otherpage');
  });
});

describe('/autosend, /otherpage, texts', () => {
  it('/autosend lists what was sent; signed out it asks for login', async () => {
    renderPage(<AutoSendPage />, () => page([{ id: 1, card_name: '648省钱卡', day: '2026-06-01', kind: 'coins', amount_cents: 1000, coupon_name: null, auto: true, created_at: T }]));
    expect(await screen.findByText('648省钱卡 · 每日乐玩币')).toBeTruthy();
    expect(screen.getByText('10.00乐玩币')).toBeTruthy();
  });
  it('/autosend signed out: a login prompt and no call', () => {
    const { call } = renderPage(<AutoSendPage />, () => page([]), false);
    expect(screen.getByText('登录后查看自动发放的福利')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });
  it('/otherpage: every service, and each card once', async () => {
    const c = (id: number) => ({ id, type: 'hot', name: `卡${id}`, subtitle: '', price: id, price_cents: 100 * id, original_price: 0, original_price_cents: 0, days: 30, contents: [], sold_count: 0, image: '' });
    renderPage(<OtherPage />, (path) => page(path.endsWith('getHotCard') ? [c(1), c(2)] : path.endsWith('getGoldCard') ? [c(2), c(3)] : []));
    for (const label of ['乐玩币充值', '游戏充值', '充值记录', '充值指南', '我的特权', '自动发放']) expect(screen.getByRole('link', { name: label })).toBeTruthy();
    expect(await screen.findByRole('list', { name: '热门会员卡' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '黄金会员卡' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getAllByText('卡2')).toHaveLength(1);
  });
  it('a text page renders the server’s HTML sanitised', async () => {
    const { call } = renderPage(<MoneyTextPage />, () => ok({ title: '充值指南', content: '<p>第一步</p><script>window.x=1</script><img src=x onerror="window.y=1">', updated_at: T }));
    expect(await screen.findByText('第一步')).toBeTruthy();
    expect(document.querySelector('.money-text script')).toBeNull();
    expect(document.querySelector('.money-text img')?.getAttribute('onerror')).toBeNull();
    expect(call).toHaveBeenCalledWith('/api/down/getMoneyText', { key: 'topup_guide' });
  });
  it('the route picks the text: /couponinstruction reads coupon_instruction', async () => {
    const { call } = renderPage(<MoneyTextPage />, () => ok({ title: '优惠券说明', content: '<p>规则</p>', updated_at: T }), true, '/couponinstruction');
    expect(await screen.findByText('规则')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/down/getMoneyText', { key: 'coupon_instruction' });
  });
});
