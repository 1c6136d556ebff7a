import type { GameCoupon } from '../../../api/protocol/calls/game.ts';

export type { GameCoupon };

/** The one-key BT claim is done when every BT coupon is received, and sold out when none is left to take. */
export function btClaimState(coupons: readonly GameCoupon[]): { claimed: boolean; soldOut: boolean } {
  const open = coupons.filter((coupon) => !coupon.received);
  return { claimed: coupons.length > 0 && open.length === 0, soldOut: open.length > 0 && open.every((coupon) => coupon.remaining === 0) };
}
