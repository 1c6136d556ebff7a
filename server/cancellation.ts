import type { Kysely, Transaction } from 'kysely';
import { COOLING_OFF_MS, type CancelConditionView, type CancellationView } from '../api/protocol/calls/account-cancel.ts';
import { endSessions } from './auth.ts';
import type { Database } from './db/schema.ts';
import { PRODUCT } from './product.ts';
import { balanceOf, player } from './money/ledger.ts';
import { formatYuan } from '../api/protocol/money.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from './periodic-job.ts';

/**
 * Account cancellation, the server's rules: the conditions an account must meet, the
 * cooling-off record, and the scheduled job that anonymises an account once its cooling-off has
 * passed. The handlers are in accounts/account-cancel.ts; the job is the accounts module's (accounts/index.ts).
 */

type Db = Kysely<Database> | Transaction<Database>;

// ---- Conditions ----

export type ConditionResult = { passed: true } | { passed: false; reason: string };

/**
 * One condition of cancellation. Checked when the player looks (getCancelConditions) and again
 * inside applyCancel's transaction, with the account's row locked.
 */
export interface CancelCondition {
  key: string;
  title: string;
  check(db: Db, userId: number): Promise<ConditionResult>;
}

const noBalance: CancelCondition = {
  key: 'balance',
  title: `账号内无${PRODUCT.coinName}余额`,
  async check(db, userId) {
    // 乐玩币 are read from the ledger (fen of 币).
    const coins = await balanceOf(db, player(userId, 'coins'));
    return coins > 0 ? { passed: false, reason: `账号内还有${formatYuan(coins).replace(/\.00$/, '')}${PRODUCT.coinName}，请使用完毕后再申请注销` } : { passed: true };
  },
};

const noWallet: CancelCondition = {
  key: 'wallet',
  title: '账号内无余额',
  async check(db, userId) {
    const wallet = await balanceOf(db, player(userId, 'wallet'));
    return wallet > 0 ? { passed: false, reason: `账号内还有余额${formatYuan(wallet)}元，请使用完毕后再申请注销` } : { passed: true };
  },
};

const noOpenOrder: CancelCondition = {
  key: 'orders',
  title: '无未完成的订单',
  async check(db, userId) {
    const { count } = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['created', 'paying', 'paid'])
      .executeTakeFirstOrThrow();
    return Number(count) > 0 ? { passed: false, reason: `有${Number(count)}笔未完成的订单，请完成支付或取消后再申请注销` } : { passed: true };
  },
};

const noIncome: CancelCondition = {
  key: 'income',
  title: '账号内无邀请收益',
  async check(db, userId) {
    const income = await balanceOf(db, player(userId, 'income'));
    return income > 0 ? { passed: false, reason: `账号内还有邀请收益${formatYuan(income)}元，请提现后再申请注销` } : { passed: true };
  },
};

const noOpenWithdrawal: CancelCondition = {
  key: 'withdrawals',
  title: '无处理中的提现',
  async check(db, userId) {
    const { count } = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['submitted', 'approved'])
      .executeTakeFirstOrThrow();
    return Number(count) > 0 ? { passed: false, reason: `有${Number(count)}笔提现正在处理，请等待到账后再申请注销` } : { passed: true };
  },
};

const noLiveListing: CancelCondition = {
  key: 'listings',
  title: '无出售中的账号',
  async check(db, userId) {
    const { count } = await db
      .selectFrom('trade_listings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['reviewing', 'on_sale', 'reserved'])
      .executeTakeFirstOrThrow();
    return Number(count) > 0 ? { passed: false, reason: `有${Number(count)}个账号正在审核、出售或交易中，请下架或等待交易完成后再申请注销` } : { passed: true };
  },
};

const noOpenTrade: CancelCondition = {
  key: 'trades',
  title: '无进行中的账号交易',
  async check(db, userId) {
    const { count } = await db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
      .where('status', 'in', ['cooling', 'disputed'])
      .executeTakeFirstOrThrow();
    return Number(count) > 0 ? { passed: false, reason: `有${Number(count)}笔账号交易在冷静期或售后处理中，请等待交易完成后再申请注销` } : { passed: true };
  },
};

/**
 * Every condition, in the order the page lists them. EXTENSION POINTS — each part that holds value
 * appends its own here, each a CancelCondition over their own tables:
 *   - wallet (money): a positive wallet balance blocks (beside 乐玩币 above);
 *   - trades (account trading): an account listing on sale or a trade in progress blocks;
 *   - withdrawals and income: an income balance, or a withdrawal not yet paid out or
 *     rejected, blocks (the money would be lost with the account).
 */
export const CANCEL_CONDITIONS: CancelCondition[] = [noBalance, noWallet, noOpenOrder, noIncome, noOpenWithdrawal, noLiveListing, noOpenTrade];

export async function checkConditions(db: Db, userId: number, conditions: readonly CancelCondition[] = CANCEL_CONDITIONS): Promise<CancelConditionView[]> {
  const views: CancelConditionView[] = [];
  for (const condition of conditions) {
    const result = await condition.check(db, userId);
    views.push({ key: condition.key, title: condition.title, passed: result.passed, reason: result.passed ? '' : result.reason });
  }
  return views;
}

// ---- The cooling-off record ----

export function effectiveAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + COOLING_OFF_MS);
}

export function cancellationView(row: { requested_at: Date | string; effective_at: Date | string }): CancellationView {
  return { requested_at: new Date(row.requested_at).toISOString(), effective_at: new Date(row.effective_at).toISOString() };
}

/** The account's cancellation in its cooling-off, or null (what sign-in and getCancelStatus answer). */
export async function pendingCancellation(db: Db, userId: number): Promise<CancellationView | null> {
  const row = await db
    .selectFrom('cancellation_requests')
    .select(['requested_at', 'effective_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row ? cancellationView(row) : null;
}

// ---- Anonymisation ----

/** What an anonymised account shows where a nickname is needed. */
export const CANCELLED_NICKNAME = '已注销用户';

/** A value no phone matches (PHONE_PATTERN), unique per account: the number itself is free again. */
export function tombstonePhone(userId: number): string {
  return `cancelled-${userId}`;
}

/** One step of anonymising an account, run inside the job's transaction. */
export interface AnonymiseStep {
  name: string;
  run(trx: Transaction<Database>, userId: number, now: Date): Promise<void>;
}

/**
 * What anonymisation does, in order. Kept, tied to the anonymous user id (the law's retention of
 * transaction records): orders, evaluations, point events, gift codes claimed, coupons (later: the
 * ledger). HOOK for the real-name helper (migration 0006_real_name): append a step named
 * 'realName' that releases the account's real-name binding (deletes its row, so the identity's
 * count of bound accounts goes down) — nothing here depends on that table.
 */
export const ANONYMISE_STEPS: AnonymiseStep[] = [
  {
    name: 'profile',
    async run(trx, userId, now) {
      await trx
        .updateTable('users')
        .set({ phone: tombstonePhone(userId), nickname: CANCELLED_NICKNAME, avatar: '', password_hash: null, bd_vid: null, cancelled_at: now })
        .where('id', '=', userId)
        .execute();
    },
  },
  {
    name: 'sessions',
    async run(trx, userId, now) {
      await endSessions(trx, { userId }, 'cancelled', now);
    },
  },
  {
    // Personal content with no retention duty: the support chat, game reservations and feedback
    // (its pictures' and replies' rows go with it).
    name: 'personalContent',
    async run(trx, userId) {
      await trx.deleteFrom('service_messages').where('user_id', '=', userId).execute();
      await trx.deleteFrom('service_conversations').where('user_id', '=', userId).execute();
      await trx.deleteFrom('reservations').where('user_id', '=', userId).execute();
      await trx.deleteFrom('feedback').where('user_id', '=', userId).execute();
      await trx.deleteFrom('feedback_day_counts').where('user_id', '=', userId).execute();
    },
  },
  {
    // The agreement promises it: the identity no longer counts towards its 3 accounts, and the
    // sealed name and number are gone. The avatar uploads' records go too (the objects are
    // content-addressed and may be shared).
    name: 'realNameAndUploads',
    async run(trx, userId) {
      await trx.deleteFrom('user_real_names').where('user_id', '=', userId).execute();
      await trx.deleteFrom('uploads').where('user_id', '=', userId).execute();
    },
  },
];

// ---- The scheduled job ----

/**
 * Carries out every cancellation whose cooling-off has passed at `now`, one account per
 * transaction: the row is claimed by a conditional UPDATE (status 'pending' → 'done') over a row
 * picked with FOR UPDATE SKIP LOCKED, so two processes never take the same row, a revoke racing
 * the job loses or wins cleanly, and a failure rolls the claim back for the next run. Returns the
 * number of accounts anonymised.
 */
export async function runCancellationJob(db: Kysely<Database>, now: Date, log?: JobLog, steps: readonly AnonymiseStep[] = ANONYMISE_STEPS): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('cancellation_requests')
        .set({ status: 'done', resolved_at: now })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('cancellation_requests')
            .select('id')
            .where('status', '=', 'pending')
            .where('effective_at', '<=', now)
            .orderBy('effective_at')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'pending')
        .returning(['id', 'user_id'])
        .executeTakeFirst();
      if (!row) return null;
      for (const step of steps) await step.run(trx, row.user_id, now);
      return row;
    });
    if (!claimed) return done;
    done++;
    log?.info({ request: claimed.id, user: claimed.user_id }, 'account cancelled and anonymised');
  }
}

/** How often a running server looks for due cancellations. */
export const CANCELLATION_JOB_INTERVAL_MS = 60_000;

/**
 * Runs the job at start-up (rows that fell due while the server was down) and then every
 * interval, never two runs at once in one process. Returns stop(), which waits for a run in progress.
 */
export function startCancellationJob(options: { db: Kysely<Database>; now?: () => number; log?: JobLog; intervalMs?: number }): PeriodicJob {
  const { db, log } = options;
  return startPeriodicJob({ name: 'cancellation job', intervalMs: options.intervalMs ?? CANCELLATION_JOB_INTERVAL_MS, ...(options.now ? { now: options.now } : {}), log, run: (now) => runCancellationJob(db, now, log) });
}
