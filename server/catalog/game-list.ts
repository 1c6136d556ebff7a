import { sql, type Kysely } from 'kysely';
import type { GameListItem } from '../../api/protocol/calls/game.ts';
import { cachedRead } from '../db/read-cache.ts';
import type { Database } from '../db/schema.ts';
import { artUrl } from './art.ts';
import type { Page } from './fields.ts';
import { GENRES } from './vocabulary.ts';

/**
 * Game lists: every list of games goes through listGames, which picks, for each game, the one
 * platform version the list is about (its BT version in a BT list, its main version otherwise)
 * with a LATERAL join, filters, orders with a stable tie-break (so pages never overlap), and
 * answers PROTOCOL §10 items carrying game_id and platform_game_id.
 */

/** Which platform versions qualify a game for the list (and which one represents it). */
export type VersionFilter = 'any' | 'bt' | 'discount' | 'h5' | 'zero' | 'apk';

export type GameOrder =
  | 'hot'
  | 'new'
  | 'discount'
  | 'score'
  | 'featured'
  | 'soonest'
  | { rotation: string }
  | { positions: number[] };

export interface GameListSpec {
  version?: VersionFilter;
  /** 'online' (default): online_at ≤ now; 'upcoming': later; 'all'. */
  status?: 'online' | 'upcoming' | 'all';
  overseas?: boolean;
  categoryId?: number;
  tagId?: number;
  ids?: number[];
  onlineFrom?: Date;
  recommend?: boolean;
  featured?: boolean;
  minScore?: number;
  order: GameOrder;
}

/** A game in a list: the wire type (api/protocol/calls/game.ts), one for the server and the client. */
export type { GameListItem };

const CATEGORY_BY_GENRE = new Map<string, string>(GENRES.map((g) => [g.key, g.category]));

export function genreCategory(genre: string): string {
  return CATEGORY_BY_GENRE.get(genre) ?? '';
}

export function discountOf(rate: number): number | null {
  return rate < 1 ? Math.round(rate * 100) / 10 : null;
}

export function discountText(rate: number | null): string {
  const d = rate === null ? null : discountOf(rate);
  return d === null ? '' : `${d}折`;
}

export function sizeText(bytes: number): string {
  if (!bytes) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)}GB`;
}

export function countText(n: number): string {
  if (n >= 100_000_000) return `${(n / 100_000_000).toFixed(1)}亿`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1)}万`;
  return String(n);
}

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

const VERSION_COLUMN = { bt: 'is_bt', discount: 'is_discount', zero: 'is_zero_point_one', h5: 'is_h5', apk: 'down_type' } as const;
const VERSION_VALUE = { bt: true, discount: true, zero: true, h5: true, apk: 1 } as const;

/** The games of the list: game-level filters, and a version filter as EXISTS (no join yet). */
function filteredGames(db: Kysely<Database>, now: Date, spec: Omit<GameListSpec, 'order'>) {
  let q = db.selectFrom('games as g');
  const status = spec.status ?? 'online';
  if (status === 'online') q = q.where('g.online_at', '<=', now);
  if (status === 'upcoming') q = q.where('g.online_at', '>', now);
  if (spec.overseas !== undefined) q = q.where('g.is_overseas', '=', spec.overseas);
  if (spec.onlineFrom) q = q.where('g.online_at', '>=', spec.onlineFrom);
  if (spec.recommend) q = q.where('g.is_recommend', '=', true);
  if (spec.featured) q = q.where('g.featured_rank', 'is not', null);
  if (spec.minScore !== undefined) q = q.where('g.score', '>=', spec.minScore);
  if (spec.ids) q = q.where('g.id', 'in', spec.ids.length > 0 ? spec.ids : [0]);
  if (spec.categoryId !== undefined) {
    const categoryId = spec.categoryId;
    q = q.where((eb) => eb.exists(eb.selectFrom('game_categories as gc').select('gc.game_id').whereRef('gc.game_id', '=', 'g.id').where('gc.category_id', '=', categoryId)));
  }
  if (spec.tagId !== undefined) {
    const tagId = spec.tagId;
    q = q.where((eb) => eb.exists(eb.selectFrom('game_tags as gt').select('gt.game_id').whereRef('gt.game_id', '=', 'g.id').where('gt.tag_id', '=', tagId)));
  }
  const version = spec.version ?? 'any';
  if (version !== 'any') {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('platform_games as pe').select('pe.id').whereRef('pe.game_id', '=', 'g.id').where(sql.ref(`pe.${VERSION_COLUMN[version]}`), '=', VERSION_VALUE[version])),
    );
  }
  return q;
}

type GamesQuery = ReturnType<typeof filteredGames>;

/** Joins, per game, the one version the list is about: its BT version in a BT list, its main one otherwise. */
function withVersion(q: GamesQuery, version: VersionFilter = 'any') {
  return q.innerJoinLateral(
    (eb) => {
      let versions = eb.selectFrom('platform_games as pv').selectAll('pv').whereRef('pv.game_id', '=', 'g.id');
      if (version !== 'any') versions = versions.where(sql.ref(`pv.${VERSION_COLUMN[version]}`), '=', VERSION_VALUE[version]);
      // In a discount list the deepest discount represents the game.
      if (version === 'discount') versions = versions.orderBy('pv.discount_rate');
      return versions.orderBy('pv.sort').orderBy('pv.id').limit(1).as('p');
    },
    (join) => join.onTrue(),
  );
}

/** The ids of one page, in list order (ending with g.id, so pages never overlap). */
async function pageIds(db: Kysely<Database>, now: Date, spec: GameListSpec, offset: number, limit: number): Promise<number[]> {
  const order = spec.order;
  if (order === 'discount') {
    // Ordered by the representing version: join it before sorting.
    const rows = await withVersion(filteredGames(db, now, spec), spec.version)
      .select('g.id')
      .orderBy('p.discount_rate')
      .orderBy('g.download_count', 'desc')
      .orderBy('g.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }
  let q = filteredGames(db, now, spec).select('g.id');
  if (order === 'hot') q = q.orderBy('g.download_count', 'desc');
  else if (order === 'new') q = q.orderBy('g.online_at', 'desc');
  else if (order === 'score') q = q.orderBy('g.score', 'desc').orderBy('g.download_count', 'desc');
  else if (order === 'featured') q = q.orderBy('g.featured_rank');
  else if (order === 'soonest') q = q.orderBy('g.online_at');
  else if ('rotation' in order) q = q.orderBy(sql`md5(${order.rotation} || g.id::text)`);
  else q = q.orderBy(sql`array_position(${sql.val(order.positions)}::int[], g.id)`);
  const rows = await q.orderBy('g.id').limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}

function selectItems(db: Kysely<Database>, ids: number[], version: VersionFilter | undefined) {
  return withVersion(db.selectFrom('games as g').where('g.id', 'in', ids), version).select([
    'g.id as game_id',
    'p.id as platform_game_id',
    'p.platform_id',
    'g.name',
    'p.name as platform_game_name',
    'g.icon_key',
    'g.banner_key',
    'g.short_desc',
    'g.genre',
    'p.size_bytes',
    'p.down_type',
    'p.package_name',
    'p.version_name',
    'p.discount_rate',
    'p.first_recharge_rate',
    'p.is_bt',
    'p.is_discount',
    'p.is_h5',
    'p.is_zero_point_one',
    'g.is_overseas',
    'p.vip_on_login',
    'g.score',
    'g.download_count',
    'g.online_at',
    'g.h5_url',
  ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** Tag names of these games, in each game's tag order. */
export async function tagsOf(db: Kysely<Database>, gameIds: number[]): Promise<Map<number, string[]>> {
  const byGame = new Map<number, string[]>();
  if (gameIds.length === 0) return byGame;
  const rows = await db
    .selectFrom('game_tags as gt')
    .innerJoin('tags as t', 't.id', 'gt.tag_id')
    .select(['gt.game_id', 't.name'])
    .where('gt.game_id', 'in', gameIds)
    .orderBy('gt.game_id')
    .orderBy('gt.position')
    .execute();
  for (const row of rows) {
    const list = byGame.get(row.game_id) ?? [];
    list.push(row.name);
    byGame.set(row.game_id, list);
  }
  return byGame;
}

/** The fields of one platform version (package, size, discount, flags) as every answer shows them. */
export function platformVersionFields<TPackage extends string | null, TDownType extends number>(row: {
  size_bytes: number;
  down_type: TDownType;
  package_name: TPackage;
  version_name: string;
  discount_rate: number;
  first_recharge_rate: number | null;
  is_bt: boolean;
  is_discount: boolean;
  is_h5: boolean;
  is_zero_point_one: boolean;
  vip_on_login: number;
}) {
  return {
    size_bytes: row.size_bytes,
    size_text: sizeText(row.size_bytes),
    down_type: row.down_type,
    package_name: row.package_name,
    version_name: row.version_name,
    discount: discountOf(row.discount_rate),
    discount_text: discountText(row.discount_rate),
    first_recharge_discount: row.first_recharge_rate === null ? null : discountOf(row.first_recharge_rate),
    is_bt: row.is_bt,
    is_discount: row.is_discount,
    is_h5: row.is_h5,
    is_zero_point_one: row.is_zero_point_one,
    vip_on_login: row.vip_on_login,
  };
}

function toItem(row: ItemRow, tags: Map<number, string[]>): GameListItem {
  return {
    game_id: row.game_id,
    platform_game_id: row.platform_game_id,
    platform_id: row.platform_id,
    name: row.name,
    platform_game_name: row.platform_game_name,
    icon: artUrl('icon', row.icon_key),
    banner: artUrl('banner', row.banner_key),
    short_desc: row.short_desc,
    category: genreCategory(row.genre),
    tags: tags.get(row.game_id) ?? [],
    ...platformVersionFields(row),
    is_overseas: row.is_overseas,
    score: row.score,
    download_count: row.download_count,
    download_text: countText(row.download_count),
    online_at: iso(row.online_at),
    h5_url: row.h5_url,
  };
}

/** The tables a game card and the list filters read (server/db/read-cache.ts). */
export const CATALOG_TABLES = ['games', 'platform_games', 'platforms', 'game_tags', 'tags', 'game_categories', 'categories'] as const;

/**
 * Counts and pages are cached briefly (server/db/read-cache.ts) by their spec; a spec bounded by a
 * time derived from the request's clock (onlineFrom) is different on every request and is not.
 */
function cachedList<T>(db: Kysely<Database>, now: Date, kind: string, spec: Omit<GameListSpec, 'order'> & { order?: GameOrder }, extra: string, load: () => Promise<T>): Promise<T> {
  if (spec.onlineFrom) return load();
  return cachedRead(db, CATALOG_TABLES, `game-list:${kind}:${JSON.stringify(spec)}:${extra}`, now, load);
}

export function countGames(db: Kysely<Database>, now: Date, spec: Omit<GameListSpec, 'order'>): Promise<number> {
  return cachedList(db, now, 'count', spec, '', async () => {
    const row = await filteredGames(db, now, spec)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

/**
 * One page of games (no count): first the page's ids (filters and order on games alone, cheap),
 * then their representing versions and tags for those few games only.
 */
export function fetchGames(db: Kysely<Database>, now: Date, spec: GameListSpec, offset: number, limit: number): Promise<readonly GameListItem[]> {
  return cachedList(db, now, 'page', spec, `${offset}:${limit}`, async () => {
    const ids = await pageIds(db, now, spec, offset, limit);
    if (ids.length === 0) return [];
    const [rows, tags] = await Promise.all([selectItems(db, ids, spec.version).execute(), tagsOf(db, ids)]);
    const byId = new Map(rows.map((row) => [row.game_id, row]));
    // Shared between requests while cached: frozen, so a caller that changed an item would fail loudly.
    return Object.freeze(ids.filter((id) => byId.has(id)).map((id) => Object.freeze(toItem(byId.get(id)!, tags))));
  });
}

/** A page of games and the total (PROTOCOL §10); past the end the list is empty. */
export async function listGames(db: Kysely<Database>, now: Date, page: Page, spec: GameListSpec): Promise<{ list: readonly GameListItem[]; total: number }> {
  const total = await countGames(db, now, spec);
  const list = page.offset < total ? await fetchGames(db, now, spec, page.offset, page.limit) : [];
  return { list, total };
}

/** Items for these games in this order (search results, reservations …): main versions. */
export async function gamesByIds(db: Kysely<Database>, now: Date, ids: number[]): Promise<readonly GameListItem[]> {
  if (ids.length === 0) return [];
  return fetchGames(db, now, { status: 'all', ids, order: { positions: ids } }, 0, ids.length);
}
