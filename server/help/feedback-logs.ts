import type { Kysely } from 'kysely';
import { parseEventLogJson, type EventLogFile } from '../../api/protocol/event-log.ts';
import { FEEDBACK_LOG_MAX_BYTES, FEEDBACK_LOG_RETENTION_DAYS } from '../../api/protocol/help-rules.ts';
import type { Database } from '../db/schema.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from '../periodic-job.ts';
import { readAll, type ObjectStorage } from '../storage/index.ts';

/**
 * The event logs players attach to feedback (help-rules.ts FEEDBACK_LOG_*): reading one for the
 * staff, and the retention job. A log is deleted FEEDBACK_LOG_RETENTION_DAYS after its feedback was
 * sent, and an uploaded log no feedback took (the player left the form) after a day. The object
 * goes first, then the reference: a failure in between leaves a feedback that says "no log" when
 * asked, never a reference to nothing that claims to be there.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const FEEDBACK_LOG_JOB_INTERVAL_MS = 60 * 60 * 1000;
export const UNATTACHED_LOG_TTL_MS = DAY_MS;

/**
 * A feedback's stored log: `missing` when there is no such feedback, `none` when it has no log or
 * the log is gone, else the log (null when the stored file no longer reads) and its size.
 */
export async function readFeedbackLog(
  db: Kysely<Database>,
  storage: ObjectStorage,
  feedbackId: number,
): Promise<{ kind: 'missing' } | { kind: 'none' } | { kind: 'found'; log: EventLogFile | null; size: number }> {
  const row = await db.selectFrom('feedback').select(['event_log_key', 'event_log_size']).where('id', '=', feedbackId).executeTakeFirst();
  if (!row) return { kind: 'missing' };
  if (!row.event_log_key) return { kind: 'none' };
  const object = await storage.get(row.event_log_key);
  if (!object) return { kind: 'none' };
  // Stored as the upload route's decoder wrote it; a file that no longer reads is reported as such.
  const read = parseEventLogJson((await readAll(object.body, FEEDBACK_LOG_MAX_BYTES * 2)).toString('utf8'));
  return { kind: 'found', log: read.ok ? read.log : null, size: row.event_log_size ?? object.size };
}

export async function purgeFeedbackLogs(db: Kysely<Database>, storage: ObjectStorage, now: Date): Promise<{ expired: number; unattached: number }> {
  const expired = await db
    .selectFrom('feedback')
    .select(['id', 'event_log_key'])
    .where('event_log_key', 'is not', null)
    .where('created_at', '<', new Date(now.getTime() - FEEDBACK_LOG_RETENTION_DAYS * DAY_MS))
    .execute();
  for (const row of expired) {
    const key = row.event_log_key!;
    await storage.delete(key);
    await db.updateTable('feedback').set({ event_log_key: null, event_log_size: null }).where('id', '=', row.id).where('event_log_key', '=', key).execute();
    await db.deleteFrom('uploads').where('purpose', '=', 'event_log').where('object_key', '=', key).execute();
  }
  const unattached = await db
    .selectFrom('uploads')
    .select('object_key')
    .where('purpose', '=', 'event_log')
    .where('created_at', '<', new Date(now.getTime() - UNATTACHED_LOG_TTL_MS))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('feedback').select('feedback.id').whereRef('feedback.event_log_key', '=', 'uploads.object_key'))))
    .execute();
  for (const row of unattached) {
    await storage.delete(row.object_key);
    await db.deleteFrom('uploads').where('purpose', '=', 'event_log').where('object_key', '=', row.object_key).execute();
  }
  return { expired: expired.length, unattached: unattached.length };
}

export function startFeedbackLogJob(deps: { db: Kysely<Database>; storage: ObjectStorage; log?: JobLog; now?: () => number }): PeriodicJob {
  return startPeriodicJob({
    name: 'feedback log retention',
    intervalMs: FEEDBACK_LOG_JOB_INTERVAL_MS,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    run: async (at) => {
      const done = await purgeFeedbackLogs(deps.db, deps.storage, at);
      if (done.expired + done.unattached > 0) deps.log?.info(done, 'feedback logs deleted');
    },
  });
}
