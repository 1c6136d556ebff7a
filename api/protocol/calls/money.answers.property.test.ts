import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { getHotCard, type CardOnSale } from './card.ts';
import { myCouponList, type MyCoupon } from './coupon.ts';
import { businessRule } from './trade.ts';
import { getMyOrders, type OrderView } from './order.ts';
import { getAutoSendList, getCardDetail, getCouponActivity, getInMoney, getMoney, getMoneyText, getMyCards, isSubVip, type BenefitGrant, type CardDetail, type MoneyRecord, type MyCard } from './wallet.ts';

/** The money answers (wallet, records, orders, coupons, cards, level coupons, texts, VIP) as the client decodes them. */

const T = '2026-06-01T02:03:04.000Z';
const ORDER = { order_number: 'LW202606010001', kind: 'game', subject: '仙剑奇缘 30元充值', status: 'created', status_text: '待支付', amount_cents: 3000, coupon_cents: 500, pay_cents: 2500, bonus_cents: 0, pay_method: 'provider', pay_url: '/sandbox/pay/x', game_id: 1, platform_game_id: 2, game_name: '仙剑奇缘', server_name: '1服', role_name: '逍遥', card_id: null, coupon_name: '满30减5', created_at: T, expires_at: T, paid_at: null, delivered_at: null, closed_at: null, fail_reason: null };
const BENEFITS = { instant_coupons: [{ coupon_id: 1, name: '满100减20', amount_cents: 2000, count: 2 }], daily: { kind: 'coins', amount_cents: 1000, auto: false }, topup_bonus_pct: 5 };
const CARD = { id: 3, type: 'hot', name: '648省钱卡', subtitle: '每日领乐玩币', price_cents: 64800, original_price_cents: 99800, days: 30, contents: ['每日 10 乐玩币'], sold_count: 12, image: '/art/card.png', benefits: BENEFITS, owned: { purchase_id: 9, ends_at: T } };
const ON_SALE = { id: 1, type: 'hot', name: '648省钱卡', subtitle: '', price: 30, price_cents: 3000, original_price: 30, original_price_cents: 3000, days: 30, contents: [], sold_count: 0, image: '' };
const MY_CARD = { purchase_id: 9, card_id: 3, name: '648省钱卡', starts_at: T, ends_at: T, active: true, benefits: BENEFITS, today: { kind: 'coins', auto: false, granted: false } };
const GRANT = { id: 4, card_name: '648省钱卡', day: '2026-06-01', kind: 'coins', amount_cents: 1000, coupon_name: null, auto: true, created_at: T };
const RECORD = { id: 1, account: 'coins', amount_cents: -600, kind: 'spend', title: '游戏充值', order_number: null, created_at: T };
const COUPON = { id: 5, coupon_id: 2, name: '满30减5', type: 'normal', source: 'card', game_id: null, game_name: '全平台通用', amount: 5, amount_cents: 500, threshold: 30, threshold_cents: 3000, condition_text: '满30可用', received_at: T, expires_at: T, used_at: null, status: 1, status_text: '可使用' };
const LEVEL = { level: 2, total_paid_cents: 10_000, next_level_cents: 50_000, coupons: [{ level: 1, coupon_id: 3, name: 'VIP1 券', amount_cents: 500, threshold_cents: 3000, claimed: false, can_claim: true }] };

/** What the client makes of a success answer with this data (request() given the declaration). */
const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const pageOf = (list: unknown) => ({ list, total: 9, page: 1, limit: 20 });
const listOf = <T>(outcome: ApiOutcome<{ list: T[] }>): T[] | false => outcome.kind === 'ok' && outcome.data.list;
const BAD = { kind: 'error', reason: 'badResponse' };

/** Values a hostile or broken server could send in place of a field. */
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 1e300, '', '1', [], {}, T, 'x'.repeat(2000), 'javascript:alert(1)'));
const maybe = <V>(good: V) => fc.oneof(fc.constant(good), junk);

describe('the money answers as the client decodes them', () => {
  it('keep well-formed answers', () => {
    expect(listOf(decode<{ list: OrderView[] }>(getMyOrders, pageOf([ORDER])))).toEqual([ORDER]);
    expect(listOf(decode<{ list: MoneyRecord[] }>(getInMoney, pageOf([RECORD])))).toEqual([RECORD]);
    expect(decode<CardDetail>(getCardDetail, CARD)).toMatchObject({ kind: 'ok', data: CARD });
    expect(decode(getMoney, { wallet_cents: 0, coins_cents: 1200 })).toMatchObject({ kind: 'ok', data: { wallet_cents: 0, coins_cents: 1200 } });
    expect(decode(isSubVip, { is_vip: 1, cards: [{ card_id: 3, name: '648省钱卡', ends_at: T }] })).toMatchObject({ kind: 'ok', data: { is_vip: 1 } });
    expect(listOf(decode<{ list: CardOnSale[] }>(getHotCard, pageOf([ON_SALE])))).toEqual([ON_SALE]);
    expect(listOf(decode<{ list: MyCard[] }>(getMyCards, { list: [MY_CARD] }))).toEqual([MY_CARD]);
    expect(listOf(decode<{ list: BenefitGrant[] }>(getAutoSendList, pageOf([GRANT])))).toEqual([GRANT]);
    expect(listOf(decode<{ list: MyCoupon[] }>(myCouponList, pageOf([COUPON])))).toEqual([COUPON]);
    expect(decode(getCouponActivity, LEVEL)).toMatchObject({ kind: 'ok', data: LEVEL });
    expect(decode(getMoneyText, { title: '充值指南', content: '<p>x</p>', updated_at: T })).toMatchObject({ kind: 'ok' });
  });

  it('drop malformed items and answer the error state for malformed wholes', () => {
    expect(listOf(decode(getMyOrders, pageOf([ORDER, { ...ORDER, status: 'weird' }, { ...ORDER, order_number: '' }, null, { ...ORDER, pay_cents: -1 }])))).toHaveLength(1);
    expect(listOf(decode(getInMoney, pageOf([{ ...RECORD, account: 'bank' }, { ...RECORD, amount_cents: 1.5 }, { ...RECORD, id: 0 }, { ...RECORD, created_at: 'x' }])))).toEqual([]);
    expect(listOf(decode(getHotCard, pageOf([ON_SALE, { ...ON_SALE, image: 'javascript:x' }, { ...ON_SALE, name: ' ' }, { ...ON_SALE, price_cents: -1 }, { id: 2 }])))).toEqual([ON_SALE]);
    expect(listOf(decode(myCouponList, pageOf([COUPON, { ...COUPON, status: 4 }, { ...COUPON, id: 0 }])))).toEqual([COUPON]);
    expect(listOf(decode(getMyCards, { list: [MY_CARD, { ...MY_CARD, purchase_id: 0 }, { ...MY_CARD, today: { kind: 'x', auto: false, granted: false } }] }))).toEqual([MY_CARD]);
    expect(decode<{ coupons: unknown[] }>(getCouponActivity, { ...LEVEL, coupons: [...LEVEL.coupons, { ...LEVEL.coupons[0], level: 0 }] })).toMatchObject({ kind: 'ok', data: { coupons: LEVEL.coupons } });
    for (const [spec, bad] of [
      [getCardDetail, { id: 'x' }],
      [getCardDetail, { ...CARD, image: 'javascript:alert(1)' }],
      [getCardDetail, { ...CARD, benefits: { ...BENEFITS, topup_bonus_pct: 101 } }],
      [getMoney, { wallet_cents: '1', coins_cents: 0 }],
      [getCouponActivity, { level: 1 }],
      [getMoneyText, { title: 'x' }],
      [getMoneyText, { title: 'x', content: '', updated_at: 'soon' }],
      [businessRule, { title: 'x', content: '', updated_at: 'soon' }],
      [isSubVip, { is_vip: true, cards: [] }],
      [getMyOrders, pageOf(null)],
    ] as const) {
      expect(decode(spec, bad)).toMatchObject(BAD);
    }
  });

  it('property: anything in, never throws; what passes is whole amounts, ids from 1 and instants', () => {
    const rowLike = fc.record({ ...Object.fromEntries(Object.entries({ ...ORDER, ...RECORD, ...COUPON, ...GRANT, ...MY_CARD, ...ON_SALE }).map(([key, value]) => [key, maybe(value)])) }, { requiredKeys: [] });
    const lists = [getMyOrders, getInMoney, myCouponList, getAutoSendList, getHotCard];
    fc.assert(
      fc.property(fc.array(fc.oneof(junk, rowLike), { maxLength: 5 }), (list) => {
        for (const spec of lists) {
          const outcome = decode<{ list: Record<string, unknown>[] }>(spec, pageOf(list));
          expect(outcome.kind).toBe('ok');
          if (outcome.kind !== 'ok') continue;
          for (const item of outcome.data.list) {
            for (const [key, value] of Object.entries(item)) {
              if (typeof value === 'number' && key !== 'amount' && key !== 'threshold' && key !== 'price' && key !== 'original_price') expect(Number.isSafeInteger(value)).toBe(true);
              if (key.endsWith('_cents') && key !== 'amount_cents') expect(value as number).toBeGreaterThanOrEqual(0);
              if (key.endsWith('_at') && value !== null) expect(Number.isNaN(Date.parse(String(value)))).toBe(false);
            }
            if ('id' in item) expect(item.id as number).toBeGreaterThan(0);
          }
        }
        const cards = decode<{ list: MyCard[] }>(getMyCards, { list });
        if (cards.kind === 'ok') for (const card of cards.data.list) expect(card.purchase_id).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
    const cardLike = fc.record({ ...Object.fromEntries(Object.entries(CARD).map(([key, value]) => [key, maybe(value)])), id: fc.integer({ min: 1, max: 1000 }) });
    fc.assert(
      fc.property(fc.oneof(junk, cardLike), (raw) => {
        const outcome = decode<CardDetail>(getCardDetail, raw);
        if (outcome.kind !== 'ok') return;
        const detail = outcome.data;
        expect(detail.id > 0 && detail.price_cents >= 0 && Array.isArray(detail.contents)).toBe(true);
        expect(detail.image === '' || (detail.image.startsWith('/') && !detail.image.startsWith('//')) || /^https?:/.test(detail.image)).toBe(true);
        expect(detail.benefits.topup_bonus_pct).toBeLessThanOrEqual(100);
        expect(detail.owned === null || (detail.owned.purchase_id > 0 && !Number.isNaN(Date.parse(detail.owned.ends_at)))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(junk, (raw) => {
        for (const spec of [getCouponActivity, getMoneyText, getMoney, isSubVip]) {
          const outcome = decode(spec, raw);
          if (outcome.kind !== 'ok') expect(outcome).toMatchObject(BAD);
        }
      }),
    );
  });
});
