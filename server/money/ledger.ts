import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerAccountKind } from '../db/schema.ts';

/**
 * The double-entry ledger: every movement of money, 乐玩币 (and later points and income) is one
 * ledger transaction of transfers between accounts; each transfer debits one account and credits
 * another by the same positive amount, so a transaction's entries sum to zero by construction.
 * An account's balance is the sum of its entries, materialised in ledger_accounts.balance by the
 * same database transaction that writes the entries. A player's account never goes below zero:
 * the debit is a guarded update (`balance >= amount`) and a CHECK backs it up.
 *
 * Sign convention: a player account's balance is what the platform owes the player (fen). The
 * platform accounts are the other side of each movement, so their balances are negative when they
 * hold value (platform_cash = −cash received) and nothing constrains them.
 *
 * Idempotency: each transaction carries a unique business reference ('order:LW…:paid'); posting a
 * reference that exists does nothing and answers { posted: false } — a duplicate notification or
 * a retried job can never move money twice.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** A player account kind, or a platform one (owner null). The rewards add kinds ('points', 'income'). */
export type AccountKind = LedgerAccountKind | (string & {});

export interface AccountRef {
  /** null: a platform account. */
  userId: number | null;
  kind: AccountKind;
}

export const platform = (kind: AccountKind): AccountRef => ({ userId: null, kind });
export const player = (userId: number, kind: AccountKind): AccountRef => ({ userId, kind });

export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  /** Positive integer fen (or points). */
  amount: number;
}

export interface Posting {
  /** Unique business reference; a second post with it is a no-op. */
  reference: string;
  /** What happened ('payment', 'coins_purchase', 'spend', 'refund', 'card_benefit' …). */
  kind: string;
  orderId?: number | null;
  memo?: string;
  transfers: readonly Transfer[];
}

export type PostResult = { posted: true; transactionId: number } | { posted: false; reason: 'duplicate' };

/** A player account would go below zero; thrown inside the transaction, so everything rolls back. */
export class InsufficientFunds extends Error {
  constructor(
    readonly account: AccountRef,
    readonly needed: number,
  ) {
    super(`insufficient funds in ${account.kind} of user ${account.userId}`);
    this.name = 'InsufficientFunds';
  }
}

/** The account's id, created on first use (a race of two creators: both read the one row). */
export async function accountId(db: Db, ref: AccountRef): Promise<number> {
  const existing = await findAccount(db, ref);
  if (existing !== undefined) return existing;
  const query =
    ref.userId === null
      ? sql`insert into ledger_accounts (user_id, kind) values (null, ${ref.kind}) on conflict (kind) where user_id is null do nothing returning id`
      : sql`insert into ledger_accounts (user_id, kind) values (${ref.userId}, ${ref.kind}) on conflict (user_id, kind) where user_id is not null do nothing returning id`;
  const inserted = await query.execute(db);
  const row = inserted.rows[0] as { id: number } | undefined;
  if (row) return row.id;
  const again = await findAccount(db, ref);
  if (again === undefined) throw new Error(`ledger account ${ref.kind}/${ref.userId} vanished`);
  return again;
}

async function findAccount(db: Db, ref: AccountRef): Promise<number | undefined> {
  let query = db.selectFrom('ledger_accounts').select('id').where('kind', '=', ref.kind);
  query = ref.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', ref.userId);
  return (await query.executeTakeFirst())?.id;
}

/** A balance (0 for an account never used). */
export async function balanceOf(db: Db, ref: AccountRef): Promise<number> {
  let query = db.selectFrom('ledger_accounts').select('balance').where('kind', '=', ref.kind);
  query = ref.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', ref.userId);
  const row = await query.executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** Several of one player's balances at once. */
export async function balancesOf(db: Db, userId: number, kinds: readonly AccountKind[]): Promise<Record<string, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('user_id', '=', userId).where('kind', 'in', [...kinds]).execute();
  const out: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (const row of rows) out[row.kind] = Number(row.balance);
  return out;
}

function checkTransfer(transfer: Transfer): void {
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) throw new Error(`ledger: transfer amount must be a positive integer, got ${transfer.amount}`);
  if (transfer.from.userId === transfer.to.userId && transfer.from.kind === transfer.to.kind) throw new Error('ledger: transfer to the same account');
}

/**
 * Posts one ledger transaction. Call it inside the database transaction that makes the business
 * change (the order's status, the coupon's use …) so both commit or neither does. Debits are
 * applied in ascending account id so two concurrent postings never deadlock.
 */
export async function post(trx: Transaction<Database>, posting: Posting): Promise<PostResult> {
  if (posting.transfers.length === 0) throw new Error('ledger: a transaction needs at least one transfer');
  posting.transfers.forEach(checkTransfer);
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({ kind: posting.kind, reference: posting.reference, order_id: posting.orderId ?? null, memo: posting.memo ?? '' })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { posted: false, reason: 'duplicate' };
  const transactionId = Number(inserted.id);

  // Net change per account (one entry per transfer side; the balance update per account).
  const accounts = new Map<number, { ref: AccountRef; delta: number }>();
  const entries: { account_id: number; amount: number }[] = [];
  for (const transfer of posting.transfers) {
    const fromId = await accountId(trx, transfer.from);
    const toId = await accountId(trx, transfer.to);
    entries.push({ account_id: fromId, amount: -transfer.amount }, { account_id: toId, amount: transfer.amount });
    for (const [id, ref, delta] of [
      [fromId, transfer.from, -transfer.amount],
      [toId, transfer.to, transfer.amount],
    ] as const) {
      const current = accounts.get(id);
      if (current) current.delta += delta;
      else accounts.set(id, { ref, delta });
    }
  }
  for (const id of [...accounts.keys()].sort((a, b) => a - b)) {
    const { ref, delta } = accounts.get(id)!;
    if (delta === 0) continue;
    let update = trx
      .updateTable('ledger_accounts')
      .set({ balance: sql<number>`balance + ${delta}` })
      .where('id', '=', id);
    // A player's debit only when the balance covers it.
    if (ref.userId !== null && delta < 0) update = update.where('balance', '>=', -delta);
    const result = await update.returning('id').executeTakeFirst();
    if (!result) throw new InsufficientFunds(ref, -delta);
  }
  await trx
    .insertInto('ledger_entries')
    .values(entries.map((e) => ({ transaction_id: transactionId, account_id: e.account_id, amount: e.amount })))
    .execute();
  return { posted: true, transactionId };
}

export interface LedgerProblem {
  kind: 'balance' | 'transaction' | 'negative';
  detail: string;
}

/**
 * Re-adds everything: each account's entries against its materialised balance, each
 * transaction's entries to zero, no player account below zero. `npm run ledger:check` prints these.
 */
export async function checkLedger(db: Db): Promise<{ accounts: number; transactions: number; entries: number; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const balances = await sql<{ id: number; user_id: number | null; kind: string; balance: string; summed: string | null }>`
    select a.id, a.user_id, a.kind, a.balance::text as balance, (select coalesce(sum(e.amount), 0)::text from ledger_entries e where e.account_id = a.id) as summed
    from ledger_accounts a order by a.id`.execute(db);
  for (const row of balances.rows) {
    if (row.balance !== (row.summed ?? '0')) problems.push({ kind: 'balance', detail: `account ${row.id} (${row.kind}, user ${row.user_id ?? 'platform'}): balance ${row.balance}, entries add to ${row.summed}` });
    if (row.user_id !== null && BigInt(row.balance) < 0n) problems.push({ kind: 'negative', detail: `account ${row.id} (${row.kind}, user ${row.user_id}) is ${row.balance}` });
  }
  const unbalanced = await sql<{ transaction_id: string; total: string }>`
    select transaction_id::text, sum(amount)::text as total from ledger_entries group by transaction_id having sum(amount) <> 0`.execute(db);
  for (const row of unbalanced.rows) problems.push({ kind: 'transaction', detail: `transaction ${row.transaction_id} sums to ${row.total}` });
  const empty = await sql<{ id: string }>`select t.id::text from ledger_transactions t where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`.execute(db);
  for (const row of empty.rows) problems.push({ kind: 'transaction', detail: `transaction ${row.id} has no entries` });
  const counts = await sql<{ transactions: string; entries: string }>`select (select count(*) from ledger_transactions)::text as transactions, (select count(*) from ledger_entries)::text as entries`.execute(db);
  const c = counts.rows[0]!;
  return { accounts: balances.rows.length, transactions: Number(c.transactions), entries: Number(c.entries), problems };
}
