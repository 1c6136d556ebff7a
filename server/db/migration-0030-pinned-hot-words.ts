import type { Kysely, Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0030_pinned_hot_words'. Operators pin hot search words (首页内容):
 * `pinned` is a pinned word's place (1 first), null for the words ranked by hits alone. The search
 * page reads at most a few dozen rows of a small table, so no index.
 */
export const pinnedHotWordsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('hot_search_words').addColumn('pinned', 'integer').execute();
  },
};
