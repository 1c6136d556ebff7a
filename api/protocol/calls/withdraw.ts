import * as v from 'valibot';
import { answer, count, defineCall, field, PAGE_FIELDS, positive, textOf, type Field, page } from '../call-spec.ts';
import { exactCents } from '../money.ts';
import { checkAlipayAccount, checkAmountCents, checkPayeeName, WITHDRAW_DAILY_CENTS, WITHDRAW_DAILY_COUNT, WITHDRAW_MAX_CENTS, WITHDRAW_MIN_CENTS, WITHDRAW_MSG, WITHDRAW_REQUEST_ID_PATTERN, WithdrawSource, WithdrawStatus } from '../withdraw-rules.ts';

/**
 * Withdrawals (SPEC §7 profitTixian, balanceTixian): from 收益 (income) or from
 * the withdrawable part of 余额, to an Alipay account in the verified real name; reviewed by staff
 * (api/protocol/staff/withdrawals.ts). Rules: api/protocol/withdraw-rules.ts.
 */

export const WithdrawalView = v.object({
  id: positive,
  source: WithdrawSource,
  amount_cents: count,
  /** Masked: 138****0000 / a***@example.com. */
  alipay_account: v.string(),
  status: WithdrawStatus,
  /** 审核中 / 已通过 / 已到账 / 已驳回. */
  status_text: v.string(),
  reject_reason: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type WithdrawalView = v.InferOutput<typeof WithdrawalView>;

export const WithdrawInfo = v.pipe(
  v.object({
    real_name: v.object({
      verified: v.boolean(),
      name_masked: v.string(),
      adult: v.boolean(),
    }),
    income_cents: count,
    wallet_cents: count,
    /** The part of 余额 that may be withdrawn (credits of WITHDRAWABLE_WALLET_KINDS less wallet withdrawals not rejected, capped by 余额). */
    wallet_withdrawable_cents: count,
    /** Why 余额 has nothing withdrawable ('' when it has). */
    wallet_note: v.string(),
    limits: v.object({
      min_cents: count,
      max_cents: count,
      daily_count: count,
      daily_cents: count,
    }),
    /** This China-time day's requests not rejected. */
    today: v.object({
      count: count,
      amount_cents: count,
    }),
  }),
  // The form offers at most what 余额 holds.
  v.check((info) => info.wallet_withdrawable_cents <= info.wallet_cents, 'More withdrawable than the balance'),
);
export type WithdrawInfo = v.InferOutput<typeof WithdrawInfo>;

const requestId: Field<string, string> = field({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次提交的重试用同一个', message: WITHDRAW_MSG.badRequestId }, (value) => {
  const key = textOf(value);
  return WITHDRAW_REQUEST_ID_PATTERN.test(key) ? { ok: true, value: key } : { ok: false, message: WITHDRAW_MSG.badRequestId };
});

const amountCents: Field<number | string, number> = field(
  { type: 'int', required: true, rule: `分；${WITHDRAW_MIN_CENTS}–${WITHDRAW_MAX_CENTS}`, message: [WITHDRAW_MSG.amountMissing, WITHDRAW_MSG.amountFormat, WITHDRAW_MSG.amountMin, WITHDRAW_MSG.amountMax] },
  (value) => {
    const n = exactCents(value);
    if (n === undefined) return { ok: false, message: WITHDRAW_MSG.amountMissing };
    if (n === null) return { ok: false, message: WITHDRAW_MSG.amountFormat };
    return checkAmountCents(n);
  },
);

const alipayAccount: Field<string, string> = field(
  { type: 'string', required: true, rule: '中国大陆手机号或邮箱', message: [WITHDRAW_MSG.accountMissing, WITHDRAW_MSG.accountBad] },
  (value) => checkAlipayAccount(typeof value === 'string' ? value : textOf(value)),
);

const payeeName: Field<string, string> = field(
  { type: 'string', required: true, rule: '2–20 个字，须与实名认证姓名一致', message: [WITHDRAW_MSG.nameMissing, WITHDRAW_MSG.nameBad] },
  (value) => checkPayeeName(typeof value === 'string' ? value : ''),
);

const SUBMIT_FIELDS = { request_id: requestId, amount_cents: amountCents, alipay_account: alipayAccount, payee_name: payeeName };
const VIEW_DOC = '{ id, source, amount_cents, alipay_account（打码）, status, status_text, reject_reason, created_at, updated_at }';
const RULES = `单笔 ${WITHDRAW_MIN_CENTS / 100}–${WITHDRAW_MAX_CENTS / 100} 元，每天（北京时间）至多 ${WITHDRAW_DAILY_COUNT} 笔、累计 ${WITHDRAW_DAILY_CENTS / 100} 元（已驳回的不计）；须实名且已成年，收款人须为实名本人；同一 request_id 与同样内容重试只提交一次（返回同一申请），内容（来源、金额、账号、收款人）不同则答 ${WITHDRAW_MSG.requestReused}`;
const REFUSALS = `拒绝：${WITHDRAW_MSG.needRealName} / ${WITHDRAW_MSG.minor} / ${WITHDRAW_MSG.nameMismatch} / ${WITHDRAW_MSG.dailyCount} / ${WITHDRAW_MSG.dailyAmount}`;

export const profitTixian = defineCall({
  path: '/api/user/profitTixian',
  auth: 'required',
  summary: `收益提现：金额从收益转入待打款，状态 审核中 → 已通过 → 已到账 | 已驳回（退回收益）；${RULES}`,
  fields: SUBMIT_FIELDS,
  answer: answer(v.object({
    withdrawal: WithdrawalView,
    created: v.boolean(),
  }), `{ withdrawal: ${VIEW_DOC}, created }（重试为 created false）；msg ${WITHDRAW_MSG.submitted}；${REFUSALS} / ${WITHDRAW_MSG.incomeShort}`),
});

export const balanceTixian = defineCall({
  path: '/api/user/balanceTixian',
  auth: 'required',
  summary: `余额提现：只可提现余额中交易所得的部分（充值退回的款项不可提现）；${RULES}`,
  fields: SUBMIT_FIELDS,
  answer: answer(v.object({
    withdrawal: WithdrawalView,
    created: v.boolean(),
  }), `{ withdrawal: ${VIEW_DOC}, created }；msg ${WITHDRAW_MSG.submitted}；${REFUSALS} / ${WITHDRAW_MSG.walletShort}`),
});

export const getWithdrawInfo = defineCall({
  path: '/api/user/getWithdrawInfo',
  auth: 'required',
  summary: '提现页所需：实名（姓名打码、是否成年）、收益与余额、余额中可提现的部分及原因、限额、今日已提现',
  fields: {},
  answer: answer(WithdrawInfo, '{ real_name: { verified, name_masked, adult }, income_cents, wallet_cents, wallet_withdrawable_cents, wallet_note, limits: { min_cents, max_cents, daily_count, daily_cents }, today: { count, amount_cents } }'),
});

export const getWithdrawList = defineCall({
  path: '/api/user/getWithdrawList',
  auth: 'required',
  summary: '我的提现记录，最新在前，分页',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(WithdrawalView), `分页：list: [${VIEW_DOC}]`),
});
