import { answer, defineCall, field, id, PAGE_FIELDS, textOf } from '../call-spec.ts';
import { REQUEST_ID_PATTERN, STORE_MSG, type StoreItemKindWire, type StoreItemState, type StoreRefusal } from '../store.ts';

/**
 * 积分商城: /coinstore lists the items (getStoreItems) and redeems one
 * (redeemStoreItem, idempotent by request_id); /sealrecord lists the player's redemptions
 * (getRedeemRecords). The rules: api/protocol/store.ts and server/rewards/store.ts.
 */

export interface StoreItemView {
  id: number;
  kind: StoreItemKindWire;
  title: string;
  image: string;
  description: string;
  points_price: number;
  stock: number;
  /** null: no limit. */
  per_user_limit: number | null;
  valid_from: string | null;
  valid_to: string | null;
  /** The signed-in player's redemptions of it (0 signed out). */
  redeemed: number;
  state: StoreItemState;
  /** What one redemption gives: the coupon's terms, the 乐玩币 (fen), or the gift pack's game. */
  coupon: { coupon_id: number; name: string; amount_cents: number; threshold_cents: number; valid_days: number } | null;
  coins_cents: number | null;
  gift: { pack_id: number; name: string; game_name: string } | null;
}

const ITEM_DOC = '{ id, kind "coupon" | "coins" | "gift_code", title, image, description, points_price, stock, per_user_limit, valid_from, valid_to, redeemed, state, coupon, coins_cents, gift }';

export const getStoreItems = defineCall({
  path: '/api/store/getStoreItems',
  auth: 'optional',
  summary: '积分商城的商品（上架的，可兑换的在前）；登录时带积分余额与每件的已兑换次数',
  fields: {},
  answer: answer<{ points: number | null; list: StoreItemView[] }>(`{ points（未登录 null）, list: [${ITEM_DOC}] }`),
});

export const getStoreItem = defineCall({
  path: '/api/store/getStoreItem',
  auth: 'optional',
  summary: '积分商城的一件商品',
  fields: { item_id: id(STORE_MSG.missing) },
  answer: answer<{ points: number | null; item: StoreItemView }>(`{ points, item: ${ITEM_DOC} }；${STORE_MSG.missing} 时 code -1`),
});

export interface RedeemRecord {
  id: number;
  item_id: number;
  kind: StoreItemKindWire;
  title: string;
  points_paid: number;
  /** The coupon delivered (kind coupon). */
  coupon: { user_coupon_id: number; name: string; amount_cents: number; threshold_cents: number; expires_at: string } | null;
  /** The gift code delivered (kind gift_code). */
  gift_code: string | null;
  /** The 乐玩币 delivered, fen (kind coins). */
  coins_cents: number | null;
  created_at: string;
}

const RECORD_DOC = '{ id, item_id, kind, title, points_paid, coupon: { user_coupon_id, name, amount_cents, threshold_cents, expires_at } | null, gift_code, coins_cents, created_at }';

export const redeemStoreItem = defineCall({
  path: '/api/store/redeemStoreItem',
  auth: 'required',
  summary: '用积分兑换一件商品（库存、每人限兑、有效期、积分在一个事务里检查并扣除）；同一 request_id 重试返回第一次的结果',
  fields: {
    item_id: id(STORE_MSG.missing),
    request_id: field<string, string>({ type: 'string', required: true, rule: '8–64 个字母、数字、_ 或 -；同一次兑换的重试用同一个', message: STORE_MSG.requestInvalid }, (value) => {
      const key = textOf(value);
      return REQUEST_ID_PATTERN.test(key) ? { ok: true, value: key } : { ok: false, message: STORE_MSG.requestInvalid };
    }),
  },
  answer: answer<{ record: RedeemRecord; points: number }>(
    `{ record: ${RECORD_DOC}, points（兑换后的积分余额） }；msg ${STORE_MSG.redeemed}；${Object.values(STORE_MSG).slice(1).join('、')} 时 code -1，data { reason }`,
  ),
});

export type RedeemRefusalData = { reason: StoreRefusal };

export const getRedeemRecords = defineCall({
  path: '/api/store/getRedeemRecords',
  auth: 'required',
  summary: '我的兑换记录，最新在前',
  fields: { ...PAGE_FIELDS },
  answer: answer<{ list: RedeemRecord[]; total: number; page: number; limit: number }>(`分页：list: [${RECORD_DOC}]`),
});
