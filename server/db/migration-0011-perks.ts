import { sql, type Kysely, type Migration } from 'kysely';
// A migration that has run must keep doing what it did: this one wrote money's perks catalogue once.
// eslint-disable-next-line no-restricted-imports -- db/ sits below money/; a past migration is not rewritten
import { ensurePerks } from '../money/perks-catalog.ts';
import type { Database } from './schema.ts';

/**
 * Cards' benefits and level coupons. Listed in migrations.ts as '0011_perks'.
 * - coupons.source: 'center' (the coupon centre's, claimed from stock), 'card' (handed out by a
 *   card), 'level' (the monthly level coupon); only 'center' ones are listed and claimable there.
 * - level_coupon_claims: one claim per player, level and China-time month ('YYYY-MM').
 * - On a database whose catalogue is already seeded, the cards get their benefits here; a fresh
 *   database gets the same from the catalogue seed (seedCatalog calls the same ensurePerks).
 */
export const perksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('coupons')
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('center'))
      .execute();
    await sql`alter table coupons add constraint coupons_source_check check (source in ('center', 'card', 'level'))`.execute(db);
    // A perk coupon is one row per source and name (ensurePerks finds it by them).
    await db.schema.createIndex('coupons_perk_name').on('coupons').columns(['source', 'name']).unique().where(sql<boolean>`source <> 'center'`).execute();
    await db.schema
      .createTable('level_coupon_claims')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('user_coupon_id', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('level_coupon_claims_once', ['user_id', 'level', 'month'])
      .execute();
    // The autosend job's scan: purchases by their end.
    await db.schema.createIndex('card_purchases_ends').on('card_purchases').column('ends_at').execute();
    const typed = db as unknown as Kysely<Database>;
    const seeded = await typed.selectFrom('cards').select('id').limit(1).executeTakeFirst();
    if (seeded) await ensurePerks(typed);
  },
};
