import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Real-name records: one per verified account, never changed. The number
 * is kept as a keyed hash (the 3-accounts rule looks it up) and, with the name, sealed
 * (AES-256-GCM) for a regulator's re-check; the page shows only the masked copies. The birth
 * date drives the minors' rules. Listed in migrations.ts as '0006_real_name'.
 */
export const realNameMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_real_names')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('id_hash', 'text', (c) => c.notNull())
      .addColumn('name_sealed', 'text', (c) => c.notNull())
      .addColumn('id_sealed', 'text', (c) => c.notNull())
      .addColumn('name_masked', 'text', (c) => c.notNull())
      .addColumn('id_masked', 'text', (c) => c.notNull())
      // 'YYYY-MM-DD' as text: a calendar date, never shifted by a driver's time zone.
      .addColumn('birth_date', 'text', (c) => c.notNull().check(sql`birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('user_real_names_id_hash_idx').on('user_real_names').column('id_hash').execute();
  },
};
