import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0034_player_admin'. 玩家管理 (server/accounts/staff-players.ts):
 * - a ban's when and why on the account (users.disabled_at, disabled_reason), for the detail view;
 *   the audit log keeps who and every change;
 * - the search's lookups without a scan of users: a phone's last four (an expression index on
 *   right(phone, 4)) and a nickname's start (text_pattern_ops serves LIKE 'prefix%' whatever the
 *   database's collation).
 */
export const playerAdminMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table users add column disabled_at timestamptz, add column disabled_reason text`.execute(db);
    await sql`create index users_phone_last_four_idx on users (right(phone, 4))`.execute(db);
    await sql`create index users_nickname_prefix_idx on users (nickname text_pattern_ops)`.execute(db);
  },
};
