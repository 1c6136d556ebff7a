import { sql, type Kysely, type Transaction } from 'kysely';
import { CHINA_OFFSET_MS } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from '../periodic-job.ts';
import { debitPoints, POINTS, pointsOf } from '../rewards/index.ts';

/**
 * Points expiry (docs/decisions.md "tasks, check-in and points"). Points earned in calendar
 * year Y (China time) expire at the end of Y+1. At that moment the expiring amount is
 * max(0, balance − points earned since Jan 1 of Y+1): spending is taken from the oldest points
 * first, so whatever the balance holds beyond last year's and this year's earnings is from Y.
 * The yearly pass posts it with reference `points:expire:<user>:<Y>` (once, whenever it runs).
 *
 * "Earned" is what the engine paid: check-ins (check_ins.points, created_at) and task rewards
 * (task_progress.reward_points, claimed_at) — the two ways points are issued. Their timestamps
 * come from the server's clock (`now`), so the rule is testable with a simulated clock.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The China calendar year of an instant. */
export function chinaYear(at: Date): number {
  return new Date(at.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
}

/** 00:00 China time on Jan 1 of `year`. */
export function chinaYearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - CHINA_OFFSET_MS);
}

/** Points issued to the player at or after `since`. */
export async function pointsEarnedSince(db: Db, userId: number, since: Date): Promise<number> {
  const checkIns = await db.selectFrom('check_ins').select(sql<string>`coalesce(sum(points), 0)`.as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  const tasks = await db
    .selectFrom('task_progress')
    .select(sql<string>`coalesce(sum(reward_points), 0)`.as('n'))
    .where('user_id', '=', userId)
    .where('claimed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(checkIns.n) + Number(tasks.n);
}

/** What expires at the end of the current year if nothing changes (the notice shown to the player). */
export async function expiringNotice(db: Db, userId: number, now: Date): Promise<{ points: number; expires_at: string; balance: number }> {
  const year = chinaYear(now);
  const balance = await pointsOf(db, userId);
  const earned = await pointsEarnedSince(db, userId, chinaYearStart(year));
  return { points: Math.max(0, balance - earned), expires_at: chinaYearStart(year + 1).toISOString(), balance };
}

/**
 * The pass: for the year Y whose points have expired by `now` (Y = current China year − 2),
 * debit each player's expiring amount once. Answers how many players lost points.
 */
export async function expirePoints(db: Kysely<Database>, now: Date): Promise<{ year: number; players: number; points: number }> {
  const year = chinaYear(now) - 2;
  const keptSince = chinaYearStart(year + 1);
  const holders = await db.selectFrom('ledger_accounts').select(['user_id', 'balance']).where('kind', '=', POINTS).where('user_id', 'is not', null).where('balance', '>', 0).execute();
  let players = 0;
  let total = 0;
  for (const holder of holders) {
    const userId = holder.user_id!;
    const reference = `points:expire:${userId}:${year}`;
    const done = await db.selectFrom('ledger_transactions').select('id').where('reference', '=', reference).executeTakeFirst();
    if (done) continue;
    const posted = await db.transaction().execute(async (trx) => {
      const balance = await pointsOf(trx, userId);
      const amount = balance - (await pointsEarnedSince(trx, userId, keptSince));
      if (amount <= 0) return 0;
      const result = await debitPoints(trx, userId, { reference, kind: 'points_expire', amount, memo: `${year}年积分过期`, to: 'points_expired' });
      return result.posted ? amount : 0;
    });
    if (posted > 0) {
      players += 1;
      total += posted;
    }
  }
  return { year, players, points: total };
}

/** How often the expiry pass looks (it does work only in the first run after each China new year). */
export const POINTS_EXPIRY_INTERVAL_MS = 60 * 60_000;

export function startPointsExpiryJob(options: { db: Kysely<Database>; now?: () => number; log?: JobLog; intervalMs?: number }): PeriodicJob {
  return startPeriodicJob({ name: 'points expiry', intervalMs: options.intervalMs ?? POINTS_EXPIRY_INTERVAL_MS, ...(options.now ? { now: options.now } : {}), log: options.log, run: (now) => expirePoints(options.db, now) });
}
