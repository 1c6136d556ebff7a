import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Help articles and feedback. Listed in migrations.ts as
 * '0013_help_feedback'.
 *
 * - help_categories, help_articles: FAQ categories; articles of five kinds (an FAQ answer sits in
 *   a category). `content` holds HTML already sanitised on the way in (server/content/html-sanitize.ts).
 *   A slug names the articles fixed pages show ('product', 'guide', 'about-…').
 * - feedback: one submission; (user_id, request_id) unique makes a retried submit the same row.
 *   status pending → replied (a staff reply) → closed.
 * - feedback_images: the pictures, each an upload of the same player (purpose 'feedback'); an
 *   upload serves one feedback only (object_key unique).
 * - feedback_replies: staff replies. staff_id names a staff account (the staff slice's table,
 *   migration 0014, comes later: no foreign key here).
 * - feedback_day_counts: submissions per player per China-time day; the limit is checked and
 *   counted by one conditional upsert.
 */
export const helpFeedbackMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('help_categories')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('help_articles')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('faq', 'activity', 'product', 'guide', 'about')`))
      .addColumn('category_id', 'integer', (c) => c.references('help_categories.id').onDelete('restrict'))
      .addColumn('slug', 'text', (c) => c.unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('published_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('help_articles_faq_category', sql`kind <> 'faq' or category_id is not null`)
      .addCheckConstraint('help_articles_published_at', sql`not published or published_at is not null`)
      .execute();
    await db.schema.createIndex('help_articles_kind_idx').on('help_articles').columns(['kind', 'published', 'published_at']).execute();
    await db.schema.createIndex('help_articles_category_idx').on('help_articles').columns(['category_id', 'sort_order']).execute();

    await db.schema
      .createTable('feedback')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('game_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'replied', 'closed')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_by', 'integer')
      .addUniqueConstraint('feedback_user_request_unique', ['user_id', 'request_id'])
      .execute();
    await db.schema.createIndex('feedback_user_created_idx').on('feedback').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('feedback_status_created_idx').on('feedback').columns(['status', 'created_at', 'id']).execute();
    await db.schema
      .createTable('feedback_images')
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('position', 'smallint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('object_key', 'text', (c) => c.notNull().unique())
      .addPrimaryKeyConstraint('feedback_images_pkey', ['feedback_id', 'position'])
      .execute();
    await db.schema
      .createTable('feedback_replies')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_replies_feedback_idx').on('feedback_replies').columns(['feedback_id', 'id']).execute();
    await db.schema
      .createTable('feedback_day_counts')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // YYYY-MM-DD, China time.
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('feedback_day_counts_pkey', ['user_id', 'day'])
      .execute();
  },
};
