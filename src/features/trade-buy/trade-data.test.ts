import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES, TRADE_KEYWORD_MAX, TRADE_RECORD_TABS, TRADE_STATUSES } from '../../../api/protocol/trade-rules.ts';
import {
  cleanKeyword,
  decodeListingCards,
  decodeListingDetail,
  decodeListingGames,
  decodeOrderView,
  decodeTestStatus,
  decodeTestSubAccount,
  decodeTradeRecords,
  decodeTradeView,
  routeId,
  tradeRefOf,
} from './trade-data.ts';
import { decodeOrderOutcome } from './use-trade-purchase.ts';
import { addRecentSearch, decodeGameChoice, decodeRecentSearches, decodeStoredTradeOrder, markSentToCashier, readGameChoice, readTradeOrder, RECENT_SEARCHES_MAX, rememberTradeOrder, writeGameChoice } from './trade-storage.ts';

/** Values shaped like the answer, each field sometimes right, often anything at all. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything());
const url = fc.constantFrom('/media/trade/a.webp', 'javascript:alert(1)', '//evil.example/x.png', 'https://cdn.example/a.png', 'data:image/png;base64,AAAA');
const iso = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
const safe = (value: string) => value === '' || (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://');

const cardFields = {
  id: maybe(fc.integer({ min: -2, max: 1000 })),
  title: maybe(fc.string()),
  game_id: maybe(fc.nat()),
  game_name: maybe(fc.string()),
  game_icon: maybe(url),
  server_name: maybe(fc.string()),
  price_cents: maybe(fc.integer({ min: -1, max: 5_000_000 })),
  cover: maybe(url),
  image_count: maybe(fc.integer({ min: -1, max: 9 })),
  topup_cents: maybe(fc.integer({ min: -1, max: 100_000 })),
  age_days: maybe(fc.integer({ min: -1, max: 400 })),
  status: maybe(fc.constantFrom(...LISTING_STATUSES, 'gone')),
  status_text: maybe(fc.string()),
  on_sale_at: maybe(iso),
};
const cardLike = fc.record(cardFields, { requiredKeys: [] });
const detailLike = fc.record(
  {
    ...cardFields,
    role_name: maybe(fc.string()),
    description: maybe(fc.string({ maxLength: 800 })),
    images: maybe(fc.array(maybe(url), { maxLength: 12 })),
    has_second_password: maybe(fc.boolean()),
    seller: maybe(fc.record({ nickname: maybe(fc.string()), sold_count: maybe(fc.integer({ min: -1, max: 10 })) })),
    is_own: maybe(fc.boolean()),
    reserved_until: maybe(fc.option(iso)),
  },
  { requiredKeys: [] },
);

function expectCard(card: { id: number; price_cents: number; status: string; cover: string; game_icon: string; image_count: number; age_days: number; topup_cents: number; title: string }) {
  expect(card.id).toBeGreaterThan(0);
  expect(card.price_cents).toBeGreaterThan(0);
  expect(LISTING_STATUSES).toContain(card.status);
  expect(safe(card.cover)).toBe(true);
  expect(safe(card.game_icon)).toBe(true);
  for (const n of [card.image_count, card.age_days, card.topup_cents]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
  expect(Array.from(card.title).length).toBeLessThanOrEqual(60);
}

describe('trading decoders (property)', () => {
  it('decodeListingCards: anything in, never throws; cards out are narrow with safe URLs', () => {
    fc.assert(
      fc.property(maybe(fc.array(cardLike, { maxLength: 6 })), (list) => {
        for (const card of decodeListingCards(list)) expectCard(card);
      }),
      { numRuns: 1500 },
    );
  });

  it('decodeListingDetail: anything in; out has safe images (≤ 9), a seller, booleans only when exactly true', () => {
    fc.assert(
      fc.property(maybe(detailLike), (value) => {
        const detail = decodeListingDetail(value);
        if (detail === null) return;
        expectCard(detail);
        expect(detail.images.length).toBeLessThanOrEqual(9);
        for (const image of detail.images) expect(safe(image) && image !== '').toBe(true);
        expect(detail.seller.sold_count).toBeGreaterThanOrEqual(0);
        const raw = value as Record<string, unknown>;
        expect(detail.is_own).toBe(raw.is_own === true);
        expect(detail.has_second_password).toBe(raw.has_second_password === true);
        expect(detail.reserved_until === null || !Number.isNaN(Date.parse(detail.reserved_until))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('decodeListingGames: null unless a list; games out have a positive id', () => {
    fc.assert(
      fc.property(maybe(fc.record({ list: maybe(fc.array(maybe(fc.record({ game_id: maybe(fc.integer({ min: -1, max: 9 })), game_name: maybe(fc.string()), game_icon: maybe(url), count: maybe(fc.integer()) })))) })), (value) => {
        const games = decodeListingGames(value);
        if (games === null) return;
        for (const game of games) {
          expect(game.game_id).toBeGreaterThan(0);
          expect(game.count).toBeGreaterThanOrEqual(0);
          expect(safe(game.game_icon)).toBe(true);
        }
      }),
    );
    expect(decodeListingGames({ list: [{ game_id: 3, game_name: '仙剑', game_icon: '/a.png', count: 2 }] })).toEqual([{ game_id: 3, game_name: '仙剑', game_icon: '/a.png', count: 2 }]);
    expect(decodeListingGames({})).toBeNull();
  });

  it('decodeOrderView: needs a number, a kind and a status; pay_url is a safe URL or null', () => {
    const orderLike = fc.record(
      {
        order_number: maybe(fc.constantFrom('T2026112600001', 'bad number!', '')),
        kind: maybe(fc.constantFrom('trade', 'coins', 'game', 'card', 'other')),
        status: maybe(fc.constantFrom('created', 'paying', 'paid', 'delivered', 'failed', 'expired', 'refunded', 'odd')),
        pay_url: maybe(fc.option(url)),
        pay_cents: maybe(fc.integer({ min: -1, max: 10_000 })),
        expires_at: maybe(fc.option(iso)),
        fail_reason: maybe(fc.option(fc.string())),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(maybe(orderLike), (value) => {
        const order = decodeOrderView(value);
        if (order === null) return;
        expect(order.order_number).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(order.pay_url === null || (safe(order.pay_url) && order.pay_url !== '')).toBe(true);
        expect(order.pay_cents).toBeGreaterThanOrEqual(0);
        expect(order.expires_at === null || !Number.isNaN(Date.parse(order.expires_at))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('decodeTradeView: the second-level password reaches only the buyer; can_dispute only while cooling', () => {
    const tradeLike = fc.record(
      {
        id: maybe(fc.integer({ min: -1, max: 50 })),
        side: maybe(fc.constantFrom('buyer', 'seller', 'staff')),
        status: maybe(fc.constantFrom(...TRADE_STATUSES, 'odd')),
        paid_at: maybe(iso),
        release_at: maybe(iso),
        second_password: maybe(fc.option(fc.string())),
        can_dispute: maybe(fc.boolean()),
        dispute: maybe(fc.option(fc.record({ reason: maybe(fc.string()), opened_at: maybe(iso), resolution: maybe(fc.option(fc.string())), resolved_at: maybe(fc.option(iso)) }))),
        net_cents: maybe(fc.integer({ min: -5, max: 100 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(maybe(tradeLike), (value) => {
        const trade = decodeTradeView(value);
        if (trade === null) return;
        expect(trade.id).toBeGreaterThan(0);
        expect(TRADE_STATUSES).toContain(trade.status);
        if (trade.side === 'seller') expect(trade.second_password).toBeNull();
        if (trade.can_dispute) expect(trade.side === 'buyer' && trade.status === 'cooling').toBe(true);
        expect(trade.net_cents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1500 },
    );
  });

  it('decodeTradeRecords: rows have a tab and an id; bought and sold rows have their trade id', () => {
    const rowLike = fc.record(
      { tab: maybe(fc.constantFrom(...TRADE_RECORD_TABS, 'x')), id: maybe(fc.integer({ min: -1, max: 9 })), trade_id: maybe(fc.option(fc.integer({ min: -1, max: 9 }))), game_icon: maybe(url), at: maybe(iso) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(maybe(fc.array(maybe(rowLike), { maxLength: 6 })), (list) => {
        for (const row of decodeTradeRecords(list)) {
          expect(TRADE_RECORD_TABS).toContain(row.tab);
          expect(row.id).toBeGreaterThan(0);
          if (row.tab === 'bought' || row.tab === 'sold') expect(row.trade_id).toBeGreaterThan(0);
          expect(safe(row.game_icon)).toBe(true);
        }
      }),
    );
  });

  it('the test status and the fixture answer: anything in, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const status = decodeTestStatus(value);
        if (status) expect(typeof status.enabled).toBe('boolean');
        const made = decodeTestSubAccount(value);
        if (made) expect(made.sub_account.id).toBeGreaterThan(0);
      }),
    );
    expect(decodeTestStatus({ enabled: 'true' })).toBeNull();
    expect(decodeTestStatus({ enabled: false })).toEqual({ enabled: false });
  });

  it('route data: ids, trade references and keywords', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        const id = routeId(a);
        expect(id === null || (Number.isSafeInteger(id) && id > 0)).toBe(true);
        const ref = tradeRefOf({ trade_id: b, order_number: c } as never);
        if (ref && 'trade_id' in ref) expect(ref.trade_id).toBeGreaterThan(0);
        if (ref && 'order_number' in ref) expect(ref.order_number).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        const keyword = cleanKeyword(a);
        expect(Array.from(keyword).length).toBeLessThanOrEqual(TRADE_KEYWORD_MAX);
        expect(/[\p{Cc}\p{Cf}]/u.test(keyword)).toBe(false);
        expect(keyword).toBe(keyword.trim());
      }),
    );
    expect(tradeRefOf({ trade_id: '12' })).toEqual({ trade_id: 12 });
    expect(tradeRefOf({ order_number: 'T1' })).toEqual({ order_number: 'T1' });
    expect(tradeRefOf(null)).toBeNull();
  });
});

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

describe('trading storage (property)', () => {
  it('decodeRecentSearches: any stored text gives distinct clean keywords, at most 10', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything().map((value) => JSON.stringify(value) ?? '')), (raw) => {
        const list = decodeRecentSearches(raw);
        expect(list.length).toBeLessThanOrEqual(RECENT_SEARCHES_MAX);
        expect(new Set(list).size).toBe(list.length);
        for (const keyword of list) expect(keyword).toBe(cleanKeyword(keyword));
      }),
    );
  });

  it('addRecentSearch puts the newest first without duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 25 }), (words) => {
        const storage = memoryStorage();
        let list: string[] = [];
        for (const word of words) list = addRecentSearch(storage, word);
        expect(list.length).toBeLessThanOrEqual(RECENT_SEARCHES_MAX);
        const last = words.map(cleanKeyword).filter((w) => w !== '').at(-1);
        if (last !== undefined) expect(list[0]).toBe(last);
        expect(decodeRecentSearches(storage.map.get('TradeSearchHistory') ?? null)).toEqual(list);
      }),
    );
  });

  it('decodeGameChoice: anything in; a choice names its asking page and a game id ≥ 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything().map((value) => JSON.stringify(value) ?? '')), (raw) => {
        const choice = decodeGameChoice(raw);
        if (choice === null) return;
        expect(choice.for).toMatch(/^\/[a-z]+$/);
        expect(Number.isSafeInteger(choice.game_id) && choice.game_id >= 0).toBe(true);
      }),
    );
    const storage = memoryStorage();
    writeGameChoice(storage, { for: '/circle', game_id: 4, game_name: '仙剑' });
    expect(readGameChoice(storage, '/circle')).toEqual({ for: '/circle', game_id: 4, game_name: '仙剑' });
    expect(readGameChoice(storage, '/circleresult')).toBeNull();
  });

  it('decodeStoredTradeOrder: anything in; an order out has a valid number, a listing id ≥ 0 and a boolean cashier mark', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.anything().map((value) => JSON.stringify(value) ?? ''), fc.record({ order_number: maybe(fc.constantFrom('LW1', 'bad no', '')), listing_id: maybe(fc.integer({ min: -1, max: 9 })), cashier: maybe(fc.boolean()) }).map((v) => JSON.stringify(v))),
        (raw) => {
          const stored = decodeStoredTradeOrder(raw);
          if (stored === null) return;
          expect(stored.order_number).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(Number.isSafeInteger(stored.listing_id) && stored.listing_id >= 0).toBe(true);
          expect(typeof stored.cashier).toBe('boolean');
        },
      ),
    );
    const storage = memoryStorage();
    rememberTradeOrder(storage, { order_number: 'LW1', listing_id: 31, cashier: false });
    markSentToCashier(storage, 'LW1');
    expect(readTradeOrder(storage, 'LW1')).toEqual({ order_number: 'LW1', listing_id: 31, cashier: true });
    expect(readTradeOrder(storage, 'LW2')).toBeNull();
  });

  it('decodeOrderOutcome: an ok answer carries a decoded order or null; other outcomes pass through', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const outcome = decodeOrderOutcome({ kind: 'ok', code: 1, msg: 'success', data });
        expect(outcome.kind).toBe('ok');
        if (outcome.kind === 'ok' && outcome.data !== null) expect(outcome.data.order_number).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        const refusal = decodeOrderOutcome({ kind: 'toast', code: -1, msg: '订单不存在', data, show: true });
        expect(refusal).toEqual({ kind: 'toast', code: -1, msg: '订单不存在', data: null, show: true });
      }),
    );
  });
});
