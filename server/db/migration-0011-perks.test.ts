import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import { CARD_PERKS } from '../money/perks-catalog.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.ts';
import { migrationProvider } from './migrations.ts';
import { buildCatalog } from './seed-catalog.ts';
import type { Database } from './schema.ts';
import type { Kysely } from 'kysely';

/** Each card's benefits with coupon ids replaced by the coupons' names and terms (ids differ between databases). */
async function benefitsByName(db: Kysely<Database>) {
  const coupons = new Map((await db.selectFrom('coupons').select(['id', 'name', 'source', 'amount_cents', 'threshold_cents', 'valid_days']).where('source', '<>', 'center').execute()).map((c) => [c.id, `${c.source}:${c.name}:${c.amount_cents}/${c.threshold_cents}/${c.valid_days}d`]));
  const cards = await db.selectFrom('cards').select(['name', 'subtitle', 'benefits', 'contents']).orderBy('name').execute();
  return {
    cards: cards.map((c) => ({
      name: c.name,
      subtitle: c.subtitle,
      contents: c.contents,
      instant: (c.benefits.instant_coupons ?? []).map((i) => [coupons.get(i.coupon_id), i.count]),
      daily: c.benefits.daily ? (c.benefits.daily.kind === 'coins' ? c.benefits.daily : { ...c.benefits.daily, coupon_id: coupons.get(c.benefits.daily.coupon_id) }) : null,
      bonus: c.benefits.topup_bonus_pct ?? 0,
    })),
    perkCoupons: [...coupons.values()].sort(),
  };
}

describe('migration 0011_perks', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(() => Promise.all(handles.map((h) => h.close())));

  it('gives the cards of a database seeded before it the same benefits and lines a fresh seed gives', async () => {
    // A database at 0009 whose catalogue (cards with the old lines, no benefits) was seeded then.
    const old = await openDatabase({ dataDir: 'memory://' });
    handles.push(old);
    const migrator = new Migrator({ db: old.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo('0009_money');
    expect(error).toBeUndefined();
    const catalog = buildCatalog();
    for (const card of catalog.cards) await old.db.insertInto('cards').values(card).execute();
    await sql`update cards set contents = '["旧的说明"]'::jsonb`.execute(old.db);
    await sql`update cards set subtitle = '旧的副标题' where name in ('新人体验卡', '新游首发卡', '胭脂红卡·月卡')`.execute(old.db);
    // 0011 first; later migrations (0012_messages …) follow it.
    expect((await migrateToLatest(old.db))[0]).toBe('0011_perks');

    const fresh = await createTestDatabase();
    handles.push(fresh);
    const migrated = await benefitsByName(old.db);
    expect(migrated).toEqual(await benefitsByName(fresh.db));
    expect(migrated.cards.map((c) => c.name).sort()).toEqual(Object.keys(CARD_PERKS).sort());
    expect(migrated.cards.find((c) => c.name === '回归福利卡')!.daily).toEqual({ kind: 'coins', amount_cents: 200, auto: true });
  });

  it('leaves a database without a catalogue for the seed to fill', async () => {
    const empty = await openDatabase({ dataDir: 'memory://' });
    handles.push(empty);
    await migrateToLatest(empty.db);
    expect(await empty.db.selectFrom('coupons').select('id').execute()).toEqual([]);
  });
});
