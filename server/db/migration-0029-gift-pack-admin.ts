import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0029_gift_pack_admin'. Operators run gift packs (礼包管理):
 * - gift_packs.valid_from: when players start to see and claim a pack; null (every pack made
 *   before the console, the seed's) means from its creation.
 * - a code is unique within its pack, no longer across every pack: two games' packs may hand out
 *   the same text (each game redeems its own), while an import never adds a code twice to one pack
 *   (ON CONFLICT (pack_id, code) DO NOTHING counts the copies). Migration 0004 made the column
 *   unique inline, so PostgreSQL and PGlite named it gift_codes_code_key.
 */
export const giftPackAdminMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('gift_packs').addColumn('valid_from', 'timestamptz').execute();
    await db.schema.createIndex('gift_codes_pack_code_key').on('gift_codes').columns(['pack_id', 'code']).unique().execute();
    await sql`alter table gift_codes drop constraint gift_codes_code_key`.execute(db);
  },
};
