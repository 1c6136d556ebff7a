import type { WithdrawalView, WithdrawInfo } from '../../../api/protocol/calls/withdraw.ts';
import { WITHDRAW_SOURCES, WITHDRAW_STATUSES, type WithdrawSource, type WithdrawStatus } from '../../../api/protocol/withdraw-rules.ts';

/**
 * Decoders of the withdrawal answers (getWithdrawInfo, getWithdrawList): what the server sends
 * is checked before a page reads it; a malformed record is dropped, a malformed whole is null.
 */

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function decodeWithdrawInfo(value: unknown): WithdrawInfo | null {
  if (!isObj(value) || !isObj(value.real_name) || !isObj(value.limits) || !isObj(value.today)) return null;
  const { real_name: person, limits, today } = value;
  const numbers = [value.income_cents, value.wallet_cents, value.wallet_withdrawable_cents, limits.min_cents, limits.max_cents, limits.daily_count, limits.daily_cents, today.count, today.amount_cents].map(cents);
  if (numbers.some((n) => n === null)) return null;
  if (typeof person.verified !== 'boolean' || typeof person.adult !== 'boolean' || str(person.name_masked) === null || str(value.wallet_note) === null) return null;
  const [income, wallet, withdrawable, min, max, dailyCount, dailyCents, count, amount] = numbers as number[];
  return {
    real_name: { verified: person.verified, name_masked: person.name_masked as string, adult: person.adult },
    income_cents: income!,
    wallet_cents: wallet!,
    wallet_withdrawable_cents: Math.min(withdrawable!, wallet!),
    wallet_note: value.wallet_note as string,
    limits: { min_cents: min!, max_cents: max!, daily_count: dailyCount!, daily_cents: dailyCents! },
    today: { count: count!, amount_cents: amount! },
  };
}

function decodeWithdrawal(value: unknown): WithdrawalView | null {
  if (!isObj(value)) return null;
  const id = cents(value.id);
  const amount = cents(value.amount_cents);
  if (id === null || id === 0 || amount === null) return null;
  if (!(WITHDRAW_SOURCES as readonly unknown[]).includes(value.source) || !(WITHDRAW_STATUSES as readonly unknown[]).includes(value.status)) return null;
  const texts = [value.alipay_account, value.status_text, value.created_at, value.updated_at].map(str);
  if (texts.some((t) => t === null)) return null;
  if (value.reject_reason !== null && typeof value.reject_reason !== 'string') return null;
  return {
    id,
    source: value.source as WithdrawSource,
    amount_cents: amount,
    alipay_account: texts[0]!,
    status: value.status as WithdrawStatus,
    status_text: texts[1]!,
    reject_reason: value.reject_reason,
    created_at: texts[2]!,
    updated_at: texts[3]!,
  };
}

export function decodeWithdrawals(list: unknown): WithdrawalView[] {
  return Array.isArray(list) ? list.map(decodeWithdrawal).filter((w): w is WithdrawalView => w !== null) : [];
}

/** What the chosen source holds to withdraw. */
export function availableOf(info: WithdrawInfo, source: WithdrawSource): number {
  return source === 'income' ? info.income_cents : info.wallet_withdrawable_cents;
}
