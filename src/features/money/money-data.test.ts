import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatYuan } from '../../../api/protocol/money.ts';
import {
  benefitLines,
  cardIdOf,
  decodeBalances,
  decodeCardDetail,
  decodeCardList,
  decodeGrants,
  decodeLevelActivity,
  decodeMoneyText,
  decodeMyCards,
  decodeMyCoupons,
  decodeOrders,
  decodeVip,
  decodeWalletRecords,
  formatShortTime,
  isPayable,
  signedYuan,
} from './money-data.ts';

const T = '2026-06-01T02:03:04.000Z';
const order = { order_number: 'LW202606010001', kind: 'game', subject: '仙剑奇缘 30元充值', status: 'created', status_text: '待支付', amount_cents: 3000, coupon_cents: 500, pay_cents: 2500, bonus_cents: 0, pay_method: 'provider', pay_url: '/sandbox/pay/x', coupon_name: '满30减5', game_name: '仙剑奇缘', server_name: '1服', role_name: '逍遥', created_at: T };
const card = {
  id: 3,
  type: 'hot',
  name: '648省钱卡',
  subtitle: '每日领乐玩币',
  price_cents: 64800,
  original_price_cents: 99800,
  days: 30,
  contents: ['每日 10 乐玩币', 7],
  sold_count: 12,
  image: 'javascript:alert(1)',
  benefits: { instant_coupons: [{ coupon_id: 1, name: '满100减20', amount_cents: 2000, count: 2 }], daily: { kind: 'coins', amount_cents: 1000, auto: false }, topup_bonus_pct: 5 },
  owned: { purchase_id: 9, ends_at: T },
};

/** Values a hostile or broken server could send in place of a field. */
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 1e300, '', '1', [], {}, T, 'x'.repeat(2000)));

describe('money decoders', () => {
  it('keep well-formed answers', () => {
    expect(decodeOrders([order])[0]).toMatchObject({ id: 'LW202606010001', kind: 'game', status: 'created', pay_cents: 2500 });
    expect(decodeWalletRecords([{ id: 1, account: 'coins', amount_cents: -600, kind: 'spend', title: '游戏充值', order_number: null, created_at: T }])).toEqual([
      { id: 1, account: 'coins', amount_cents: -600, title: '游戏充值', order_number: '', created_at: T },
    ]);
    const detail = decodeCardDetail(card)!;
    expect(detail).toMatchObject({ id: 3, price_cents: 64800, contents: ['每日 10 乐玩币', '7'], image: '', owned: { purchase_id: 9, ends_at: T } });
    expect(benefitLines(detail.benefits)).toEqual([
      { label: '开卡礼包（共¥40.00）', values: ['满100减20 ×2'] },
      { label: '每日领取', values: ['10.00乐玩币'] },
      { label: '乐玩币充值加赠', values: ['5%'] },
    ]);
    expect(decodeBalances({ wallet_cents: 0, coins_cents: 1200 })).toEqual({ wallet_cents: 0, coins_cents: 1200 });
    expect(decodeVip({ is_vip: 1, cards: [{ card_id: 3, name: '648省钱卡', ends_at: T }] }).is_vip).toBe(true);
  });

  it('drop malformed items and answer null for malformed wholes', () => {
    expect(decodeOrders([order, { ...order, status: 'weird' }, { ...order, order_number: '' }, null])).toHaveLength(1);
    expect(decodeWalletRecords([{ id: 1, account: 'bank', amount_cents: 1 }, { id: 2, account: 'wallet', amount_cents: 1.5 }])).toEqual([]);
    expect(decodeCardDetail({ id: 'x' })).toBeNull();
    expect(decodeBalances({ wallet_cents: '1', coins_cents: 0 })).toBeNull();
    expect(decodeLevelActivity({ level: 1 })).toBeNull();
    expect(decodeMoneyText({ title: 'x' })).toBeNull();
    expect(decodeMyCoupons([{ id: 1, status: 4 }])).toEqual([]);
  });

  it('a provider order is payable while created or paying; coins/wallet orders and closed ones are not', () => {
    expect(isPayable({ status: 'created', pay_method: 'provider' })).toBe(true);
    expect(isPayable({ status: 'paying', pay_method: 'provider' })).toBe(true);
    expect(isPayable({ status: 'paid', pay_method: 'provider' })).toBe(false);
    expect(isPayable({ status: 'created', pay_method: 'coins' })).toBe(false);
  });

  it('formats China time and signed amounts', () => {
    expect(formatShortTime(T)).toBe('2026-06-01 10:03');
    expect(formatShortTime('')).toBe('');
    expect(signedYuan(600, formatYuan)).toBe('+6.00');
    expect(signedYuan(-600, formatYuan)).toBe('-6.00');
  });

  it('property: every decoder takes anything without throwing, and what it keeps is well-typed', () => {
    const decoders = [decodeOrders, decodeWalletRecords, decodeMyCoupons, decodeGrants, (v: unknown) => decodeCardList({ list: v }), (v: unknown) => decodeMyCards({ list: v })];
    fc.assert(
      fc.property(fc.array(fc.oneof(junk, fc.record({ id: junk, order_number: junk, purchase_id: junk, kind: junk, status: junk, account: junk, amount_cents: junk, created_at: junk, today: junk, benefits: junk }))), (list) => {
        for (const decode of decoders) {
          for (const item of decode(list) as unknown as Record<string, unknown>[]) {
            for (const value of Object.values(item)) if (typeof value === 'number' && !Number.isSafeInteger(value)) return false;
            if ('created_at' in item && item.created_at !== '' && Number.isNaN(Date.parse(String(item.created_at)))) return false;
          }
        }
        return true;
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.oneof(junk, fc.record({ ...Object.fromEntries(Object.keys(card).map((k) => [k, junk])), id: fc.integer({ min: 1, max: 1000 }) })), (raw) => {
        const detail = decodeCardDetail(raw);
        if (detail === null) return true;
        formatYuan(detail.price_cents);
        benefitLines(detail.benefits);
        return detail.id > 0 && detail.price_cents >= 0 && Array.isArray(detail.contents) && (detail.image === '' || detail.image.startsWith('/') || /^https?:/.test(detail.image));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(junk, (raw) => {
        decodeLevelActivity(raw);
        decodeMoneyText(raw);
        decodeBalances(raw);
        decodeVip(raw);
        return true;
      }),
    );
  });

  it('property: route data names a card only by a positive integer id (else 0: the page says 会员卡不存在)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom('id', 'card_id', 'x'), junk)), (data) => {
        const id = cardIdOf(data as never);
        return id === 0 || (Number.isSafeInteger(id) && id > 0);
      }),
      { numRuns: 3000 },
    );
    expect(cardIdOf({ id: 3 })).toBe(3);
    expect(cardIdOf({ id: '3' })).toBe(3);
    expect(cardIdOf({ card_id: 4 })).toBe(4);
    expect(cardIdOf({ id: -3 })).toBe(0);
    expect(cardIdOf({ id: 1.5 })).toBe(0);
    expect(cardIdOf(null)).toBe(0);
  });
});
