import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from '../periodic-job.ts';
import { expireListings } from './listings.ts';
import { releaseDueTrades } from './trades.ts';

/**
 * The trading jobs, one runner started by server/main.ts: the sellers' proceeds of
 * trades whose cooling-off has passed are released (disputed ones wait for staff), and listings
 * on sale past their term expire. Each pass takes `now`, so tests drive it with a manual clock;
 * both passes claim rows with conditional updates (and skip locked), so two processes release
 * each trade once.
 */

export const TRADING_JOB_INTERVAL_MS = 60_000;

/** One pass of both jobs at `now`. */
export async function runTradingJobs(db: Kysely<Database>, now: Date, log?: JobLog): Promise<{ released: number; expired: number }> {
  const released = await releaseDueTrades(db, now);
  const expired = await expireListings(db, now);
  if (released > 0 || expired > 0) log?.info({ released, expired }, 'trading jobs');
  return { released, expired };
}

/** At start-up (work that fell due while the server was down) and then every minute; stop() waits for a pass in progress. */
export function startTradingJobs(deps: { db: Kysely<Database>; log?: JobLog; intervalMs?: number; now?: () => number }): PeriodicJob {
  return startPeriodicJob({
    name: 'trading jobs',
    intervalMs: deps.intervalMs ?? TRADING_JOB_INTERVAL_MS,
    ...(deps.now ? { now: deps.now } : {}),
    log: deps.log,
    run: (now) => runTradingJobs(deps.db, now, deps.log),
  });
}
