import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Favourites (listed on the /mine hub): one row per user and game; the
 * unique (user_id, game_id) settles two toggles racing. platform_game_id remembers the version the
 * player favourited from (the list shows the game's main version).
 * Listed in migrations.ts as '0007_collections'.
 */
export const collectionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collections')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('platform_game_id', 'integer', (c) => c.references('platform_games.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('collections_user_game_unique', ['user_id', 'game_id'])
      .execute();
    // The list reads a user's favourites newest first.
    await db.schema.createIndex('collections_user_created_idx').on('collections').columns(['user_id', 'created_at']).execute();
  },
};
