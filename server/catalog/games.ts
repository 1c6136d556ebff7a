import { sql, type Kysely } from 'kysely';
import type { Answer, AnyCallSpec, CallData } from '../../api/protocol/call-spec.ts';
import * as calls from '../../api/protocol/calls/game.ts';
import { MSG } from '../../api/protocol/codes.ts';
import type { WireResponse } from '../../api/protocol/wire.ts';
import { defineCalls, handle, ok, refuse, type CallContext, type Answered, type CallDefinition, type Refusal, type SpecContext } from '../calls.ts';
import { artUrl, shotUrl, ART_SIZE } from '../catalog/art.ts';
import { chinaDate, chinaDayStart, chinaWeekStart, DAY_MS, parseChinaDate } from '../china-time.ts';
import { pageAnswer, pageOf, type Page, type PageAnswer } from '../catalog/fields.ts';
import {
  CATALOG_TABLES,
  gamesByIds,
  genreCategory,
  iso,
  listGames,
  platformVersionFields,
  tagsOf,
  type GameListItem,
  type GameListSpec,
} from '../catalog/game-list.ts';
import { cachedRead } from '../db/read-cache.ts';
import type { Database } from '../db/schema.ts';
import { couponSummary } from './coupons.ts';
import { giftSummary, reserveCounts, reservedBy } from './gifts.ts';

export const GAME_MSG = {
  missingGame: '游戏不存在',
  keywordRequired: calls.GAME_FIELD_MSG.keywordRequired,
  keywordTooLong: calls.GAME_FIELD_MSG.keywordTooLong,
  sizeRecorded: '记录成功',
} as const;

const NEW_GAME_DAYS = 30;
const QUALITY_SCORE = 8.5;
const OPEN_SERVER_PAST_DAYS = 3;
const OPEN_SERVER_NEXT_DAYS = 7;

/** getGameList types (SPEC routes: /hotbt, /zeropointone, /h5, /overseas, /newgame …): api/protocol/calls/game.ts. */
export { LIST_SORTS, LIST_TYPES, type ListType } from '../../api/protocol/calls/game.ts';

type SpecOrRefusal = Omit<GameListSpec, 'order'> & { order: GameListSpec['order'] };

/** The page of a list call's checked input (its declaration spreads PAGE_FIELDS). */
function pageOfInput(input: unknown): Page {
  return pageOf(input as { page: number; limit: number });
}

/**
 * A call answering one page of games: `decorate` makes the declared items from the list's
 * (`asListed` when they are the list's items). The constraint on S says its declared answer is a
 * page of what `decorate` makes, so the one cast below is what the compiler checks at each call.
 */
function gameListCall<TItem, S extends AnyCallSpec & { answer: Answer<PageAnswer<TItem>> }>(
  call: S,
  build: (ctx: SpecContext<S>) => Promise<SpecOrRefusal | Refusal> | SpecOrRefusal | Refusal,
  decorate: (ctx: CallContext, items: readonly GameListItem[]) => Promise<TItem[]>,
): CallDefinition {
  return handle(call, async (ctx) => {
    const page = pageOfInput(ctx.input);
    const spec = await build(ctx);
    if ('code' in spec) return spec;
    const { list, total } = await listGames(ctx.db, ctx.now, page, spec);
    return ok(pageAnswer(page, await decorate(ctx, list), total)) as WireResponse<CallData<S>>;
  });
}

async function asListed(_ctx: CallContext, items: readonly GameListItem[]): Promise<GameListItem[]> {
  return [...items];
}

async function withReservations(ctx: CallContext, items: readonly GameListItem[]) {
  const ids = items.map((i) => i.game_id);
  const counts = await reserveCounts(ctx.db, ids);
  const mine = await reservedBy(ctx.db, ctx.user?.id ?? null, ids);
  return items.map((item) => ({ ...item, reserve_count: counts.get(item.game_id) ?? 0, reserved: mine.has(item.game_id) }));
}

/** Category ids are PostgreSQL integers: a longer digit string is a name (and matches none). */
const CATEGORY_ID_MAX = 2_147_483_647;

async function categoryIdOf(db: Kysely<Database>, value: string): Promise<number | null> {
  const row = /^\d{1,10}$/.test(value) && Number(value) <= CATEGORY_ID_MAX
    ? await db.selectFrom('categories').select('id').where('id', '=', Number(value)).executeTakeFirst()
    : await db.selectFrom('categories').select('id').where((eb) => eb.or([eb('name', '=', value), eb('slug', '=', value)])).executeTakeFirst();
  return row?.id ?? null;
}

async function tagIdOf(db: Kysely<Database>, value: string): Promise<number | null> {
  const row = await db.selectFrom('tags').select('id').where(sql`lower(name)`, '=', value.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

async function gameListSpec(ctx: SpecContext<typeof calls.getGameList>): Promise<SpecOrRefusal> {
  const type = ctx.input.type ?? 'all';
  const spec: SpecOrRefusal = { order: ctx.input.sort ?? (type === 'new' ? 'new' : 'hot') };
  if (type === 'bt') spec.version = 'bt';
  if (type === 'discount') spec.version = 'discount';
  if (type === 'zeropointone') spec.version = 'zero';
  if (type === 'h5') spec.version = 'h5';
  if (type === 'overseas') spec.overseas = true;
  if (type === 'new') spec.onlineFrom = new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS);
  const { category, tag } = ctx.input;
  if (category) spec.categoryId = (await categoryIdOf(ctx.db, category)) ?? -1;
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
 *
 * The candidates come first, each kind of match through its index (btree for equal and prefix,
 * trigram GIN for contains: migration 0031; tags and categories by name, then their links), and only
 * they are ranked: every game that has a rank is a candidate, so the answer is the one ranking all
 * games would give, at a cost that follows the matches rather than the catalogue.
 */
async function rankedSearch(db: Kysely<Database>, keyword: string, page: Page): Promise<{ rows: Array<{ id: number; rank: number }>; total: number }> {
  const f = searchForms(keyword);
  const rows = await sql<{ id: number; rank: number; total: number }>`
    with candidates as (
      select id from games where name = ${f.lower}
      union select id from games where name like ${f.prefix} escape '\\'
      union select id from games where ${f.latin} and name_initials like ${f.lettersPrefix} escape '\\'
      union select id from games where ${f.latin} and name_pinyin like ${f.lettersPrefix} escape '\\'
      union select id from games where name like ${f.contains} escape '\\'
      union select id from games where ${f.latin} and length(${f.letters}) >= 3 and name_pinyin like ${f.lettersContains} escape '\\'
      union select gt.game_id from game_tags gt join tags t on t.id = gt.tag_id where lower(t.name) like ${f.contains} escape '\\'
      union select gc.game_id from game_categories gc join categories c on c.id = gc.category_id where c.name = ${f.lower}
    ),
    ranked as (
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
      from games g join candidates c on c.id = g.id
    )
    select id, rank, count(*) over () as total from ranked where rank is not null
    order by rank, download_count desc, id
    limit ${page.limit} offset ${page.offset}`.execute(db);
  let total = rows.rows[0] ? Number(rows.rows[0].total) : 0;
  if (rows.rows.length === 0 && page.offset > 0) {
    // Past the end: the window count is not available, count separately.
    const all = await rankedSearch(db, keyword, { page: 1, limit: 1, offset: 0 });
    total = all.total;
  }
  return { rows: rows.rows.map((r) => ({ id: r.id, rank: r.rank })), total };
}

/** Search ranks are cached briefly (server/db/read-cache.ts), by keyword and page. */
function searchGames(db: Kysely<Database>, now: Date, keyword: string, page: Page): Promise<{ rows: Array<{ id: number; rank: number }>; total: number }> {
  return cachedRead(db, CATALOG_TABLES, `search:${page.offset}:${page.limit}:${keyword}`, now, () => rankedSearch(db, keyword, page));
}

/** A tag or category as spelled in the catalogue ('bt' → 'BT'), so hot words do not split by case. */
async function canonicalWord(db: Kysely<Database>, keyword: string): Promise<string> {
  const tag = await db.selectFrom('tags').select('name').where(sql`lower(name)`, '=', keyword.toLowerCase()).executeTakeFirst();
  return tag?.name ?? keyword;
}

async function weeklyList(ctx: SpecContext<typeof calls.getWeekNumGames>, kind: 'new' | 'bt') {
  const page = pageOf(ctx.input);
  // week_num is the older name, read only without week (a malformed one is refused then).
  const weeksBack = ctx.input.week ?? ctx.input.week_num ?? 0;
  if (weeksBack === null) return refuse(MSG.paramError);
  const wanted = chinaDate(new Date(chinaWeekStart(ctx.now).getTime() - weeksBack * 7 * DAY_MS));
  // The newest stored week at or before the wanted one (an old installation still shows a list).
  const week = await ctx.db
    .selectFrom('weekly_lists')
    .select(sql<string>`to_char(max(week_start), 'YYYY-MM-DD')`.as('week'))
    .where('kind', '=', kind)
    .where('week_start', '<=', sql<Date>`${wanted}::date`)
    .executeTakeFirst();
  const weekStart = week?.week ?? null;
  if (!weekStart) return ok({ week_start: null, week_end: null, ...pageAnswer(page, [], 0) });
  const ids = (
    await ctx.db.selectFrom('weekly_lists').select('game_id').where('kind', '=', kind).where('week_start', '=', sql<Date>`${weekStart}::date`).orderBy('position').execute()
  ).map((r) => r.game_id);
  const { list, total } = await listGames(ctx.db, ctx.now, page, { status: 'all', ids, version: kind === 'bt' ? 'bt' : 'any', order: { positions: ids } });
  const weekEnd = chinaDate(new Date(parseChinaDate(weekStart)!.getTime() + 6 * DAY_MS));
  return ok({ week_start: weekStart, week_end: weekEnd, ...pageAnswer(page, list, total) });
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

/** What a game page shows every player alike. */
const GAME_PAGE_TABLES = [...CATALOG_TABLES, 'game_screenshots', 'open_servers'] as const;

/** The same for every player: cached briefly (server/db/read-cache.ts), by game and China day. */
function gamePage(db: Kysely<Database>, gameId: number, now: Date) {
  const serversFrom = chinaDayStart(now).getTime() - OPEN_SERVER_PAST_DAYS * DAY_MS;
  return cachedRead(db, GAME_PAGE_TABLES, `game-page:${gameId}:${serversFrom}`, now, async () => {
    const game = await db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
    if (!game) return null;
    const [versions, tags, categories, shots, servers] = await Promise.all([
      platformVersionsQuery(db).where('p.game_id', '=', game.id).orderBy('p.sort').orderBy('p.id').execute(),
      tagsOf(db, [game.id]),
      db.selectFrom('game_categories as gc').innerJoin('categories as c', 'c.id', 'gc.category_id').select(['c.id', 'c.name']).where('gc.game_id', '=', game.id).orderBy('c.sort').execute(),
      db.selectFrom('game_screenshots').select(['position', 'caption']).where('game_id', '=', game.id).orderBy('position').execute(),
      db
        .selectFrom('open_servers')
        .select(['id', 'server_name', 'open_at', 'platform_game_id'])
        .where('game_id', '=', game.id)
        .where('open_at', '>=', new Date(serversFrom))
        .orderBy('open_at')
        .orderBy('id')
        .execute(),
    ]);
    return { game, versions, tags: tags.get(game.id) ?? [], categories, shots, servers };
  });
}

async function gameDetail(ctx: SpecContext<typeof calls.getGameDetail>): Promise<Answered<typeof calls.getGameDetail>> {
  const { db, now, user, input } = ctx;
  // One of the two is needed (which one depends on the other: the handler's check).
  if (input.game_id === undefined && input.platform_game_id === undefined) return refuse(MSG.paramError);
  let gameId = input.game_id;
  if (input.platform_game_id !== undefined) {
    const pg = await db.selectFrom('platform_games').select('game_id').where('id', '=', input.platform_game_id).executeTakeFirst();
    if (!pg || (gameId !== undefined && pg.game_id !== gameId)) return refuse(GAME_MSG.missingGame);
    gameId = pg.game_id;
  }
  const page = await gamePage(db, gameId!, now);
  if (!page) return refuse(GAME_MSG.missingGame);
  const { game, versions, tags, categories, shots, servers } = page;
  const selected = versions.find((v) => v.id === input.platform_game_id) ?? versions[0]!;
  const [gifts, coupons, reserveCount, reserved] = await Promise.all([
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
    tags,
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

async function openServers(ctx: SpecContext<typeof calls.getOpenServers>): Promise<Answered<typeof calls.getOpenServers>> {
  const page = pageOf(ctx.input);
  // The declaration accepted only a real YYYY-MM-DD date.
  const dayStart = ctx.input.date ? parseChinaDate(ctx.input.date) : chinaDayStart(ctx.now);
  if (!dayStart) return refuse(MSG.paramError);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const { total, rows } = await cachedRead(ctx.db, ['open_servers'], `open-servers:${dayStart.getTime()}:${page.offset}:${page.limit}`, ctx.now, async () => {
    const base = ctx.db.selectFrom('open_servers').where('open_at', '>=', dayStart).where('open_at', '<', dayEnd);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows =
      total > page.offset
        ? await base.select(['id', 'game_id', 'server_name', 'open_at']).orderBy('open_at').orderBy('id').limit(page.limit).offset(page.offset).execute()
        : [];
    return { total, rows };
  });
  const items = new Map((await gamesByIds(ctx.db, ctx.now, [...new Set(rows.map((r) => r.game_id))])).map((i) => [i.game_id, i]));
  const list = rows.map((r) => ({ ...items.get(r.game_id)!, server_id: r.id, server_name: r.server_name, open_at: iso(r.open_at), opened: new Date(r.open_at) <= ctx.now }));
  // The days the table offers, for the day tabs.
  const days = Array.from({ length: OPEN_SERVER_PAST_DAYS + OPEN_SERVER_NEXT_DAYS + 1 }, (_, i) => chinaDate(chinaDayStart(ctx.now).getTime() + (i - OPEN_SERVER_PAST_DAYS) * DAY_MS));
  return ok({ date: chinaDate(dayStart), today: chinaDate(ctx.now), days, ...pageAnswer(page, list, total) });
}

export const gameCalls = defineCalls(
  gameListCall(calls.getGameList, gameListSpec, asListed),
  gameListCall(calls.getTodayRecommend, (ctx) => ({ recommend: true, order: { rotation: chinaDate(ctx.now) } }), asListed),
  gameListCall(calls.getLowestDiscountGame, () => ({ version: 'discount', order: 'discount' }), asListed),
  gameListCall(calls.getNewGoodStartGames, (ctx) => ({ onlineFrom: new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS), order: 'hot' }), asListed),
  gameListCall(calls.getQualityGame, () => ({ minScore: QUALITY_SCORE, order: 'score' }), asListed),
  gameListCall(calls.getShowGames, () => ({ featured: true, order: 'featured' }), asListed),
  gameListCall(calls.getWeekOrderGames, () => ({ status: 'upcoming', order: 'soonest' }), withReservations),
  gameListCall(calls.getNewGames, (ctx) => ({ onlineFrom: new Date(ctx.now.getTime() - NEW_GAME_DAYS * DAY_MS), order: 'new' }), asListed),
  handle(calls.getWeekNumGames, (ctx) => weeklyList(ctx, 'new')),
  handle(calls.getWeekBtGames, (ctx) => weeklyList(ctx, 'bt')),
  handle(calls.getCategories, async ({ db, input, now }) => {
    const page = pageOf(input);
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
    return ok(pageAnswer(page, list.slice(page.offset, page.offset + page.limit), list.length));
  }),
  handle(calls.getSearchGames, async ({ db, input, now }) => {
    const page = pageOf(input);
    const { keyword } = input;
    const { rows, total } = await searchGames(db, now, keyword, page);
    const items = await gamesByIds(db, now, rows.map((r) => r.id));
    // Hot words count searches that named a game or a tag exactly (first page only).
    if (page.page === 1 && rows[0] && (rows[0].rank === 0 || rows[0].rank === 7)) {
      await db
        .insertInto('hot_search_words')
        .values({ word: rows[0].rank === 0 ? items[0]!.name : await canonicalWord(db, keyword), hits: 1 })
        .onConflict((oc) => oc.column('word').doUpdateSet((eb) => ({ hits: eb('hot_search_words.hits', '+', 1) })))
        .execute();
    }
    const rank = new Map(rows.map((r) => [r.id, r.rank]));
    return ok({ keyword, ...pageAnswer(page, items.map((item) => ({ ...item, match_rank: rank.get(item.game_id)! })), total) });
  }),
  handle(calls.getHotSearch, async ({ db, input }) => {
    const page = pageOf(input);
    const total = Number((await db.selectFrom('hot_search_words').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    // An operator's pinned words first, in their order (首页内容); then by how often players searched them.
    const rows = await db
      .selectFrom('hot_search_words')
      .select(['word', 'hits'])
      .orderBy(sql`pinned asc nulls last`)
      .orderBy('hits', 'desc')
      .orderBy('word')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return ok(pageAnswer(page, rows, total));
  }),
  handle(calls.recordGameSize, async ({ db, input, now }) => {
    const updated = await db.updateTable('games').set({ reported_size_bytes: input.game_size, size_reported_at: now }).where('id', '=', input.game_id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return refuse(GAME_MSG.missingGame);
    return ok(null, GAME_MSG.sizeRecorded);
  }),
  handle(calls.getGameDetail, gameDetail),
  handle(calls.getOpenServers, openServers),
  handle(calls.getPlatformGame, async ({ db, input }) => {
    const page = pageOf(input);
    const rows = await platformVersionsQuery(db).where('p.game_id', '=', input.game_id).orderBy('p.sort').orderBy('p.id').execute();
    if (rows.length === 0) return refuse(GAME_MSG.missingGame);
    return ok(pageAnswer(page, rows.slice(page.offset, page.offset + page.limit).map(platformVersion), rows.length));
  }),
);
