/**
 * The declared refusals of the claim calls (receiveGift, receiveCoupon / receiveBtCoupon,
 * achieveTask, signOnPoint / settleAdd): code -1 with data { reason }, and the message each reason
 * answers. Server and client share them; the client's machines branch on the reason, never on a
 * message text. Kept apart from calls/*.ts so the players' bundle carries these lists and none of
 * the declarations' schemas.
 */

/** receiveGift's refusals (code -1, data { reason }), with the message each answers. */
export const GIFT_CLAIM_MSG = { received: '领取成功', already: '已领取', soldOut: '礼包已领完', expired: '礼包已过期', missing: '礼包不存在' } as const;
export const GIFT_REFUSALS = ['soldOut', 'expired', 'missing'] as const;
export type GiftRefusal = (typeof GIFT_REFUSALS)[number];
export type GiftRefusalData = { reason: GiftRefusal };

/**
 * receiveCoupon's and receiveBtCoupon's refusals (code -1, data { reason }), with the message each
 * answers. 已领取 is one of SPEC §8's messages never toasted: the coupon shows it instead.
 */
export const COUPON_CLAIM_MSG = {
  received: '领取成功',
  already: '已领取',
  soldOut: '已领完',
  missing: '代金券不存在',
  noBtCoupons: '暂无可领取的BT券',
  notBt: '该代金券不是BT券',
} as const;
export const COUPON_REFUSALS = ['already', 'soldOut', 'missing', 'noBtCoupons', 'notBt'] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];
export type CouponRefusalData = { reason: CouponRefusal };

export const TASK_CLAIM_MSG = { claimed: '领取成功', missing: '任务不存在', notDone: '任务尚未完成', already: '已领取' } as const;
/** achieveTask's refusals (code -1, data { reason }); each answers its TASK_CLAIM_MSG. */
export const TASK_CLAIM_REFUSALS = ['missing', 'notDone', 'already'] as const;
export type TaskClaimRefusal = (typeof TASK_CLAIM_REFUSALS)[number];
export type TaskClaimRefusalData = { reason: TaskClaimRefusal };

/**
 * signOnPoint's refusal ('already': today is checked in, from another device) and settleAdd's
 * (the others), code -1 with data { reason }; the server's texts say which rule refused.
 */
export const CHECK_IN_REFUSALS = ['already', 'makeupAfterToday', 'makeupNotNeeded', 'makeupMonthly', 'makeupPoints'] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];
export type CheckInRefusalData = { reason: CheckInRefusal };
