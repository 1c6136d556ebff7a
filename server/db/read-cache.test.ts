import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import type { DatabaseHandle } from './database.ts';
import { cachedRead, READ_CACHE_MAX_ENTRIES, READ_CACHE_TTL_MS } from './read-cache.ts';

describe('read cache (server/db/read-cache.ts)', () => {
  let database: DatabaseHandle;
  const t0 = new Date('2026-11-26T08:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  let loads = 0;
  let key = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A cached read of the games' names: counts its loads. */
  function readGames(name: string, now = t0, tables: Array<'games' | 'platform_games'> = ['games']) {
    return cachedRead(database.db, tables, name, now, async () => {
      loads++;
      return database.db.selectFrom('games').select(['id', 'name']).orderBy('id').limit(3).execute();
    });
  }
  const fresh = () => `k${++key}`;

  it('loads once per key while nothing is written, and again once the entry is older than the TTL', async () => {
    const k = fresh();
    loads = 0;
    const first = await readGames(k);
    expect(await readGames(k, at(READ_CACHE_TTL_MS - 1))).toBe(first);
    expect(loads).toBe(1);
    await readGames(k, at(READ_CACHE_TTL_MS));
    expect(loads).toBe(2);
    // a clock that went backwards does not use an entry from its future
    await readGames(k, at(-1));
    expect(loads).toBe(3);
  });

  it('a write to a table the entry read drops it at once; a write elsewhere does not', async () => {
    const k = fresh();
    loads = 0;
    const before = await readGames(k);
    await database.db.insertInto('hot_search_words').values({ word: `w-${k}`, hits: 1 }).execute();
    await readGames(k);
    expect(loads).toBe(1);
    await database.db.updateTable('games').set({ name: `改名-${k}` }).where('id', '=', before[0]!.id).execute();
    const after = await readGames(k);
    expect(loads).toBe(2);
    expect(after[0]!.name).toBe(`改名-${k}`);
  });

  it('sees writes in transactions, in WITH … UPDATE, in raw SQL and deletes; raw and Kysely reads change nothing', async () => {
    const k = fresh();
    const games = await database.db.selectFrom('games').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    loads = 0;
    await readGames(k);
    await sql`select count(*) from games`.execute(database.db);
    await sql`with g as (select id from games) select count(*) from g`.execute(database.db);
    await database.db.selectFrom('games').select('id').where('id', '=', games.id).forUpdate().execute();
    await readGames(k);
    expect(loads).toBe(1);

    const writes: Array<() => Promise<unknown>> = [
      () => database.db.transaction().execute((trx) => trx.updateTable('games').set({ score: 9 }).where('id', '=', games.id).execute()),
      () =>
        database.db
          .with('touched', (qb) => qb.updateTable('games').set({ score: 8 }).where('id', '=', games.id).returning('id'))
          .selectFrom('touched')
          .select('id')
          .execute(),
      () => sql`update games set score = 7 where id = ${games.id}`.execute(database.db),
      () => database.db.deleteFrom('game_screenshots').where('game_id', '=', -1).execute(),
    ];
    for (const [i, write] of writes.entries()) {
      await write();
      await readGames(k, t0, ['games', 'platform_games']);
      // game_screenshots is neither games nor platform_games: only the first three reload
      expect(loads).toBe(1 + Math.min(i + 1, 3));
    }
  });

  it('shares one load between concurrent misses, and does not keep a failed one', async () => {
    const k = fresh();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = () =>
      cachedRead(database.db, ['games'], k, t0, async () => {
        calls++;
        await gate;
        return calls;
      });
    const pending = [slow(), slow(), slow()];
    release();
    expect(await Promise.all(pending)).toEqual([1, 1, 1]);
    expect(calls).toBe(1);

    const failing = fresh();
    let attempts = 0;
    const flaky = () =>
      cachedRead(database.db, ['games'], failing, t0, async () => {
        attempts++;
        if (attempts === 1) throw new Error('connection lost');
        return 'ok';
      });
    await expect(flaky()).rejects.toThrow('connection lost');
    expect(await flaky()).toBe('ok');
    expect(attempts).toBe(2);
  });

  it('keeps at most READ_CACHE_MAX_ENTRIES, dropping the oldest', async () => {
    let count = 0;
    const load = async () => ++count;
    const first = fresh();
    await cachedRead(database.db, ['games'], first, t0, load);
    for (let i = 0; i < READ_CACHE_MAX_ENTRIES; i++) await cachedRead(database.db, ['games'], `fill-${i}`, t0, load);
    const before = count;
    await cachedRead(database.db, ['games'], first, t0, load);
    expect(count).toBe(before + 1);
  });

  it('does not cache on a handle openDatabase did not make', async () => {
    const other = database.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
    let count = 0;
    await cachedRead(other, ['games'], 'same', t0, async () => ++count);
    await cachedRead(other, ['games'], 'same', t0, async () => ++count);
    expect(count).toBe(2);
  });
});
