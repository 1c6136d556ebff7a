import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';

/**
 * trade_listing_counts (migration 0033) against the listings themselves: kept in the changing
 * statement's transaction, so concurrent changes add up, a rolled-back change leaves no trace,
 * and the count per game always equals counting the public listings.
 */
describe.each(DATABASE_KINDS)('kept listing counts on %s', (kind) => {
  let database: DatabaseHandle;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function counted(): Promise<Map<number, number>> {
    const rows = await db().selectFrom('trade_listings').select(['game_id', sql<number>`count(*)::int`.as('n')]).where('status', 'in', ['on_sale', 'reserved']).groupBy('game_id').execute();
    return new Map(rows.map((r) => [r.game_id, r.n]));
  }
  async function kept(): Promise<Map<number, number>> {
    const rows = await db().selectFrom('trade_listing_counts').select(['game_id', 'public_count']).where('public_count', '>', 0).execute();
    return new Map(rows.map((r) => [r.game_id, r.public_count]));
  }

  it('40 listings created and moved through their statuses at once, some rolled back: the kept count equals the count', async () => {
    const versions = await db().selectFrom('platform_games').select(['id', 'game_id']).orderBy('id').limit(3).execute();
    const before = await counted();
    expect(await kept()).toEqual(before);
    const now = new Date();
    const users = await db()
      .insertInto('users')
      .values(Array.from({ length: 40 }, (_, i) => ({ uuid: `kept-count-${kind}-${i}`, phone: `1980000${String(i).padStart(4, '0')}`, nickname: `玩家${i}`, avatar: '', created_at: now })))
      .returning('id')
      .execute();
    const subs = await db()
      .insertInto('game_sub_accounts')
      .values(users.map((u, i) => ({ user_id: u.id, game_id: versions[i % 3]!.game_id, platform_game_id: versions[i % 3]!.id, name: '小号', created_at: now })))
      .returning(['id', 'user_id', 'game_id', 'platform_game_id'])
      .execute();
    // Created at once, each in its own transaction; every third straight on sale.
    const listings = await Promise.all(
      subs.map((s, i) =>
        db().transaction().execute((trx) =>
          trx
            .insertInto('trade_listings')
            .values({ user_id: s.user_id, sub_account_id: s.id, game_id: s.game_id, platform_game_id: s.platform_game_id, status: i % 3 === 0 ? 'on_sale' : 'reviewing', created_at: now, updated_at: now })
            .returning(['id', 'status'])
            .executeTakeFirstOrThrow(),
        ),
      ),
    );
    expect(await kept()).toEqual(await counted());
    // Then at once: approvals, reservations, sales, withdrawals, and approvals that roll back.
    const outcomes = await Promise.allSettled(
      listings.map((l, i) =>
        db().transaction().execute(async (trx) => {
          const path = i % 5 === 0 ? ['on_sale', 'reserved', 'sold'] : i % 5 === 1 ? ['on_sale', 'withdrawn'] : i % 5 === 2 ? ['on_sale', 'reserved'] : i % 5 === 3 ? ['on_sale'] : ['on_sale', 'expired'];
          for (const status of path) await trx.updateTable('trade_listings').set({ status: status as 'on_sale', updated_at: now }).where('id', '=', l.id).execute();
          if (i % 4 === 3) throw new Error('rolled back');
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(10);
    const after = await counted();
    expect(await kept()).toEqual(after);
    // The change is visible: 40 new listings of which, after the committed paths, some are public.
    const added = [...after.values()].reduce((a, b) => a + b, 0) - [...before.values()].reduce((a, b) => a + b, 0);
    expect(added).toBeGreaterThan(0);
    // A listing deleted, and one moved to another game while public.
    const [first, second] = listings;
    await db().deleteFrom('trade_listings').where('id', '=', first!.id).execute();
    await db().updateTable('trade_listings').set({ status: 'on_sale' }).where('id', '=', second!.id).execute();
    await db().updateTable('trade_listings').set({ game_id: versions[2]!.game_id }).where('id', '=', second!.id).execute();
    expect(await kept()).toEqual(await counted());
  });
});
