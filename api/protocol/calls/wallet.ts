import * as v from 'valibot';
import { answer, count, defineCall, id, instant, lenientList, optionalChoice, PAGE_FIELDS, choice, int, NULL_ANSWER, page, positive, SiteText, url } from '../call-spec.ts';
import { MONEY_MSG } from '../money.ts';

/** 钱包、乐玩币、会员卡特权、首充与等级券 (/api/user/… and /api/card/…). */

/** A signed whole amount of fen. */
const signedCents = v.pipe(v.number(), v.safeInteger());

export const MoneyBalances = v.object({
  /** 余额 (fen). */
  wallet_cents: signedCents,
  /** 乐玩币 (fen of 币). */
  coins_cents: signedCents,
});
export type MoneyBalances = v.InferOutput<typeof MoneyBalances>;

export const getMoney = defineCall({
  path: '/api/user/getMoney',
  auth: 'required',
  summary: '余额与乐玩币余额（分），由账本得出',
  fields: {},
  answer: answer(MoneyBalances, '{ wallet_cents, coins_cents }'),
});

export const MoneyRecord = v.object({
  /** ledger entry id */
  id: positive,
  account: v.picklist(['wallet', 'coins']),
  /** Signed: + in, − out. */
  amount_cents: signedCents,
  /** The ledger transaction's kind ('coins_purchase', 'spend', 'refund', 'card_benefit' …) and its words (the page shows the kind when they are empty). */
  kind: v.string(),
  title: v.string(),
  order_number: v.nullable(v.string()),
  created_at: instant,
});
export type MoneyRecord = v.InferOutput<typeof MoneyRecord>;

const MONEY_PAGE_DOC = '分页：list: [{ id, account, amount_cents（带符号）, kind, title, order_number, created_at }]，最新在前';
const account = optionalChoice(['wallet', 'coins'] as const);

export const getInMoney = defineCall({
  path: '/api/user/getInMoney',
  auth: 'required',
  summary: '收入记录（余额或乐玩币增加的每一笔账本分录）；account 可选',
  fields: { ...PAGE_FIELDS, account },
  answer: answer(page(MoneyRecord), MONEY_PAGE_DOC),
});

export const getOutMoney = defineCall({
  path: '/api/user/getOutMoney',
  auth: 'required',
  summary: '支出记录（余额或乐玩币减少的每一笔账本分录）；account 可选',
  fields: { ...PAGE_FIELDS, account },
  answer: answer(page(MoneyRecord), MONEY_PAGE_DOC),
});

// ---- Cards and privileges ----

export const CardBenefitsView = v.object({
  instant_coupons: v.array(v.object({
    coupon_id: positive,
    name: v.string(),
    amount_cents: count,
    count: count,
  })),
  daily: v.nullable(v.union([v.object({
    kind: v.literal('coins'),
    amount_cents: count,
    auto: v.boolean(),
  }), v.object({
      kind: v.literal('coupon'),
      coupon_id: positive,
      name: v.string(),
      amount_cents: count,
      auto: v.boolean(),
    })])),
  /** Extra 乐玩币 on a coins top-up, percent. */
  topup_bonus_pct: v.pipe(count, v.maxValue(100)),
});
export type CardBenefitsView = v.InferOutput<typeof CardBenefitsView>;

export const CardDetail = v.object({
  id: positive,
  type: v.string(),
  name: v.string(),
  subtitle: v.string(),
  price_cents: count,
  original_price_cents: count,
  days: count,
  contents: v.array(v.string()),
  sold_count: count,
  image: url,
  benefits: CardBenefitsView,
  /** The player's active purchase of this card (signed in), else null. */
  owned: v.nullable(v.object({
    purchase_id: positive,
    ends_at: instant,
  })),
});
export type CardDetail = v.InferOutput<typeof CardDetail>;

export const getCardDetail = defineCall({
  path: '/api/card/getCardDetail',
  auth: 'optional',
  summary: '一张会员卡：价格、期限、福利；登录时带自己生效中的购买',
  fields: { card_id: id(MONEY_MSG.cardMissing) },
  answer: answer(CardDetail, '{ id, type, name, subtitle, price_cents, original_price_cents, days, contents, sold_count, image, benefits: { instant_coupons, daily, topup_bonus_pct }, owned }'),
});

export const MyCard = v.object({
  purchase_id: positive,
  card_id: positive,
  name: v.string(),
  starts_at: instant,
  ends_at: instant,
  active: v.boolean(),
  benefits: CardBenefitsView,
  /** Today's (China time) benefit: null when the card has none daily. */
  today: v.nullable(v.object({
    kind: v.picklist(['coins', 'coupon']),
    auto: v.boolean(),
    granted: v.boolean(),
  })),
});
export type MyCard = v.InferOutput<typeof MyCard>;

export const getMyCards = defineCall({
  path: '/api/card/getMyCards',
  auth: 'required',
  summary: '我的会员卡（我的特权）：生效中的在前，含今日福利是否已领',
  fields: {},
  answer: answer(v.object({
    list: lenientList(MyCard),
  }), '{ list: [{ purchase_id, card_id, name, starts_at, ends_at, active, benefits, today: { kind, auto, granted } | null }] }'),
});

export const BenefitGrant = v.object({
  id: positive,
  card_name: v.string(),
  /** The China date it was given for: YYYY-MM-DD. */
  day: v.string(),
  kind: v.picklist(['instant', 'coins', 'coupon']),
  amount_cents: count,
  coupon_name: v.nullable(v.string()),
  auto: v.boolean(),
  created_at: instant,
});
export type BenefitGrant = v.InferOutput<typeof BenefitGrant>;

export const claimCardBenefit = defineCall({
  path: '/api/card/claimCardBenefit',
  auth: 'required',
  summary: '领取会员卡今日福利（每卡每个中国日一次，并发领取只成功一次）',
  fields: { purchase_id: id(MONEY_MSG.cardNotActive) },
  answer: answer(BenefitGrant, `{ id, card_name, day, kind, amount_cents, coupon_name, auto, created_at }；${MONEY_MSG.benefitClaimed}、${MONEY_MSG.benefitNone}、${MONEY_MSG.cardNotActive} 时 code -1`),
});

export const getAutoSendList = defineCall({
  path: '/api/card/getAutoSendList',
  auth: 'required',
  summary: '平台自动发放的福利（会员卡开卡礼包、每日自动到账的乐玩币或券），最新在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(BenefitGrant), '分页：list: [{ id, card_name, day, kind, amount_cents, coupon_name, auto, created_at }]'),
});

export const isSubVip = defineCall({
  path: '/api/user/isSubVip',
  auth: 'required',
  summary: '是否持有生效中的会员卡（SPEC §6 VIP 订阅）',
  fields: {},
  answer: answer(v.object({
    is_vip: v.picklist([0, 1]),
    cards: lenientList(v.object({
      card_id: positive,
      name: v.string(),
      ends_at: instant,
    })),
  }), '{ is_vip: 0 | 1, cards: [{ card_id, name, ends_at }] }'),
});

// ---- First recharge and level coupons ----

export const FirstRechargeOffer = v.object({
  /** No paid order yet. */
  eligible: v.boolean(),
  /** Eligible and the dialog not shown before. */
  show_dialog: v.boolean(),
  /** Extra 乐玩币 on the first coins purchase, in percent, up to max_bonus_cents. */
  bonus_pct: v.number(),
  max_bonus_cents: int,
});
export type FirstRechargeOffer = v.InferOutput<typeof FirstRechargeOffer>;

export const getIsPromote = defineCall({
  path: '/api/user/getIsPromote',
  auth: 'required',
  summary: '首充优惠：is_promote 1 表示还没有已支付的订单；show_dialog 表示首充弹窗还没弹过',
  fields: {},
  answer: answer(v.object({
    is_promote: v.picklist([0, 1]),
    first_recharge: FirstRechargeOffer,
  }), '{ is_promote: 0 | 1, first_recharge: { eligible, show_dialog, bonus_pct, max_bonus_cents } }'),
});

export const firstRechargeSeen = defineCall({
  path: '/api/user/firstRechargeSeen',
  auth: 'required',
  summary: '记下首充弹窗已弹过（每人一次）',
  fields: {},
  answer: answer(NULL_ANSWER, 'null'),
});

export const LevelCoupon = v.object({
  level: positive,
  coupon_id: positive,
  name: v.string(),
  amount_cents: count,
  threshold_cents: count,
  /** Claimed this China-time month. */
  claimed: v.boolean(),
  can_claim: v.boolean(),
});
export type LevelCoupon = v.InferOutput<typeof LevelCoupon>;

export const getCouponActivity = defineCall({
  path: '/api/user/getCouponActivity',
  auth: 'required',
  summary: '等级券活动：按累计充值得到的等级，每月可领对应等级的代金券',
  fields: {},
  answer: answer(v.object({
    level: count,
    total_paid_cents: count,
    next_level_cents: v.nullable(count),
    coupons: lenientList(LevelCoupon),
  }),
    '{ level, total_paid_cents, next_level_cents, coupons: [{ level, coupon_id, name, amount_cents, threshold_cents, claimed, can_claim }] }',
  ),
});

export const changeLevelCoupon = defineCall({
  path: '/api/user/changeLevelCoupon',
  auth: 'required',
  summary: '领取本月的等级券（每级每月一张）',
  fields: { level: id(MONEY_MSG.levelLow) },
  answer: answer(v.object({
    id: int,
    coupon_id: int,
    expires_at: v.string(),
  }), `{ id, coupon_id, expires_at }；${MONEY_MSG.levelLow}、${MONEY_MSG.levelClaimed} 时 code -1`),
});

// ---- Texts ----

export const getMoneyText = defineCall({
  path: '/api/down/getMoneyText',
  auth: 'none',
  summary: '充值指南、钱包说明、优惠券说明的正文（HTML）',
  fields: { key: choice(['topup_guide', 'money_instruction', 'coupon_instruction'] as const, MONEY_MSG.textMissing) },
  answer: answer(SiteText, '{ title, content (HTML), updated_at }'),
});
