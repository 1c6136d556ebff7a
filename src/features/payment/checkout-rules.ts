import type { CheckoutCoupon } from '../../../api/protocol/calls/order.ts';
import type { TopUpKind, PayMethod } from '../../../api/protocol/money.ts';

/** /rechargepay's rules, apart from the view. */

/**
 * The coupon to use: the player's choice when it is still usable, none when they chose 不使用优惠券
 * (null), else the server's best (nothing chosen yet, or the chosen one is no longer usable).
 */
export function couponIdToUse(chosen: number | null | undefined, coupons: { best_id: number | null; usable: readonly Pick<CheckoutCoupon, 'id'>[] }): number | null {
  if (chosen === null) return null;
  if (chosen !== undefined && coupons.usable.some((coupon) => coupon.id === chosen)) return chosen;
  return coupons.best_id !== null && coupons.usable.some((coupon) => coupon.id === coupons.best_id) ? coupons.best_id : null;
}

/** 乐玩币 cannot buy 乐玩币: a coins order is paid by the provider or from 余额. */
export function payMethodsFor(kind: TopUpKind): PayMethod[] {
  return kind === 'coins' ? ['provider', 'wallet'] : ['provider', 'coins', 'wallet'];
}

/** 原价, 优惠, 实付 in fen; a coupon never takes the price below zero. */
export function paySummary(originalCents: number, coupon: Pick<CheckoutCoupon, 'amount_cents'> | null) {
  const discountCents = coupon ? Math.min(coupon.amount_cents, originalCents) : 0;
  return { originalCents, discountCents, payCents: originalCents - discountCents };
}

/** The minors' rules refuse an unverified account (server/minors.ts payNeedsRealName): the page offers 去实名认证. */
export function needsRealName(message: string): boolean {
  return message.includes('请先完成实名认证');
}
