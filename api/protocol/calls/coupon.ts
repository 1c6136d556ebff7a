import * as v from 'valibot';
import { answer, count, defineCall, field, id, instant, looseId, optionalChoice, optionalId, page, PAGE_FIELDS, int, positive } from '../call-spec.ts';
import { MSG } from '../codes.ts';
import { COUPON_CLAIM_MSG } from '../claim-refusals.ts';
import { GameCoupon } from './game.ts';
export { COUPON_CLAIM_MSG, COUPON_REFUSALS, type CouponRefusal, type CouponRefusalData } from '../claim-refusals.ts';

/** 代金券 (/api/coupon/…). */

/** myCouponList status: 1 usable, 2 used, 3 expired (0 or absent: all). */
export const COUPON_STATUS = { usable: 1, used: 2, expired: 3 } as const;

const status = field<0 | 1 | 2 | 3 | '0' | '1' | '2' | '3' | undefined, 0 | 1 | 2 | 3>(
  { type: '0 | 1 | 2 | 3', required: false, rule: '1 可使用、2 已使用、3 已过期；0 或缺省为全部', message: MSG.paramError },
  (value) => {
    if (value === undefined || value === null || value === '' || value === 0 || value === '0') return { ok: true, value: 0 };
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d$/.test(value) ? Number(value) : NaN;
    return n === 1 || n === 2 || n === 3 ? { ok: true, value: n } : { ok: false, message: MSG.paramError };
  },
);

/** One of the player's coupons (我的优惠券). */
export const MyCoupon = v.object({
  id: positive,
  coupon_id: positive,
  name: v.string(),
  type: v.picklist(['normal', 'bt']),
  /** How it came: receive (taken from a list), card, task, activity, store. */
  source: v.string(),
  /** null: every game (全平台通用). */
  game_id: v.nullable(positive),
  game_name: v.string(),
  /** 元. */
  amount: v.number(),
  amount_cents: count,
  threshold: v.number(),
  threshold_cents: count,
  condition_text: v.string(),
  received_at: instant,
  expires_at: instant,
  used_at: v.nullable(instant),
  /** 1 可使用, 2 已使用, 3 已过期. */
  status: v.picklist([1, 2, 3]),
  status_text: v.string(),
});
export type MyCoupon = v.InferOutput<typeof MyCoupon>;

const MY_COUPON_PAGE =
  '分页：list: [{ id, coupon_id, name, type "normal" | "bt", source, game_id, game_name, amount（元）, amount_cents, threshold, threshold_cents, condition_text, received_at, expires_at, used_at, status, status_text }]';

export const getCouponList = defineCall({
  path: '/api/coupon/getCouponList',
  auth: 'optional',
  summary: '可领取的代金券：给 game_id 时为该游戏的券，否则为全平台通用券；登录时标出已领取',
  fields: { ...PAGE_FIELDS, game_id: optionalId(), type: optionalChoice(['normal', 'bt'] as const) },
  answer: answer(page(GameCoupon), '分页：list: [{ coupon_id, game_id, game_name, name, type, amount（元）, amount_cents, threshold, threshold_cents, condition_text, valid_days, total, remaining, received }]'),
});

export const receiveCoupon = defineCall({
  path: '/api/coupon/receiveCoupon',
  auth: 'required',
  summary: '领取一张代金券（每人每种一张）',
  fields: { coupon_id: id() },
  answer: answer(v.object({
    id: int,
    coupon_id: int,
    expires_at: v.string(),
  }), `{ id（我的券 id）, coupon_id, expires_at }；msg ${COUPON_CLAIM_MSG.received}；${COUPON_CLAIM_MSG.already}、${COUPON_CLAIM_MSG.soldOut}、${COUPON_CLAIM_MSG.missing} 时 code -1，data { reason }`),
});

export const receiveBtCoupon = defineCall({
  path: '/api/coupon/receiveBtCoupon',
  auth: 'required',
  summary: '领取 BT 券：给 coupon_id 时领这一张，否则领 game_id 这个游戏的全部 BT 券',
  fields: {
    coupon_id: optionalId(),
    game_id: looseId('没有 coupon_id 时必填：正整数'),
  },
  answer: answer(v.object({
    count: int,
    list: v.array(v.object({
      id: int,
      coupon_id: int,
      expires_at: v.string(),
    })),
  }),
    `{ count, list: [{ id, coupon_id, expires_at }] }；msg ${COUPON_CLAIM_MSG.received}；${COUPON_CLAIM_MSG.missing}、${COUPON_CLAIM_MSG.notBt}、${COUPON_CLAIM_MSG.noBtCoupons}、${COUPON_CLAIM_MSG.already}、${COUPON_CLAIM_MSG.soldOut} 时 code -1，data { reason }`,
  ),
});

export const getMyCouponNum = defineCall({
  path: '/api/coupon/getMyCouponNum',
  auth: 'required',
  summary: '我的代金券张数（按状态）',
  fields: {},
  answer: answer(v.object({
    num: v.number(),
    usable: v.number(),
    used: v.number(),
    expired: v.number(),
    total: int,
  }), '{ num（= usable）, usable, used, expired, total }'),
});

export const myCouponList = defineCall({
  path: '/api/coupon/myCouponList',
  auth: 'required',
  summary: '我的代金券，最近领的在前',
  fields: { ...PAGE_FIELDS, status },
  answer: answer(page(MyCoupon), MY_COUPON_PAGE),
});

export const myCardCouponList = defineCall({
  path: '/api/coupon/myCardCouponList',
  auth: 'required',
  summary: '我的会员卡赠送的代金券，最近的在前',
  fields: { ...PAGE_FIELDS, status },
  answer: answer(page(MyCoupon), MY_COUPON_PAGE),
});
