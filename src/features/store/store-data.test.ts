import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '../../../api/protocol/store.ts';
import { decodeRedeemRecords, decodeStore, newRequestId } from './store-data.ts';

const KINDS = ['coupon', 'coins', 'gift_code'];
const STATES = ['available', 'sold_out', 'not_started', 'ended', 'limit_reached'];

/** Item-shaped values, sometimes right, mostly wrong in some field. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything());
const itemLike = fc.record(
  {
    id: maybe(fc.integer({ min: -2, max: 1000 })),
    kind: maybe(fc.constantFrom(...KINDS, 'other')),
    title: maybe(fc.string()),
    image: maybe(fc.constantFrom('/art/icon/nstorecoinsv1.svg', 'javascript:alert(1)', '//evil.example/x.png', 'https://cdn.example/a.png')),
    points_price: maybe(fc.integer({ min: -1, max: 5000 })),
    stock: maybe(fc.integer({ min: -1, max: 100 })),
    per_user_limit: maybe(fc.option(fc.integer({ min: 0, max: 3 }))),
    valid_from: maybe(fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))),
    valid_to: maybe(fc.constant('not a date')),
    redeemed: maybe(fc.nat(5)),
    state: maybe(fc.constantFrom(...STATES, 'gone')),
    coupon: maybe(fc.record({ coupon_id: fc.nat(), name: fc.string(), amount_cents: fc.nat(), threshold_cents: fc.nat(), valid_days: fc.nat() })),
    coins_cents: maybe(fc.integer({ min: -1, max: 2000 })),
    gift: maybe(fc.record({ pack_id: fc.nat(), name: fc.string(), game_name: fc.string() })),
  },
  { requiredKeys: [] },
);

describe('coin store decoders (property)', () => {
  it('decodeStore: anything in, never throws; items out are narrow and keep only safe image URLs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ points: fc.anything(), list: fc.array(itemLike, { maxLength: 6 }) })), (value) => {
        const decoded = decodeStore(value);
        if (decoded === null) return;
        expect(decoded.points === null || (Number.isSafeInteger(decoded.points) && decoded.points >= 0)).toBe(true);
        for (const item of decoded.list) {
          expect(item.id).toBeGreaterThan(0);
          expect(KINDS).toContain(item.kind);
          expect(STATES).toContain(item.state);
          expect(item.points_price).toBeGreaterThan(0);
          expect(item.stock).toBeGreaterThanOrEqual(0);
          expect(item.per_user_limit === null || item.per_user_limit > 0).toBe(true);
          expect(item.image === '' || item.image.startsWith('/art/') || item.image.startsWith('https://')).toBe(true);
          expect(item.valid_to).toBeNull();
          if (item.kind !== 'coupon') expect(item.coupon).toBeNull();
          if (item.kind !== 'coins') expect(item.coins_cents).toBeNull();
          if (item.kind !== 'gift_code') expect(item.gift).toBeNull();
          expect(typeof item.title).toBe('string');
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('decodeRedeemRecords: anything in, never throws; records out have an id, a kind and bounded text', () => {
    const recordLike = fc.record(
      {
        id: maybe(fc.nat(100)),
        item_id: maybe(fc.nat()),
        kind: maybe(fc.constantFrom(...KINDS)),
        title: maybe(fc.string()),
        points_paid: maybe(fc.nat()),
        coupon: maybe(fc.record({ user_coupon_id: fc.nat(), name: fc.string(), amount_cents: fc.nat(), threshold_cents: fc.nat(), expires_at: fc.constant('2026-12-01T00:00:00.000Z') })),
        gift_code: maybe(fc.string({ maxLength: 100 })),
        coins_cents: maybe(fc.integer({ min: -5, max: 500 })),
        created_at: maybe(fc.constant('2026-11-26T02:00:00.000Z')),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(recordLike, { maxLength: 6 })), (list) => {
        for (const record of decodeRedeemRecords(list)) {
          expect(record.id).toBeGreaterThan(0);
          expect(KINDS).toContain(record.kind);
          expect(record.gift_code === null || (record.gift_code.length > 0 && record.gift_code.length <= 64)).toBe(true);
          expect(record.coins_cents === null || record.coins_cents > 0).toBe(true);
          expect(record.coupon === null || record.coupon.user_coupon_id > 0).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('a new request id fits the server rule, and each is new', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
  });
});
