import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Profile: sex and birthday on the user, and who uploaded which stored object (an
 * avatar may only be set to an object its player uploaded). users.avatar keeps the avatar's
 * object key ('' = the generated initial). Listed in migrations.ts as '0005_profile'.
 */
export const profileMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      // 0 unknown / 1 male / 2 female.
      .addColumn('sex', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`sex in (0, 1, 2)`))
      // YYYY-MM-DD as text: a calendar date with no time zone to shift it (pg parses `date` into a local-time Date).
      .addColumn('birthday', 'text', (c) => c.check(sql`birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
      .execute();
    await db.schema
      .createTable('uploads')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // Content-addressed keys: two players uploading the same picture share one object, each with their own row.
      .addPrimaryKeyConstraint('uploads_pkey', ['user_id', 'object_key'])
      .execute();
    await db.schema.createIndex('uploads_key_idx').on('uploads').column('object_key').execute();
  },
};
