import * as v from 'valibot';
/**
 * The coin store's shared rules: the words the server answers with, an item's
 * state as both sides compute it, and the shape of a redemption's request id.
 */

export const STORE_MSG = {
  redeemed: '兑换成功',
  pointsShort: '积分不足',
  soldOut: '已兑完',
  notStarted: '兑换未开始',
  ended: '兑换已结束',
  limitReached: '已达兑换上限',
  missing: '商品不存在',
  giftHeld: '你已领取过该礼包',
  requestInvalid: '请求编号无效',
  requestReused: '请求编号已用于其他商品',
} as const;

/** Why a redemption was refused (the answer's data.reason), so a page can offer the way on. */
export const STORE_REFUSALS = ['points', 'sold_out', 'not_started', 'ended', 'limit', 'missing', 'gift_held', 'request'] as const;
export type StoreRefusal = (typeof STORE_REFUSALS)[number];

export const STORE_REFUSAL_MSG: Record<StoreRefusal, string> = {
  points: STORE_MSG.pointsShort,
  sold_out: STORE_MSG.soldOut,
  not_started: STORE_MSG.notStarted,
  ended: STORE_MSG.ended,
  limit: STORE_MSG.limitReached,
  missing: STORE_MSG.missing,
  gift_held: STORE_MSG.giftHeld,
  request: STORE_MSG.requestReused,
};

export const STORE_ITEM_KINDS = ['coupon', 'coins', 'gift_code'] as const;
export const StoreItemKindWire = v.picklist(STORE_ITEM_KINDS);
export type StoreItemKindWire = v.InferOutput<typeof StoreItemKindWire>;

/** What the grid shows on an item: 立即兑换, or why not. */
export const StoreItemState = v.picklist(['available', 'sold_out', 'not_started', 'ended', 'limit_reached']);
export type StoreItemState = v.InferOutput<typeof StoreItemState>;

export const STORE_STATE_TEXT: Record<StoreItemState, string> = {
  available: '立即兑换',
  sold_out: '已兑完',
  not_started: '未开始',
  ended: '已结束',
  limit_reached: '已达上限',
};

export interface StoreItemTerms {
  stock: number;
  per_user_limit: number | null;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
}

/**
 * An item's state at `now` for a player who redeemed it `redeemed` times (0 signed out). Order:
 * the validity window first (an ended item is 已结束 even when sold out), then stock, then the limit.
 * valid_from is inclusive, valid_to exclusive.
 */
export function storeItemState(item: StoreItemTerms, redeemed: number, now: Date | number): StoreItemState {
  const at = typeof now === 'number' ? now : now.getTime();
  if (item.valid_to !== null && new Date(item.valid_to).getTime() <= at) return 'ended';
  if (item.valid_from !== null && new Date(item.valid_from).getTime() > at) return 'not_started';
  if (item.stock <= 0) return 'sold_out';
  if (item.per_user_limit !== null && redeemed >= item.per_user_limit) return 'limit_reached';
  return 'available';
}

/** A request id: 8–64 letters, digits, '-' or '_' (a UUID fits). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}
