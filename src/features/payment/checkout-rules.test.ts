import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../../../api/protocol/money.ts';
import { resultText } from './result-text.ts';
import { bonusCents } from './first-recharge.ts';
import { couponIdToUse, needsRealName, payMethodsFor, paySummary } from './checkout-rules.ts';

describe('/rechargepay rules', () => {
  it('the chosen coupon when usable, none when 不使用, else the best', () => {
    const coupons = { best_id: 2, usable: [{ id: 1 }, { id: 2 }] };
    expect(couponIdToUse(undefined, coupons)).toBe(2);
    expect(couponIdToUse(1, coupons)).toBe(1);
    expect(couponIdToUse(null, coupons)).toBeNull();
    expect(couponIdToUse(9, coupons)).toBe(2);
    expect(couponIdToUse(undefined, { best_id: null, usable: [] })).toBeNull();
  });

  it('实付 = 原价 − 优惠, never below zero; amounts stay integer fen', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.option(fc.record({ amount_cents: fc.nat(1_000_000) }), { nil: null }), (original, coupon) => {
        const summary = paySummary(original, coupon);
        expect(summary.payCents).toBeGreaterThanOrEqual(0);
        expect(summary.payCents + summary.discountCents).toBe(original);
        expect(Number.isInteger(summary.payCents)).toBe(true);
      }),
    );
  });

  it('乐玩币 cannot buy 乐玩币; the real-name refusal offers 去实名认证', () => {
    expect(payMethodsFor('coins')).toEqual(['provider', 'wallet']);
    expect(payMethodsFor('game')).toEqual(['provider', 'coins', 'wallet']);
    expect(needsRealName('根据国家相关规定，充值前请先完成实名认证')).toBe(true);
    expect(needsRealName('根据国家防沉迷规定，8周岁以上未满16周岁的用户单次充值不能超过50元')).toBe(false);
  });

  it('first-recharge bonus: pct of the amount, capped, whole fen', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100_000), fc.nat(1_000_000), (pct, max, amount) => {
        const bonus = bonusCents({ bonus_pct: pct, max_bonus_cents: max }, amount);
        expect(Number.isInteger(bonus) && bonus >= 0 && bonus <= max).toBe(true);
      }),
    );
    expect(bonusCents({ bonus_pct: 10, max_bonus_cents: 3000 }, 3000)).toBe(300);
    expect(bonusCents({ bonus_pct: 10, max_bonus_cents: 3000 }, 64_800)).toBe(3000);
  });

  it('result words: 已到账 for a delivered game order, 已取消 for a cancelled one, the refund reason', () => {
    const order = { kind: 'game', status: 'delivered', game_name: '仙剑', server_name: '一服', role_name: '阿青', amount_cents: 3000, bonus_cents: 0, subject: 's', fail_reason: null } as OrderView;
    expect(resultText('paid', order, null)).toMatchObject({ title: '已到账', detail: '仙剑 · 一服 · 阿青 已到账 ¥30.00', final: true });
    expect(resultText('failed', { ...order, status: 'failed', fail_reason: MONEY_MSG.cancelled }, null).title).toBe('已取消');
    expect(resultText('failed', null, MONEY_MSG.orderMissing)).toMatchObject({ title: '支付失败', detail: MONEY_MSG.orderMissing });
    expect(resultText('refunded', { ...order, status: 'refunded', fail_reason: null }, null).detail).toBe(MONEY_MSG.deliveryFailed);
    expect(resultText('expired', null, null).title).toBe('已过期');
    expect(resultText('delivering', order, null).final).toBe(false);
  });
});
