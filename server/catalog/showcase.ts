import type { Kysely } from 'kysely';
import type { AnyCallSpec } from '../../api/protocol/call-spec.ts';
import * as card from '../../api/protocol/calls/card.ts';
import * as down from '../../api/protocol/calls/down.ts';
import * as topicCalls from '../../api/protocol/calls/topic.ts';
import { defineCalls, handle, ok, refuse, type CallDefinition } from '../calls.ts';
import { artUrl, shotUrl } from '../catalog/art.ts';
import { chinaDate, chinaDayStart, DAY_MS } from '../china-time.ts';
import { pageAnswer, pageOf } from '../catalog/fields.ts';
import { cachedRead } from '../db/read-cache.ts';
import { CATALOG_TABLES, fetchGames, gamesByIds, iso, listGames, type GameListSpec } from '../catalog/game-list.ts';
import { NAV_ENTRIES } from '../catalog/nav.ts';
import type { CardType, Database } from '../db/schema.ts';
import { reserveCounts } from './gifts.ts';

/** Cards (/api/card/), topics (/api/topic/), splash images and the home layout (/api/down/). */

const SECTION_SIZE = 6;

function cardItem(row: { id: number; type: CardType; name: string; subtitle: string; price_cents: number; original_price_cents: number; days: number; contents: string[]; sold_count: number }) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    subtitle: row.subtitle,
    price: row.price_cents / 100,
    price_cents: row.price_cents,
    original_price: row.original_price_cents / 100,
    original_price_cents: row.original_price_cents,
    days: row.days,
    contents: row.contents,
    sold_count: row.sold_count,
    image: artUrl('banner', `c${row.id}`),
  };
}

function cardsQuery(db: Kysely<Database>, type: CardType) {
  return db.selectFrom('cards').select(['id', 'type', 'name', 'subtitle', 'price_cents', 'original_price_cents', 'days', 'contents', 'sold_count']).where('type', '=', type).orderBy('sort').orderBy('id');
}

function cardListCall(spec: AnyCallSpec, type: CardType): CallDefinition {
  return handle(spec, async ({ db, input }) => {
    const page = pageOf(input as { page: number; limit: number });
    const rows = await cardsQuery(db, type).execute();
    return ok(pageAnswer(page, rows.slice(page.offset, page.offset + page.limit).map(cardItem), rows.length));
  });
}

async function topicItems(db: Kysely<Database>, offset: number, limit: number) {
  const rows = await db
    .selectFrom('topics as t')
    .select(['t.id', 't.title', 't.subtitle', 't.description', 't.banner_key', 't.published_at'])
    .select((eb) => eb.selectFrom('topic_games as tg').select(eb.fn.countAll<number>().as('n')).whereRef('tg.topic_id', '=', 't.id').as('game_count'))
    .orderBy('t.sort')
    .orderBy('t.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const previews = rows.length
    ? await db
        .selectFrom('topic_games as tg')
        .innerJoin('games as g', 'g.id', 'tg.game_id')
        .select(['tg.topic_id', 'g.id', 'g.icon_key'])
        .where('tg.topic_id', 'in', rows.map((r) => r.id))
        .where('tg.position', '<', 4)
        .orderBy('tg.topic_id')
        .orderBy('tg.position')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    description: r.description,
    banner: artUrl('banner', r.banner_key),
    published_at: iso(r.published_at),
    game_count: Number(r.game_count ?? 0),
    icons: previews.filter((p) => p.topic_id === r.id).map((p) => ({ game_id: p.id, icon: artUrl('icon', p.icon_key) })),
  }));
}

function promotionLink(path: string, data: Record<string, unknown>) {
  return { path, data };
}

async function homeContent(db: Kysely<Database>, now: Date) {
  const section = async (spec: GameListSpec) => fetchGames(db, now, spec, 0, SECTION_SIZE);
  const [banners, today, zero, bt, fresh, upcoming, h5, overseas, topics, servers] = await Promise.all([
    db.selectFrom('promotions').selectAll().where('slot', '=', 'home_banner').orderBy('sort').orderBy('id').execute(),
    section({ recommend: true, order: { rotation: chinaDate(now) } }),
    section({ version: 'zero', order: 'hot' }),
    section({ version: 'bt', order: 'hot' }),
    section({ onlineFrom: new Date(now.getTime() - 30 * DAY_MS), order: 'new' }),
    section({ status: 'upcoming', order: 'soonest' }),
    section({ version: 'h5', order: 'hot' }),
    section({ overseas: true, order: 'hot' }),
    topicItems(db, 0, 4),
    db
      .selectFrom('open_servers')
      .select(['id', 'game_id', 'server_name', 'open_at'])
      .where('open_at', '>=', now)
      .where('open_at', '<', new Date(chinaDayStart(now).getTime() + 2 * DAY_MS))
      .orderBy('open_at')
      .orderBy('id')
      .limit(SECTION_SIZE)
      .execute(),
  ]);
  const serverGames = new Map((await gamesByIds(db, now, [...new Set(servers.map((s) => s.game_id))])).map((g) => [g.game_id, g]));
  const reserve = await reserveCounts(db, upcoming.map((g) => g.game_id));
  return {
    banners: banners.map((b) => ({ id: b.id, title: b.title, subtitle: b.subtitle, image: b.image_kind === 'shot' ? shotUrl(b.image_subject, 1) : artUrl(b.image_kind === 'icon' ? 'icon' : 'banner', b.image_subject), link: promotionLink(b.link_path, b.link_data) })),
    navs: NAV_ENTRIES.map((n) => ({ key: n.key, title: n.title, icon: artUrl('icon', `n${n.key}`), link: promotionLink(n.path, {}) })),
    sections: [
      { key: 'today', title: '今日推荐', style: 'grid' as const, more: null, list: [...today] },
      { key: 'zeropointone', title: '0.1折专区', style: 'list' as const, more: promotionLink('/zeropointone', {}), list: [...zero] },
      { key: 'hotbt', title: '热门BT', style: 'list' as const, more: promotionLink('/hotbt', {}), list: [...bt] },
      { key: 'newgame', title: '新游首发', style: 'grid' as const, more: promotionLink('/newgame', {}), list: [...fresh] },
      {
        key: 'newserve',
        title: '今日开服',
        style: 'schedule' as const,
        more: promotionLink('/newserve', {}),
        list: servers.filter((s) => serverGames.has(s.game_id)).map((s) => ({ ...serverGames.get(s.game_id)!, server_id: s.id, server_name: s.server_name, open_at: iso(s.open_at) })),
      },
      { key: 'reserve', title: '新游预约', style: 'list' as const, more: promotionLink('/dnewgame', {}), list: upcoming.map((g) => ({ ...g, reserve_count: reserve.get(g.game_id) ?? 0 })) },
      { key: 'special', title: '精选专题', style: 'topics' as const, more: promotionLink('/special', {}), list: topics },
      { key: 'h5', title: 'H5游戏', style: 'grid' as const, more: promotionLink('/h5', {}), list: [...h5] },
      { key: 'overseas', title: '海外精选', style: 'grid' as const, more: promotionLink('/overseas', {}), list: [...overseas] },
    ],
  };
}

/**
 * The home layout is the same for everyone: read through the read cache, keyed on the tables it
 * shows, so a staff change of a banner, topic or open server in this process shows at the next
 * call, and elsewhere within READ_CACHE_TTL_MS. Reservation counts are not among the keys (a
 * player's reservation does not rebuild the page): they may lag by that window.
 */
const HOME_TABLES = [...CATALOG_TABLES, 'promotions', 'topics', 'topic_games', 'open_servers'] as const;

export const showcaseCalls = defineCalls(
  cardListCall(card.getHotCard, 'hot'),
  cardListCall(card.getNewCard, 'new'),
  cardListCall(card.getGoldCard, 'gold'),
  cardListCall(card.getCarmineCard, 'carmine'),
  handle(card.getCarmineCardIndex, async ({ db }) => {
    const cards = (await cardsQuery(db, 'carmine').execute()).map(cardItem);
    if (cards.length === 0) return refuse('暂无活动');
    return ok({
      title: '胭脂红卡',
      subtitle: '平台顶级会员，每日领取100元代金券',
      banner: cards[0]!.image,
      card: cards[0]!,
      cards,
      sold_total: cards.reduce((s, c) => s + c.sold_count, 0),
      privileges: ['每日领取100元代金券（满600可用）', '乐玩币充值额外赠送10%-15%', '一对一专属客服'],
    });
  }),
  handle(topicCalls.getTopicList, async ({ db, input, now }) => {
    const page = pageOf(input);
    const { total, list } = await cachedRead(db, ['topics', 'topic_games', 'games'], `topics:${page.offset}:${page.limit}`, now, async () => {
      const total = Number((await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return { total, list: total > page.offset ? await topicItems(db, page.offset, page.limit) : [] };
    });
    return ok(pageAnswer(page, list, total));
  }),
  handle(topicCalls.getTopicDetail, async ({ db, input, now }) => {
    const page = pageOf(input);
    const topic = await db.selectFrom('topics').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!topic) return refuse('专题不存在');
    const members = await db.selectFrom('topic_games').select(['game_id', 'blurb']).where('topic_id', '=', topic.id).orderBy('position').execute();
    const ids = members.map((m) => m.game_id);
    const blurbs = new Map(members.map((m) => [m.game_id, m.blurb]));
    const { list, total } = await listGames(db, now, page, { status: 'all', ids, order: { positions: ids } });
    return ok({
      id: topic.id,
      title: topic.title,
      subtitle: topic.subtitle,
      description: topic.description,
      banner: artUrl('banner', topic.banner_key),
      published_at: iso(topic.published_at),
      ...pageAnswer(page, list.map((g) => ({ ...g, blurb: blurbs.get(g.game_id) ?? '' })), total),
    });
  }),
  handle(down.getImage, async ({ db, input }) => {
    const page = pageOf(input);
    const { type } = input;
    const rows = await db
      .selectFrom('promotions')
      .selectAll()
      .where('slot', '=', type === 'banner' ? 'home_banner' : 'splash')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const list = rows.map((r) => ({
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      image: r.image_kind === 'shot' ? shotUrl(r.image_subject, 1) : artUrl(r.image_kind === 'icon' ? 'icon' : 'banner', r.image_subject),
      link: promotionLink(r.link_path, r.link_data),
    }));
    return ok(pageAnswer(page, list.slice(page.offset, page.offset + page.limit), list.length));
  }),
  handle(down.getAppIndexContent, async ({ db, now }) => ok(await cachedRead(db, HOME_TABLES, 'home-content', now, () => homeContent(db, now)))),
);
