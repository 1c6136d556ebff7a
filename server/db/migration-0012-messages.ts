import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The message centre and notices. Listed in migrations.ts as '0012_messages'.
 * - messages: one row per message; user_id null is a broadcast to every player (one row, whatever
 *   the number of players). source_ref makes a writer idempotent: unique per player, and unique
 *   among broadcasts (two partial unique indexes; server/messages/writer.ts).
 * - message_states: a player's read and deleted marks, written only when the player reads or
 *   deletes (a broadcast costs no row per player until then).
 * - notices (公告): sanitised HTML, an optional pop-up, published/withdrawn by staff.
 * - notice_views: the pop-up shown to a player, once per notice (the primary key settles races).
 */
export const messagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('messages')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('link', 'jsonb')
      .addColumn('source_ref', 'text')
      .addColumn('author_staff_id', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addCheckConstraint('messages_kind_check', sql`kind in ('activity', 'trading', 'account_sale', 'order', 'system')`)
      .execute();
    await db.schema
      .createIndex('messages_personal_source')
      .on('messages')
      .columns(['user_id', 'source_ref'])
      .unique()
      .where(sql<boolean>`user_id is not null and source_ref is not null`)
      .execute();
    await db.schema
      .createIndex('messages_broadcast_source')
      .on('messages')
      .column('source_ref')
      .unique()
      .where(sql<boolean>`user_id is null and source_ref is not null`)
      .execute();
    // A player's list of one kind, newest first; the broadcasts of one kind, newest first.
    await db.schema.createIndex('messages_user_kind').on('messages').columns(['user_id', 'kind', 'id']).execute();
    await db.schema.createIndex('messages_broadcast_kind').on('messages').columns(['kind', 'id']).where(sql<boolean>`user_id is null`).execute();

    await db.schema
      .createTable('message_states')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
      .addColumn('read_at', 'timestamptz')
      .addColumn('deleted_at', 'timestamptz')
      .addPrimaryKeyConstraint('message_states_pk', ['user_id', 'message_id'])
      .execute();
    await db.schema.createIndex('message_states_message').on('message_states').column('message_id').execute();

    await db.schema
      .createTable('notices')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('popup', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('published_at', 'timestamptz', (c) => c.notNull())
      .addColumn('withdrawn_at', 'timestamptz')
      .addColumn('author_staff_id', 'integer')
      .addColumn('withdrawn_by_staff_id', 'integer')
      .addColumn('source_ref', 'text', (c) => c.unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notices_published').on('notices').columns(['published_at', 'id']).where(sql<boolean>`withdrawn_at is null`).execute();

    await db.schema
      .createTable('notice_views')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
      .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_views_pk', ['user_id', 'notice_id'])
      .execute();
  },
};
