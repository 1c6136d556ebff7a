import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { catalogMigration } from './migration-0004-catalog.ts';
import { realNameMigration } from './migration-0006-real-name.ts';
import { profileMigration } from './migration-0005-profile.ts';
import { cancellationMigration } from './migration-0008-cancellation.ts';
import { collectionsMigration } from './migration-0007-collections.ts';
import { moneyMigration } from './migration-0009-money.ts';
import { perksMigration } from './migration-0011-perks.ts';
import { messagesMigration } from './migration-0012-messages.ts';
import { helpFeedbackMigration } from './migration-0013-help-feedback.ts';
import { staffMigration } from './migration-0014-staff.ts';
import { serviceQueueMigration } from './migration-0015-service-queue.ts';
import { staffContentMigration } from './migration-0016-staff-content.ts';
import { inviteMigration } from './migration-0019-invite.ts';
import { withdrawalsMigration } from './migration-0020-withdrawals.ts';
import { tradingMigration } from './migration-0021-trading.ts';
import { storeMigration } from './migration-0018-store.ts';
import { tasksMigration } from './migration-0017-tasks.ts';
import { holidayCalendarMigration } from './migration-0022-holiday-calendar.ts';
import { staffAuditSystemMigration } from './migration-0023-staff-audit-system.ts';
import { seedTextsMigration } from './migration-0024-seed-texts.ts';
import { feedbackLogsMigration } from './migration-0025-feedback-logs.ts';
import { ordersByPlayerMigration } from './migration-0026-orders-by-player.ts';
import { listingsFeedMigration } from './migration-0027-listings-feed.ts';
import { operatorRoleMigration } from './migration-0028-operator-role.ts';
import { giftPackAdminMigration } from './migration-0029-gift-pack-admin.ts';
import { pinnedHotWordsMigration } from './migration-0030-pinned-hot-words.ts';
import { gameSearchMigration } from './migration-0031-game-search.ts';
import { gameListOrderMigration } from './migration-0032-game-list-order.ts';
import { listingCountsMigration } from './migration-0033-listing-counts.ts';
import { playerAdminMigration } from './migration-0034-player-admin.ts';
import { couponIssuesMigration } from './migration-0035-coupon-issues.ts';

/**
 * Versioned migrations, applied in key order. One SQL dialect (PostgreSQL) serves both the
 * embedded PGlite and a PostgreSQL server. Never edit a released migration; add the next one.
 */
const migrations: Record<string, Migration> = {
  '0001_core': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text')
        .addColumn('bd_vid', 'text')
        .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_active_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ended_reason', 'text')
        .addColumn('ended_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('app_versions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('version_name', 'text', (c) => c.notNull())
        .addColumn('version_code', 'text', (c) => c.notNull().unique())
        .addColumn('min_supported_code', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('md5', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('released_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('site_content')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_points': {
    async up(db: Kysely<unknown>) {
      // Analytics points (SPEC §7 /point); user_id is set when a signed-in user's token came.
      await db.schema
        .createTable('point_events')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('point_id', 'integer', (c) => c.notNull())
        .addColumn('point_title', 'text', (c) => c.notNull())
        .addColumn('game_id', 'integer')
        .addColumn('platform_game_id', 'integer')
        .addColumn('platform_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('point_events_point_idx').on('point_events').columns(['point_id', 'created_at']).execute();
    },
  },
  '0003_service_rating': {
    async up(db: Kysely<unknown>) {
      // Top-up orders (the top-up feature grows this table); rated through evaluations.
      await db.schema
        .createTable('orders')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('platform_game_id', 'integer', (c) => c.notNull())
        .addColumn('game_name', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('evaluations')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('platform_game_id', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('evaluations_game_idx').on('evaluations').column('game_id').execute();
      await db.schema
        .createTable('service_messages')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 'in': user → service; 'out': service → user.
        .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('agent'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz')
        // Automatic replies are stored ahead of time and become visible when created_at passes.
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('service_messages_user_idx').on('service_messages').columns(['user_id', 'created_at']).execute();
    },
  },
  '0004_catalog': catalogMigration,
  '0005_profile': profileMigration,
  '0006_real_name': realNameMigration,
  '0007_collections': collectionsMigration,
  '0008_cancellation': cancellationMigration,
  '0009_money': moneyMigration,
  '0011_perks': perksMigration,
  '0012_messages': messagesMigration,
  '0013_help_feedback': helpFeedbackMigration,
  '0014_staff': staffMigration,
  '0015_service_queue': serviceQueueMigration,
  '0016_staff_content': staffContentMigration,
  '0017_tasks': tasksMigration,
  '0018_store': storeMigration,
  '0019_invite': inviteMigration,
  '0020_withdrawals': withdrawalsMigration,
  '0021_trading': tradingMigration,
  '0022_holiday_calendar': holidayCalendarMigration,
  '0023_staff_audit_system': staffAuditSystemMigration,
  '0024_seed_texts': seedTextsMigration,
  '0025_feedback_logs': feedbackLogsMigration,
  '0026_orders_by_player': ordersByPlayerMigration,
  '0027_listings_feed': listingsFeedMigration,
  '0028_operator_role': operatorRoleMigration,
  '0029_gift_pack_admin': giftPackAdminMigration,
  '0030_pinned_hot_words': pinnedHotWordsMigration,
  '0031_game_search': gameSearchMigration,
  '0032_game_list_order': gameListOrderMigration,
  '0033_listing_counts': listingCountsMigration,
  '0034_player_admin': playerAdminMigration,
  '0035_coupon_issues': couponIssuesMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
