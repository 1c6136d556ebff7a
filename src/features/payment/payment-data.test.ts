import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import type { PaymentAttempt, PaymentDraft } from '../../../machines/payment.types.ts';
import {
  decodeAttempt,
  decodeCheckoutRequest,
  decodeCouponChoice,
  decodeDraft,
  decodeStoredPayment,
  encodeStoredPayment,
  readCouponChoice,
  readStoredPayment,
  writeCouponChoice,
  writeStoredPayment,
} from './payment-data.ts';
import { decodeCardId, decodeGameTopUpData, decodeLoginRechargeData } from './route-inputs.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const yuanCents = fc.integer({ min: 1, max: 5000 }).map((y) => y * 100);
const id = fc.integer({ min: 1, max: 2 ** 31 });
const label = fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() === s && s !== '');
const drafts: fc.Arbitrary<PaymentDraft> = fc.oneof(
  fc.record({ kind: fc.constant('coins' as const), amount_cents: yuanCents }),
  fc.record(
    { kind: fc.constant('game' as const), amount_cents: yuanCents, role_id: id, platform_game_id: id, game_name: label, server_name: label, role_name: label },
    { requiredKeys: ['kind', 'amount_cents', 'role_id', 'platform_game_id'] },
  ),
  fc.record({ kind: fc.constant('card' as const), card_id: id }),
);
const attempts: fc.Arbitrary<PaymentAttempt> = fc.record({ draft: drafts, user_coupon_id: fc.option(id, { nil: null }), pay_method: fc.constantFrom('provider' as const, 'coins' as const, 'wallet' as const) });
const key = fc.uuid();
const anyJson = fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('kind', 'amount_cents', 'role_id', 'card_id', 'platform_game_id', 'order_number', 'user_coupon_id', 'game_name'), fc.anything()));

describe('checkout data decoders (route data and storage are untrusted)', () => {
  it('a valid draft decodes to itself; anything decodes without throwing to a draft whose every field is valid or to null', () => {
    fc.assert(
      fc.property(drafts, (draft) => {
        expect(decodeDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
      }),
    );
    fc.assert(
      fc.property(anyJson, (value) => {
        const draft = decodeDraft(value);
        if (draft === null) return;
        expect(['coins', 'game', 'card']).toContain(draft.kind);
        if (draft.kind !== 'card') expect(draft.amount_cents! % 100 === 0 && draft.amount_cents! >= 100 && draft.amount_cents! <= 500_000).toBe(true);
        if (draft.kind === 'game') expect(Number.isSafeInteger(draft.role_id) && draft.role_id! > 0).toBe(true);
        if (draft.kind === 'card') expect(Number.isSafeInteger(draft.card_id) && draft.card_id! > 0).toBe(true);
      }),
    );
    expect(decodeDraft({ kind: 'coins', amount_cents: 1250 })).toBeNull();
    expect(decodeDraft({ kind: 'game', amount_cents: 600, role_id: 3 })).toBeNull();
    expect(decodeDraft({ kind: 'coins', amount_cents: '600' })).toEqual({ kind: 'coins', amount_cents: 600 });
  });

  it('/rechargepay data: an order number wins; a coupon id of 0 or null means none, absent means best', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const request = decodeCheckoutRequest(value);
        expect(['draft', 'order', 'invalid']).toContain(request.type);
        if (request.type === 'order') expect(request.orderNumber).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      }),
    );
    expect(decodeCheckoutRequest({ order_number: 'LW1', kind: 'coins', amount_cents: 600 })).toEqual({ type: 'order', orderNumber: 'LW1' });
    expect(decodeCheckoutRequest({ order_number: '<script>' })).toEqual({ type: 'invalid' });
    expect(decodeCheckoutRequest({ kind: 'coins', amount_cents: 600, user_coupon_id: 0 })).toMatchObject({ couponId: null });
    expect(decodeCheckoutRequest({ kind: 'coins', amount_cents: 600 })).toMatchObject({ couponId: undefined });
    expect(decodeCheckoutRequest({ kind: 'coins', amount_cents: 600, user_coupon_id: '7' })).toMatchObject({ couponId: 7 });
  });

  it('the stored attempt round-trips; junk reads as nothing; reading never throws', () => {
    fc.assert(
      fc.property(attempts, key, fc.option(fc.stringMatching(/^[A-Z0-9]{4,20}$/), { nil: null }), (attempt, k, orderNumber) => {
        const storage = memoryStorage();
        writeStoredPayment(storage, { attempt, key: k, orderNumber });
        expect(readStoredPayment(storage)).toEqual({ attempt: decodeAttempt(JSON.parse(JSON.stringify(attempt))), key: k, orderNumber });
        expect(decodeStoredPayment(encodeStoredPayment({ attempt, key: k, orderNumber }))?.key).toBe(k);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), (raw) => {
        const stored = decodeStoredPayment(raw);
        if (stored) expect(stored.key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      }),
    );
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => {} };
    expect(readStoredPayment(broken)).toBeNull();
    expect(() => writeStoredPayment(broken, { attempt: { draft: { kind: 'card', card_id: 1 }, user_coupon_id: null, pay_method: 'provider' }, key: 'k'.repeat(16), orderNumber: null })).not.toThrow();
  });

  it('the coupon chosen on /selectcoupon is read back only for the same draft', () => {
    fc.assert(
      fc.property(drafts, drafts, fc.option(id, { nil: null }), (draft, other, couponId) => {
        const storage = memoryStorage();
        writeCouponChoice(storage, { draft, couponId });
        expect(readCouponChoice(storage, JSON.parse(JSON.stringify(draft)))).toBe(couponId);
        if (JSON.stringify(decodeDraft(other)) !== JSON.stringify(decodeDraft(draft))) expect(readCouponChoice(storage, other)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(() => decodeCouponChoice(raw)).not.toThrow();
      }),
    );
    expect(readCouponChoice(memoryStorage({ [STORAGE_KEYS.paymentCoupon]: '{' }), { kind: 'coins', amount_cents: 600 })).toBeUndefined();
  });

  it('/autorechargehao, /loginrecharge and /cardstrightrecharge data', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const game = decodeGameTopUpData(value);
        if (game) expect(game.platform_game_id).toBeGreaterThan(0);
        const login = decodeLoginRechargeData(value);
        if (login) expect(login.amount_cents % 100).toBe(0);
        const card = decodeCardId(value);
        if (card !== null) expect(Number.isSafeInteger(card) && card > 0).toBe(true);
      }),
    );
    expect(decodeLoginRechargeData({ platform_game_id: 5, amount_cents: 600, role_id: 'x', subject: ' 月卡 ' })).toEqual({ platform_game_id: 5, amount_cents: 600, subject: '月卡' });
    expect(decodeLoginRechargeData({ platform_game_id: 5, amount_cents: 600_100 })).toBeNull();
    expect(decodeGameTopUpData({ platform_game_id: '12', game_name: '仙剑' })).toEqual({ platform_game_id: 12, game_name: '仙剑' });
  });
});
