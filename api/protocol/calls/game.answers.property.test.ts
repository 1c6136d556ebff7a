import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { getCouponList } from './coupon.ts';
import { getGiftList, type GameCoupon, type GiftPack } from './game.ts';

/** A game's gift packs and claimable coupons (/gamegift, /gamecoupon) as the client decodes them. */

const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const pageOf = (list: unknown) => ({ list, total: 9, page: 1, limit: 50 });
const BAD = { kind: 'error', reason: 'badResponse' };

const PACK = { gift_id: 1, game_id: 12, name: '礼包1', content: '钻石×100', usage: '游戏内兑换', valid_until: '2026-12-31T15:59:59.000Z', expired: false, vip_level: 0, total: 100, remaining: 40, claimed: false, code: null };
const COUPON = { coupon_id: 1, game_id: 12, game_name: '仙剑', name: '满减券1', type: 'normal', amount: 10, amount_cents: 1000, threshold: 100, threshold_cents: 10_000, condition_text: '满100可用', valid_days: 7, total: 50, remaining: 10, received: false };

/** Each field of a good value, perturbed now and then. */
const around = <T extends Record<string, unknown>>(good: T, fields: Partial<Record<keyof T, fc.Arbitrary<unknown>>>) =>
  fc.record(Object.fromEntries(Object.keys(good).map((key) => [key, fields[key as keyof T] ? fc.oneof({ arbitrary: fc.constant(good[key]), weight: 2 }, { arbitrary: fields[key as keyof T]!, weight: 1 }) : fc.constant(good[key])])));
const n = fc.oneof(fc.integer({ min: -2, max: 200 }), fc.double(), fc.constant('3'), fc.constant(null));

describe('the game\'s packs and coupons as the client decodes them (property)', () => {
  it('getGiftList: anything in, never throws; packs out have an id, counts from 0 and a code that is null or not empty', () => {
    const packLike = around(PACK, { gift_id: n, vip_level: n, total: n, remaining: n, code: fc.option(fc.string({ maxLength: 8 })), valid_until: fc.oneof(fc.constant('soon'), fc.constant(PACK.valid_until)), expired: fc.anything() });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(packLike, fc.anything()), { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: GiftPack[] }>(getGiftList, pageOf(list));
        if (!Array.isArray(list)) return void expect(outcome).toMatchObject(BAD);
        if (outcome.kind !== 'ok') throw new Error('a list is a page');
        expect(outcome.data.list.length).toBeLessThanOrEqual(list.length);
        for (const pack of outcome.data.list) {
          expect(pack.gift_id).toBeGreaterThan(0);
          for (const count of [pack.vip_level, pack.total, pack.remaining]) expect(Number.isSafeInteger(count) && count >= 0).toBe(true);
          expect(pack.code === null || pack.code !== '').toBe(true);
          expect(typeof pack.expired).toBe('boolean');
        }
      }),
      { numRuns: 1000 },
    );
    const packs = decode<{ list: GiftPack[] }>(getGiftList, pageOf([PACK, { ...PACK, gift_id: 0 }, { ...PACK, gift_id: 2, code: '' }, { ...PACK, gift_id: 3, claimed: true, code: 'OLD-CODE' }]));
    expect(packs.kind === 'ok' && packs.data.list.map((pack) => pack.gift_id)).toEqual([1, 3]);
    expect(decode(getGiftList, { list: [PACK] })).toMatchObject(BAD);
  });

  it('getCouponList: anything in, never throws; coupons out have an id and counts from 0; bad ones dropped', () => {
    const couponLike = around(COUPON, { coupon_id: n, valid_days: n, total: n, remaining: n, type: fc.constantFrom('normal', 'bt', 'vip'), received: fc.anything(), amount: fc.anything() });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(couponLike, fc.anything()), { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: GameCoupon[] }>(getCouponList, pageOf(list));
        if (!Array.isArray(list)) return void expect(outcome).toMatchObject(BAD);
        if (outcome.kind !== 'ok') throw new Error('a list is a page');
        for (const coupon of outcome.data.list) {
          expect(coupon.coupon_id).toBeGreaterThan(0);
          for (const count of [coupon.valid_days, coupon.total, coupon.remaining]) expect(Number.isSafeInteger(count) && count >= 0).toBe(true);
          expect(['normal', 'bt']).toContain(coupon.type);
          expect(typeof coupon.received).toBe('boolean');
        }
      }),
      { numRuns: 1000 },
    );
    const coupons = decode<{ list: GameCoupon[] }>(getCouponList, pageOf([COUPON, { ...COUPON, coupon_id: 0 }, { ...COUPON, coupon_id: 2, remaining: -1 }, { ...COUPON, coupon_id: 3 }]));
    expect(coupons.kind === 'ok' && coupons.data.list.map((coupon) => coupon.coupon_id)).toEqual([1, 3]);
  });
});
