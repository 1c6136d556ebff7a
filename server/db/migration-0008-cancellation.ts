import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Account cancellation: one row per request. 'pending' during the 15-day cooling-off,
 * then 'revoked' (the player changed their mind) or 'done' (the scheduled job anonymised the
 * account). The job is driven by this table alone, so it survives restarts. users.cancelled_at
 * marks an anonymised account. Listed in migrations.ts as '0008_cancellation'.
 */
export const cancellationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('cancelled_at', 'timestamptz').execute();
    await db.schema
      .createTable('cancellation_requests')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      // No cascade: users are never deleted, an anonymised one keeps its id.
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'revoked', 'done')`))
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
      .addColumn('resolved_at', 'timestamptz')
      .execute();
    // At most one request in the cooling-off per account (two concurrent applications: one wins).
    await db.schema.createIndex('cancellation_pending_user_idx').on('cancellation_requests').column('user_id').unique().where(sql.ref('status'), '=', 'pending').execute();
    // The job's scan: due pending rows.
    await db.schema.createIndex('cancellation_pending_due_idx').on('cancellation_requests').column('effective_at').where(sql.ref('status'), '=', 'pending').execute();
  },
};
