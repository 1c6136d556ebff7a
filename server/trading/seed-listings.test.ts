import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDescription, checkRoleName, checkServerName, checkTitle, feeOf } from '../../api/protocol/trade-rules.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { SEED_SELLERS, seedTradeListings } from './seed-listings.ts';

/** The seeded /circle feed: realistic on-sale listings whose screenshots render, seeded once. */

describe('seeded trade listings', () => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
  });
  afterAll(() => server.close());

  it('shows 12–20 on-sale listings of several games by the seeded sellers; their fields pass the form checks and their pictures are served', async () => {
    const db = server.database.db;
    const sellers = await db.selectFrom('users').select('id').where('phone', 'in', SEED_SELLERS.map((s) => s.phone)).execute();
    expect(sellers).toHaveLength(SEED_SELLERS.length);
    const rows = await db.selectFrom('trade_listings').selectAll().where('user_id', 'in', sellers.map((s) => s.id)).execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(new Set(rows.map((r) => r.game_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(SEED_SELLERS.length);
    for (const row of rows) {
      expect(row.status).toBe('on_sale');
      for (const [check, value] of [[checkTitle, row.title], [checkServerName, row.server_name], [checkRoleName, row.role_name], [checkDescription, row.description]] as const) expect(check(value), value).toEqual({ ok: true, value });
      expect(row.fee_cents).toBe(feeOf(row.price_cents!));
      expect(row.images.length).toBeGreaterThanOrEqual(2);
      expect(row.images.length).toBeLessThanOrEqual(4);
      const sub = await db.selectFrom('game_sub_accounts').select(['frozen_listing_id', 'user_id']).where('id', '=', row.sub_account_id).executeTakeFirstOrThrow();
      expect(sub).toEqual({ frozen_listing_id: row.id, user_id: row.user_id });
    }
    const call = wireClient(server.url, clock.now);
    const feed = await call('/api/trade/getListings', { page: 1, limit: 50 });
    expect(feed.data.total).toBeGreaterThanOrEqual(rows.length);
    const card = feed.data.list[0];
    const res = await fetch(server.url + card.cover);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const detail = await call('/api/trade/getListing', { listing_id: card.id });
    expect(detail.data.seller.nickname).toMatch(/^.\*\*.$/u);
    expect(await seedTradeListings(db)).toBe(0);
  });
});
