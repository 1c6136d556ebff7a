import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { WithdrawalView, WithdrawInfo } from '../../api/protocol/calls/withdraw.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import {
  checkPayeeName,
  maskAlipayAccount,
  WALLET_NOT_WITHDRAWABLE_NOTE,
  WITHDRAW_DAILY_CENTS,
  WITHDRAW_DAILY_COUNT,
  WITHDRAW_MAX_CENTS,
  WITHDRAW_MIN_CENTS,
  WITHDRAW_MSG,
  WITHDRAW_SOURCE_TEXT,
  WITHDRAW_STATUS_TEXT,
  WITHDRAWABLE_WALLET_KINDS,
  wrongStateMessage,
  type WithdrawSource,
  type WithdrawStatus,
} from '../../api/protocol/withdraw-rules.ts';
import { iso } from '../catalog/index.ts';
import { chinaDayStart, DAY_MS } from '../china-time.ts';
import type { Database, WithdrawalsTable } from '../db/schema.ts';
import { balancesOf, InsufficientFunds, platform, player, post } from '../money/ledger.ts';
import { postMessage } from '../messages/index.ts';
import { ageBandOf } from '../minors.ts';
import { identitySealer, type IdentitySealer } from '../accounts/index.ts';
import { INCOME } from '../rewards/index.ts';

/**
 * Withdrawals: a player's request moves the amount from their `income` (收益)
 * or `wallet` (余额) to the platform's `withdrawals_pending` in the transaction that writes the
 * request; staff approve it, then mark it paid (pending → `platform_cash`, the money left the
 * platform) or reject it (pending → back to the player's account). Every change is a conditional
 * update (`where status in (…)`), its ledger posting (reference `withdrawal:<id>:<state>`) and a
 * 系统通知 to the player (sourceRef the same), all in one transaction: of two racing changes one
 * wins and the other finds the state moved on. Rules: api/protocol/withdraw-rules.ts.
 */

export type Db = Kysely<Database>;
type Withdrawal = Selectable<WithdrawalsTable>;
type Row = Pick<Withdrawal, 'id' | 'user_id' | 'source' | 'amount_cents' | 'alipay_account' | 'status' | 'reject_reason' | 'created_at' | 'updated_at'>;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const VIEW_COLUMNS = ['id', 'user_id', 'source', 'amount_cents', 'alipay_account', 'status', 'reject_reason', 'created_at', 'updated_at'] as const;

export function withdrawalView(row: Row): WithdrawalView {
  return {
    id: row.id,
    source: row.source,
    amount_cents: row.amount_cents,
    alipay_account: maskAlipayAccount(row.alipay_account),
    status: row.status,
    status_text: WITHDRAW_STATUS_TEXT[row.status],
    reject_reason: row.reject_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const sealers = new Map<string, IdentitySealer>();

/** The sealer of the real-name secret (names are sealed as the real-name records are). */
export function payeeSealer(secret: string): IdentitySealer {
  let sealer = sealers.get(secret);
  if (!sealer) sealers.set(secret, (sealer = identitySealer(secret)));
  return sealer;
}

export interface RealNameFacts {
  verified: boolean;
  nameMasked: string;
  adult: boolean;
  /** The sealed full name (null without real name). */
  nameSealed: string | null;
}

export async function realNameFacts(db: Db, userId: number, now: Date): Promise<RealNameFacts> {
  const row = await db.selectFrom('user_real_names').select(['name_masked', 'name_sealed', 'birth_date']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { verified: false, nameMasked: '', adult: false, nameSealed: null };
  return { verified: true, nameMasked: row.name_masked, adult: ageBandOf({ verified: true, birthDate: row.birth_date }, now) === 'adult', nameSealed: row.name_sealed };
}

/**
 * The withdrawable part of 余额: credits to it by ledger transactions of WITHDRAWABLE_WALLET_KINDS,
 * less the wallet withdrawals not rejected, capped by the balance and never below zero.
 */
export async function withdrawableWalletCents(db: Db, userId: number, walletCents: number): Promise<number> {
  const credited = await sql<{ total: string }>`
    select coalesce(sum(e.amount), 0)::text as total
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    where a.user_id = ${userId} and a.kind = 'wallet' and e.amount > 0 and t.kind in (${sql.join(WITHDRAWABLE_WALLET_KINDS.length > 0 ? WITHDRAWABLE_WALLET_KINDS : [''])})`.execute(db);
  const withdrawn = await db
    .selectFrom('withdrawals')
    .select(sql<string>`coalesce(sum(amount_cents), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('source', '=', 'wallet')
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  const free = Number(credited.rows[0]?.total ?? 0) - Number(withdrawn.total);
  return Math.max(0, Math.min(free, walletCents));
}

/** This China-time day's requests not rejected: how many, and their sum. */
export async function todayUsage(db: Db, userId: number, now: Date): Promise<{ count: number; amount_cents: number }> {
  const start = chinaDayStart(now);
  const row = await db
    .selectFrom('withdrawals')
    .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount_cents), 0)::text`.as('total')])
    .where('user_id', '=', userId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', start)
    .where('created_at', '<', new Date(start.getTime() + DAY_MS))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount_cents: Number(row.total) };
}

export async function withdrawInfo(db: Db, userId: number, now: Date): Promise<WithdrawInfo> {
  const person = await realNameFacts(db, userId, now);
  const balances = await balancesOf(db, userId, [INCOME, 'wallet']);
  const walletCents = balances.wallet ?? 0;
  const withdrawable = await withdrawableWalletCents(db, userId, walletCents);
  return {
    real_name: { verified: person.verified, name_masked: person.nameMasked, adult: person.adult },
    income_cents: balances[INCOME] ?? 0,
    wallet_cents: walletCents,
    wallet_withdrawable_cents: withdrawable,
    wallet_note: withdrawable > 0 ? '' : WALLET_NOT_WITHDRAWABLE_NOTE,
    limits: { min_cents: WITHDRAW_MIN_CENTS, max_cents: WITHDRAW_MAX_CENTS, daily_count: WITHDRAW_DAILY_COUNT, daily_cents: WITHDRAW_DAILY_CENTS },
    today: await todayUsage(db, userId, now),
  };
}

export interface WithdrawRequest {
  request_id: string;
  amount_cents: number;
  alipay_account: string;
  payee_name: string;
}

class Refusal extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
  }
}

const SOURCE_ACCOUNT: Record<WithdrawSource, string> = { income: INCOME, wallet: 'wallet' };

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

function stateMessage(row: Row, state: WithdrawStatus): { title: string; content: string } {
  const what = `从${WITHDRAW_SOURCE_TEXT[row.source]}提现${yuan(row.amount_cents)}（支付宝 ${maskAlipayAccount(row.alipay_account)}）`;
  switch (state) {
    case 'submitted':
      return { title: '提现申请已提交', content: `您${what}的申请已提交，正在审核中。` };
    case 'approved':
      return { title: '提现申请已通过', content: `您${what}的申请已通过审核，款项将尽快打到您的支付宝账号。` };
    case 'paid':
      return { title: '提现已到账', content: `您${what}的款项已打到您的支付宝账号，请注意查收。` };
    case 'rejected':
      return { title: '提现申请被驳回', content: `您${what}的申请被驳回：${row.reject_reason ?? ''}。${yuan(row.amount_cents)}已退回您的${WITHDRAW_SOURCE_TEXT[row.source]}。` };
  }
}

async function tellPlayer(trx: Transaction<Database>, row: Row, state: WithdrawStatus, now: Date): Promise<void> {
  const { title, content } = stateMessage(row, state);
  await postMessage(trx, { kind: 'system', userId: row.user_id, title, content, link: { path: '/incomewithdrawals' }, sourceRef: `withdrawal:${row.id}:${state}` }, now);
}

async function findByRequest(db: Db, userId: number, requestId: string): Promise<(Row & { payee_name_sealed: string }) | undefined> {
  return db.selectFrom('withdrawals').select([...VIEW_COLUMNS, 'payee_name_sealed']).where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * A request_id seen before: the retry of the same request (same source, amount, account and
 * payee, as checked) answers that request; anything else is refused, as createOrder refuses an
 * idempotency key reused for another order: answering the first request would tell the player
 * that what they just asked for was submitted.
 */
function answerEarlier(earlier: Row & { payee_name_sealed: string }, source: WithdrawSource, request: WithdrawRequest, secret: string): Result<{ row: Row; created: boolean }> {
  const { payee_name_sealed: payeeSealed, ...row } = earlier;
  const same =
    row.source === source &&
    Number(row.amount_cents) === request.amount_cents &&
    row.alipay_account === request.alipay_account &&
    payeeSealer(secret).open(payeeSealed) === request.payee_name;
  return same ? { ok: true, value: { row, created: false } } : { ok: false, message: WITHDRAW_MSG.requestReused };
}

/**
 * Submits a withdrawal. One player's submits take turns (their users row is locked), so the daily
 * limits hold under concurrency; the ledger's guarded debit keeps the account from going below
 * zero. A request_id seen before answers its request with created false and changes nothing when
 * the retry asks the same; asking anything else with it is refused (WITHDRAW_MSG.requestReused).
 */
export async function submitWithdrawal(db: Db, userId: number, source: WithdrawSource, request: WithdrawRequest, now: Date, secret: string): Promise<Result<{ row: Row; created: boolean }>> {
  const earlier = await findByRequest(db, userId, request.request_id);
  if (earlier) return answerEarlier(earlier, source, request, secret);
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const again = await findByRequest(trx, userId, request.request_id);
      if (again) return answerEarlier(again, source, request, secret);

      const person = await realNameFacts(trx, userId, now);
      if (!person.verified || person.nameSealed === null) throw new Refusal(WITHDRAW_MSG.needRealName);
      if (!person.adult) throw new Refusal(WITHDRAW_MSG.minor);
      const sealer = payeeSealer(secret);
      // The verified name in the form the payee field takes (spaces out, · unified), then equal.
      const verified = checkPayeeName(sealer.open(person.nameSealed));
      if (!verified.ok || verified.value !== request.payee_name) throw new Refusal(WITHDRAW_MSG.nameMismatch);

      const today = await todayUsage(trx, userId, now);
      if (today.count >= WITHDRAW_DAILY_COUNT) throw new Refusal(WITHDRAW_MSG.dailyCount);
      if (today.amount_cents + request.amount_cents > WITHDRAW_DAILY_CENTS) throw new Refusal(WITHDRAW_MSG.dailyAmount);
      if (source === 'wallet') {
        const balances = await balancesOf(trx, userId, ['wallet']);
        if (request.amount_cents > (await withdrawableWalletCents(trx, userId, balances.wallet ?? 0))) throw new Refusal(WITHDRAW_MSG.walletShort);
      }

      const row = await trx
        .insertInto('withdrawals')
        .values({
          user_id: userId,
          request_id: request.request_id,
          source,
          amount_cents: request.amount_cents,
          alipay_account: request.alipay_account,
          payee_name_sealed: sealer.seal(request.payee_name),
          created_at: now,
          updated_at: now,
        })
        .returning(VIEW_COLUMNS)
        .executeTakeFirstOrThrow();
      await post(trx, {
        reference: `withdrawal:${row.id}:submitted`,
        kind: 'withdrawal',
        memo: `${WITHDRAW_SOURCE_TEXT[source]}提现`,
        transfers: [{ from: player(userId, SOURCE_ACCOUNT[source]), to: platform('withdrawals_pending'), amount: request.amount_cents }],
      });
      await tellPlayer(trx, row, 'submitted', now);
      return { ok: true as const, value: { row, created: true } };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.refusal };
    if (error instanceof InsufficientFunds) return { ok: false, message: source === 'income' ? WITHDRAW_MSG.incomeShort : WITHDRAW_MSG.walletShort };
    // Two first submits of one request_id: the unique key stopped the second; answer the first.
    const first = await findByRequest(db, userId, request.request_id);
    if (first) return answerEarlier(first, source, request, secret);
    throw error;
  }
}

export async function listForPlayer(db: Db, userId: number, page: number, limit: number): Promise<{ list: WithdrawalView[]; total: number }> {
  const rows = await db
    .selectFrom('withdrawals')
    .select(VIEW_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const { n } = await db.selectFrom('withdrawals').select(sql<string>`count(*)::text`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { list: rows.map(withdrawalView), total: Number(n) };
}

// ---- Staff review (server/withdrawals/staff-calls.ts) ----

export type StaffAction = { kind: 'approve' } | { kind: 'pay'; payoutRef: string } | { kind: 'reject'; reason: string };

const FROM: Record<StaffAction['kind'], readonly WithdrawStatus[]> = { approve: ['submitted'], pay: ['approved'], reject: ['submitted', 'approved'] };
const TO: Record<StaffAction['kind'], WithdrawStatus> = { approve: 'approved', pay: 'paid', reject: 'rejected' };

export const STAFF_COLUMNS = [...VIEW_COLUMNS, 'payee_name_sealed', 'payout_ref', 'approved_at', 'approved_by', 'paid_at', 'paid_by', 'rejected_at', 'rejected_by'] as const;
export type StaffRow = Row & Pick<Withdrawal, 'payee_name_sealed' | 'payout_ref' | 'approved_at' | 'approved_by' | 'paid_at' | 'paid_by' | 'rejected_at' | 'rejected_by'>;

/**
 * One staff change, in the caller's transaction (the staff call's): the conditional update, its
 * ledger posting and the player's message. Of racing changes the first commits; the others' update
 * then matches nothing (PostgreSQL re-reads the row the first locked) and they are refused.
 */
export async function reviewWithdrawal(trx: Transaction<Database>, id: number, staffId: number, action: StaffAction, now: Date): Promise<Result<{ before: StaffRow; after: StaffRow }>> {
  const before = await trx.selectFrom('withdrawals').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!before) return { ok: false, message: WITHDRAW_MSG.missing };
  const to = TO[action.kind];
  const changes =
    action.kind === 'approve'
      ? { status: to, approved_at: now, approved_by: staffId, updated_at: now }
      : action.kind === 'pay'
        ? { status: to, paid_at: now, paid_by: staffId, payout_ref: action.payoutRef, updated_at: now }
        : { status: to, rejected_at: now, rejected_by: staffId, reject_reason: action.reason, updated_at: now };
  const after = await trx
    .updateTable('withdrawals')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...FROM[action.kind]])
    .returning(STAFF_COLUMNS)
    .executeTakeFirst();
  if (!after) {
    const current = await trx.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    return { ok: false, message: wrongStateMessage(current.status) };
  }
  if (action.kind === 'pay') {
    await post(trx, { reference: `withdrawal:${id}:paid`, kind: 'withdrawal_paid', memo: '提现打款', transfers: [{ from: platform('withdrawals_pending'), to: platform('platform_cash'), amount: after.amount_cents }] });
  } else if (action.kind === 'reject') {
    await post(trx, {
      reference: `withdrawal:${id}:rejected`,
      kind: 'withdrawal_rejected',
      memo: '提现驳回退回',
      transfers: [{ from: platform('withdrawals_pending'), to: player(after.user_id, SOURCE_ACCOUNT[after.source]), amount: after.amount_cents }],
    });
  }
  await tellPlayer(trx, after, to, now);
  return { ok: true, value: { before, after } };
}
