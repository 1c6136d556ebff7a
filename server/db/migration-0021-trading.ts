import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Account trading. Listed in migrations.ts as '0021_trading'. Rules and numbers:
 * api/protocol/trade-rules.ts; the service: server/trading/.
 * - trade_settings: one row (id 1), the numbers an operator may change by an UPDATE: the listing
 *   conditions (sub-account age, recorded top-ups), the price range, the fee (basis points and a
 *   minimum), the reservation of an open order, the cooling-off period and how long a listing
 *   stays on sale. Each listing copies the fee rule when it is submitted (the seller saw that
 *   net), each trade copies the cooling-off when it is paid.
 * - trade_listings: one listing of a sub-account. status draft → reviewing → on_sale → reserved
 *   (an open order: reserved_order_id, reserved_until) → sold, or rejected / withdrawn / expired.
 *   At most one listing per sub-account in reviewing, on_sale or reserved (a partial unique index:
 *   the sub-account cannot be listed twice). images: jsonb array of upload keys (purpose 'trade').
 *   The second-level password is sealed (AES-256-GCM, as the real name). (user_id, request_id) of
 *   the last submission makes a retried submit answer its first result.
 * - game_sub_accounts.frozen_listing_id: set while a listing holds the sub-account (no top-up,
 *   no play, no second listing); cleared on withdrawal, rejection, expiry or sale.
 * - trades: one paid purchase (listing_id and order_id unique): the buyer, the seller, the price,
 *   the fee and the net copied from the listing, status cooling → released | disputed → released |
 *   refunded; release_at = paid_at + the cooling-off period.
 * - sub_account_sessions: game log-ins of a sub-account (a hashed ticket); a transfer ends them.
 * - orders: kind 'trade' and listing_id.
 */
export const tradingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('trade_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('min_age_days', 'integer', (c) => c.notNull().check(sql`min_age_days >= 0`))
      .addColumn('min_topup_cents', 'integer', (c) => c.notNull().check(sql`min_topup_cents >= 0`))
      .addColumn('min_price_cents', 'integer', (c) => c.notNull().check(sql`min_price_cents > 0`))
      .addColumn('max_price_cents', 'integer', (c) => c.notNull())
      .addColumn('fee_rate_bp', 'integer', (c) => c.notNull().check(sql`fee_rate_bp between 0 and 10000`))
      .addColumn('fee_min_cents', 'integer', (c) => c.notNull().check(sql`fee_min_cents >= 0`))
      .addColumn('reserve_ms', 'integer', (c) => c.notNull().check(sql`reserve_ms > 0`))
      .addColumn('cooling_off_ms', 'bigint', (c) => c.notNull().check(sql`cooling_off_ms >= 0`))
      .addColumn('listing_ttl_days', 'integer', (c) => c.notNull().check(sql`listing_ttl_days > 0`))
      .addCheckConstraint('trade_settings_price_range', sql`max_price_cents >= min_price_cents`)
      .execute();
    await sql`insert into trade_settings (id, min_age_days, min_topup_cents, min_price_cents, max_price_cents, fee_rate_bp, fee_min_cents, reserve_ms, cooling_off_ms, listing_ttl_days)
      values (1, 7, 3000, 600, 5000000, 500, 500, 900000, 259200000, 30)`.execute(db);

    await db.schema.alterTable('game_sub_accounts').addColumn('frozen_listing_id', 'integer').execute();

    await db.schema
      .createTable('trade_listings')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('sub_account_id', 'integer', (c) => c.notNull().references('game_sub_accounts.id'))
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('platform_game_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('draft').check(sql`status in ('draft', 'reviewing', 'on_sale', 'reserved', 'sold', 'rejected', 'withdrawn', 'expired')`),
      )
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('server_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('role_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('second_password_sealed', 'text')
      .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents is null or price_cents > 0`))
      .addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fee_cents >= 0`))
      .addColumn('net_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`net_cents >= 0`))
      .addColumn('reject_reason', 'text')
      .addColumn('request_id', 'text')
      .addColumn('reserved_order_id', 'integer')
      .addColumn('reserved_until', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('submitted_at', 'timestamptz')
      .addColumn('reviewed_at', 'timestamptz')
      .addColumn('reviewed_by', 'integer')
      .addColumn('on_sale_at', 'timestamptz')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('sold_at', 'timestamptz')
      .addUniqueConstraint('trade_listings_user_request', ['user_id', 'request_id'])
      .execute();
    await sql`create unique index trade_listings_one_live on trade_listings (sub_account_id) where status in ('reviewing', 'on_sale', 'reserved')`.execute(db);
    await db.schema.createIndex('trade_listings_status_on_sale').on('trade_listings').columns(['status', 'on_sale_at']).execute();
    await db.schema.createIndex('trade_listings_game_status').on('trade_listings').columns(['game_id', 'status']).execute();
    await db.schema.createIndex('trade_listings_user_updated').on('trade_listings').columns(['user_id', 'updated_at']).execute();

    await sql`alter table orders drop constraint orders_kind_check`.execute(db);
    await sql`alter table orders add constraint orders_kind_check check (kind in ('coins', 'game', 'card', 'trade'))`.execute(db);
    await db.schema.alterTable('orders').addColumn('listing_id', 'integer').execute();

    await db.schema
      .createTable('trades')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('listing_id', 'integer', (c) => c.notNull().unique().references('trade_listings.id'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
      .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('sub_account_id', 'integer', (c) => c.notNull().references('game_sub_accounts.id'))
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
      .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
      .addColumn('net_cents', 'integer', (c) => c.notNull().check(sql`net_cents >= 0`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('cooling').check(sql`status in ('cooling', 'disputed', 'released', 'refunded')`))
      .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
      .addColumn('release_at', 'timestamptz', (c) => c.notNull())
      .addColumn('released_at', 'timestamptz')
      .addColumn('refunded_at', 'timestamptz')
      .addColumn('dispute_reason', 'text')
      .addColumn('dispute_opened_at', 'timestamptz')
      .addColumn('resolution', 'text')
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('resolved_by', 'integer')
      .addCheckConstraint('trades_fee_adds_up', sql`price_cents = fee_cents + net_cents`)
      .execute();
    await db.schema.createIndex('trades_status_release').on('trades').columns(['status', 'release_at']).execute();
    await db.schema.createIndex('trades_buyer_paid').on('trades').columns(['buyer_id', 'paid_at']).execute();
    await db.schema.createIndex('trades_seller_paid').on('trades').columns(['seller_id', 'paid_at']).execute();

    await db.schema
      .createTable('sub_account_sessions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('sub_account_id', 'integer', (c) => c.notNull().references('game_sub_accounts.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addColumn('end_reason', 'text')
      .execute();
    await db.schema.createIndex('sub_account_sessions_sub').on('sub_account_sessions').columns(['sub_account_id', 'ended_at']).execute();
  },
};
