import type { Kysely, Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0023_staff_audit_system'. staff_audit.staff_id may be null: a row
 * the system wrote itself, with no staff member acting (an address braked after too many failed
 * staff sign-ins, server/staff/login-limits.ts). The audit page shows such rows as 系统.
 */
export const staffAuditSystemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_audit').alterColumn('staff_id', (c) => c.dropNotNull()).execute();
  },
};
