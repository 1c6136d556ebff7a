import type { Kysely, Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0025_feedback_logs'. A feedback may carry the app's event log, which
 * the player chose to attach (api/protocol/help-rules.ts FEEDBACK_LOG_*): its object key and size.
 * The retention job (server/help/feedback-logs.ts) deletes the object and clears both after
 * FEEDBACK_LOG_RETENTION_DAYS; a key is attached to one feedback only.
 */
export const feedbackLogsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('feedback')
      .addColumn('event_log_key', 'text')
      .addColumn('event_log_size', 'integer')
      .execute();
    await db.schema.createIndex('feedback_event_log_key_unique').on('feedback').column('event_log_key').unique().execute();
  },
};
