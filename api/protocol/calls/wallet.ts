import { answer, defineCall, id, optionalChoice, PAGE_FIELDS, choice } from '../call-spec.ts';
import { MONEY_MSG } from '../money.ts';

/** 钱包、乐玩币、会员卡特权、首充与等级券 (/api/user/… and /api/card/…). */

export interface MoneyBalances {
  /** 余额 (fen). */
  wallet_cents: number;
  /** 乐玩币 (fen of 币). */
  coins_cents: number;
}

export const getMoney = defineCall({
  path: '/api/user/getMoney',
  auth: 'required',
  summary: '余额与乐玩币余额（分），由账本得出',
  fields: {},
  answer: answer<MoneyBalances>('{ wallet_cents, coins_cents }'),
});

export interface MoneyRecord {
  /** ledger entry id */
  id: number;
  account: 'wallet' | 'coins';
  /** Signed: + in, − out. */
  amount_cents: number;
  /** The ledger transaction's kind ('coins_purchase', 'spend', 'refund', 'card_benefit' …) and its words. */
  kind: string;
  title: string;
  order_number: string | null;
  created_at: string;
}

const MONEY_PAGE_DOC = '分页：list: [{ id, account, amount_cents（带符号）, kind, title, order_number, created_at }]，最新在前';
const account = optionalChoice(['wallet', 'coins'] as const);

export const getInMoney = defineCall({
  path: '/api/user/getInMoney',
  auth: 'required',
  summary: '收入记录（余额或乐玩币增加的每一笔账本分录）；account 可选',
  fields: { ...PAGE_FIELDS, account },
  answer: answer<{ list: MoneyRecord[]; total: number; page: number; limit: number }>(MONEY_PAGE_DOC),
});

export const getOutMoney = defineCall({
  path: '/api/user/getOutMoney',
  auth: 'required',
  summary: '支出记录（余额或乐玩币减少的每一笔账本分录）；account 可选',
  fields: { ...PAGE_FIELDS, account },
  answer: answer<{ list: MoneyRecord[]; total: number; page: number; limit: number }>(MONEY_PAGE_DOC),
});

// ---- Cards and privileges ----

export interface CardBenefitsView {
  instant_coupons: { coupon_id: number; name: string; amount_cents: number; count: number }[];
  daily: { kind: 'coins'; amount_cents: number; auto: boolean } | { kind: 'coupon'; coupon_id: number; name: string; amount_cents: number; auto: boolean } | null;
  topup_bonus_pct: number;
}

export interface CardDetail {
  id: number;
  type: string;
  name: string;
  subtitle: string;
  price_cents: number;
  original_price_cents: number;
  days: number;
  contents: string[];
  sold_count: number;
  image: string;
  benefits: CardBenefitsView;
  /** The player's active purchase of this card (signed in), else null. */
  owned: { purchase_id: number; ends_at: string } | null;
}

export const getCardDetail = defineCall({
  path: '/api/card/getCardDetail',
  auth: 'optional',
  summary: '一张会员卡：价格、期限、福利；登录时带自己生效中的购买',
  fields: { card_id: id(MONEY_MSG.cardMissing) },
  answer: answer<CardDetail>('{ id, type, name, subtitle, price_cents, original_price_cents, days, contents, sold_count, image, benefits: { instant_coupons, daily, topup_bonus_pct }, owned }'),
});

export interface MyCard {
  purchase_id: number;
  card_id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  active: boolean;
  benefits: CardBenefitsView;
  /** Today's (China time) benefit: null when the card has none daily. */
  today: { kind: 'coins' | 'coupon'; auto: boolean; granted: boolean } | null;
}

export const getMyCards = defineCall({
  path: '/api/card/getMyCards',
  auth: 'required',
  summary: '我的会员卡（我的特权）：生效中的在前，含今日福利是否已领',
  fields: {},
  answer: answer<{ list: MyCard[] }>('{ list: [{ purchase_id, card_id, name, starts_at, ends_at, active, benefits, today: { kind, auto, granted } | null }] }'),
});

export interface BenefitGrant {
  id: number;
  card_name: string;
  day: string;
  kind: 'instant' | 'coins' | 'coupon';
  amount_cents: number;
  coupon_name: string | null;
  auto: boolean;
  created_at: string;
}

export const claimCardBenefit = defineCall({
  path: '/api/card/claimCardBenefit',
  auth: 'required',
  summary: '领取会员卡今日福利（每卡每个中国日一次，并发领取只成功一次）',
  fields: { purchase_id: id(MONEY_MSG.cardNotActive) },
  answer: answer<BenefitGrant>(`{ id, card_name, day, kind, amount_cents, coupon_name, auto, created_at }；${MONEY_MSG.benefitClaimed}、${MONEY_MSG.benefitNone}、${MONEY_MSG.cardNotActive} 时 code -1`),
});

export const getAutoSendList = defineCall({
  path: '/api/card/getAutoSendList',
  auth: 'required',
  summary: '平台自动发放的福利（会员卡开卡礼包、每日自动到账的乐玩币或券），最新在前',
  fields: { ...PAGE_FIELDS },
  answer: answer<{ list: BenefitGrant[]; total: number; page: number; limit: number }>('分页：list: [{ id, card_name, day, kind, amount_cents, coupon_name, auto, created_at }]'),
});

export const isSubVip = defineCall({
  path: '/api/user/isSubVip',
  auth: 'required',
  summary: '是否持有生效中的会员卡（SPEC §6 VIP 订阅）',
  fields: {},
  answer: answer<{ is_vip: 0 | 1; cards: { card_id: number; name: string; ends_at: string }[] }>('{ is_vip: 0 | 1, cards: [{ card_id, name, ends_at }] }'),
});

// ---- First recharge and level coupons ----

export interface FirstRechargeOffer {
  /** No paid order yet. */
  eligible: boolean;
  /** Eligible and the dialog not shown before. */
  show_dialog: boolean;
  /** Extra 乐玩币 on the first coins purchase, in percent, up to max_bonus_cents. */
  bonus_pct: number;
  max_bonus_cents: number;
}

export const getIsPromote = defineCall({
  path: '/api/user/getIsPromote',
  auth: 'required',
  summary: '首充优惠：is_promote 1 表示还没有已支付的订单；show_dialog 表示首充弹窗还没弹过',
  fields: {},
  answer: answer<{ is_promote: 0 | 1; first_recharge: FirstRechargeOffer }>('{ is_promote: 0 | 1, first_recharge: { eligible, show_dialog, bonus_pct, max_bonus_cents } }'),
});

export const firstRechargeSeen = defineCall({
  path: '/api/user/firstRechargeSeen',
  auth: 'required',
  summary: '记下首充弹窗已弹过（每人一次）',
  fields: {},
  answer: answer<null>('null'),
});

export interface LevelCoupon {
  level: number;
  coupon_id: number;
  name: string;
  amount_cents: number;
  threshold_cents: number;
  /** Claimed this China-time month. */
  claimed: boolean;
  can_claim: boolean;
}

export const getCouponActivity = defineCall({
  path: '/api/user/getCouponActivity',
  auth: 'required',
  summary: '等级券活动：按累计充值得到的等级，每月可领对应等级的代金券',
  fields: {},
  answer: answer<{ level: number; total_paid_cents: number; next_level_cents: number | null; coupons: LevelCoupon[] }>(
    '{ level, total_paid_cents, next_level_cents, coupons: [{ level, coupon_id, name, amount_cents, threshold_cents, claimed, can_claim }] }',
  ),
});

export const changeLevelCoupon = defineCall({
  path: '/api/user/changeLevelCoupon',
  auth: 'required',
  summary: '领取本月的等级券（每级每月一张）',
  fields: { level: id(MONEY_MSG.levelLow) },
  answer: answer<{ id: number; coupon_id: number; expires_at: string }>(`{ id, coupon_id, expires_at }；${MONEY_MSG.levelLow}、${MONEY_MSG.levelClaimed} 时 code -1`),
});

// ---- Texts ----

export const getMoneyText = defineCall({
  path: '/api/down/getMoneyText',
  auth: 'none',
  summary: '充值指南、钱包说明、优惠券说明的正文（HTML）',
  fields: { key: choice(['topup_guide', 'money_instruction', 'coupon_instruction'] as const, MONEY_MSG.textMissing) },
  answer: answer<{ title: string; content: string; updated_at: string }>('{ title, content (HTML), updated_at }'),
});
