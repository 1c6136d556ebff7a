import * as v from 'valibot';
/**
 * Money rules both sides read: amounts are integer fen; 乐玩币 at 1 元 = 1 币, kept in
 * fen too (so 6.48 币 is 648). Messages are the product's wording, one source for client and server.
 */

export const FEN_PER_YUAN = 100;

/** A coins or game top-up: whole yuan, ¥1–¥5000. */
export const TOPUP_MIN_CENTS = 100;
export const TOPUP_MAX_CENTS = 500_000;

/** Preset amounts (yuan) on the 乐玩币 and game top-up pages. */
export const TOPUP_PRESETS_YUAN = [6, 30, 68, 128, 328, 648] as const;

/** An order unpaid this long expires (its coupon is released). */
export const ORDER_TTL_MS = 30 * 60_000;

/** A createOrder that has held its idempotency key this long without finishing is taken to have died. */
export const ORDER_REQUEST_STALE_MS = 60_000;

const CENTS_TEXT = /^[0-9]{1,15}$/;
const YUAN_TEXT = /^([0-9]{1,9})(?:\.([0-9]{1,2}))?$/;

/**
 * The one reader of amounts in fen (order amounts, withdrawals, trade prices): a JSON integer, or
 * a string of ASCII digits and nothing else — no spaces or other padding, no '+' or '-', no
 * decimal point, no exponent (leading zeros are digits like any other). Undefined when absent
 * (undefined, null or ''), null when malformed or below 1; the caller checks its own range.
 */
export function exactCents(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && CENTS_TEXT.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * The one reader of yuan written as text ('12', '12.5', '12.30': a payment provider's
 * total_amount, the withdrawal form's amount once its ends are trimmed): digits, then at most two
 * decimals, and nothing else (no padding, sign or exponent) → fen; null otherwise.
 */
export function exactYuanCents(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = YUAN_TEXT.exec(text);
  if (!match) return null;
  return Number(match[1]) * FEN_PER_YUAN + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Idempotency keys: 16–64 of A–Z a–z 0–9 _ - (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The sandbox provider's notification retries after the first attempt (Alipay's documented schedule). */
export const NOTIFY_RETRY_SCHEDULE_MS = [4, 10, 10, 60, 120, 360, 900].map((minutes) => minutes * 60_000);

/** Sub-accounts (小号) a player may have per game. */
export const SUB_ACCOUNTS_PER_GAME = 10;

/** trade: a 小号交易 purchase (api/protocol/calls/trade.ts buyListing). */
export const OrderKind = v.picklist(['coins', 'game', 'card', 'trade']);
export type OrderKind = v.InferOutput<typeof OrderKind>;
/** What the top-up cashier (/rechargepay, createOrder) sells: every kind but trade (bought through buyListing). */
export type TopUpKind = Exclude<OrderKind, 'trade'>;
export const PayMethod = v.picklist(['provider', 'coins', 'wallet']);
export type PayMethod = v.InferOutput<typeof PayMethod>;
export const OrderStatus = v.picklist(['created', 'paying', 'paid', 'delivered', 'failed', 'expired', 'refunded']);
export type OrderStatus = v.InferOutput<typeof OrderStatus>;

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  created: '待支付',
  paying: '支付中',
  paid: '已支付',
  delivered: '已到账',
  failed: '支付失败',
  expired: '已过期',
  refunded: '已退款',
};

/** Whether the order can still move (the client's poll stops otherwise). */
export function isOpenStatus(status: OrderStatus): boolean {
  return status === 'created' || status === 'paying' || status === 'paid';
}

export const MONEY_MSG = {
  keyInvalid: '请求编号格式不正确',
  inFlight: '请勿重复提交',
  keyReused: '该请求编号已用于另一笔订单，请返回重新下单',
  amountInvalid: '充值金额须为1-5000元的整数',
  gameMissing: '请选择充值游戏',
  roleMissing: '请选择充值角色',
  cardMissing: '会员卡不存在',
  couponUnusable: '该优惠券不可用',
  couponNotForKind: '优惠券仅可用于游戏充值',
  coinsShort: '乐玩币余额不足',
  walletShort: '余额不足',
  orderMissing: '订单不存在',
  orderClosed: '订单已关闭',
  orderPaid: '订单已支付',
  cancelled: '已取消支付',
  providerUnavailable: '支付服务暂不可用，请稍后再试',
  deliveryFailed: '充值发放失败，已退款',
  /** A payment confirmed after its order closed, whose coupon another order has taken meanwhile. */
  lateRefund: '订单已关闭，款项已退回余额',
  subAccountLimit: `每个游戏最多创建${SUB_ACCOUNTS_PER_GAME}个小号`,
  subAccountName: '小号名称为1-12个字符',
  serverMissing: '请选择区服',
  benefitClaimed: '今日已领取',
  benefitNone: '该会员卡今日无可领取的福利',
  cardNotActive: '会员卡未生效或已过期',
  levelLow: '您的等级还不能领取该券',
  levelClaimed: '本月已领取',
  textMissing: '内容不存在',
} as const;

/** 12.5 → '12.50'; money and 币 are shown with two decimals. */
export function formatYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / FEN_PER_YUAN)}.${String(abs % FEN_PER_YUAN).padStart(2, '0')}`;
}
