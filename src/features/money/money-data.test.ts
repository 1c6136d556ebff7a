import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatYuan } from '../../../api/protocol/money.ts';
import { benefitLines, cardIdOf, formatShortTime, isPayable, signedYuan } from './money-data.ts';

const T = '2026-06-01T02:03:04.000Z';

/** Values a hostile or broken server could send in place of a field. */
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 1e300, '', '1', [], {}, T, 'x'.repeat(2000)));

describe('money page helpers', () => {
  it('a card\'s benefits as labelled lines', () => {
    const benefits = { instant_coupons: [{ coupon_id: 1, name: '满100减20', amount_cents: 2000, count: 2 }], daily: { kind: 'coins' as const, amount_cents: 1000, auto: false }, topup_bonus_pct: 5 };
    expect(benefitLines(benefits)).toEqual([
      { label: '开卡礼包（共¥40.00）', values: ['满100减20 ×2'] },
      { label: '每日领取', values: ['10.00乐玩币'] },
      { label: '乐玩币充值加赠', values: ['5%'] },
    ]);
    expect(benefitLines({ instant_coupons: [], daily: null, topup_bonus_pct: 0 })).toEqual([]);
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
