import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The game catalogue: games and their platform versions, categories and tags,
 * screenshots, open-server schedule, reservations, topics, weekly lists, gift packs with code
 * pools, coupons, cards, promotions, hot search words and download records.
 * Listed in migrations.ts as '0004_catalog'.
 */
export const catalogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const now = sql`now()`;
    await db.schema
      .createTable('platforms')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('short_name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('categories')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('tags')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('games')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('name_initials', 'text', (c) => c.notNull())
      .addColumn('name_pinyin', 'text', (c) => c.notNull())
      .addColumn('short_desc', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('genre', 'text', (c) => c.notNull())
      .addColumn('icon_key', 'text', (c) => c.notNull())
      .addColumn('banner_key', 'text', (c) => c.notNull())
      .addColumn('licence_no', 'text', (c) => c.notNull())
      .addColumn('approval_no', 'text', (c) => c.notNull())
      .addColumn('age_rating', 'text', (c) => c.notNull().check(sql`age_rating in ('8+', '12+', '16+', '18+')`))
      .addColumn('developer', 'text', (c) => c.notNull())
      .addColumn('publisher', 'text', (c) => c.notNull())
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reserve_base', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('online_at', 'timestamptz', (c) => c.notNull())
      .addColumn('h5_url', 'text')
      .addColumn('is_overseas', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_recommend', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('featured_rank', 'integer')
      .addColumn('reported_size_bytes', 'bigint')
      .addColumn('size_reported_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    // Prefix search (LIKE 'x%') on any collation needs the pattern operator class.
    await db.schema.createIndex('games_initials_idx').on('games').expression(sql`name_initials text_pattern_ops`).execute();
    await db.schema.createIndex('games_pinyin_idx').on('games').expression(sql`name_pinyin text_pattern_ops`).execute();
    await db.schema.createIndex('games_name_prefix_idx').on('games').expression(sql`name text_pattern_ops`).execute();
    await db.schema.createIndex('games_online_idx').on('games').column('online_at').execute();
    await db.schema.createIndex('games_downloads_idx').on('games').column('download_count').execute();

    await db.schema
      .createTable('game_categories')
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('game_categories_pk', ['game_id', 'category_id'])
      .execute();
    await db.schema.createIndex('game_categories_category_idx').on('game_categories').column('category_id').execute();
    await db.schema
      .createTable('game_tags')
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('game_tags_pk', ['game_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('game_tags_tag_idx').on('game_tags').column('tag_id').execute();

    await db.schema
      .createTable('platform_games')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('package_name', 'text', (c) => c.unique())
      .addColumn('version_name', 'text', (c) => c.notNull())
      .addColumn('version_code', 'integer', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
      // Computed on the first download-address lookup (generatedMd5 is ~20 MB/s) and kept.
      .addColumn('file_md5', 'text')
      .addColumn('down_type', 'smallint', (c) => c.notNull().check(sql`down_type in (1, 2)`))
      .addColumn('is_bt', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_discount', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_h5', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_zero_point_one', 'boolean', (c) => c.notNull().defaultTo(false))
      // Share of the price paid: 0.01 = 0.1折, 0.35 = 3.5折, 1 = no discount.
      .addColumn('discount_rate', 'double precision', (c) => c.notNull().defaultTo(1).check(sql`discount_rate > 0 and discount_rate <= 1`))
      .addColumn('first_recharge_rate', 'double precision')
      .addColumn('vip_on_login', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('vip_info', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('platform_games_game_platform_uq', ['game_id', 'platform_id'])
      .execute();
    await db.schema.createIndex('platform_games_game_idx').on('platform_games').columns(['game_id', 'sort']).execute();

    await db.schema
      .createTable('game_screenshots')
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('caption', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_screenshots_pk', ['game_id', 'position'])
      .execute();

    await db.schema
      .createTable('open_servers')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('platform_game_id', 'integer', (c) => c.notNull().references('platform_games.id').onDelete('cascade'))
      .addColumn('server_name', 'text', (c) => c.notNull())
      .addColumn('open_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('open_servers_open_idx').on('open_servers').column('open_at').execute();
    await db.schema.createIndex('open_servers_game_idx').on('open_servers').columns(['game_id', 'open_at']).execute();

    await db.schema
      .createTable('reservations')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint('reservations_user_game_uq', ['user_id', 'game_id'])
      .execute();
    await db.schema.createIndex('reservations_game_idx').on('reservations').column('game_id').execute();

    await db.schema
      .createTable('topics')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('banner_key', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('topic_games')
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('topic_games_pk', ['topic_id', 'game_id'])
      .execute();

    await db.schema
      .createTable('weekly_lists')
      .addColumn('week_start', 'date', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('new', 'bt')`))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('weekly_lists_pk', ['week_start', 'kind', 'game_id'])
      .execute();

    await db.schema
      .createTable('gift_packs')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('usage', 'text', (c) => c.notNull())
      .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
      .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('gift_packs_game_idx').on('gift_packs').columns(['game_id', 'sort']).execute();
    await db.schema
      .createTable('gift_codes')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('pack_id', 'integer', (c) => c.notNull().references('gift_packs.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      // A deleted user's code stays claimed (claimed_at), so it never returns to the pool.
      .addColumn('claimed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('claimed_at', 'timestamptz')
      .execute();
    // One code per user per pack, enforced by the database (concurrent claims by one user).
    await db.schema.createIndex('gift_codes_one_per_user').on('gift_codes').columns(['pack_id', 'claimed_by']).unique().where(sql.ref('claimed_by'), 'is not', null).execute();
    await db.schema.createIndex('gift_codes_free_idx').on('gift_codes').columns(['pack_id', 'id']).where(sql.ref('claimed_at'), 'is', null).execute();
    await db.schema.createIndex('gift_codes_user_idx').on('gift_codes').columns(['claimed_by', 'claimed_at']).where(sql.ref('claimed_by'), 'is not', null).execute();

    await db.schema
      .createTable('coupons')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      // null: valid in every game (全平台通用).
      .addColumn('game_id', 'integer', (c) => c.references('games.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('normal', 'bt')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('threshold_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_days', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addCheckConstraint('coupons_stock_ck', sql`claimed >= 0 and claimed <= total`)
      .execute();
    await db.schema.createIndex('coupons_game_idx').on('coupons').columns(['game_id', 'type']).execute();
    await db.schema
      .createTable('user_coupons')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      // 'receive': claimed by the player (limit one per coupon); 'card': granted by a card, and so on.
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('receive'))
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('user_coupons_one_per_user').on('user_coupons').columns(['user_id', 'coupon_id']).unique().where(sql.ref('source'), '=', 'receive').execute();
    await db.schema.createIndex('user_coupons_user_idx').on('user_coupons').columns(['user_id', 'received_at']).execute();

    await db.schema
      .createTable('cards')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('hot', 'new', 'gold', 'carmine')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('original_price_cents', 'integer', (c) => c.notNull())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('contents', 'jsonb', (c) => c.notNull())
      .addColumn('sold_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('cards_type_idx').on('cards').columns(['type', 'sort']).execute();

    await db.schema
      .createTable('promotions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('slot', 'text', (c) => c.notNull().check(sql`slot in ('splash', 'home_banner')`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
      // Art drawn for it: kind and subject ('banner', 'g12') — see server/catalog/art.ts.
      .addColumn('image_kind', 'text', (c) => c.notNull())
      .addColumn('image_subject', 'text', (c) => c.notNull())
      .addColumn('link_path', 'text', (c) => c.notNull())
      .addColumn('link_data', 'jsonb', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('hot_search_words')
      .addColumn('word', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('game_downloads')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('platform_game_id', 'integer', (c) => c.notNull().references('platform_games.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex('game_downloads_game_idx').on('game_downloads').columns(['game_id', 'created_at']).execute();
    await db.schema
      .createTable('download_address_reports')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('platform_game_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
  },
};
