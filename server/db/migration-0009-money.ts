import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Money: a double-entry ledger, orders that go through a payment provider, the
 * sandbox provider's own records and its durable notification queue, game sub-accounts and the
 * simulated game server's roles, deliveries, coupons locked by an open order, cards bought and
 * their benefits. Listed in migrations.ts as '0009_money'. Amounts are integer fen everywhere
 * (乐玩币 are kept in fen too: 1 币 = 100).
 */
export const moneyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // ---- Ledger ----
    await db.schema
      .createTable('ledger_accounts')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      // null: a platform account.
      .addColumn('user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      // Materialised sum of the account's entries, kept in the same transaction that posts them.
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // A player's account never goes below zero (platform accounts are the other side and may).
      .addCheckConstraint('ledger_player_not_negative', sql`user_id is null or balance >= 0`)
      .execute();
    await db.schema.createIndex('ledger_accounts_user_kind').on('ledger_accounts').columns(['user_id', 'kind']).unique().where(sql.ref('user_id'), 'is not', null).execute();
    await db.schema.createIndex('ledger_accounts_platform_kind').on('ledger_accounts').column('kind').unique().where(sql.ref('user_id'), 'is', null).execute();
    await db.schema
      .createTable('ledger_transactions')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      // What happened: 'payment', 'coins_purchase', 'spend', 'delivery', 'refund', 'card_benefit' …
      .addColumn('kind', 'text', (c) => c.notNull())
      // Unique business reference ('order:LW…:paid'): posting the same movement twice is a no-op.
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'integer')
      .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('ledger_transactions_order').on('ledger_transactions').column('order_id').execute();
    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
      // Signed: + credits the account, − debits it; a transaction's entries sum to zero.
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
    await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();

    // ---- Orders: created → paying → paid → delivered | failed | expired | refunded ----
    await sql`update orders set status = case status when 'pending' then 'paying' when 'paid' then 'delivered' when 'cancelled' then 'expired' else status end`.execute(db);
    await db.schema
      .alterTable('orders')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('game'))
      .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('coupon_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_coupon_id', 'integer')
      .addColumn('pay_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bonus_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pay_method', 'text', (c) => c.notNull().defaultTo('provider'))
      .addColumn('provider', 'text')
      .addColumn('provider_trade_no', 'text')
      .addColumn('pay_url', 'text')
      .addColumn('card_id', 'integer')
      .addColumn('sub_account_id', 'integer')
      .addColumn('role_id', 'integer')
      .addColumn('server_name', 'text')
      .addColumn('role_name', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('request_hash', 'text')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('paid_at', 'timestamptz')
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('closed_at', 'timestamptz')
      .addColumn('fail_reason', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.alterTable('orders').alterColumn('game_id', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('orders').alterColumn('platform_game_id', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('orders').alterColumn('game_name', (c) => c.dropNotNull()).execute();
    // Orders from before: paid in full by the provider.
    await sql`update orders set pay_cents = amount_cents`.execute(db);
    await sql`alter table orders add constraint orders_status_check check (status in ('created', 'paying', 'paid', 'delivered', 'failed', 'expired', 'refunded'))`.execute(db);
    await sql`alter table orders add constraint orders_kind_check check (kind in ('coins', 'game', 'card'))`.execute(db);
    await sql`alter table orders add constraint orders_amounts_check check (amount_cents > 0 and coupon_cents >= 0 and pay_cents >= 0 and bonus_cents >= 0 and pay_cents + coupon_cents = amount_cents)`.execute(
      db,
    );
    await sql`alter table orders add constraint orders_pay_method_check check (pay_method in ('provider', 'coins', 'wallet'))`.execute(db);
    await db.schema.createIndex('orders_user_idempotency').on('orders').columns(['user_id', 'idempotency_key']).unique().where(sql.ref('idempotency_key'), 'is not', null).execute();
    // The expiry job's scan: unpaid orders by their deadline.
    await db.schema.createIndex('orders_open_expiry').on('orders').column('expires_at').where(sql<boolean>`status in ('created', 'paying')`).execute();
    // One open order may hold a coupon: a second lock of the same coupon fails.
    await db.schema.createIndex('orders_open_coupon').on('orders').column('user_coupon_id').unique().where(sql<boolean>`user_coupon_id is not null and status in ('created', 'paying')`).execute();

    // A createOrder in flight: the key is taken before the work and completed with the order.
    await db.schema
      .createTable('order_requests')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_requests_pk', ['user_id', 'idempotency_key'])
      .execute();

    // A coupon held by an open order (released when it expires or fails).
    await db.schema.alterTable('user_coupons').addColumn('locked_order_id', 'integer').execute();

    // ---- The sandbox provider's own books (it is a separate party that happens to live here) ----
    await db.schema
      .createTable('sandbox_trades')
      .addColumn('trade_no', 'text', (c) => c.primaryKey())
      .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED')`))
      .addColumn('notify_url', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('paid_at', 'timestamptz')
      .execute();
    // Outbound asynchronous notifications (sandbox provider → merchant), retried until acknowledged.
    await db.schema
      .createTable('payment_notifications')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('trade_no', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('acknowledged_at', 'timestamptz')
      .addColumn('gave_up_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_notifications_due').on('payment_notifications').column('next_attempt_at').where(sql<boolean>`acknowledged_at is null and gave_up_at is null`).execute();

    // ---- Game sub-accounts (小号) the platform knows, and the simulated game's roles ----
    await db.schema
      .createTable('game_sub_accounts')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('platform_game_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // Sum of delivered top-ups (account trading reads it).
      .addColumn('total_topup_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('game_sub_accounts_user_game').on('game_sub_accounts').columns(['user_id', 'platform_game_id', 'name']).unique().execute();
    await db.schema
      .createTable('sim_game_roles')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('sub_account_id', 'integer', (c) => c.notNull().references('game_sub_accounts.id'))
      .addColumn('server_name', 'text', (c) => c.notNull())
      .addColumn('role_name', 'text', (c) => c.notNull())
      // What the game has credited (in fen of top-up; the game turns it into its own currency).
      .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The game's own record of deliveries it acknowledged: one per order number.
    await db.schema
      .createTable('sim_game_deliveries')
      .addColumn('order_number', 'text', (c) => c.primaryKey())
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The platform's outbound delivery queue (platform → game), retried like notifications.
    await db.schema
      .createTable('deliveries')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'acknowledged', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('deliveries_due').on('deliveries').column('next_attempt_at').where(sql.ref('status'), '=', 'pending').execute();

    // ---- Cards as products ----
    // { instant_coupons: [{ coupon_id, count }], daily: { kind: 'coins' | 'coupon', amount_cents?, coupon_id?, auto }, topup_bonus_pct }
    await db.schema.alterTable('cards').addColumn('benefits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
    await db.schema
      .createTable('card_purchases')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('card_purchases_user').on('card_purchases').columns(['user_id', 'ends_at']).execute();
    // One grant per purchase, China-time day and kind: claimed by the player or sent automatically.
    await db.schema
      .createTable('card_benefit_grants')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('purchase_id', 'integer', (c) => c.notNull().references('card_purchases.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('instant', 'coins', 'coupon')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_coupon_id', 'integer')
      .addColumn('auto', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('card_benefit_grants_once', ['purchase_id', 'day', 'kind'])
      .execute();
    await db.schema.createIndex('card_benefit_grants_user').on('card_benefit_grants').columns(['user_id', 'created_at']).execute();

    // ---- Per-player money flags: the first-recharge offer, level coupons ----
    await db.schema
      .createTable('user_money_flags')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('first_recharge_dialog_at', 'timestamptz')
      .addColumn('first_recharge_order_id', 'integer')
      .execute();
  },
};
