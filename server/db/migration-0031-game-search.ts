import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0031_game_search'. The game search (server/catalog/games.ts
 * rankedSearch) finds its candidates through indexes instead of ranking every game: exact and
 * prefix matches already had btree indexes (0004); "contains" on the name and on the pinyin gets a
 * trigram GIN index here (pg_trgm: PostgreSQL's contrib, and @electric-sql/pglite/contrib/pg_trgm,
 * which openDatabase loads into PGlite). A keyword of fewer than three characters has no trigram;
 * the index then reads as a scan of names, still without the per-game tag subqueries.
 *
 * An extension belongs to the whole database, not to a schema: it goes into public (present in
 * every database; the app may run in another schema, as the tests do, one schema each) and the
 * operator class is named with it. Test files migrate their schemas at the same time, and two
 * CREATE EXTENSION at once collide, so they take turns on a transaction lock.
 */
/** pg_advisory_xact_lock(key1, key2) around CREATE EXTENSION (a pair no other code uses). */
const EXTENSION_LOCK_KEYS = [0x67_70, 31] as const;

export const gameSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK_KEYS[0]}, ${EXTENSION_LOCK_KEYS[1]})`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index games_name_trgm on games using gin (name public.gin_trgm_ops)`.execute(db);
    await sql`create index games_pinyin_trgm on games using gin (name_pinyin public.gin_trgm_ops)`.execute(db);
  },
};
