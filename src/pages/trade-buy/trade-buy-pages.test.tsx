import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { TRADE_MSG } from '../../../api/protocol/trade-rules.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { openCashier } from '../../features/trade-buy/cashier.ts';
import { writeGameChoice } from '../../features/trade-buy/trade-storage.ts';
import CirclePage from '../circle/CirclePage.tsx';
import CeShiYeMianPage from './CeShiYeMianPage.tsx';
import CircleResultPage from './CircleResultPage.tsx';
import CircleSearchingPage from './CircleSearchingPage.tsx';
import OrderPayPage from './OrderPayPage.tsx';
import SelectGamePage from './SelectGamePage.tsx';
import TradeInstructionPage from './TradeInstructionPage.tsx';
import TradeRecordPage from './TradeRecordPage.tsx';
import TradingSuccessPage from './TradingSuccessPage.tsx';
import WantPayPage from './WantPayPage.tsx';

vi.mock('../../features/trade-buy/cashier.ts', () => ({ openCashier: vi.fn() }));

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, signedIn = true) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answer(path, payload));
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path: '/circle' } } })).start();
  const navigate = vi.fn();
  const openLogin = vi.fn();
  const events: string[] = [];
  const inspect = (event: { type: string; event?: { type: string } }) => {
    if (event.type === '@xstate.event' && event.event) events.push(event.event.type);
  };
  const runtime = { api: { call }, inspect, session, navigation, navigate, openLogin, loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, navigate, openLogin, events };
}
const callsTo = (call: ReturnType<typeof vi.fn>, path: string) => call.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as Record<string, unknown>);

const T = '2026-11-26T06:00:00.000Z';
const card = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `满级战士账号${id}`,
  game_id: 7,
  game_name: '仙剑奇缘',
  game_icon: '/art/g7.png',
  server_name: '一服',
  price_cents: 8800,
  cover: '/media/trade/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
  image_count: 3,
  topup_cents: 50_000,
  age_days: 30,
  status: 'on_sale',
  status_text: '出售中',
  on_sale_at: T,
  ...extra,
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, limit: 20 });
const detail = (extra: Record<string, unknown> = {}) => ({
  ...card(31),
  role_name: '逍遥',
  description: '全身神装',
  images: ['/media/trade/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'],
  has_second_password: true,
  seller: { nickname: '张**', sold_count: 2 },
  is_own: false,
  reserved_until: null,
  ...extra,
});
const ORDER: OrderView = {
  order_number: 'T202611260001',
  kind: 'trade',
  subject: '仙剑奇缘 满级战士账号31',
  status: 'paying',
  status_text: '支付中',
  amount_cents: 8800,
  coupon_cents: 0,
  pay_cents: 8800,
  bonus_cents: 0,
  pay_method: 'provider',
  pay_url: '/sandbox-pay/cashier?trade=S1',
  game_id: 7,
  platform_game_id: 70,
  game_name: '仙剑奇缘',
  server_name: '一服',
  role_name: '逍遥',
  card_id: null,
  coupon_name: null,
  created_at: T,
  expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  paid_at: null,
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
};
const TRADE = {
  id: 5,
  listing_id: 31,
  side: 'buyer',
  status: 'cooling',
  status_text: '冷静期中',
  order_number: ORDER.order_number,
  title: '满级战士账号31',
  game_id: 7,
  game_name: '仙剑奇缘',
  game_icon: '/art/g7.png',
  server_name: '一服',
  role_name: '逍遥',
  sub_account_name: '小号3',
  price_cents: 8800,
  fee_cents: 500,
  net_cents: 8300,
  paid_at: T,
  release_at: '2026-11-29T06:00:00.000Z',
  released_at: null,
  refunded_at: null,
  second_password: 'pw-1234',
  dispute: null,
  can_dispute: true,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(openCashier).mockClear();
});

describe('/circle 账号交易', () => {
  it('keeps 热门专题, lists the listings, filters by price and sort, follows the game chosen on /selectgame', async () => {
    const { call, navigate } = renderPage(<CirclePage />, (path) => (path === '/api/trade/getListings' ? page([card(1), card(2, { status: 'reserved', status_text: '交易中' })]) : ok({ list: [] })));
    expect(await screen.findByRole('link', { name: /^满级战士账号1(?!\d)/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '热门专题' })).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /^满级战士账号2(?!\d)/ })).getByText('交易中')).toBeTruthy();
    expect(callsTo(call, '/api/trade/getListings')[0]).toMatchObject({ sort: 'newest', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: '50-200元' }));
    await waitFor(() => expect(callsTo(call, '/api/trade/getListings').at(-1)).toMatchObject({ min_price_cents: 5_000, max_price_cents: 20_000 }));
    fireEvent.click(screen.getByRole('button', { name: '价格从低到高' }));
    await waitFor(() => expect(callsTo(call, '/api/trade/getListings').at(-1)).toMatchObject({ sort: 'price_asc' }));
    fireEvent.click(screen.getByRole('button', { name: '全部游戏' }));
    expect(navigate).toHaveBeenCalledWith('/selectgame', { for: '/circle', game_id: 0 }, undefined);
    // /selectgame's choice reaches the kept-alive page.
    act(() => writeGameChoice(sessionStorage, { for: '/circle', game_id: 7, game_name: '仙剑奇缘' }));
    await waitFor(() => expect(callsTo(call, '/api/trade/getListings').at(-1)).toMatchObject({ game_id: 7, sort: 'price_asc', min_price_cents: 5_000 }));
    expect(screen.getByRole('button', { name: '仙剑奇缘' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: /我要卖号/ }).getAttribute('href')).toContain('/submitapplication');
    expect(screen.getByRole('link', { name: /^搜索账号/ }).getAttribute('href')).toContain('/circlesearching');
  });

  it('a listing row opens /wantpay with its id', async () => {
    renderPage(<CirclePage />, (path) => (path === '/api/trade/getListings' ? page([card(4)]) : ok({ list: [] })));
    const link = await screen.findByRole('link', { name: /^满级战士账号4(?!\d)/ });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/wantpay?data={"listing_id":4}');
  });
});

describe('/circlesearching, /circleresult, /selectgame', () => {
  it('searches, keeps the recent searches on the device and opens /circleresult', async () => {
    localStorage.setItem('TradeSearchHistory', '["仙剑", 5, "\\u0000"]');
    const { navigate } = renderPage(<CircleSearchingPage data={null} />, () => ok({}));
    expect(screen.getByRole('button', { name: '仙剑' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索关键词' }), { target: { value: '  战士 ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(navigate).toHaveBeenCalledWith('/circleresult', { keyword: '战士' }, undefined);
    expect(JSON.parse(localStorage.getItem('TradeSearchHistory')!)).toEqual(['战士', '仙剑']);
    expect(JSON.parse(sessionStorage.getItem('TradeGameChoice')!)).toEqual({ for: '/circleresult', game_id: 0, game_name: '' });
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.queryByRole('region', { name: '最近搜索' })).toBeNull();
  });

  it('/circleresult sends the keyword; a game chosen for it narrows the feed', async () => {
    sessionStorage.setItem('TradeGameChoice', JSON.stringify({ for: '/circleresult', game_id: 7, game_name: '仙剑奇缘' }));
    const { call } = renderPage(<CircleResultPage data={{ keyword: '战士' }} />, () => page([]));
    expect(await screen.findByText('没有找到与“战士”相关的账号')).toBeTruthy();
    expect(callsTo(call, '/api/trade/getListings')[0]).toMatchObject({ keyword: '战士', game_id: 7 });
    expect(screen.getByRole('button', { name: '仙剑奇缘' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('/selectgame lists games with listings and gives the choice back to the page that asked', async () => {
    const { navigate } = renderPage(<SelectGamePage data={{ for: '/circle' }} />, () => ok({ list: [{ game_id: 7, game_name: '仙剑奇缘', game_icon: '/art/g7.png', count: 3 }, { game_id: 'x' }] }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /仙剑奇缘/ }));
    expect(JSON.parse(sessionStorage.getItem('TradeGameChoice')!)).toEqual({ for: '/circle', game_id: 7, game_name: '仙剑奇缘' });
    expect(navigate).toHaveBeenCalledWith('back', undefined, undefined);
  });
});

describe('/wantpay', () => {
  it('shows the listing; 立即购买 → 确认购买 retries a network failure with the same key, then goes to /orderpay', async () => {
    let buys = 0;
    const { call, navigate, events } = renderPage(<WantPayPage data={{ listing_id: 31 }} />, (path) => {
      if (path === '/api/trade/getListing') return ok(detail());
      if (path === '/api/user/getMoney') return ok({ wallet_cents: 100, coins_cents: 0 });
      if (path === '/api/user/getUserInfo') return ok({ real_name: 1 });
      buys += 1;
      return buys === 1 ? { kind: 'error', reason: 'network', code: null, msg: '网络异常' } : ok(ORDER);
    });
    expect(await screen.findByTestId('listing-price')).toHaveProperty('textContent', '¥88.00');
    expect(screen.getByText('逍遥')).toBeTruthy();
    expect(screen.getByText('有（付款后可见）')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /截图/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    const sheet = screen.getByRole('dialog', { name: '确认购买' });
    // 余额 ¥1.00 cannot pay ¥88.
    expect(((await within(sheet).findByRole('radio', { name: /余额不足/ })) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: '确认购买' })));
    expect(await within(sheet).findByRole('alert')).toHaveProperty('textContent', '网络异常，请稍后再试');
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: '确认购买' })));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/orderpay', { order_number: ORDER.order_number }, undefined));
    const buyCalls = callsTo(call, '/api/trade/buyListing');
    expect(buyCalls).toHaveLength(2);
    expect(buyCalls[0]).toEqual({ idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/), listing_id: 31, pay_method: 'provider' });
    expect(buyCalls[1]).toEqual(buyCalls[0]);
    expect(JSON.parse(localStorage.getItem('TradeOrder')!)).toEqual({ order_number: ORDER.order_number, listing_id: 31, cashier: false });
    expect(events).toEqual(expect.arrayContaining(['ui.buy.open', 'ui.buy.submit', 'xstate.done.actor.buyListing']));
  });

  it('a refusal is shown with its way out and the next try is a new request', async () => {
    const { call } = renderPage(<WantPayPage data={{ listing_id: 31 }} />, (path) =>
      path === '/api/trade/getListing'
        ? ok(detail())
        : path === '/api/user/getMoney'
          ? ok({ wallet_cents: 0, coins_cents: 0 })
          : path === '/api/user/getUserInfo'
            ? ok({ real_name: 1 })
            : refused(TRADE_MSG.buyerNeedRealName),
    );
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认购买' })));
    expect(await screen.findByText(TRADE_MSG.buyerNeedRealName, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: '去实名认证' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认购买' })));
    await waitFor(() => expect(callsTo(call, '/api/trade/buyListing')).toHaveLength(2));
    const [first, second] = callsTo(call, '/api/trade/buyListing');
    expect(first!.idempotency_key).not.toBe(second!.idempotency_key);
  });

  it('paid from 余额 at once: straight to /tradingsuccess', async () => {
    const { navigate } = renderPage(<WantPayPage data={{ listing_id: 31 }} />, (path) =>
      path === '/api/trade/getListing' ? ok(detail()) : path === '/api/user/getMoney' ? ok({ wallet_cents: 10_000, coins_cents: 0 }) : ok({ ...ORDER, pay_method: 'wallet', pay_url: null, status: 'delivered' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    fireEvent.click(await screen.findByRole('radio', { name: /余额.*可用 ¥100\.00/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认购买' })));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/tradingsuccess', { order_number: ORDER.order_number }, { replace: true }));
  });

  it('a player without a verified real name is told before 立即购买, with the way to 实名认证, and cannot open the purchase; a verified one can', async () => {
    for (const realName of [0, 1]) {
      const { call } = renderPage(<WantPayPage data={{ listing_id: 31 }} />, (path) =>
        path === '/api/trade/getListing' ? ok(detail()) : path === '/api/user/getUserInfo' ? ok({ real_name: realName }) : ok({ wallet_cents: 0, coins_cents: 0 }),
      );
      const buy = (await screen.findByRole('button', { name: '立即购买' })) as HTMLButtonElement;
      await waitFor(() => expect(callsTo(call, '/api/user/getUserInfo')).toHaveLength(1));
      if (realName === 0) {
        const notice = await screen.findByRole('region', { name: '实名认证' });
        expect(notice.textContent).toContain(TRADE_MSG.buyerNeedRealName);
        expect(within(notice).getByRole('link', { name: '去实名认证' }).getAttribute('href')).toBe('/realnamecertificateone');
        expect(buy.disabled).toBe(true);
        fireEvent.click(buy);
        expect(screen.queryByRole('dialog', { name: '确认购买' })).toBeNull();
      } else {
        await waitFor(() => expect(buy.disabled).toBe(false));
        expect(screen.queryByRole('region', { name: '实名认证' })).toBeNull();
        fireEvent.click(buy);
        expect(await screen.findByRole('dialog', { name: '确认购买' })).toBeTruthy();
      }
      cleanup();
    }
  });

  it('own listing: a note, no buy button', async () => {
    renderPage(<WantPayPage data={{ listing_id: 31 }} />, () => ok(detail({ is_own: true })));
    expect(await screen.findByText(/不能购买自己的账号/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('reserved: 正在交易中', async () => {
    renderPage(<WantPayPage data={{ listing_id: 31 }} />, () => ok(detail({ status: 'reserved', status_text: '交易中', reserved_until: T })));
    expect(((await screen.findByRole('button', { name: '正在交易中' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sold: gone', async () => {
    renderPage(<WantPayPage data={{ listing_id: 31 }} />, () => ok(detail({ status: 'sold', status_text: '已售出' })));
    expect(await screen.findByText(TRADE_MSG.notOnSale)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('signed out: the login popup', async () => {
    const { openLogin, call } = renderPage(<WantPayPage data={{ listing_id: 31 }} />, () => ok(detail()), false);
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    expect(openLogin).toHaveBeenCalled();
    expect(callsTo(call, '/api/trade/buyListing')).toHaveLength(0);
  });

  it('an unusable answer or id is a clear error, never a crash', async () => {
    renderPage(<WantPayPage data={{ listing_id: 31 }} />, () => ok({ id: 'x' }));
    expect(await screen.findByText('服务器返回数据异常')).toBeTruthy();
  });
});

describe('/orderpay', () => {
  it('counts down the reservation, 去支付 opens the cashier; back from it, the poll sees delivered → /tradingsuccess', async () => {
    let status = 'paying';
    const expires_at = new Date(Date.now() + 10 * 60_000).toISOString();
    const { navigate, call } = renderPage(<OrderPayPage data={{ order_number: ORDER.order_number }} />, () => ok({ ...ORDER, status, expires_at }));
    expect(await screen.findByRole('heading', { name: '等待支付' })).toBeTruthy();
    expect(screen.getByTestId('order-countdown').textContent).toMatch(/^(10:00|09:5\d)$/);
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    expect(openCashier).toHaveBeenCalledWith(ORDER.pay_url);
    expect(JSON.parse(localStorage.getItem('TradeOrder')!)).toMatchObject({ order_number: ORDER.order_number, cashier: true });
    expect(await screen.findByRole('heading', { name: '正在确认支付结果' })).toBeTruthy();
    status = 'delivered';
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/tradingsuccess', { order_number: ORDER.order_number }, { replace: true }), { timeout: 5_000 });
    expect(callsTo(call, '/api/order/getOneOrder').every((payload) => payload.order_number === ORDER.order_number)).toBe(true);
  });

  it('an expired order offers 返回商品 (the listing this device was buying)', async () => {
    localStorage.setItem('TradeOrder', JSON.stringify({ order_number: ORDER.order_number, listing_id: 31, cashier: false }));
    const { navigate } = renderPage(<OrderPayPage data={{ order_number: ORDER.order_number }} />, () => ok({ ...ORDER, status: 'expired', pay_url: null }));
    expect(await screen.findByRole('heading', { name: '订单已过期' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回商品' }));
    expect(navigate).toHaveBeenCalledWith('/wantpay', { listing_id: 31 }, { replace: true });
  });

  it('取消订单 cancels; 订单不存在 and a bad number are clear errors', async () => {
    const { call } = renderPage(<OrderPayPage data={{ order_number: ORDER.order_number }} />, (path) => (path === '/api/order/cancelOrder' ? ok({ ...ORDER, status: 'failed', fail_reason: '已取消支付', pay_url: null }) : ok(ORDER)));
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    expect(await screen.findByRole('heading', { name: '订单已取消' })).toBeTruthy();
    expect(callsTo(call, '/api/order/cancelOrder')).toEqual([{ order_number: ORDER.order_number }]);
  });

  it('订单不存在', async () => {
    renderPage(<OrderPayPage data={{ order_number: 'NOPE1' }} />, () => refused('订单不存在'));
    expect(await screen.findByRole('heading', { name: '支付失败' })).toBeTruthy();
    expect(screen.getByText('订单不存在')).toBeTruthy();
  });

  it('a bad order number', () => {
    renderPage(<OrderPayPage data={{ order_number: '<script>' }} />, () => ok({}));
    expect(screen.getByText('订单信息有误')).toBeTruthy();
  });
});

describe('/tradingsuccess', () => {
  it('buyer: role details, 二级密码, cooling-off, and 申请售后 through openDispute', async () => {
    const { call } = renderPage(<TradingSuccessPage data={{ order_number: ORDER.order_number }} />, (path, payload) =>
      path === '/api/trade/getTrade' ? ok(TRADE) : ok({ ...TRADE, status: 'disputed', status_text: '纠纷处理中', can_dispute: false, dispute: { reason: payload.reason, opened_at: T, resolution: null, resolved_at: null } }, TRADE_MSG.disputed),
    );
    expect(await screen.findByRole('heading', { name: '交易成功' })).toBeTruthy();
    expect(screen.getByTestId('second-password').textContent).toBe('pw-1234');
    expect(screen.getByText('小号3')).toBeTruthy();
    expect(callsTo(call, '/api/trade/getTrade')[0]).toEqual({ order_number: ORDER.order_number });
    fireEvent.click(screen.getByRole('button', { name: '申请售后' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(screen.getByRole('alert').textContent).toBe(TRADE_MSG.reasonMissing);
    fireEvent.change(screen.getByRole('textbox', { name: '售后原因' }), { target: { value: '账号无法登录' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(await screen.findByText('纠纷处理中')).toBeTruthy();
    expect(callsTo(call, '/api/trade/openDispute')).toEqual([{ trade_id: 5, reason: '账号无法登录' }]);
    expect(screen.queryByRole('button', { name: '申请售后' })).toBeNull();
  });

  it('seller: the proceeds are 待入账 until released, never the password', async () => {
    renderPage(<TradingSuccessPage data={{ trade_id: 5 }} />, () => ok({ ...TRADE, side: 'seller', second_password: null, can_dispute: false }));
    expect(await screen.findByRole('heading', { name: '待入账' })).toBeTruthy();
    expect(screen.getByTestId('seller-net').textContent).toBe('¥83.00');
    expect(screen.queryByTestId('second-password')).toBeNull();
  });

  it('seller after release: 已到账', async () => {
    renderPage(<TradingSuccessPage data={{ trade_id: 5 }} />, () => ok({ ...TRADE, side: 'seller', second_password: null, can_dispute: false, status: 'released', status_text: '交易完成', released_at: T }));
    expect(await screen.findByRole('heading', { name: '已到账' })).toBeTruthy();
  });
});

describe('/traderecord, /tradeinstruction, /ceshiyemian', () => {
  it('tabs load their records; a bought row opens its trade', async () => {
    const { call, navigate } = renderPage(<TradeRecordPage data={null} />, (_, payload) =>
      page(payload.tab === 'bought' ? [{ tab: 'bought', id: 5, listing_id: 31, trade_id: 5, title: '满级战士账号31', game_name: '仙剑奇缘', game_icon: '', server_name: '一服', price_cents: 8800, net_cents: 8300, status_text: '冷静期中', at: T }] : []),
    );
    fireEvent.click(await screen.findByRole('button', { name: '满级战士账号31' }));
    expect(navigate).toHaveBeenCalledWith('/tradingsuccess', { trade_id: 5 }, undefined);
    fireEvent.click(screen.getByRole('tab', { name: '审核中' }));
    expect(await screen.findByText('暂无审核中的记录')).toBeTruthy();
    expect(callsTo(call, '/api/trade/getTradeRecords').map((p) => p.tab)).toEqual(['bought', 'reviewing']);
  });

  it('交易须知 is the server text, sanitised', async () => {
    renderPage(<TradeInstructionPage data={null} />, () => ok({ title: '交易须知', content: '<p>买家须实名</p><script>window.bad=1</script><img src=x onerror="window.bad=1">', updated_at: T }));
    expect(await screen.findByText('买家须实名')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  it('/ceshiyemian is the not-open treatment when the server says the fixtures are off', async () => {
    const { call } = renderPage(<CeShiYeMianPage data={null} />, () => ok({ enabled: false }));
    expect(await screen.findByText('页面暂未开放，敬请期待')).toBeTruthy();
    expect(call.mock.calls.map(([path]) => path)).toEqual(['/api/trade/getTradeTestStatus']);
  });

  it('/ceshiyemian makes a sellable sub-account and skips a cooling-off', async () => {
    const { call } = renderPage(<CeShiYeMianPage data={null} />, (path) => {
      if (path === '/api/trade/getTradeTestStatus') return ok({ enabled: true });
      if (path === '/api/trade/makeTestSubAccount') return ok({ sub_account: { id: 9, name: '小号9', age_days: 8, topup_cents: 3000, eligible: true, reason: '', listing_id: null, roles: [] }, game: { game_id: 7, platform_game_id: 70, game_name: '仙剑奇缘' } });
      return ok({ ...TRADE, status: 'released', status_text: '交易完成', released_at: T, can_dispute: false });
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '生成可出售小号' })));
    const made = await screen.findByRole('status', { name: '生成结果' });
    expect(within(made).getByText('小号9')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '交易ID' }), { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '跳过冷静期' })));
    expect(within(await screen.findByRole('status', { name: '冷静期结果' })).getByText('交易完成')).toBeTruthy();
    expect(callsTo(call, '/api/trade/fastForwardTrade')).toEqual([{ trade_id: 5 }]);
  });
});
