import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { getRedeemRecords, getStoreItems, type RedeemRecord, type StoreItemView } from './store.ts';

const KINDS = ['coupon', 'coins', 'gift_code'];
const STATES = ['available', 'sold_out', 'not_started', 'ended', 'limit_reached'];

/** Item-shaped values, sometimes right, mostly wrong in some field. */
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything());
const itemLike = fc.record(
  {
    id: maybe(fc.integer({ min: -2, max: 1000 })),
    kind: maybe(fc.constantFrom(...KINDS, 'other')),
    title: maybe(fc.string()),
    image: maybe(fc.constantFrom('', '/art/icon/nstorecoinsv1.svg', 'javascript:alert(1)', '//evil.example/x.png', 'https://cdn.example/a.png')),
    description: maybe(fc.string()),
    points_price: maybe(fc.integer({ min: -1, max: 5000 })),
    stock: maybe(fc.integer({ min: -1, max: 100 })),
    per_user_limit: maybe(fc.option(fc.integer({ min: 0, max: 3 }))),
    valid_from: maybe(fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))),
    valid_to: maybe(fc.option(fc.constant('not a date'))),
    redeemed: maybe(fc.nat(5)),
    state: maybe(fc.constantFrom(...STATES, 'gone')),
    coupon: maybe(fc.option(fc.record({ coupon_id: fc.nat(), name: fc.string(), amount_cents: fc.nat(), threshold_cents: fc.nat(), valid_days: fc.nat() }))),
    coins_cents: maybe(fc.option(fc.integer({ min: -1, max: 2000 }))),
    gift: maybe(fc.option(fc.record({ pack_id: fc.nat(), name: fc.string(), game_name: fc.string() }))),
  },
  { requiredKeys: [] },
);

/** What the client makes of a success answer with this data (request() given the declaration). */
const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });

const goodItem: StoreItemView = {
  id: 3,
  kind: 'coins',
  title: '1 元乐玩币',
  image: '/art/icon/nstorecoinsv1.svg',
  description: '兑换后立即到账',
  points_price: 100,
  stock: 10,
  per_user_limit: null,
  valid_from: null,
  valid_to: '2026-12-01T00:00:00.000Z',
  redeemed: 0,
  state: 'available',
  coupon: null,
  coins_cents: 100,
  gift: null,
};

describe('the coin store answers as the client decodes them (property)', () => {
  it('getStoreItems: anything in, never throws; items out are narrow and keep only safe image URLs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ points: fc.oneof(fc.constant(null), fc.nat(), fc.anything()), list: fc.array(itemLike, { maxLength: 6 }) })), (data) => {
        const outcome = decode<{ points: number | null; list: StoreItemView[] }>(getStoreItems, data);
        if (outcome.kind !== 'ok') {
          expect(outcome).toMatchObject({ kind: 'error', reason: 'badResponse' });
          return;
        }
        const decoded = outcome.data;
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

  it('getStoreItems: a bad item is dropped, the others kept in order; a list that is not a list is the error state', () => {
    const second = { ...goodItem, id: 4 };
    const answer = decode<{ list: StoreItemView[] }>(getStoreItems, { points: 5, list: [goodItem, { ...goodItem, image: 'javascript:alert(1)' }, { ...goodItem, kind: 'coupon' }, second] });
    expect(answer.kind === 'ok' && answer.data.list.map((item) => item.id)).toEqual([3, 4]);
    expect(decode(getStoreItems, { points: 5, list: null })).toMatchObject({ kind: 'error', reason: 'badResponse', msg: '服务器返回数据异常' });
    expect(decode(getStoreItems, { points: -1, list: [] })).toMatchObject({ kind: 'error', reason: 'badResponse' });
    expect(decode(getStoreItems, null)).toMatchObject({ kind: 'error', reason: 'badResponse' });
  });

  it('getRedeemRecords: anything in, never throws; records out have an id, a kind and a non-empty gift code', () => {
    const recordLike = fc.record(
      {
        id: maybe(fc.nat(100)),
        item_id: maybe(fc.nat()),
        kind: maybe(fc.constantFrom(...KINDS)),
        title: maybe(fc.string()),
        points_paid: maybe(fc.nat()),
        coupon: maybe(fc.option(fc.record({ user_coupon_id: fc.nat(), name: fc.string(), amount_cents: fc.nat(), threshold_cents: fc.nat(), expires_at: fc.constant('2026-12-01T00:00:00.000Z') }))),
        gift_code: maybe(fc.option(fc.string({ maxLength: 100 }))),
        coins_cents: maybe(fc.option(fc.integer({ min: -5, max: 500 }))),
        created_at: maybe(fc.constant('2026-11-26T02:00:00.000Z')),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(recordLike, { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: RedeemRecord[] }>(getRedeemRecords, { list, total: 9, page: 1, limit: 20 });
        if (!Array.isArray(list)) {
          expect(outcome.kind).toBe('error');
          return;
        }
        expect(outcome.kind).toBe('ok');
        if (outcome.kind !== 'ok') return;
        expect(outcome.data.list.length).toBeLessThanOrEqual(list.length);
        for (const record of outcome.data.list) {
          expect(record.id).toBeGreaterThan(0);
          expect(KINDS).toContain(record.kind);
          expect(record.gift_code === null || record.gift_code.length > 0).toBe(true);
          expect(record.coins_cents === null || record.coins_cents > 0).toBe(true);
          expect(record.coupon === null || record.coupon.user_coupon_id > 0).toBe(true);
          expect(Number.isNaN(Date.parse(record.created_at))).toBe(false);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
