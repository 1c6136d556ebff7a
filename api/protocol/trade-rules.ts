import * as v from 'valibot';
import { formatYuan } from './money.ts';

/**
 * Account trading (小号交易): the rules both sides read, one source for the server's
 * checks, the listing form's checks, the call reference and the 出售须知 / 交易须知 texts
 * (docs/decisions.md, the account-trading sections). Amounts are integer fen; times are milliseconds.
 *
 * The numbers below are the defaults of `trade_settings` (migration 0021): the server reads the
 * row, so operators change them without a release; each listing copies the fee rule when it is
 * submitted (the seller saw that net amount) and each trade copies the cooling-off period when it
 * is paid.
 */

/** A sub-account may be listed when it is at least this many days old … */
export const TRADE_MIN_AGE_DAYS = 7;
/** … and the platform has recorded at least this much of top-ups on it (¥30). */
export const TRADE_MIN_TOPUP_CENTS = 3_000;
/** Price: at least ¥6, at most ¥50,000, whole fen. */
export const TRADE_MIN_PRICE_CENTS = 600;
export const TRADE_MAX_PRICE_CENTS = 5_000_000;
/** The platform's fee: 5 % (basis points) and at least ¥5, never more than the price. */
export const TRADE_FEE_RATE_BP = 500;
export const TRADE_FEE_MIN_CENTS = 500;
/** An open purchase order reserves the listing for 15 minutes. */
export const TRADE_RESERVE_MS = 15 * 60_000;
/** The seller's proceeds wait 72 hours after payment; the buyer may open a dispute meanwhile. */
export const TRADE_COOLING_OFF_MS = 72 * 3_600_000;
/** A listing on sale this long without a buyer expires (the sub-account is released). */
export const TRADE_LISTING_TTL_DAYS = 30;

/** Listing fields. Lengths count characters (code points). */
export const TRADE_TITLE_MIN = 5;
export const TRADE_TITLE_MAX = 30;
export const TRADE_SERVER_MAX = 20;
export const TRADE_ROLE_MAX = 20;
export const TRADE_DESCRIPTION_MAX = 500;
export const TRADE_IMAGES_MIN = 1;
export const TRADE_IMAGES_MAX = 9;
/** The optional second-level password (二级密码) given to the buyer after payment. */
export const TRADE_SECOND_PASSWORD_MIN = 4;
export const TRADE_SECOND_PASSWORD_MAX = 20;
export const TRADE_REASON_MAX = 200;
/** Search keyword (listing title, game name). */
export const TRADE_KEYWORD_MAX = 30;

export const LISTING_STATUSES = ['draft', 'reviewing', 'on_sale', 'reserved', 'sold', 'rejected', 'withdrawn', 'expired'] as const;
export const ListingStatus = v.picklist(LISTING_STATUSES);
export type ListingStatus = v.InferOutput<typeof ListingStatus>;

export const LISTING_STATUS_TEXT: Record<ListingStatus, string> = {
  draft: '草稿',
  reviewing: '审核中',
  on_sale: '出售中',
  reserved: '交易中',
  sold: '已售出',
  rejected: '审核未通过',
  withdrawn: '已下架',
  expired: '已过期',
};

/** The statuses in which the sub-account is frozen (no top-up, no play, no second listing). */
export const FROZEN_LISTING_STATUSES: readonly ListingStatus[] = ['reviewing', 'on_sale', 'reserved'];
/** The statuses the seller may edit (an edit of on_sale goes back to review). */
export const EDITABLE_LISTING_STATUSES: readonly ListingStatus[] = ['draft', 'on_sale', 'rejected', 'withdrawn', 'expired'];

/** A paid trade: cooling (proceeds held) → released | disputed → released | refunded. */
export const TRADE_STATUSES = ['cooling', 'disputed', 'released', 'refunded'] as const;
export const TradeStatus = v.picklist(TRADE_STATUSES);
export type TradeStatus = v.InferOutput<typeof TradeStatus>;

export const TRADE_STATUS_TEXT: Record<TradeStatus, string> = {
  cooling: '冷静期中',
  disputed: '纠纷处理中',
  released: '交易完成',
  refunded: '已退款',
};

/** /traderecord's tabs. */
export const TRADE_RECORD_TABS = ['bought', 'sold', 'on_sale', 'reviewing'] as const;
export const TradeRecordTab = v.picklist(TRADE_RECORD_TABS);
export type TradeRecordTab = v.InferOutput<typeof TradeRecordTab>;
export const TRADE_RECORD_TAB_TEXT: Record<TradeRecordTab, string> = { bought: '已购买', sold: '已出售', on_sale: '出售中', reviewing: '审核中' };

/** /circle feed order. */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_TEXT: Record<ListingSort, string> = { newest: '最新发布', price_asc: '价格从低到高', price_desc: '价格从高到低' };

/** Pay methods a purchase accepts (乐玩币 are game currency, not for accounts). */
export const TRADE_PAY_METHODS = ['provider', 'wallet'] as const;
export type TradePayMethod = (typeof TRADE_PAY_METHODS)[number];

export interface FeeRule {
  rate_bp: number;
  min_cents: number;
}

export const DEFAULT_FEE_RULE: FeeRule = { rate_bp: TRADE_FEE_RATE_BP, min_cents: TRADE_FEE_MIN_CENTS };

/** The fee of a price: rate (rounded half up to the fen), at least the minimum, at most the price. */
export function feeOf(priceCents: number, rule: FeeRule = DEFAULT_FEE_RULE): number {
  const byRate = Math.floor((priceCents * rule.rate_bp + 5_000) / 10_000);
  return Math.min(priceCents, Math.max(rule.min_cents, byRate));
}

/** What the seller receives: price − fee (never negative). */
export function netOf(priceCents: number, rule: FeeRule = DEFAULT_FEE_RULE): number {
  return priceCents - feeOf(priceCents, rule);
}

/**
 * The refusals that state a number of trade_settings: the server words them with the row's
 * current numbers (an operator changes them in 规则设置), TRADE_MSG with the defaults.
 */
export const tradeTooYoungMsg = (days: number) => `小号创建满${days}天后才能出售`;
export const tradeTooLittleTopupMsg = (cents: number) => `小号累计充值满${formatYuan(cents)}元后才能出售`;
export const tradePriceMinMsg = (cents: number) => `出售价格不能低于${formatYuan(cents)}元`;
export const tradePriceMaxMsg = (cents: number) => `出售价格不能超过${formatYuan(cents)}元`;

export const TRADE_MSG = {
  // listing form
  gameMissing: '请选择游戏',
  subAccountMissing: '请选择要出售的小号',
  titleMissing: '请填写商品标题',
  titleLength: `商品标题须为${TRADE_TITLE_MIN}-${TRADE_TITLE_MAX}个字`,
  serverMissing: '请填写区服',
  serverLong: `区服不能超过${TRADE_SERVER_MAX}个字`,
  roleMissing: '请填写角色名',
  roleLong: `角色名不能超过${TRADE_ROLE_MAX}个字`,
  descriptionLong: `商品描述不能超过${TRADE_DESCRIPTION_MAX}个字`,
  textChars: '不能包含控制字符或不可见字符',
  imagesMissing: `请至少上传${TRADE_IMAGES_MIN}张截图`,
  imagesTooMany: `最多上传${TRADE_IMAGES_MAX}张截图`,
  imageBad: '截图地址无效，请重新上传',
  passwordLength: `二级密码须为${TRADE_SECOND_PASSWORD_MIN}-${TRADE_SECOND_PASSWORD_MAX}位字母、数字或符号`,
  priceMissing: '请填写出售价格',
  priceFormat: '价格格式不正确（最多两位小数）',
  priceMin: tradePriceMinMsg(TRADE_MIN_PRICE_CENTS),
  priceMax: tradePriceMaxMsg(TRADE_MAX_PRICE_CENTS),
  badRequestId: '请求编号格式不正确，请刷新页面后重试',
  // eligibility
  notOwner: '该小号不属于你',
  tooYoung: tradeTooYoungMsg(TRADE_MIN_AGE_DAYS),
  tooLittleTopup: tradeTooLittleTopupMsg(TRADE_MIN_TOPUP_CENTS),
  alreadyListed: '该小号已在出售中',
  inTrade: '该小号刚完成交易，冷静期结束后才能出售',
  sellerNeedRealName: '请先完成实名认证后再出售账号',
  sellerMinor: '根据相关规定，未成年人不能出售账号',
  frozen: '该小号正在出售中，暂不能充值或登录',
  // listing lifecycle
  listingMissing: '商品不存在或已下架',
  notEditable: '当前状态不能编辑',
  notWithdrawable: '当前状态不能下架',
  submitted: '已提交审核，请耐心等待',
  saved: '已保存',
  withdrawn: '已下架，小号已解冻',
  // purchase
  ownListing: '不能购买自己出售的账号',
  buyerNeedRealName: '请先完成实名认证后再购买账号',
  buyerMinor: '根据相关规定，未成年人不能购买账号',
  notOnSale: '该商品已下架或已售出',
  reservedByOther: '该商品正在被其他买家购买，请稍后再试',
  payMethodBad: '请选择支付宝或余额支付',
  lateRefund: '商品已售出，款项已退回余额',
  // after payment
  tradeMissing: '交易不存在',
  disputeClosed: '冷静期已过，不能再申请售后',
  disputeOpen: '已有处理中的售后申请',
  reasonMissing: '请填写原因',
  reasonLong: `原因不能超过${TRADE_REASON_MAX}个字`,
  disputed: '售后申请已提交，款项已冻结，客服会尽快处理',
  // staff
  approved: '已通过，商品已上架',
  rejected: '已驳回',
  refunded: '已退款给买家，小号已退回卖家',
  released: '已放款给卖家',
  wrongState: '状态已变化，请刷新后重试',
  badFilter: '筛选条件错误',
  keywordLong: `搜索词不能超过${TRADE_KEYWORD_MAX}个字`,
  priceRangeBad: '价格区间不正确',
  // test build fixtures (/ceshiyemian)
  testOff: '测试功能未开放',
} as const;

/** Characters a listing's text may not hold: controls and invisible format characters. */
const BAD_CHARS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const MULTILINE_BAD_CHARS = /[\p{Cf}\u2028\u2029\u0000-\u0009\u000b-\u001f\u007f]/u;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

const chars = (s: string): number => [...s].length;

export function checkTitle(value: string): Check<string> {
  const t = value.trim();
  if (t === '') return { ok: false, message: TRADE_MSG.titleMissing };
  if (BAD_CHARS.test(t)) return { ok: false, message: TRADE_MSG.textChars };
  const n = chars(t);
  return n < TRADE_TITLE_MIN || n > TRADE_TITLE_MAX ? { ok: false, message: TRADE_MSG.titleLength } : { ok: true, value: t };
}

export function checkServerName(value: string): Check<string> {
  const t = value.trim();
  if (t === '') return { ok: false, message: TRADE_MSG.serverMissing };
  if (BAD_CHARS.test(t)) return { ok: false, message: TRADE_MSG.textChars };
  return chars(t) > TRADE_SERVER_MAX ? { ok: false, message: TRADE_MSG.serverLong } : { ok: true, value: t };
}

export function checkRoleName(value: string): Check<string> {
  const t = value.trim();
  if (t === '') return { ok: false, message: TRADE_MSG.roleMissing };
  if (BAD_CHARS.test(t)) return { ok: false, message: TRADE_MSG.textChars };
  return chars(t) > TRADE_ROLE_MAX ? { ok: false, message: TRADE_MSG.roleLong } : { ok: true, value: t };
}

/** Optional, multi-line (newlines kept, \r\n folded to \n). */
export function checkDescription(value: string): Check<string> {
  const t = value.replace(/\r\n?/g, '\n').trim();
  if (MULTILINE_BAD_CHARS.test(t)) return { ok: false, message: TRADE_MSG.textChars };
  return chars(t) > TRADE_DESCRIPTION_MAX ? { ok: false, message: TRADE_MSG.descriptionLong } : { ok: true, value: t };
}

/** Optional: '' means none. Printable ASCII without spaces. */
export function checkSecondPassword(value: string): Check<string> {
  if (value === '') return { ok: true, value: '' };
  return /^[\x21-\x7e]+$/.test(value) && value.length >= TRADE_SECOND_PASSWORD_MIN && value.length <= TRADE_SECOND_PASSWORD_MAX
    ? { ok: true, value }
    : { ok: false, message: TRADE_MSG.passwordLength };
}

export function checkPriceCents(cents: number): Check<number> {
  if (!Number.isSafeInteger(cents) || cents < 0) return { ok: false, message: TRADE_MSG.priceFormat };
  if (cents < TRADE_MIN_PRICE_CENTS) return { ok: false, message: TRADE_MSG.priceMin };
  if (cents > TRADE_MAX_PRICE_CENTS) return { ok: false, message: TRADE_MSG.priceMax };
  return { ok: true, value: cents };
}

/** The form's price box: yuan with at most two decimals → fen. */
export function parsePriceYuan(text: string): Check<number> {
  const t = text.trim();
  if (t === '') return { ok: false, message: TRADE_MSG.priceMissing };
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return { ok: false, message: TRADE_MSG.priceFormat };
  return checkPriceCents(Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
}

export function checkReason(value: string): Check<string> {
  const t = value.trim();
  if (t === '') return { ok: false, message: TRADE_MSG.reasonMissing };
  if (MULTILINE_BAD_CHARS.test(t)) return { ok: false, message: TRADE_MSG.textChars };
  return chars(t) > TRADE_REASON_MAX ? { ok: false, message: TRADE_MSG.reasonLong } : { ok: true, value: t };
}
