import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { LISTING_STATUSES, TRADE_RECORD_TABS, TRADE_STATUSES } from '../trade-rules.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { getOneOrder, type OrderView } from './order.ts';
import { buyListing, getListing, getListingGames, getListings, getTrade, getTradeRecords, getTradeTestStatus, makeTestSubAccount, type ListingCard, type ListingDetail, type TradeRecordItem, type TradeView } from './trade.ts';

/** The buyer's trading answers as the client decodes them (request() given the declaration). */

const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const pageOf = (list: unknown) => ({ list, total: 9, page: 1, limit: 20 });
const BAD = { kind: 'error', reason: 'badResponse' };

/** A field that is sometimes the good value, sometimes one of these, often anything at all. */
const maybe = <T>(good: T, ...others: fc.Arbitrary<unknown>[]) => fc.oneof(fc.constant(good), ...others, fc.anything());
/** Each field of a good value, perturbed now and then. */
const around = <T extends Record<string, unknown>>(good: T, fields: Partial<Record<keyof T, fc.Arbitrary<unknown>>>) =>
  fc.record(Object.fromEntries(Object.keys(good).map((key) => [key, fields[key as keyof T] ? fc.oneof({ arbitrary: fc.constant(good[key]), weight: 3 }, { arbitrary: fields[key as keyof T]!, weight: 1 }) : fc.constant(good[key])])));

const url = fc.constantFrom('/media/trade/a.webp', 'javascript:alert(1)', '//evil.example/x.png', 'https://cdn.example/a.png', 'data:image/png;base64,AAAA');
const iso = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
const safe = (value: string) => value === '' || (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://');
const T = '2026-11-26T02:00:00.000Z';

const CARD = { id: 5, title: '满级号', game_id: 3, game_name: '仙剑', game_icon: '/media/a.png', server_name: '1服', price_cents: 6000, cover: '/media/trade/a.webp', image_count: 3, topup_cents: 10_000, age_days: 40, status: 'on_sale', status_text: '出售中', on_sale_at: T };
const DETAIL = { ...CARD, role_name: '逍遥', description: '', images: ['/media/trade/a.webp'], has_second_password: false, seller: { nickname: '卖家', sold_count: 1 }, is_own: false, reserved_until: null };
const ORDER = { order_number: 'T2026112600001', kind: 'trade', subject: '满级号', status: 'created', status_text: '待支付', amount_cents: 6000, coupon_cents: 0, pay_cents: 6000, bonus_cents: 0, pay_method: 'provider', pay_url: '/sandbox/pay/x', game_id: null, platform_game_id: null, game_name: null, server_name: null, role_name: null, card_id: null, coupon_name: null, created_at: T, expires_at: T, paid_at: null, delivered_at: null, closed_at: null, fail_reason: null };
const TRADE = { id: 7, listing_id: 5, side: 'buyer', status: 'cooling', status_text: '冷静期', order_number: 'T2026112600001', title: '满级号', game_id: 3, game_name: '仙剑', game_icon: '', server_name: '1服', role_name: '逍遥', sub_account_name: '小号1', price_cents: 6000, fee_cents: 300, net_cents: 5700, paid_at: T, release_at: T, released_at: null, refunded_at: null, second_password: 'abcd', dispute: null, can_dispute: true };
const ROW = { tab: 'bought', id: 7, listing_id: 5, trade_id: 7, title: '满级号', game_name: '仙剑', game_icon: '', server_name: '1服', price_cents: 6000, net_cents: 0, status_text: '冷静期', at: T };

function expectCard(card: ListingCard) {
  expect(card.id).toBeGreaterThan(0);
  expect(card.price_cents).toBeGreaterThan(0);
  expect(LISTING_STATUSES).toContain(card.status);
  expect(safe(card.cover)).toBe(true);
  expect(safe(card.game_icon)).toBe(true);
  for (const n of [card.image_count, card.age_days, card.topup_cents]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
  expect(Number.isNaN(Date.parse(card.on_sale_at))).toBe(false);
}

const cardFields = {
  id: fc.integer({ min: -2, max: 1000 }),
  game_icon: url,
  price_cents: fc.integer({ min: -1, max: 5_000_000 }),
  cover: url,
  image_count: fc.integer({ min: -1, max: 9 }),
  topup_cents: fc.integer({ min: -1, max: 100_000 }),
  age_days: fc.oneof(fc.integer({ min: -1, max: 400 }), fc.double()),
  status: fc.constantFrom(...LISTING_STATUSES, 'gone'),
  on_sale_at: fc.oneof(iso, fc.string()),
  title: fc.anything(),
};

describe('the buyer\'s trading answers as the client decodes them (property)', () => {
  it('getListings: anything in, never throws; cards out are narrow with safe URLs, bad ones dropped', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(around(CARD, cardFields), { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: ListingCard[] }>(getListings, pageOf(list));
        if (!Array.isArray(list)) return void expect(outcome).toMatchObject(BAD);
        expect(outcome.kind).toBe('ok');
        if (outcome.kind === 'ok') for (const card of outcome.data.list) expectCard(card);
      }),
      { numRuns: 1500 },
    );
    const outcome = decode<{ list: ListingCard[] }>(getListings, pageOf([CARD, { ...CARD, cover: 'javascript:alert(1)' }, { ...CARD, price_cents: 0 }, { ...CARD, id: 6 }]));
    expect(outcome.kind === 'ok' && outcome.data.list.map((card) => card.id)).toEqual([5, 6]);
  });

  it('getListing: out has safe images (at most 9), a seller, booleans as sent; else the error state', () => {
    const detailLike = around(DETAIL, {
      ...cardFields,
      images: fc.array(fc.oneof(url, fc.constant('')), { maxLength: 12 }),
      has_second_password: fc.anything(),
      seller: fc.record({ nickname: maybe('卖家'), sold_count: maybe(1, fc.integer({ min: -1, max: 10 })) }),
      is_own: fc.anything(),
      reserved_until: fc.option(fc.oneof(iso, fc.string())),
    } as Partial<Record<keyof typeof DETAIL, fc.Arbitrary<unknown>>>);
    fc.assert(
      fc.property(fc.oneof(fc.anything(), detailLike), (value) => {
        const outcome = decode<ListingDetail>(getListing, value);
        if (outcome.kind !== 'ok') return void expect(outcome).toMatchObject(BAD);
        const detail = outcome.data;
        expectCard(detail);
        expect(detail.images.length).toBeLessThanOrEqual(9);
        for (const image of detail.images) expect(safe(image) && image !== '').toBe(true);
        expect(detail.seller.sold_count).toBeGreaterThanOrEqual(0);
        const raw = value as Record<string, unknown>;
        expect(detail.is_own).toBe(raw.is_own);
        expect(detail.has_second_password).toBe(raw.has_second_password);
        expect(detail.reserved_until === null || !Number.isNaN(Date.parse(detail.reserved_until))).toBe(true);
      }),
      { numRuns: 1500 },
    );
    expect(decode(getListing, DETAIL)).toMatchObject({ kind: 'ok', data: DETAIL });
    expect(decode(getListing, { ...DETAIL, images: Array(10).fill('/media/trade/a.webp') })).toMatchObject(BAD);
    expect(decode(getListing, { ...DETAIL, is_own: 'true' })).toMatchObject(BAD);
  });

  it('getListingGames: the error state unless a list; games out have a positive id, a count and a safe icon', () => {
    const gameLike = fc.record({ game_id: maybe(3, fc.integer({ min: -1, max: 9 })), game_name: maybe('仙剑'), game_icon: maybe('/a.png', url), count: maybe(2, fc.integer()) });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ list: fc.oneof(fc.array(fc.oneof(gameLike, fc.anything()), { maxLength: 5 }), fc.anything()) })), (value) => {
        const outcome = decode<{ list: { game_id: number; count: number; game_icon: string }[] }>(getListingGames, value);
        if (outcome.kind !== 'ok') return void expect(outcome).toMatchObject(BAD);
        for (const game of outcome.data.list) {
          expect(game.game_id).toBeGreaterThan(0);
          expect(game.count).toBeGreaterThanOrEqual(0);
          expect(safe(game.game_icon)).toBe(true);
        }
      }),
    );
    const games = [{ game_id: 3, game_name: '仙剑', game_icon: '/a.png', count: 2 }];
    expect(decode(getListingGames, { list: games })).toMatchObject({ kind: 'ok', data: { list: games } });
    expect(decode(getListingGames, {})).toMatchObject(BAD);
  });

  it('orders (buyListing, getOneOrder): a number fit for a URL, a kind and a status; pay_url a safe URL or null', () => {
    const orderLike = around(ORDER, {
      order_number: fc.constantFrom('T2026112600001', 'bad number!', ''),
      kind: fc.constantFrom('trade', 'coins', 'game', 'card', 'other'),
      status: fc.constantFrom('created', 'paying', 'paid', 'delivered', 'failed', 'expired', 'refunded', 'odd'),
      pay_url: fc.option(url),
      pay_cents: fc.integer({ min: -1, max: 10_000 }),
      expires_at: fc.option(fc.oneof(iso, fc.string())),
      fail_reason: fc.option(fc.string()),
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), orderLike), (value) => {
        for (const spec of [buyListing, getOneOrder]) {
          const outcome = decode<OrderView>(spec, value);
          if (outcome.kind !== 'ok') {
            expect(outcome).toMatchObject(BAD);
            continue;
          }
          const order = outcome.data;
          expect(order.order_number).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(order.pay_url === null || safe(order.pay_url)).toBe(true);
          expect(order.pay_cents).toBeGreaterThanOrEqual(0);
          expect(order.expires_at === null || !Number.isNaN(Date.parse(order.expires_at))).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
    // A refusal keeps its message for the machine, whatever its data.
    expect(decodeAnswer(buyListing, { kind: 'toast', code: -1, msg: '订单不存在', data: null, show: true })).toEqual({ kind: 'toast', code: -1, msg: '订单不存在', data: null, show: true });
  });

  it('getTrade: the second-level password reaches only the buyer; can_dispute only while cooling', () => {
    const tradeLike = around(TRADE, {
      id: fc.integer({ min: -1, max: 50 }),
      side: fc.constantFrom('buyer', 'seller', 'staff'),
      status: fc.constantFrom(...TRADE_STATUSES, 'odd'),
      paid_at: fc.oneof(iso, fc.string()),
      release_at: fc.oneof(iso, fc.string()),
      second_password: fc.option(fc.string()),
      can_dispute: fc.boolean(),
      dispute: fc.option(fc.record({ reason: maybe('x'), opened_at: maybe(T, iso), resolution: maybe(null, fc.string()), resolved_at: maybe(null, iso) })),
      net_cents: fc.integer({ min: -5, max: 100 }),
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), tradeLike), (value) => {
        const outcome = decode<TradeView>(getTrade, value);
        if (outcome.kind !== 'ok') return void expect(outcome).toMatchObject(BAD);
        const trade = outcome.data;
        expect(trade.id).toBeGreaterThan(0);
        expect(TRADE_STATUSES).toContain(trade.status);
        if (trade.side === 'seller') expect(trade.second_password).toBeNull();
        expect(trade.second_password === null || trade.second_password !== '').toBe(true);
        if (trade.can_dispute) expect(trade.side === 'buyer' && trade.status === 'cooling').toBe(true);
        expect(trade.net_cents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1500 },
    );
    expect(decode(getTrade, TRADE)).toMatchObject({ kind: 'ok', data: TRADE });
    expect(decode(getTrade, { ...TRADE, side: 'seller' })).toMatchObject(BAD);
    expect(decode(getTrade, { ...TRADE, side: 'seller', second_password: null, can_dispute: false })).toMatchObject({ kind: 'ok' });
  });

  it('getTradeRecords: rows have a tab and an id; bought and sold rows have their trade id; bad rows dropped', () => {
    const rowLike = around(ROW, { tab: fc.constantFrom(...TRADE_RECORD_TABS, 'x'), id: fc.integer({ min: -1, max: 9 }), trade_id: fc.option(fc.integer({ min: -1, max: 9 })), game_icon: url, at: fc.oneof(iso, fc.string()) });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(rowLike, fc.anything()), { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: TradeRecordItem[] }>(getTradeRecords, pageOf(list));
        if (!Array.isArray(list)) return void expect(outcome).toMatchObject(BAD);
        if (outcome.kind !== 'ok') throw new Error('a list is a page');
        for (const row of outcome.data.list) {
          expect(TRADE_RECORD_TABS).toContain(row.tab);
          expect(row.id).toBeGreaterThan(0);
          if (row.tab === 'bought' || row.tab === 'sold') expect(row.trade_id).toBeGreaterThan(0);
          expect(safe(row.game_icon)).toBe(true);
        }
      }),
    );
    const outcome = decode<{ list: TradeRecordItem[] }>(getTradeRecords, pageOf([ROW, { ...ROW, trade_id: null }, { ...ROW, tab: 'on_sale', trade_id: null, id: 8 }]));
    expect(outcome.kind === 'ok' && outcome.data.list.map((row) => row.id)).toEqual([7, 8]);
  });

  it('the test status and the fixture answer: anything in, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const status = decode<{ enabled: boolean }>(getTradeTestStatus, value);
        if (status.kind === 'ok') expect(typeof status.data.enabled).toBe('boolean');
        const made = decode<{ sub_account: { id: number } }>(makeTestSubAccount, value);
        if (made.kind === 'ok') expect(made.data.sub_account.id).toBeGreaterThan(0);
      }),
    );
    expect(decode(getTradeTestStatus, { enabled: 'true' })).toMatchObject(BAD);
    expect(decode(getTradeTestStatus, { enabled: false })).toMatchObject({ kind: 'ok', data: { enabled: false } });
  });
});
