import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0028_operator_role'. 运营 (operator) runs the catalogue and the
 * content (games, packages, gift packs, open servers, home content, the holiday calendar) beside
 * admin, agent, reviewer and finance. The role column's check was created inline with the table
 * (migration 0014), so PostgreSQL and PGlite named it staff_accounts_role_check.
 */
export const operatorRoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table staff_accounts drop constraint staff_accounts_role_check`.execute(db);
    await sql`alter table staff_accounts add constraint staff_accounts_role_check check (role in ('admin', 'agent', 'reviewer', 'finance', 'operator'))`.execute(db);
  },
};
