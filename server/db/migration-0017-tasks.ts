import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The task engine, check-in and points. Listed in migrations.ts as
 * '0017_tasks'. Points themselves live in the ledger (server/rewards/accounts.ts); these tables
 * hold what the engine needs to decide when points move.
 *
 * - task_definitions: one task (kind daily | novice | achievement), the event that advances it,
 *   its target, its reward (points and/or a coupon), its validity window and its 去完成 link.
 * - task_progress: a player's progress on a task in one period ('YYYY-MM-DD' China date for a
 *   daily task, 'once' otherwise); unique (user, task, period) so a claim is one conditional
 *   UPDATE of one row. reward_points records what the claim paid (the expiry rule sums it).
 * - task_events: every counted event, unique (user, event, source_ref): one download, order or
 *   gift claim never counts twice, whatever retries or duplicate reports arrive.
 * - check_ins: one row per player per China day (unique), the streak day 1–7, the points paid and
 *   whether it was a makeup (补签).
 * - task_share_codes: each player's share code for 分享一款游戏 links.
 */
export const tasksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('task_definitions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('daily', 'novice', 'achievement')`))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('target', 'integer', (c) => c.notNull().check(sql`target >= 1`))
      .addColumn('reward_points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`reward_points >= 0`))
      .addColumn('reward_coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('valid_from', 'timestamptz')
      .addColumn('valid_to', 'timestamptz')
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addCheckConstraint('task_definitions_reward', sql`reward_points > 0 or reward_coupon_id is not null`)
      .execute();
    await db.schema.createIndex('task_definitions_event_idx').on('task_definitions').columns(['event', 'active']).execute();

    await db.schema
      .createTable('task_progress')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('task_id', 'integer', (c) => c.notNull().references('task_definitions.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`count >= 0`))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('claimed_at', 'timestamptz')
      .addColumn('reward_points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('task_progress_one_per_period', ['user_id', 'task_id', 'period'])
      .addCheckConstraint('task_progress_claim_after_done', sql`claimed_at is null or completed_at is not null`)
      .execute();
    await db.schema.createIndex('task_progress_claimed_idx').on('task_progress').columns(['user_id', 'claimed_at']).execute();

    await db.schema
      .createTable('task_events')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('source_ref', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(1).check(sql`amount >= 1`))
      .addColumn('game_id', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('task_events_once', ['user_id', 'event', 'source_ref'])
      .execute();
    await db.schema.createIndex('task_events_games_idx').on('task_events').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('check_ins')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('streak_day', 'integer', (c) => c.notNull().check(sql`streak_day between 1 and 7`))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
      .addColumn('makeup', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('check_ins_one_per_day', ['user_id', 'day'])
      .execute();

    await db.schema
      .createTable('task_share_codes')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
