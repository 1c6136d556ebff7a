import * as v from 'valibot';
import { exactYuanCents, formatYuan, IDEMPOTENCY_KEY_PATTERN } from './money.ts';

/**
 * Withdrawals: the rules both sides read, one source for the server's checks,
 * the form's checks, the call reference and the 收益说明 text (docs/decisions.md,
 * "withdrawals"). Amounts are integer fen.
 */

/** Where a withdrawal takes the money from: 收益 (invitation income) or 余额 (the wallet, only its withdrawable part). */
export const WITHDRAW_SOURCES = ['income', 'wallet'] as const;
export const WithdrawSource = v.picklist(WITHDRAW_SOURCES);
export type WithdrawSource = v.InferOutput<typeof WithdrawSource>;

export const WITHDRAW_SOURCE_TEXT: Record<WithdrawSource, string> = { income: '收益', wallet: '余额' };

/** One request: at least ¥10, at most ¥5,000. */
export const WITHDRAW_MIN_CENTS = 1_000;
export const WITHDRAW_MAX_CENTS = 500_000;
/** Per player and China-time day, counting requests not rejected: 3 requests, ¥10,000 in all. */
export const WITHDRAW_DAILY_COUNT = 3;
export const WITHDRAW_DAILY_CENTS = 1_000_000;
/** Staff's reject reason and payout reference. */
export const REJECT_REASON_MAX = 100;
export const PAYOUT_REF_MAX = 64;
/** The payee's name: 2–20 characters (a Chinese name with ·, or a Latin one). */
export const PAYEE_NAME_MIN = 2;
export const PAYEE_NAME_MAX = 20;
export const ALIPAY_ACCOUNT_MAX = 100;

export const WITHDRAW_STATUSES = ['submitted', 'approved', 'paid', 'rejected'] as const;
export const WithdrawStatus = v.picklist(WITHDRAW_STATUSES);
export type WithdrawStatus = v.InferOutput<typeof WithdrawStatus>;

export const WITHDRAW_STATUS_TEXT: Record<WithdrawStatus, string> = { submitted: '审核中', approved: '已通过', paid: '已到账', rejected: '已驳回' };

export const WITHDRAW_MSG = {
  badRequestId: '请求编号格式不正确，请刷新页面后重试',
  /** The same request_id with another source, amount, account or payee (createOrder's keyReused, for withdrawals). */
  requestReused: '该请求编号已用于另一笔提现申请，请返回重新提交',
  amountMissing: '请输入提现金额',
  amountFormat: '提现金额格式不正确（最多两位小数）',
  amountMin: `单笔提现金额不能少于${formatYuan(WITHDRAW_MIN_CENTS)}元`,
  amountMax: `单笔提现金额不能超过${formatYuan(WITHDRAW_MAX_CENTS)}元`,
  accountMissing: '请输入支付宝账号',
  accountBad: '支付宝账号须为手机号或邮箱',
  nameMissing: '请输入收款人姓名',
  nameBad: `收款人姓名须为${PAYEE_NAME_MIN}–${PAYEE_NAME_MAX}个字`,
  needRealName: '请先完成实名认证后再提现',
  minor: '根据相关规定，未成年人不能提现',
  nameMismatch: '收款人姓名须与实名认证的姓名一致',
  dailyCount: `每天最多提现${WITHDRAW_DAILY_COUNT}次，请明天再试`,
  dailyAmount: `每天提现累计不能超过${formatYuan(WITHDRAW_DAILY_CENTS)}元`,
  incomeShort: '可提现收益不足',
  walletShort: '可提现余额不足（充值的款项不能提现）',
  submitted: '提现申请已提交，请等待审核',
  missing: '提现申请不存在',
  badStatus: '筛选条件错误',
  reasonMissing: '请填写驳回原因',
  reasonLong: `驳回原因不能超过${REJECT_REASON_MAX}个字`,
  payoutMissing: '请填写打款流水号',
  payoutLong: `打款流水号不能超过${PAYOUT_REF_MAX}个字符`,
  approved: '已通过',
  paid: '已标记为已到账',
  rejected: '已驳回，款项已退回',
} as const;

/** Why a staff action does not apply to a withdrawal in its current state. */
export function wrongStateMessage(status: WithdrawStatus): string {
  return `该提现申请${WITHDRAW_STATUS_TEXT[status]}，不能执行此操作`;
}

/**
 * Ledger transaction kinds whose credits to a player's 余额 may be withdrawn. Top-up money (refunds
 * of provider payments, card or order refunds) is not: it goes back the way it came. Account
 * trading posts 'trade_proceeds' (a sold account's price) to 余额.
 */
export const WITHDRAWABLE_WALLET_KINDS: readonly string[] = ['trade_proceeds'];

/** What the form says when 余额 has nothing withdrawable. */
export const WALLET_NOT_WITHDRAWABLE_NOTE = '余额中充值退回的款项不能提现，只有出售账号等交易所得可以提现；当前没有可提现的余额。';

export const WITHDRAW_REQUEST_ID_PATTERN = IDEMPOTENCY_KEY_PATTERN;

type Check<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Yuan as typed in the form ('12', '12.5', '12.50') → fen, within the per-request limits. The
 * form forgives spaces typed at the ends; the rest is exactYuanCents, and the call itself takes
 * fen exactly (exactCents).
 */
export function parseYuanAmount(text: string): Check<number> {
  const t = text.trim();
  if (t === '') return { ok: false, message: WITHDRAW_MSG.amountMissing };
  const cents = exactYuanCents(t);
  return cents === null ? { ok: false, message: WITHDRAW_MSG.amountFormat } : checkAmountCents(cents);
}

/** An amount in fen within the per-request limits. */
export function checkAmountCents(cents: number): Check<number> {
  if (!Number.isSafeInteger(cents) || cents <= 0) return { ok: false, message: WITHDRAW_MSG.amountFormat };
  if (cents < WITHDRAW_MIN_CENTS) return { ok: false, message: WITHDRAW_MSG.amountMin };
  if (cents > WITHDRAW_MAX_CENTS) return { ok: false, message: WITHDRAW_MSG.amountMax };
  return { ok: true, value: cents };
}

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;

/** An Alipay account: a mainland mobile number (11 digits, 13–19) or an e-mail address; trimmed, e-mail lower-cased. */
export function checkAlipayAccount(text: string): Check<string> {
  const t = text.trim();
  if (t === '') return { ok: false, message: WITHDRAW_MSG.accountMissing };
  if (t.length > ALIPAY_ACCOUNT_MAX) return { ok: false, message: WITHDRAW_MSG.accountBad };
  if (MOBILE.test(t)) return { ok: true, value: t };
  if (EMAIL.test(t) && !t.includes('..')) return { ok: true, value: t.toLowerCase() };
  return { ok: false, message: WITHDRAW_MSG.accountBad };
}

/** The payee's name: trimmed, inner spaces removed, 2–20 letters (Han, Latin, ·). */
export function checkPayeeName(text: string): Check<string> {
  const t = text.replace(/\s+/g, '');
  if (t === '') return { ok: false, message: WITHDRAW_MSG.nameMissing };
  const length = [...t].length;
  if (length < PAYEE_NAME_MIN || length > PAYEE_NAME_MAX || !/^[\p{Script=Han}A-Za-z·•.]+$/u.test(t)) return { ok: false, message: WITHDRAW_MSG.nameBad };
  return { ok: true, value: t.replace(/[•.]/g, '·') };
}

/** An Alipay account as the player's records show it: 138****0000, a***@example.com. */
export function maskAlipayAccount(account: string): string {
  if (MOBILE.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, 1)}***${account.slice(at)}`;
  return account.length <= 2 ? '**' : `${account.slice(0, 1)}***${account.slice(-1)}`;
}

export interface WithdrawDraft {
  source: WithdrawSource;
  amount: string;
  account: string;
  payeeName: string;
}

export interface WithdrawPayload {
  source: WithdrawSource;
  amount_cents: number;
  alipay_account: string;
  payee_name: string;
}

/** The form's checks, the server's rules in the same order; `availableCents` is what the source holds to withdraw. */
export function checkDraft(draft: WithdrawDraft, availableCents: number): Check<WithdrawPayload> {
  const amount = parseYuanAmount(draft.amount);
  if (!amount.ok) return amount;
  if (amount.value > availableCents) return { ok: false, message: draft.source === 'income' ? WITHDRAW_MSG.incomeShort : WITHDRAW_MSG.walletShort };
  const account = checkAlipayAccount(draft.account);
  if (!account.ok) return account;
  const name = checkPayeeName(draft.payeeName);
  if (!name.ok) return name;
  return { ok: true, value: { source: draft.source, amount_cents: amount.value, alipay_account: account.value, payee_name: name.value } };
}
