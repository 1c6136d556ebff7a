import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The staff console's feedback replies. Listed in migrations.ts as
 * '0016_staff_content'.
 * - feedback_replies.request_id: the console's idempotency key of one reply (a UUID made per
 *   reply box, sent again on a retry). Unique per feedback, so a reply retried after a lost answer
 *   stores one reply and posts the player one message. Replies from before have none (null).
 */
export const staffContentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('feedback_replies').addColumn('request_id', 'text').execute();
    await db.schema
      .createIndex('feedback_replies_request')
      .on('feedback_replies')
      .columns(['feedback_id', 'request_id'])
      .unique()
      .where(sql<boolean>`request_id is not null`)
      .execute();
  },
};
