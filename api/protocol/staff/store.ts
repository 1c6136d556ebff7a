import * as v from 'valibot';
import { choice, count, field, id, instant, isAbsent, optionalChoice, optionalId, page, PAGE_FIELDS, positive, textOf, type Field } from '../call-spec.ts';
import { StoreItemKindWire, STORE_ITEM_KINDS } from '../store.ts';
import {
  isStoreImage,
  STORE_ADMIN_MSG,
  STORE_ADMIN_STATUSES,
  STORE_COINS_MAX_CENTS,
  STORE_DESCRIPTION_MAX,
  STORE_IMAGE_MAX,
  STORE_LIMIT_MAX,
  STORE_PRICE_MAX,
  STORE_ROLES,
  STORE_SORT_MAX,
  STORE_TITLE_MAX,
  STORE_TOTAL_MAX,
} from '../store-admin.ts';
import { flag } from './content-fields.ts';
import { boundedInt } from './coupons.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 积分商城 (docs/staff-console.md): an operator lists the store's items with their stock and
 * redemptions, creates and edits one (what it gives, its price in points, 总库存, 每人限兑, the
 * redemption window, sort, on or off the shelf) and puts one on or off the shelf. Every write is
 * audited. Roles: STORE_ROLES (admin always).
 */

export const StaffStoreItem = v.object({
  id: positive,
  kind: StoreItemKindWire,
  title: v.string(),
  image: v.string(),
  description: v.string(),
  points_price: positive,
  /** Everything the item may hand out: redeemed + stock. */
  total: count,
  /** Left to redeem. */
  stock: count,
  redeemed: count,
  /** null: no limit. */
  per_user_limit: v.nullable(positive),
  valid_from: v.nullable(instant),
  valid_to: v.nullable(instant),
  sort: count,
  active: v.boolean(),
  coupon: v.nullable(v.object({ id: positive, name: v.string() })),
  coins_cents: v.nullable(positive),
  gift_pack: v.nullable(v.object({ id: positive, name: v.string() })),
  created_at: instant,
});
export type StaffStoreItem = v.InferOutput<typeof StaffStoreItem>;

const ITEM_DOC =
  '{ id, kind, title, image, description, points_price, total, stock, redeemed, per_user_limit | null, valid_from | null, valid_to | null, sort, active, coupon: { id, name } | null, coins_cents | null, gift_pack: { id, name } | null, created_at }';

function intField(rule: string, min: number, max: number, message: string): Field<number | string, number> {
  return field<number | string, number>({ type: 'int', required: true, rule, message }, (value) => {
    const n = boundedInt(value, min, max);
    return n === null ? { ok: false, message } : { ok: true, value: n };
  });
}

/** One line of text, spaces folded, at most `max` characters; '' refused when `required`. */
export function decodeStoreText(value: unknown, max: number, required: boolean): string | null {
  const t = textOf(value).replace(/\s+/g, ' ');
  if (required && t === '') return null;
  return [...t].length > max ? null : t;
}

function title(): Field<string, string> {
  return field<string, string>({ type: 'string', required: true, rule: `1–${STORE_TITLE_MAX} 个字`, message: [STORE_ADMIN_MSG.titleRequired, STORE_ADMIN_MSG.titleLong] }, (value) => {
    const t = decodeStoreText(value, STORE_TITLE_MAX, true);
    if (t === null) return { ok: false, message: textOf(value) === '' ? STORE_ADMIN_MSG.titleRequired : STORE_ADMIN_MSG.titleLong };
    return { ok: true, value: t };
  });
}

function description(): Field<string | undefined, string> {
  return field<string | undefined, string>({ type: 'string', required: false, rule: `至多 ${STORE_DESCRIPTION_MAX} 个字`, message: STORE_ADMIN_MSG.descriptionLong }, (value) => {
    const t = decodeStoreText(value, STORE_DESCRIPTION_MAX, false);
    return t === null ? { ok: false, message: STORE_ADMIN_MSG.descriptionLong } : { ok: true, value: t };
  });
}

function image(): Field<string | undefined, string> {
  return field<string | undefined, string>({ type: 'string', required: false, rule: `不带：按类型显示图标；http(s) 地址或站内路径，至多 ${STORE_IMAGE_MAX} 个字符`, message: STORE_ADMIN_MSG.image }, (value) => {
    const t = textOf(value);
    return isStoreImage(t) ? { ok: true, value: t } : { ok: false, message: STORE_ADMIN_MSG.image };
  });
}

/** A redemption window's end: absent or '' → none; an ISO instant → that moment. */
export function decodeStoreTime(value: unknown): { ok: true; value: Date | null } | { ok: false } {
  if (isAbsent(value)) return { ok: true, value: null };
  const t = textOf(value);
  // Only ISO-like text: Date.parse takes many shapes that mean different moments in different places.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) return { ok: false };
  const at = new Date(t);
  return Number.isNaN(at.getTime()) ? { ok: false } : { ok: true, value: at };
}

function time(rule: string): Field<string | null | undefined, Date | null> {
  return field<string | null | undefined, Date | null>({ type: 'instant', required: false, rule, message: STORE_ADMIN_MSG.time }, (value) => {
    const at = decodeStoreTime(value);
    return at.ok ? { ok: true, value: at.value } : { ok: false, message: STORE_ADMIN_MSG.time };
  });
}

/** What a kind's goods need: absent is undefined, the handler checks it against the kind. */
function goodsId(rule: string, message: string): Field<number | string | null | undefined, number | undefined> {
  return field<number | string | null | undefined, number | undefined>({ type: 'id', required: false, rule, message }, (value) => {
    if (isAbsent(value)) return { ok: true, value: undefined };
    const n = boundedInt(value, 1, 2_147_483_647);
    return n === null ? { ok: false, message } : { ok: true, value: n };
  });
}

export const list = defineStaffCall({
  path: '/staff/api/store/list',
  roles: STORE_ROLES,
  summary: '积分商城的商品，按排序与编号：可按上架状态筛选，分页；每件带总库存、剩余库存与已兑换数量',
  fields: { ...PAGE_FIELDS, status: optionalChoice(STORE_ADMIN_STATUSES, STORE_ADMIN_MSG.badStatus) },
  answer: staffAnswer(page(StaffStoreItem), `{ list: [${ITEM_DOC}], total, page, limit }`),
});

export const save = defineStaffCall({
  path: '/staff/api/store/save',
  roles: STORE_ROLES,
  summary:
    '新建（不带 id）或修改（带 id）一件积分商城商品：类型（代金券带 coupon_id，乐玩币带 coins_cents，礼包码带 gift_pack_id 且每人限兑 1）、名称、说明、图片、兑换积分、总库存（不少于已兑换；剩余 = 总库存 − 已兑换，在商品行锁下计算）、每人限兑（0 不限）、兑换时间、排序、是否上架。玩家的积分商城立即可见。写入审计日志 store.create / store.update（前后值）',
  fields: {
    id: optionalId(STORE_ADMIN_MSG.missingItem),
    kind: choice(STORE_ITEM_KINDS, STORE_ADMIN_MSG.badKind),
    title: title(),
    description: description(),
    image: image(),
    points_price: intField(`1–${STORE_PRICE_MAX}`, 1, STORE_PRICE_MAX, STORE_ADMIN_MSG.price),
    total: intField(`0–${STORE_TOTAL_MAX}`, 0, STORE_TOTAL_MAX, STORE_ADMIN_MSG.total),
    per_user_limit: intField(`0–${STORE_LIMIT_MAX}，0 为不限`, 0, STORE_LIMIT_MAX, STORE_ADMIN_MSG.limit),
    valid_from: time('ISO 时间（带时区）；不带为不限'),
    valid_to: time('ISO 时间（带时区）；不带为不限'),
    sort: intField(`0–${STORE_SORT_MAX}，小的在前`, 0, STORE_SORT_MAX, STORE_ADMIN_MSG.sort),
    active: flag(STORE_ADMIN_MSG.shelf, true),
    coupon_id: goodsId('类型为代金券时必填', STORE_ADMIN_MSG.missingCoupon),
    coins_cents: goodsId(`类型为乐玩币时必填：1–${STORE_COINS_MAX_CENTS}（分）`, STORE_ADMIN_MSG.coins),
    gift_pack_id: goodsId('类型为礼包码时必填', STORE_ADMIN_MSG.missingPack),
  },
  answer: staffAnswer(
    v.object({ item: StaffStoreItem }),
    `{ item: ${ITEM_DOC} }；msg ${STORE_ADMIN_MSG.created} / ${STORE_ADMIN_MSG.saved}；拒绝：${STORE_ADMIN_MSG.missingItem} / ${STORE_ADMIN_MSG.missingCoupon} / ${STORE_ADMIN_MSG.missingPack} / ${STORE_ADMIN_MSG.coins} / ${STORE_ADMIN_MSG.giftLimit} / ${STORE_ADMIN_MSG.window} / ${STORE_ADMIN_MSG.totalBelowRedeemed}`,
  ),
});

export const setShelf = defineStaffCall({
  path: '/staff/api/store/setShelf',
  roles: STORE_ROLES,
  summary: '上架或下架一件商品：下架的商品玩家看不到，也不能兑换（已兑换的不受影响）。写入审计日志 store.shelf（前后值）',
  fields: { id: id(STORE_ADMIN_MSG.missingItem), on: flag(STORE_ADMIN_MSG.shelf, null) },
  answer: staffAnswer(v.object({ item: StaffStoreItem }), `{ item: ${ITEM_DOC} }；msg ${STORE_ADMIN_MSG.shelvedOn} / ${STORE_ADMIN_MSG.shelvedOff}；拒绝：${STORE_ADMIN_MSG.missingItem}`),
});
