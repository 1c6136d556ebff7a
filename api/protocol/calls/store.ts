import * as v from 'valibot';
import { answer, count, defineCall, field, id, instant, lenientList, PAGE_FIELDS, page, positive, textOf, url } from '../call-spec.ts';
import { REQUEST_ID_PATTERN, STORE_MSG, StoreItemKindWire, StoreItemState, type StoreRefusal } from '../store.ts';

/**
 * 积分商城: /coinstore lists the items (getStoreItems) and redeems one
 * (redeemStoreItem, idempotent by request_id); /sealrecord lists the player's redemptions
 * (getRedeemRecords). The rules: api/protocol/store.ts and server/rewards/store.ts.
 */

export const StoreItemView = v.pipe(
  v.object({
    id: positive,
    kind: StoreItemKindWire,
    title: v.string(),
    image: url,
    description: v.string(),
    points_price: positive,
    stock: count,
    /** null: no limit. */
    per_user_limit: v.nullable(positive),
    valid_from: v.nullable(instant),
    valid_to: v.nullable(instant),
    /** The signed-in player's redemptions of it (0 signed out). */
    redeemed: count,
    state: StoreItemState,
    /** What one redemption gives: the coupon's terms, the 乐玩币 (fen), or the gift pack's game. */
    coupon: v.nullable(v.object({
      coupon_id: count,
      name: v.string(),
      amount_cents: count,
      threshold_cents: count,
      valid_days: count,
    })),
    coins_cents: v.nullable(positive),
    gift: v.nullable(v.object({
      pack_id: count,
      name: v.string(),
      game_name: v.string(),
    })),
  }),
  // What a redemption gives belongs to its kind: the sheet shows the one that matches.
  v.check((item) => (item.kind === 'coupon' || item.coupon === null) && (item.kind === 'coins' || item.coins_cents === null) && (item.kind === 'gift_code' || item.gift === null), 'What the item gives does not match its kind'),
);
export type StoreItemView = v.InferOutput<typeof StoreItemView>;

const ITEM_DOC = '{ id, kind "coupon" | "coins" | "gift_code", title, image, description, points_price, stock, per_user_limit, valid_from, valid_to, redeemed, state, coupon, coins_cents, gift }';

export const getStoreItems = defineCall({
  path: '/api/store/getStoreItems',
  auth: 'optional',
  summary: '积分商城的商品（上架的，可兑换的在前）；登录时带积分余额与每件的已兑换次数',
  fields: {},
  answer: answer(v.object({
    points: v.nullable(count),
    list: lenientList(StoreItemView),
  }), `{ points（未登录 null）, list: [${ITEM_DOC}] }`),
});

export const getStoreItem = defineCall({
  path: '/api/store/getStoreItem',
  auth: 'optional',
  summary: '积分商城的一件商品',
  fields: { item_id: id(STORE_MSG.missing) },
  answer: answer(v.object({
    points: v.nullable(count),
    item: StoreItemView,
  }), `{ points, item: ${ITEM_DOC} }；${STORE_MSG.missing} 时 code -1`),
});

export const RedeemRecord = v.object({
  id: positive,
  item_id: count,
  kind: StoreItemKindWire,
  title: v.string(),
  points_paid: count,
  /** The coupon delivered (kind coupon). */
  coupon: v.nullable(v.object({
    user_coupon_id: positive,
    name: v.string(),
    amount_cents: count,
    threshold_cents: count,
    expires_at: instant,
  })),
  /** The gift code delivered (kind gift_code). */
  gift_code: v.nullable(v.pipe(v.string(), v.minLength(1))),
  /** The 乐玩币 delivered, fen (kind coins). */
  coins_cents: v.nullable(positive),
  created_at: instant,
});
export type RedeemRecord = v.InferOutput<typeof RedeemRecord>;

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
  answer: answer(v.object({
    record: RedeemRecord,
    points: count,
  }),
    `{ record: ${RECORD_DOC}, points（兑换后的积分余额） }；msg ${STORE_MSG.redeemed}；${Object.values(STORE_MSG).slice(1).join('、')} 时 code -1，data { reason }`,
  ),
});

export type RedeemRefusalData = { reason: StoreRefusal };

export const getRedeemRecords = defineCall({
  path: '/api/store/getRedeemRecords',
  auth: 'required',
  summary: '我的兑换记录，最新在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(RedeemRecord), `分页：list: [${RECORD_DOC}]`),
});
