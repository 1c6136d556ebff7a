import { sql, type Kysely } from 'kysely';
import { chinaDate } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { grantDaily, parseBenefits } from './cards.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from '../periodic-job.ts';

/**
 * The autosend job: every active card purchase whose daily benefit is sent automatically gets
 * today's (China time) benefit once. Durable and idempotent without any state of its own: the
 * grant row's unique (purchase, day, kind) decides, so a run repeated, a run in two processes at
 * once, or a run after a restart grants each day once; a day the server was down is not made up
 * (the benefit is of the day). fulfilCard grants the day of purchase at once.
 */

/** One pass at `now`: answers how many grants it made. */
export async function runOnce(db: Kysely<Database>, now: Date, log?: JobLog): Promise<number> {
  const day = chinaDate(now);
  const due = await db
    .selectFrom('card_purchases as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select(['p.id', 'p.user_id', 'c.benefits'])
    .where('p.starts_at', '<=', now)
    .where('p.ends_at', '>', now)
    .where(sql<boolean>`(c.benefits -> 'daily' ->> 'auto') = 'true'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('card_benefit_grants as g')
            .select('g.id')
            .whereRef('g.purchase_id', '=', 'p.id')
            .where('g.day', '=', day)
            .where(sql<boolean>`g.kind = (c.benefits -> 'daily' ->> 'kind')`),
        ),
      ),
    )
    .orderBy('p.id')
    .execute();
  let granted = 0;
  for (const row of due) {
    try {
      const grant = await db.transaction().execute((trx) => grantDaily(trx, { id: row.id, user_id: row.user_id }, parseBenefits(row.benefits), now, true));
      if (grant) granted++;
    } catch (error) {
      log?.error({ err: error, purchase: row.id }, 'autosend grant failed');
    }
  }
  if (granted > 0) log?.info({ granted, day }, 'card benefits sent');
  return granted;
}

/** How often a running server looks for benefits to send. */
export const AUTOSEND_JOB_INTERVAL_MS = 5 * 60_000;

/** Runs at start-up and then every interval, never two runs at once in one process. */
export function startAutosendJob(options: { db: Kysely<Database>; now?: () => number; log?: JobLog; intervalMs?: number }): PeriodicJob {
  const { db, log } = options;
  return startPeriodicJob({ name: 'autosend job', intervalMs: options.intervalMs ?? AUTOSEND_JOB_INTERVAL_MS, ...(options.now ? { now: options.now } : {}), log, run: (now) => runOnce(db, now, log) });
}
