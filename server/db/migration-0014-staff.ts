import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The staff console (server/staff/, docs/staff-console.md). Listed in migrations.ts
 * as '0014_staff'.
 * - staff_accounts: separate from players; scrypt password, sealed TOTP secret, the last TOTP step
 *   accepted (a code works once), a disabled flag.
 * - staff_sessions: the cookie's token and the CSRF token, both stored as sha256; idle and absolute
 *   limits are checked against last_seen_at and expires_at; ended sessions keep their row.
 * - staff_audit: every staff action, who, what, on what, before/after (jsonb), from where, when.
 */
export const staffMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_accounts')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'agent', 'reviewer', 'finance')`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('totp_secret_sealed', 'text', (c) => c.notNull())
      .addColumn('totp_last_step', 'bigint')
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_login_at', 'timestamptz')
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('csrf_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addColumn('ended_reason', 'text')
      .execute();
    await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();
    await db.schema
      .createTable('staff_audit')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_audit_staff_idx').on('staff_audit').columns(['staff_id', 'id']).execute();
    await db.schema.createIndex('staff_audit_action_idx').on('staff_audit').columns(['action', 'id']).execute();
  },
};
