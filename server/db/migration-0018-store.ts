import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The coin store (积分商城). Listed in migrations.ts as '0018_store'.
 * - store_items: what points buy. `kind` says what one redemption delivers: a coupon (coupon_id,
 *   a user_coupons row of source 'store'), 乐玩币 (coins_cents through the ledger) or a gift code
 *   (gift_pack_id: one unassigned code of the pack). `stock` never goes below zero (CHECK, and the
 *   redemption takes it with `stock = stock - 1 where stock > 0`). `per_user_limit` null: no limit.
 *   A gift-code item is limited to 1 a player: gift_codes allows one code per player and pack.
 * - store_redemptions: one row per redemption; request_id is the client's key of one attempt,
 *   unique per player, so a retried request answers the first result.
 * - store_user_counts: how many of an item a player has redeemed; its row is the per-player lock
 *   of the limit (`count = count + 1 where count < limit`).
 */
export const storeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_items')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('coupon', 'coins', 'gift_code')`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('points_price', 'integer', (c) => c.notNull().check(sql`points_price > 0`))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
      .addColumn('per_user_limit', 'integer', (c) => c.check(sql`per_user_limit is null or per_user_limit > 0`))
      .addColumn('valid_from', 'timestamptz')
      .addColumn('valid_to', 'timestamptz')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
      .addColumn('coins_cents', 'integer', (c) => c.check(sql`coins_cents is null or coins_cents > 0`))
      .addColumn('gift_pack_id', 'integer', (c) => c.references('gift_packs.id'))
      // The seed's key of an item (the seed inserts each once); null for items staff add.
      .addColumn('seed_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(
        'store_items_goods_ck',
        sql`(kind = 'coupon' and coupon_id is not null and coins_cents is null and gift_pack_id is null)
          or (kind = 'coins' and coins_cents is not null and coupon_id is null and gift_pack_id is null)
          or (kind = 'gift_code' and gift_pack_id is not null and coupon_id is null and coins_cents is null and per_user_limit = 1)`,
      )
      .addCheckConstraint('store_items_validity_ck', sql`valid_from is null or valid_to is null or valid_from < valid_to`)
      .execute();
    await db.schema.createIndex('store_items_list_idx').on('store_items').columns(['active', 'sort', 'id']).execute();
    await db.schema
      .createTable('store_redemptions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('store_items.id'))
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('points_paid', 'integer', (c) => c.notNull().check(sql`points_paid > 0`))
      .addColumn('user_coupon_id', 'integer', (c) => c.references('user_coupons.id').onDelete('set null'))
      .addColumn('gift_code', 'text')
      .addColumn('coins_cents', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('store_redemptions_request_uq', ['user_id', 'request_id'])
      .execute();
    await db.schema.createIndex('store_redemptions_user_idx').on('store_redemptions').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('store_user_counts')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('store_items.id'))
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`count >= 0`))
      .addPrimaryKeyConstraint('store_user_counts_pk', ['user_id', 'item_id'])
      .execute();
  },
};
