import type { StaffWithdrawal, WithdrawalCounts } from '../../../../api/protocol/staff/withdrawals.ts';
import { WITHDRAW_SOURCES, WITHDRAW_STATUSES, type WithdrawSource, type WithdrawStatus } from '../../../../api/protocol/withdraw-rules.ts';

/**
 * The 提现审核 answers, checked before the page reads them: a malformed request is dropped from the
 * list, a malformed whole is null (the page says the list could not be read).
 */

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const textOrNull = (value: unknown): string | null | undefined => (value === null ? null : typeof value === 'string' ? value : undefined);

export function decodeWithdrawal(value: unknown): StaffWithdrawal | null {
  const raw = obj(value);
  const user = obj(raw?.user);
  if (!raw || !user) return null;
  const id = count(raw.id);
  const amount = count(raw.amount_cents);
  const userId = count(user.id);
  if (!id || amount === null || !userId) return null;
  if (!(WITHDRAW_SOURCES as readonly unknown[]).includes(raw.source) || !(WITHDRAW_STATUSES as readonly unknown[]).includes(raw.status)) return null;
  const [nickname, phone, account, payee, statusText, createdAt] = [user.nickname, user.phone, raw.alipay_account, raw.payee_name, raw.status_text, raw.created_at].map(text);
  if (nickname === null || phone === null || account === null || payee === null || statusText === null || createdAt === null) return null;
  const optional = [raw.reject_reason, raw.payout_ref, raw.approved_at, raw.paid_at, raw.rejected_at].map(textOrNull);
  if (optional.some((entry) => entry === undefined)) return null;
  const [rejectReason, payoutRef, approvedAt, paidAt, rejectedAt] = optional as (string | null)[];
  return {
    id,
    user: { id: userId, nickname: nickname!, phone: phone! },
    source: raw.source as WithdrawSource,
    amount_cents: amount,
    alipay_account: account!,
    payee_name: payee!,
    status: raw.status as WithdrawStatus,
    status_text: statusText!,
    reject_reason: rejectReason!,
    payout_ref: payoutRef!,
    created_at: createdAt!,
    approved_at: approvedAt!,
    paid_at: paidAt!,
    rejected_at: rejectedAt!,
  };
}

export interface WithdrawalPage {
  list: StaffWithdrawal[];
  total: number;
  page: number;
  limit: number;
  counts: WithdrawalCounts;
}

export function decodeWithdrawalPage(value: unknown): WithdrawalPage | null {
  const raw = obj(value);
  const counts = obj(raw?.counts);
  if (!raw || !counts || !Array.isArray(raw.list)) return null;
  const decodedCounts = Object.fromEntries(WITHDRAW_STATUSES.map((status) => [status, count(counts[status]) ?? 0])) as WithdrawalCounts;
  return {
    list: raw.list.flatMap((entry) => decodeWithdrawal(entry) ?? []),
    total: count(raw.total) ?? 0,
    page: count(raw.page) || 1,
    limit: count(raw.limit) || 20,
    counts: decodedCounts,
  };
}
