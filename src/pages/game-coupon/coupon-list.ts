/** getCouponList's items, decoded (docs/catalog.md). */
export interface GameCoupon {
  coupon_id: number;
  name: string;
  type: string;
  amount: string;
  condition_text: string;
  valid_days: number;
  total: number;
  remaining: number;
  received: boolean;
}

type Raw = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 500) : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const int = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

export function decodeCoupons(value: unknown): GameCoupon[] {
  const list = typeof value === 'object' && value !== null ? (value as Raw).list : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const raw = entry as Raw;
    const couponId = int(raw.coupon_id);
    if (couponId === 0) return [];
    return [
      {
        coupon_id: couponId,
        name: str(raw.name),
        type: str(raw.type),
        amount: str(raw.amount),
        condition_text: str(raw.condition_text),
        valid_days: int(raw.valid_days),
        total: int(raw.total),
        remaining: int(raw.remaining),
        received: raw.received === true,
      },
    ];
  });
}

/** The one-key BT claim is done when every BT coupon is received, and sold out when none is left to take. */
export function btClaimState(coupons: readonly GameCoupon[]): { claimed: boolean; soldOut: boolean } {
  const open = coupons.filter((coupon) => !coupon.received);
  return { claimed: coupons.length > 0 && open.length === 0, soldOut: open.length > 0 && open.every((coupon) => coupon.remaining === 0) };
}
