import type { Kysely, Transaction } from 'kysely';
import * as withdrawals from '../../api/protocol/staff/withdrawals.ts';
import type { StaffWithdrawal, WithdrawalCounts } from '../../api/protocol/staff/withdrawals.ts';
import { WITHDRAW_MSG, WITHDRAW_STATUS_TEXT, WITHDRAW_STATUSES, type WithdrawStatus } from '../../api/protocol/withdraw-rules.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { payeeSealer, reviewWithdrawal, STAFF_COLUMNS, type StaffAction, type StaffRow } from './withdrawals.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition, type StaffContext } from '../staff/index.ts';

/**
 * 提现审核 (api/protocol/staff/withdrawals.ts) over server/withdrawals/withdrawals.ts. Every query
 * runs in the call's transaction (ctx.db): the state change, its ledger posting, the player's
 * message and the audit row commit together.
 */

const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);
const isoOrNull = (value: Date | null) => (value ? iso(value) : null);

async function itemsOf(db: Kysely<Database>, rows: StaffRow[], secret: string): Promise<StaffWithdrawal[]> {
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const users = userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'nickname', 'phone']).where('id', 'in', userIds).execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  const sealer = payeeSealer(secret);
  return rows.map((row) => ({
    id: row.id,
    user: { id: row.user_id, nickname: byId.get(row.user_id)?.nickname ?? '', phone: maskPhone(byId.get(row.user_id)?.phone ?? '') },
    source: row.source,
    amount_cents: row.amount_cents,
    alipay_account: row.alipay_account,
    payee_name: sealer.open(row.payee_name_sealed),
    status: row.status,
    status_text: WITHDRAW_STATUS_TEXT[row.status],
    reject_reason: row.reject_reason,
    payout_ref: row.payout_ref,
    created_at: iso(row.created_at),
    approved_at: isoOrNull(row.approved_at),
    paid_at: isoOrNull(row.paid_at),
    rejected_at: isoOrNull(row.rejected_at),
  }));
}

/** What the audit keeps: the state, amount and who/when; never the payee's name. */
const auditState = (row: StaffRow) => ({ status: row.status, source: row.source, amount_cents: row.amount_cents, user_id: row.user_id, payout_ref: row.payout_ref, reject_reason: row.reject_reason });

const AUDIT_ACTION: Record<StaffAction['kind'], string> = { approve: 'withdrawals.approve', pay: 'withdrawals.pay', reject: 'withdrawals.reject' };
const DONE_MSG: Record<StaffAction['kind'], string> = { approve: WITHDRAW_MSG.approved, pay: WITHDRAW_MSG.paid, reject: WITHDRAW_MSG.rejected };

async function review(ctx: Omit<StaffContext, 'input'> & { input: { id: number } }, action: StaffAction) {
  const result = await reviewWithdrawal(ctx.db as Transaction<Database>, ctx.input.id, ctx.staff.id, action, ctx.now);
  if (!result.ok) return staffRefuse(result.message);
  await ctx.audit(AUDIT_ACTION[action.kind], `withdrawal:${ctx.input.id}`, auditState(result.value.before), auditState(result.value.after));
  const [withdrawal] = await itemsOf(ctx.db, [result.value.after], ctx.config.realName.secret);
  return staffOk({ withdrawal: withdrawal! }, DONE_MSG[action.kind]);
}

const OLDEST_FIRST: readonly WithdrawStatus[] = ['submitted', 'approved'];

export const staffWithdrawalCalls: StaffCallDefinition[] = [
  handleStaff(withdrawals.list, async (ctx) => {
    const { page, limit } = ctx.input;
    const status = ctx.input.status ?? 'submitted';
    const direction = OLDEST_FIRST.includes(status) ? 'asc' : 'desc';
    const rows = await ctx.db
      .selectFrom('withdrawals')
      .select(STAFF_COLUMNS)
      .where('status', '=', status)
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const grouped = await ctx.db.selectFrom('withdrawals').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(WITHDRAW_STATUSES.map((s) => [s, Number(grouped.find((row) => row.status === s)?.n ?? 0)])) as WithdrawalCounts;
    return staffOk({ list: await itemsOf(ctx.db, rows, ctx.config.realName.secret), total: counts[status], page, limit, counts });
  }),
  handleStaff(withdrawals.approve, (ctx) => review(ctx, { kind: 'approve' })),
  handleStaff(withdrawals.pay, (ctx) => review(ctx, { kind: 'pay', payoutRef: ctx.input.payout_ref })),
  handleStaff(withdrawals.reject, (ctx) => review(ctx, { kind: 'reject', reason: ctx.input.reason })),
];
