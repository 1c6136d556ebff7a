import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0032_game_list_order'. The game lists keep page numbers (PROTOCOL §10
 * answers page and total; /hotbt and the other list pages ask by page), so a deep page is an
 * OFFSET. The hot order (download_count desc, id) gets an index in exactly that order carrying
 * online_at, so the online filter and the skip are read from the index alone (an index-only scan
 * once vacuumed) instead of sorting every online game: the 32 k-row skip costs index entries, not a
 * sort. It replaces games_downloads_idx (download_count), which it serves in either direction.
 */
export const gameListOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index games_hot_order on games (download_count desc, id) include (online_at)`.execute(db);
    await sql`drop index games_downloads_idx`.execute(db);
  },
};
