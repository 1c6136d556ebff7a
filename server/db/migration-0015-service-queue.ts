import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Customer service with human agents. Listed in migrations.ts as '0015_service_queue'.
 * - service_conversations: one player's conversation: queued → open (an agent took it) → closed.
 *   At most one conversation per player is not closed (a partial unique index), so two racing
 *   first messages open one conversation. agent_id is a staff id (the staff table comes with the
 *   staff console; no foreign key here so the migrations stay independent).
 * - service_messages gain the conversation, a picture (an object key) and the agent who wrote it.
 *   The welcome line and messages from before this migration have no conversation.
 * - service_quick_replies: the agents' canned answers (seeded by seedServiceContent).
 * - service_agent_uploads: the pictures an agent uploaded, the only ones their replies may show.
 */
export const serviceQueueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('service_conversations')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'open', 'closed')`))
      .addColumn('agent_id', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('taken_at', 'timestamptz')
      .addColumn('closed_at', 'timestamptz')
      .addColumn('last_message_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('service_conversations_one_live').on('service_conversations').column('user_id').unique().where(sql<boolean>`status <> 'closed'`).execute();
    await db.schema.createIndex('service_conversations_user_idx').on('service_conversations').columns(['user_id', 'id']).execute();
    // The queue in order, and each status's list for the agents.
    await db.schema.createIndex('service_conversations_status_idx').on('service_conversations').columns(['status', 'created_at', 'id']).execute();

    await db.schema
      .alterTable('service_messages')
      .addColumn('conversation_id', 'integer', (c) => c.references('service_conversations.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('service_messages').addColumn('image_key', 'text').execute();
    await db.schema.alterTable('service_messages').addColumn('agent_id', 'integer').execute();
    // The stream sends a player's messages after a cursor (their id).
    await db.schema.createIndex('service_messages_user_id_idx').on('service_messages').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('service_messages_conversation_idx').on('service_messages').columns(['conversation_id', 'id']).execute();

    await db.schema
      .createTable('service_quick_replies')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('service_agent_uploads')
      .addColumn('agent_id', 'integer', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('service_agent_uploads_pkey', ['agent_id', 'object_key'])
      .execute();
  },
};
