import * as v from 'valibot';
import { count, field, id, instant, optionalChoice, page, PAGE_FIELDS, positive, textOf } from '../call-spec.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { PAYOUT_REF_MAX, REJECT_REASON_MAX, WITHDRAW_MSG, WITHDRAW_SOURCES, WITHDRAW_STATUSES } from '../withdraw-rules.ts';

/**
 * 提现审核 in the staff console: the players' withdrawal requests by status;
 * approve (审核中 → 已通过), mark paid with the payout reference (已通过 → 已到账; the pending money
 * leaves the platform), reject with a reason (审核中 | 已通过 → 已驳回; the money goes back to the
 * player's 收益 or 余额). Each change tells the player (系统通知, /incomewithdrawals) and is audited.
 * Finance and admins only.
 */

export const StaffWithdrawal = v.object({
  id: positive,
  user: v.object({ id: positive, nickname: v.string(), phone: v.string() }),
  source: v.picklist(WITHDRAW_SOURCES),
  amount_cents: count,
  /** In full: finance pays to it. */
  alipay_account: v.string(),
  /** The payee's name in full (the verified real name). */
  payee_name: v.string(),
  status: v.picklist(WITHDRAW_STATUSES),
  status_text: v.string(),
  reject_reason: v.nullable(v.string()),
  payout_ref: v.nullable(v.string()),
  created_at: instant,
  approved_at: v.nullable(instant),
  paid_at: v.nullable(instant),
  rejected_at: v.nullable(instant),
});
export type StaffWithdrawal = v.InferOutput<typeof StaffWithdrawal>;

export const WithdrawalCounts = v.object({ submitted: count, approved: count, paid: count, rejected: count });
export type WithdrawalCounts = v.InferOutput<typeof WithdrawalCounts>;

const ITEM_DOC = '{ id, user: { id, nickname, phone }, source, amount_cents, alipay_account, payee_name, status, status_text, reject_reason, payout_ref, created_at, approved_at, paid_at, rejected_at }';

function boundedText(rule: string, max: number, missing: string, long: string) {
  return field<string, string>({ type: 'string', required: true, rule, message: [missing, long] }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: false, message: missing };
    return [...t].length > max ? { ok: false, message: long } : { ok: true, value: t };
  });
}

export const list = defineStaffCall({
  path: '/staff/api/withdrawals/list',
  roles: ['finance'],
  summary: '提现申请，按状态分页（默认审核中）：审核中与已通过的最早在前，其余最新在前；counts 为各状态总数',
  fields: { ...PAGE_FIELDS, status: optionalChoice(WITHDRAW_STATUSES, WITHDRAW_MSG.badStatus) },
  answer: staffAnswer(page(StaffWithdrawal, { counts: WithdrawalCounts }), `{ list: [${ITEM_DOC}], total, page, limit, counts: { submitted, approved, paid, rejected } }`),
});

export const approve = defineStaffCall({
  path: '/staff/api/withdrawals/approve',
  roles: ['finance'],
  summary: '审核通过（审核中 → 已通过），玩家收到通知',
  fields: { id: id(WITHDRAW_MSG.missing) },
  answer: staffAnswer(v.object({ withdrawal: StaffWithdrawal }), `{ withdrawal }；msg ${WITHDRAW_MSG.approved}；拒绝：${WITHDRAW_MSG.missing} / 状态已变化（如 该提现申请已通过，不能执行此操作）`),
});

export const pay = defineStaffCall({
  path: '/staff/api/withdrawals/pay',
  roles: ['finance'],
  summary: `标记已打款（已通过 → 已到账），填写支付宝打款流水号（至多 ${PAYOUT_REF_MAX} 个字符）；待打款转入平台现金，玩家收到通知`,
  fields: { id: id(WITHDRAW_MSG.missing), payout_ref: boundedText(`1–${PAYOUT_REF_MAX} 个字符`, PAYOUT_REF_MAX, WITHDRAW_MSG.payoutMissing, WITHDRAW_MSG.payoutLong) },
  answer: staffAnswer(v.object({ withdrawal: StaffWithdrawal }), `{ withdrawal }；msg ${WITHDRAW_MSG.paid}；拒绝：${WITHDRAW_MSG.missing} / 状态已变化`),
});

export const reject = defineStaffCall({
  path: '/staff/api/withdrawals/reject',
  roles: ['finance'],
  summary: `驳回（审核中或已通过 → 已驳回），填写原因（至多 ${REJECT_REASON_MAX} 个字）；金额退回玩家的收益或余额，玩家收到通知`,
  fields: { id: id(WITHDRAW_MSG.missing), reason: boundedText(`1–${REJECT_REASON_MAX} 个字`, REJECT_REASON_MAX, WITHDRAW_MSG.reasonMissing, WITHDRAW_MSG.reasonLong) },
  answer: staffAnswer(v.object({ withdrawal: StaffWithdrawal }), `{ withdrawal }；msg ${WITHDRAW_MSG.rejected}；拒绝：${WITHDRAW_MSG.missing} / 状态已变化`),
});
