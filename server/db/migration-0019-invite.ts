import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Invitations and invitation income. Listed in migrations.ts as '0019_invite'.
 *
 * - invite_settings: one row (id 1), the rules' numbers: the share of an invitee's top-up in basis
 *   points (500 = 5 %), how many days after binding it runs, and how many hours after registering
 *   a player may still enter a code. Configurable by an UPDATE; each binding copies the share and
 *   its end, so a change applies to new bindings only (what an inviter was told stays true).
 * - invite_accounts: a player's code (made on first need) and the clawback debt: a refund's share
 *   the income balance could not cover, netted against later income. One row per inviter.
 * - invite_bindings: invitee → inviter, once per invitee (unique) and once per phone EVER
 *   (phone_hash unique: an HMAC of the phone, kept when the account is cancelled and anonymised, so
 *   the number registered again cannot bind a second time).
 * - invite_income: one row per source order (order_id unique): the base, the share, what was
 *   credited to income and what was netted against debt; status credited → clawed_back.
 */
export const inviteMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invite_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('share_bp', 'integer', (c) => c.notNull().check(sql`share_bp between 0 and 10000`))
      .addColumn('share_days', 'integer', (c) => c.notNull().check(sql`share_days >= 0`))
      .addColumn('bind_window_hours', 'integer', (c) => c.notNull().check(sql`bind_window_hours >= 0`))
      .execute();
    await sql`insert into invite_settings (id, share_bp, share_days, bind_window_hours) values (1, 500, 180, 24)`.execute(db);

    await db.schema
      .createTable('invite_accounts')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('debt_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`debt_cents >= 0`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('invite_bindings')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('invitee_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('phone_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('register', 'code')`))
      .addColumn('share_bp', 'integer', (c) => c.notNull())
      .addColumn('bound_at', 'timestamptz', (c) => c.notNull())
      .addColumn('share_until', 'timestamptz', (c) => c.notNull())
      .addCheckConstraint('invite_bindings_not_self', sql`inviter_id <> invitee_id`)
      .execute();
    await db.schema.createIndex('invite_bindings_inviter_idx').on('invite_bindings').columns(['inviter_id', 'bound_at']).execute();

    await db.schema
      .createTable('invite_income')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('binding_id', 'integer', (c) => c.notNull().references('invite_bindings.id').onDelete('cascade'))
      .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('invitee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('base_cents', 'integer', (c) => c.notNull().check(sql`base_cents > 0`))
      .addColumn('share_bp', 'integer', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('credited_cents', 'integer', (c) => c.notNull().check(sql`credited_cents >= 0`))
      .addColumn('netted_cents', 'integer', (c) => c.notNull().check(sql`netted_cents >= 0`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('credited').check(sql`status in ('credited', 'clawed_back')`))
      .addColumn('taken_back_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('debt_added_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('clawed_back_at', 'timestamptz')
      .addCheckConstraint('invite_income_split', sql`credited_cents + netted_cents = amount_cents`)
      .execute();
    await db.schema.createIndex('invite_income_inviter_idx').on('invite_income').columns(['inviter_id', 'id']).execute();
  },
};
