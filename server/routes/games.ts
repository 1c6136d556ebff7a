import { sql, type Kysely } from 'kysely';
import { MSG } from '../../api/protocol/codes.ts';
import type { WireResponse } from '../../api/protocol/wire.ts';
import { defineCalls, ok, refuse, type CallContext, type CallDefinition } from '../calls.ts';
import { artUrl, shotUrl, ART_SIZE } from '../catalog/art.ts';
import { chinaDate, chinaDayStart, chinaWeekStart, DAY_MS, parseChinaDate } from '../catalog/china-time.ts';
import { pageAnswer, readChoice, readId, readOptionalId, readPage, readText, type Page } from '../catalog/fields.ts';
import {
  gamesByIds,
  genreCategory,
  iso,
  listGames,
  platformVersionFields,
  tagsOf,
  type GameListItem,
  type GameListSpec,
} from '../catalog/game-list.ts';
import type { Database } from '../db/schema.ts';
import { couponSummary } from './coupons.ts';
import { giftSummary, reserveCounts, reservedBy } from './gifts.ts';

export const GAME_MSG = {
  missingGame: '游戏不存在',
  keywordRequired: '请输入搜索内容',
  keywordTooLong: '搜索内容不能超过30个字',
  sizeRecorded: '记录成功',
} as const;

const NEW_GAME_DAYS = 30;
const QUALITY_SCORE = 8.5;
const KEYWORD_MAX = 30;
const OPEN_SERVER_PAST_DAYS = 3;
const OPEN_SERVER_NEXT_DAYS = 7;
const WEEKS_BACK_MAX = 52;

/** getGameList types (SPEC routes: /hotbt, /zeropointone, /h5, /overseas, /newgame …). */
export const LIST_TYPES = ['all', 'bt', 'discount', 'h5', 'zeropointone', 'overseas', 'new'] as const;
export const LIST_SORTS = ['hot', 'new', 'discount', 'score'] as const;
export type ListType = (typeof LIST_TYPES)[number];

type SpecOrRefusal = Omit<GameListSpec, 'order'> & { order: GameListSpec['order'] };

/** A call answering one page of games. */
function gameListCall(path: string, build: (ctx: CallContext) => Promise<SpecOrRefusal | WireResponse> | SpecOrRefusal | WireResponse, decorate?: (ctx: CallContext, items: GameListItem[]) => Promise<object[]>): CallDefinition {
  return {
    path,
    auth: 'optional',
    async handler(ctx) {
      const page = readPage(ctx.fields);
      if (!page.ok) return page.response;
      const spec = await build(ctx);
      if ('code' in spec) return spec;
      const { list, total } = await listGames(ctx.db, ctx.now, page.value, spec);
      return ok(pageAnswer(page.value, decorate ? await decorate(ctx, list) : list, total));
    },
  };
}

async function withReservations(ctx: CallContext, items: GameListItem[]) {
  const ids = items.map((i) => i.game_id);
  const counts = await reserveCounts(ctx.db, ids);
  const mine = await reservedBy(ctx.db, ctx.user?.id ?? null, ids);
  return items.map((item) => ({ ...item, reserve_count: counts.get(item.game_id) ?? 0, reserved: mine.has(item.game_id) }));
}

async function categoryIdOf(db: Kysely<Database>, value: string): Promise<number | null> {
  const row = /^\d+$/.test(value)
    ? await db.selectFrom('categories').select('id').where('id', '=', Number(value)).executeTakeFirst()
    : await db.selectFrom('categories').select('id').where((eb) => eb.or([eb('name', '=', value), eb('slug', '=', value)])).executeTakeFirst();
  return row?.id ?? null;
}

async function tagIdOf(db: Kysely<Database>, value: string): Promise<number | null> {
  const row = await db.selectFrom('tags').select('id').where(sql`lower(name)`, '=', value.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

async function gameListSpec(ctx: CallContext): Promise<SpecOrRefusal | WireResponse> {
  const typeChoice = readChoice(ctx.fields, 'type', LIST_TYPES);
  const sort = readChoice(ctx.fields, 'sort', LIST_SORTS);
  if (typeChoice === null || sort === null) return refuse(MSG.paramError);
  const type = typeChoice ?? 'all';
  const spec: SpecOrRefusal = { order: sort ?? (type === 'new' ? 'new' : 'hot') };
  if (type === 'bt') spec.version = 'bt';
  if (type === 'discount') spec.version = 'discount';
  if (type === 'zeropointone') spec.version = 'zero';
  if (type === 'h5') spec.version = 'h5';
  if (type === 'overseas') spec.overseas = true;
  if (type === 'new') spec.onlineFrom = new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS);
  const category = readText(ctx.fields, 'category');
  if (category) spec.categoryId = (await categoryIdOf(ctx.db, category)) ?? -1;
  const tag = readText(ctx.fields, 'tag');
  if (tag) spec.tagId = (await tagIdOf(ctx.db, tag)) ?? -1;
  return spec;
}

/** Keyword forms: as typed (lower case) for names and tags; letters only for pinyin. */
function searchForms(keyword: string) {
  const lower = keyword.toLowerCase();
  const letters = lower.replace(/[\s'’]/g, '');
  const latin = /^[a-z0-9]+$/.test(letters);
  const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { lower, letters, latin, prefix: `${like(lower)}%`, contains: `%${like(lower)}%`, lettersPrefix: `${like(letters)}%`, lettersContains: `%${like(letters)}%` };
}

/**
 * Ranks: 0 exact name, 1 name prefix, 2 initials equal, 3 initials prefix, 4 pinyin prefix,
 * 5 name contains, 6 pinyin contains (3+ letters), 7 tag or category equal, 8 tag contains.
 * Ties: more downloads first, then id.
 */
async function searchGames(db: Kysely<Database>, keyword: string, page: Page) {
  const f = searchForms(keyword);
  const rows = await sql<{ id: number; rank: number; total: number }>`
    with ranked as (
      select g.id, g.download_count,
        case
          when g.name = ${f.lower} then 0
          when g.name like ${f.prefix} escape '\\' then 1
          when ${f.latin} and g.name_initials = ${f.letters} then 2
          when ${f.latin} and g.name_initials like ${f.lettersPrefix} escape '\\' then 3
          when ${f.latin} and g.name_pinyin like ${f.lettersPrefix} escape '\\' then 4
          when g.name like ${f.contains} escape '\\' then 5
          when ${f.latin} and length(${f.letters}) >= 3 and g.name_pinyin like ${f.lettersContains} escape '\\' then 6
          when exists (select 1 from game_tags gt join tags t on t.id = gt.tag_id where gt.game_id = g.id and lower(t.name) = ${f.lower})
            or exists (select 1 from game_categories gc join categories c on c.id = gc.category_id where gc.game_id = g.id and c.name = ${f.lower}) then 7
          when exists (select 1 from game_tags gt join tags t on t.id = gt.tag_id where gt.game_id = g.id and lower(t.name) like ${f.contains} escape '\\') then 8
        end as rank
      from games g
    )
    select id, rank, count(*) over () as total from ranked where rank is not null
    order by rank, download_count desc, id
    limit ${page.limit} offset ${page.offset}`.execute(db);
  let total = rows.rows[0] ? Number(rows.rows[0].total) : 0;
  if (rows.rows.length === 0 && page.offset > 0) {
    // Past the end: the window count is not available, count separately.
    const all = await searchGames(db, keyword, { page: 1, limit: 1, offset: 0 });
    total = all.total;
  }
  return { rows: rows.rows.map((r) => ({ id: r.id, rank: r.rank })), total };
}

/** A tag or category as spelled in the catalogue ('bt' → 'BT'), so hot words do not split by case. */
async function canonicalWord(db: Kysely<Database>, keyword: string): Promise<string> {
  const tag = await db.selectFrom('tags').select('name').where(sql`lower(name)`, '=', keyword.toLowerCase()).executeTakeFirst();
  return tag?.name ?? keyword;
}

async function weeklyList(ctx: CallContext, kind: 'new' | 'bt') {
  const page = readPage(ctx.fields);
  if (!page.ok) return page.response;
  const weekField = ctx.fields.week ?? ctx.fields.week_num;
  const weeksBack = weekField === undefined || weekField === null || weekField === '' ? 0 : Number(weekField);
  if (!Number.isInteger(weeksBack) || weeksBack < 0 || weeksBack > WEEKS_BACK_MAX) return refuse(MSG.paramError);
  const wanted = chinaDate(new Date(chinaWeekStart(ctx.now).getTime() - weeksBack * 7 * DAY_MS));
  // The newest stored week at or before the wanted one (an old installation still shows a list).
  const week = await ctx.db
    .selectFrom('weekly_lists')
    .select(sql<string>`to_char(max(week_start), 'YYYY-MM-DD')`.as('week'))
    .where('kind', '=', kind)
    .where('week_start', '<=', sql<Date>`${wanted}::date`)
    .executeTakeFirst();
  const weekStart = week?.week ?? null;
  if (!weekStart) return ok({ week_start: null, week_end: null, ...pageAnswer(page.value, [], 0) });
  const ids = (
    await ctx.db.selectFrom('weekly_lists').select('game_id').where('kind', '=', kind).where('week_start', '=', sql<Date>`${weekStart}::date`).orderBy('position').execute()
  ).map((r) => r.game_id);
  const { list, total } = await listGames(ctx.db, ctx.now, page.value, { status: 'all', ids, version: kind === 'bt' ? 'bt' : 'any', order: { positions: ids } });
  const weekEnd = chinaDate(new Date(parseChinaDate(weekStart)!.getTime() + 6 * DAY_MS));
  return ok({ week_start: weekStart, week_end: weekEnd, ...pageAnswer(page.value, list, total) });
}

function platformVersion(row: {
  id: number;
  game_id: number;
  platform_id: number;
  platform_name: string;
  name: string;
  package_name: string | null;
  version_name: string;
  size_bytes: number;
  file_md5: string | null;
  down_type: 1 | 2;
  discount_rate: number;
  first_recharge_rate: number | null;
  is_bt: boolean;
  is_discount: boolean;
  is_h5: boolean;
  is_zero_point_one: boolean;
  vip_on_login: number;
  vip_info: string;
}) {
  return {
    platform_game_id: row.id,
    game_id: row.game_id,
    platform_id: row.platform_id,
    platform_name: row.platform_name,
    platform_game_name: row.name,
    ...platformVersionFields(row),
    file_md5: row.file_md5,
    vip_info: row.vip_info,
  };
}

export function platformVersionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('platform_games as p')
    .innerJoin('platforms as pl', 'pl.id', 'p.platform_id')
    .select([
      'p.id',
      'p.game_id',
      'p.platform_id',
      'pl.name as platform_name',
      'p.name',
      'p.package_name',
      'p.version_name',
      'p.version_code',
      'p.size_bytes',
      'p.file_md5',
      'p.down_type',
      'p.discount_rate',
      'p.first_recharge_rate',
      'p.is_bt',
      'p.is_discount',
      'p.is_h5',
      'p.is_zero_point_one',
      'p.vip_on_login',
      'p.vip_info',
      'p.sort',
    ]);
}

async function gameDetail(ctx: CallContext): Promise<WireResponse> {
  const { db, fields, now, user } = ctx;
  const gameIdField = readOptionalId(fields, 'game_id');
  const pgIdField = readOptionalId(fields, 'platform_game_id');
  if (!gameIdField.ok) return gameIdField.response;
  if (!pgIdField.ok) return pgIdField.response;
  if (gameIdField.value === undefined && pgIdField.value === undefined) return refuse(MSG.paramError);
  let gameId = gameIdField.value;
  if (pgIdField.value !== undefined) {
    const pg = await db.selectFrom('platform_games').select('game_id').where('id', '=', pgIdField.value).executeTakeFirst();
    if (!pg || (gameId !== undefined && pg.game_id !== gameId)) return refuse(GAME_MSG.missingGame);
    gameId = pg.game_id;
  }
  const game = await db.selectFrom('games').selectAll().where('id', '=', gameId!).executeTakeFirst();
  if (!game) return refuse(GAME_MSG.missingGame);
  const versions = await platformVersionsQuery(db).where('p.game_id', '=', game.id).orderBy('p.sort').orderBy('p.id').execute();
  const selected = versions.find((v) => v.id === pgIdField.value) ?? versions[0]!;
  const [tags, categories, shots, servers, gifts, coupons, reserveCount, reserved] = await Promise.all([
    tagsOf(db, [game.id]),
    db.selectFrom('game_categories as gc').innerJoin('categories as c', 'c.id', 'gc.category_id').select(['c.id', 'c.name']).where('gc.game_id', '=', game.id).orderBy('c.sort').execute(),
    db.selectFrom('game_screenshots').select(['position', 'caption']).where('game_id', '=', game.id).orderBy('position').execute(),
    db
      .selectFrom('open_servers')
      .select(['id', 'server_name', 'open_at', 'platform_game_id'])
      .where('game_id', '=', game.id)
      .where('open_at', '>=', new Date(chinaDayStart(now).getTime() - OPEN_SERVER_PAST_DAYS * DAY_MS))
      .orderBy('open_at')
      .orderBy('id')
      .execute(),
    giftSummary(db, game.id, user?.id ?? null, now),
    couponSummary(db, game.id, user?.id ?? null),
    reserveCounts(db, [game.id]),
    reservedBy(db, user?.id ?? null, [game.id]),
  ]);
  const isOnline = new Date(game.online_at) <= now;
  return ok({
    game_id: game.id,
    platform_game_id: selected.id,
    name: game.name,
    platform_game_name: selected.name,
    icon: artUrl('icon', game.icon_key),
    banner: artUrl('banner', game.banner_key),
    short_desc: game.short_desc,
    description: game.description,
    category: genreCategory(game.genre),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    tags: tags.get(game.id) ?? [],
    score: game.score,
    download_count: game.download_count,
    online_at: iso(game.online_at),
    is_online: isOnline,
    can_reserve: !isOnline,
    reserve_count: reserveCount.get(game.id) ?? 0,
    reserved: reserved.has(game.id),
    is_overseas: game.is_overseas,
    h5_url: game.h5_url,
    age_rating: game.age_rating,
    licence_no: game.licence_no,
    approval_no: game.approval_no,
    developer: game.developer,
    publisher: game.publisher,
    screenshots: shots.map((s) => ({ url: shotUrl(game.icon_key, s.position), caption: s.caption, ...ART_SIZE.shot })),
    // Decision: no videos; only media the server really serves are listed (docs/catalog.md).
    videos: [],
    platform: platformVersion(selected),
    platforms: versions.map(platformVersion),
    open_servers: servers.map((s) => ({ id: s.id, server_name: s.server_name, open_at: iso(s.open_at), opened: new Date(s.open_at) <= now, platform_game_id: s.platform_game_id })),
    gifts,
    coupons,
  });
}

async function openServers(ctx: CallContext): Promise<WireResponse> {
  const page = readPage(ctx.fields);
  if (!page.ok) return page.response;
  const dateText = readText(ctx.fields, 'date');
  const dayStart = dateText ? parseChinaDate(dateText) : chinaDayStart(ctx.now);
  if (!dayStart) return refuse(MSG.paramError);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const base = ctx.db.selectFrom('open_servers').where('open_at', '>=', dayStart).where('open_at', '<', dayEnd);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows =
    total > page.value.offset
      ? await base.select(['id', 'game_id', 'server_name', 'open_at']).orderBy('open_at').orderBy('id').limit(page.value.limit).offset(page.value.offset).execute()
      : [];
  const items = new Map((await gamesByIds(ctx.db, ctx.now, [...new Set(rows.map((r) => r.game_id))])).map((i) => [i.game_id, i]));
  const list = rows.map((r) => ({ ...items.get(r.game_id)!, server_id: r.id, server_name: r.server_name, open_at: iso(r.open_at), opened: new Date(r.open_at) <= ctx.now }));
  // The days the table offers, for the day tabs.
  const days = Array.from({ length: OPEN_SERVER_PAST_DAYS + OPEN_SERVER_NEXT_DAYS + 1 }, (_, i) => chinaDate(chinaDayStart(ctx.now).getTime() + (i - OPEN_SERVER_PAST_DAYS) * DAY_MS));
  return ok({ date: chinaDate(dayStart), today: chinaDate(ctx.now), days, ...pageAnswer(page.value, list, total) });
}

export const gameCalls = defineCalls(
  gameListCall('/api/game/getGameList', gameListSpec),
  gameListCall('/api/game/getTodayRecommend', (ctx) => ({ recommend: true, order: { rotation: chinaDate(ctx.now) } })),
  gameListCall('/api/game/getLowestDiscountGame', () => ({ version: 'discount', order: 'discount' })),
  gameListCall('/api/game/getNewGoodStartGames', (ctx) => ({ onlineFrom: new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS), order: 'hot' })),
  gameListCall('/api/game/getQualityGame', () => ({ minScore: QUALITY_SCORE, order: 'score' })),
  gameListCall('/api/game/getShowGames', () => ({ featured: true, order: 'featured' })),
  gameListCall('/api/game/getWeekOrderGames', () => ({ status: 'upcoming', order: 'soonest' }), withReservations),
  gameListCall('/api/game/getNewGames', (ctx) => ({ onlineFrom: new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS), order: 'new' })),
  { path: '/api/game/getWeekNumGames', auth: 'optional', handler: (ctx) => weeklyList(ctx, 'new') },
  { path: '/api/game/getWeekBtGames', auth: 'optional', handler: (ctx) => weeklyList(ctx, 'bt') },
  {
    path: '/api/game/getCategories',
    auth: 'none',
    async handler({ db, fields, now }) {
      const page = readPage(fields);
      if (!page.ok) return page.response;
      const rows = await db
        .selectFrom('categories as c')
        .select(['c.id', 'c.name', 'c.slug'])
        .select((eb) =>
          eb
            .selectFrom('game_categories as gc')
            .innerJoin('games as g', 'g.id', 'gc.game_id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('gc.category_id', '=', 'c.id')
            .where('g.online_at', '<=', now)
            .as('game_count'),
        )
        .orderBy('c.sort')
        .execute();
      const list = rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, game_count: Number(r.game_count ?? 0) }));
      return ok(pageAnswer(page.value, list.slice(page.value.offset, page.value.offset + page.value.limit), list.length));
    },
  },
  {
    path: '/api/game/getSearchGames',
    auth: 'optional',
    async handler({ db, fields, now }) {
      const page = readPage(fields);
      if (!page.ok) return page.response;
      const keyword = readText(fields, 'keyword');
      if (keyword === '') return refuse(GAME_MSG.keywordRequired);
      if (Array.from(keyword).length > KEYWORD_MAX) return refuse(GAME_MSG.keywordTooLong);
      const { rows, total } = await searchGames(db, keyword, page.value);
      const items = await gamesByIds(db, now, rows.map((r) => r.id));
      // Hot words count searches that named a game or a tag exactly (first page only).
      if (page.value.page === 1 && rows[0] && (rows[0].rank === 0 || rows[0].rank === 7)) {
        await db
          .insertInto('hot_search_words')
          .values({ word: rows[0].rank === 0 ? items[0]!.name : await canonicalWord(db, keyword), hits: 1 })
          .onConflict((oc) => oc.column('word').doUpdateSet((eb) => ({ hits: eb('hot_search_words.hits', '+', 1) })))
          .execute();
      }
      const rank = new Map(rows.map((r) => [r.id, r.rank]));
      return ok({ keyword, ...pageAnswer(page.value, items.map((item) => ({ ...item, match_rank: rank.get(item.game_id)! })), total) });
    },
  },
  {
    path: '/api/game/getHotSearch',
    auth: 'none',
    async handler({ db, fields }) {
      const page = readPage(fields);
      if (!page.ok) return page.response;
      const total = Number((await db.selectFrom('hot_search_words').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await db.selectFrom('hot_search_words').select(['word', 'hits']).orderBy('hits', 'desc').orderBy('word').limit(page.value.limit).offset(page.value.offset).execute();
      return ok(pageAnswer(page.value, rows, total));
    },
  },
  {
    path: '/api/game/recordGameSize',
    auth: 'optional',
    async handler({ db, fields, now }) {
      const gameId = readId(fields, 'game_id');
      if (!gameId.ok) return gameId.response;
      const raw = fields.game_size;
      const size = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(size) || size <= 0) return refuse(MSG.paramError);
      const updated = await db.updateTable('games').set({ reported_size_bytes: size, size_reported_at: now }).where('id', '=', gameId.value).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return refuse(GAME_MSG.missingGame);
      return ok(null, GAME_MSG.sizeRecorded);
    },
  },
  { path: '/api/game/getGameDetail', auth: 'optional', handler: gameDetail },
  { path: '/api/game/getOpenServers', auth: 'none', handler: openServers },
  {
    path: '/api/PlatformGame/getPlatformGame',
    auth: 'none',
    async handler({ db, fields }) {
      const page = readPage(fields);
      if (!page.ok) return page.response;
      const gameId = readId(fields, 'game_id');
      if (!gameId.ok) return gameId.response;
      const rows = await platformVersionsQuery(db).where('p.game_id', '=', gameId.value).orderBy('p.sort').orderBy('p.id').execute();
      if (rows.length === 0) return refuse(GAME_MSG.missingGame);
      return ok(pageAnswer(page.value, rows.slice(page.value.offset, page.value.offset + page.value.limit).map(platformVersion), rows.length));
    },
  },
);
