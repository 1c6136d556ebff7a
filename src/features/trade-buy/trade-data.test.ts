import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADE_KEYWORD_MAX } from '../../../api/protocol/trade-rules.ts';
import { cleanKeyword, routeId, tradeRefOf } from './trade-data.ts';
import { addRecentSearch, decodeGameChoice, decodeRecentSearches, decodeStoredTradeOrder, markSentToCashier, readGameChoice, readTradeOrder, RECENT_SEARCHES_MAX, rememberTradeOrder, writeGameChoice } from './trade-storage.ts';

/** Values shaped like the stored value, each field sometimes right, often anything at all. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything());

describe('trading route data (property)', () => {
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
});
