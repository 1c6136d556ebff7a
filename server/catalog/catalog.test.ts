import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../api/protocol/codes.ts';
import { ART_SIZE } from '../catalog/art.ts';
import { chinaDate, chinaWeekStart, DAY_MS, parseChinaDate } from '../china-time.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { wireClient } from '../../tests/helpers/wire-client.ts';
import { signingClock } from '../../api/protocol/wire.ts';

/**
 * A small XML well-formedness check (no parser among the dependencies): tags balance, attributes
 * are quoted, only the five XML entities appear; answers the root element's name and attributes.
 */
function parseSvgRoot(text: string): { name: string; attributes: Record<string, string> } {
  expect(text.startsWith('<svg ')).toBe(true);
  expect(text.replace(/&(lt|gt|amp|quot|apos);/g, '')).not.toMatch(/&/);
  const stack: string[] = [];
  let root: { name: string; attributes: Record<string, string> } | null = null;
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+='[^'<]*')*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    expect(text.slice(last, m.index)).not.toMatch(/[<>]/);
    last = m.index + m[0].length;
    const [, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      expect(stack.pop()).toBe(name);
      continue;
    }
    if (!root) root = { name, attributes: Object.fromEntries([...attrs.matchAll(/([\w:-]+)='([^']*)'/g)].map((a) => [a[1]!, a[2]!])) };
    else expect(stack.length).toBeGreaterThan(0);
    if (!selfClosing) stack.push(name);
  }
  expect(last).toBe(text.length);
  expect(stack).toEqual([]);
  return root!;
}


// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
type Item = Record<string, any>;

describe.each(DATABASE_KINDS)('game catalogue on %s', (kind) => {
  const now = signingClock();
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
    call = wireClient(server.url, now);
  });
  afterAll(() => server.close());

  /** An independent pager: follows PROTOCOL §10 only (page from 1 until an empty list). */
  async function walk(path: string, payload: Record<string, unknown>, limit = 50): Promise<{ items: Item[]; total: number; pages: number }> {
    const items: Item[] = [];
    let total = -1;
    for (let page = 1; page < 100; page++) {
      const answer = await call(path, { ...payload, page, limit });
      expect(answer.code).toBe(1);
      expect(answer.data).toMatchObject({ page, limit: Math.min(limit, 50) });
      if (total === -1) total = answer.data.total;
      expect(answer.data.total).toBe(total);
      if (answer.data.list.length === 0) return { items, total, pages: page - 1 };
      expect(answer.data.list.length).toBeLessThanOrEqual(Math.min(limit, 50));
      items.push(...answer.data.list);
    }
    throw new Error('pager did not end');
  }

  it('pages through getGameList to 300+ distinct games, every one with game_id and platform_game_id', async () => {
    const { items, total, pages } = await walk('/api/game/getGameList', { type: 'all' });
    const ids = items.map((g) => g.game_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(pages).toBe(Math.ceil(total / 50));
    for (const g of items) {
      expect(g).toMatchObject({ game_id: expect.any(Number), platform_game_id: expect.any(Number), name: expect.any(String), short_desc: expect.any(String), download_count: expect.any(Number) });
      expect(g.icon).toMatch(/^\/art\/icon\/g\d+v\d+\.svg$/);
      expect(Array.isArray(g.tags) && g.tags.length > 0).toBe(true);
      expect(new Date(g.online_at).getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Hot order by default: downloads never increase along the pages.
    for (let i = 1; i < items.length; i++) expect(items[i]!.download_count).toBeLessThanOrEqual(items[i - 1]!.download_count);
    const pgCount = await db().selectFrom('platform_games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(pgCount.n)).toBeGreaterThan(total);
  });

  it('answers code -1 for bad page/limit, caps limit at 50 and answers an empty page past the end', async () => {
    for (const bad of [{ page: 0 }, { page: -1 }, { page: 1.5 }, { page: 'abc' }, { limit: 0 }, { limit: '2x' }, { page: '-3' }]) {
      expect(await call('/api/game/getGameList', bad)).toEqual({ code: -1, msg: '分页参数错误', data: null });
      expect((await call('/api/topic/getTopicList', bad)).msg).toBe('分页参数错误');
    }
    const capped = await call('/api/game/getGameList', { limit: 500 });
    expect(capped.data).toMatchObject({ page: 1, limit: 50 });
    expect(capped.data.list).toHaveLength(50);
    const defaults = await call('/api/game/getGameList', {});
    expect(defaults.data).toMatchObject({ page: 1, limit: 20 });
    expect(defaults.data.list).toHaveLength(20);
    const strings = await call('/api/game/getGameList', { page: '2', limit: '10' });
    expect(strings.data).toMatchObject({ page: 2, limit: 10 });
    expect(strings.data.list[0].game_id).toBe(defaults.data.list[10].game_id);
    const past = await call('/api/game/getGameList', { page: 999 });
    expect(past).toMatchObject({ code: 1, data: { list: [], page: 999, limit: 20, total: defaults.data.total } });
    expect(await call('/api/game/getGameList', { type: 'nope' })).toMatchObject({ code: -1, msg: MSG.paramError });
  });

  it('filters getGameList by type, category and tag, and sorts', async () => {
    const bt = await walk('/api/game/getGameList', { type: 'bt' });
    expect(bt.total).toBeGreaterThan(50);
    expect(bt.items.every((g) => g.is_bt && g.platform_game_name.endsWith('（BT版）'))).toBe(true);
    const zero = await walk('/api/game/getGameList', { type: 'zeropointone', sort: 'discount' });
    expect(zero.items.every((g) => g.is_zero_point_one && g.discount === 0.1 && g.discount_text === '0.1折')).toBe(true);
    const h5 = await walk('/api/game/getGameList', { type: 'h5' });
    expect(h5.items.every((g) => g.is_h5 && g.down_type === 2 && g.size_bytes === 0 && g.package_name === null)).toBe(true);
    const overseas = await walk('/api/game/getGameList', { type: 'overseas' });
    expect(overseas.total).toBeGreaterThan(10);
    expect(overseas.items.every((g) => g.is_overseas)).toBe(true);
    const discount = await walk('/api/game/getGameList', { type: 'discount', sort: 'discount' });
    for (let i = 1; i < discount.items.length; i++) expect(discount.items[i]!.discount).toBeGreaterThanOrEqual(discount.items[i - 1]!.discount);
    const fresh = await walk('/api/game/getGameList', { type: 'new' });
    expect(fresh.total).toBeGreaterThan(5);
    for (let i = 1; i < fresh.items.length; i++) expect(Date.parse(fresh.items[i]!.online_at)).toBeLessThanOrEqual(Date.parse(fresh.items[i - 1]!.online_at));
    expect(fresh.items.every((g) => Date.now() - Date.parse(g.online_at) <= 31 * DAY_MS)).toBe(true);

    const categories = await call('/api/game/getCategories', {});
    const xianxia = categories.data.list.find((c: Item) => c.name === '仙侠');
    expect(xianxia.game_count).toBeGreaterThan(10);
    const byCategory = await walk('/api/game/getGameList', { category: '仙侠' });
    expect(byCategory.total).toBe(xianxia.game_count);
    expect(byCategory.items.every((g) => g.category === '仙侠')).toBe(true);
    expect((await call('/api/game/getGameList', { category: String(xianxia.id), limit: 1 })).data.total).toBe(xianxia.game_count);
    // A digit string beyond a PostgreSQL integer is no category id (it was a 500 before; found by server/calls.fuzz.test.ts).
    expect(await call('/api/game/getGameList', { category: '19912345678', limit: 1 })).toMatchObject({ code: 1, data: { total: 0 } });
    const byTag = await walk('/api/game/getGameList', { tag: '满V' });
    expect(byTag.total).toBeGreaterThan(0);
    expect(byTag.items.every((g) => g.tags.includes('满V'))).toBe(true);
    expect((await call('/api/game/getGameList', { tag: '没有这个标签' })).data).toMatchObject({ list: [], total: 0 });
    const byScore = await call('/api/game/getGameList', { sort: 'score', limit: 50 });
    for (let i = 1; i < 50; i++) expect(byScore.data.list[i].score).toBeLessThanOrEqual(byScore.data.list[i - 1].score);
  });

  it('searches by exact name, pinyin initials (full and prefix), full pinyin and tag, ranked', async () => {
    const game = await db().selectFrom('games').select(['id', 'name', 'name_initials', 'name_pinyin']).where('online_at', '<=', new Date()).orderBy('download_count', 'desc').executeTakeFirstOrThrow();
    const search = (keyword: string, extra: Record<string, unknown> = {}) => call('/api/game/getSearchGames', { keyword, ...extra });

    const exact = await search(game.name);
    expect(exact.data.list[0]).toMatchObject({ game_id: game.id, match_rank: 0 });

    const initials = await search(game.name_initials.toUpperCase());
    const sameInitials = await db().selectFrom('games').select('id').where('name_initials', '=', game.name_initials).execute();
    expect(initials.data.list.slice(0, sameInitials.length).map((g: Item) => g.game_id).sort()).toEqual(sameInitials.map((g) => g.id).sort());
    expect(initials.data.list[0].match_rank).toBe(2);

    const prefix = game.name_initials.slice(0, 2);
    const byPrefix = await walk('/api/game/getSearchGames', { keyword: prefix });
    const prefixed = await db().selectFrom('games').select('id').where('name_initials', 'like', `${prefix}%`).execute();
    expect(byPrefix.items.map((g) => g.game_id)).toEqual(expect.arrayContaining(prefixed.map((g) => g.id)));
    expect(byPrefix.items.map((g) => g.game_id)).toContain(game.id);
    for (let i = 1; i < byPrefix.items.length; i++) {
      const [a, b] = [byPrefix.items[i - 1]!, byPrefix.items[i]!];
      expect(b.match_rank).toBeGreaterThanOrEqual(a.match_rank);
      if (a.match_rank === b.match_rank) expect(b.download_count).toBeLessThanOrEqual(a.download_count);
    }

    const pinyin = await search(game.name_pinyin);
    expect(pinyin.data.list.map((g: Item) => g.game_id)).toContain(game.id);
    expect(pinyin.data.list.find((g: Item) => g.game_id === game.id).match_rank).toBe(4);
    const spaced = await search(game.name_pinyin.slice(0, 4) + ' ' + game.name_pinyin.slice(4));
    expect(spaced.data.list.map((g: Item) => g.game_id)).toContain(game.id);

    // Name prefix (rank 1) comes before contains (rank 5) and tags (7, 8).
    const head = Array.from(game.name).slice(0, 2).join('');
    const byHead = await walk('/api/game/getSearchGames', { keyword: head });
    expect(byHead.items[0]!.match_rank).toBe(head === game.name ? 0 : 1);
    expect(byHead.items.filter((g) => g.name.startsWith(head)).every((g) => g.match_rank <= 1)).toBe(true);

    const tag = await walk('/api/game/getSearchGames', { keyword: '国风' });
    expect(tag.total).toBeGreaterThan(0);
    // '帝国风云' contains 国风 (rank 5) and comes before the games tagged 国风 (rank 7).
    expect(tag.items.filter((g) => g.match_rank === 7).length).toBeGreaterThan(0);
    for (const g of tag.items) expect(g.match_rank === 7 ? g.tags.includes('国风') : g.match_rank === 5 && g.name.includes('国风')).toBe(true);
    expect(tag.items.map((g) => g.match_rank)).toEqual([...tag.items.map((g) => g.match_rank)].sort((a, b) => a - b));
    const category = await search('仙侠', { limit: 5 });
    expect(category.data.total).toBeGreaterThan(10);

    expect(await search('')).toMatchObject({ code: -1, msg: '请输入搜索内容' });
    expect(await search('x'.repeat(31))).toMatchObject({ code: -1 });
    expect((await search('%_%')).data).toMatchObject({ list: [], total: 0 });
    expect((await search(game.name, { page: 9 })).data).toMatchObject({ list: [], total: exact.data.total, page: 9 });

    const hot = await call('/api/game/getHotSearch', {});
    expect(hot.data.list.length).toBeGreaterThanOrEqual(8);
    const entry = hot.data.list.find((w: Item) => w.word === game.name);
    expect(entry.hits).toBeGreaterThan(0);
  });

  it('ranks every match as the rules rank the whole catalogue, for keywords cut from names, pinyin, initials and tags', async () => {
    const games = await db().selectFrom('games').select(['id', 'name', 'name_initials', 'name_pinyin', 'download_count']).execute();
    const tags = await db().selectFrom('game_tags as gt').innerJoin('tags as t', 't.id', 'gt.tag_id').select(['gt.game_id', 't.name']).execute();
    const categories = await db().selectFrom('game_categories as gc').innerJoin('categories as c', 'c.id', 'gc.category_id').select(['gc.game_id', 'c.name']).execute();
    const tagsOf = new Map<number, string[]>();
    for (const t of tags) tagsOf.set(t.game_id, [...(tagsOf.get(t.game_id) ?? []), t.name.toLowerCase()]);
    const categoriesOf = new Map<number, string[]>();
    for (const c of categories) categoriesOf.set(c.game_id, [...(categoriesOf.get(c.game_id) ?? []), c.name]);
    /** The ranking rules read over every game (the search's doc comment), independent of its SQL. */
    function expected(keyword: string) {
      const lower = keyword.toLowerCase();
      const letters = lower.replace(/[\s'’]/g, '');
      const latin = /^[a-z0-9]+$/.test(letters);
      const rankOf = (g: (typeof games)[number]): number | null => {
        const gameTags = tagsOf.get(g.id) ?? [];
        if (g.name === lower) return 0;
        if (g.name.startsWith(lower)) return 1;
        if (latin && g.name_initials === letters) return 2;
        if (latin && g.name_initials.startsWith(letters)) return 3;
        if (latin && g.name_pinyin.startsWith(letters)) return 4;
        if (g.name.includes(lower)) return 5;
        if (latin && letters.length >= 3 && g.name_pinyin.includes(letters)) return 6;
        if (gameTags.includes(lower) || (categoriesOf.get(g.id) ?? []).includes(lower)) return 7;
        if (gameTags.some((t) => t.includes(lower))) return 8;
        return null;
      };
      return games
        .map((g) => ({ g, rank: rankOf(g) }))
        .filter((r): r is { g: (typeof games)[number]; rank: number } => r.rank !== null)
        .sort((a, b) => a.rank - b.rank || b.g.download_count - a.g.download_count || a.g.id - b.g.id)
        .map((r) => [r.g.id, r.rank]);
    }
    const cut = (text: string, from: number, length: number) => Array.from(text).slice(from % Math.max(1, Array.from(text).length), (from % Math.max(1, Array.from(text).length)) + length).join('');
    await fc.assert(
      fc.asyncProperty(
        fc.nat(games.length - 1),
        fc.constantFrom('name', 'name_pinyin', 'name_initials', 'tag'),
        fc.nat(8),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        async (index, form, from, length, upper) => {
          const game = games[index]!;
          const source = form === 'tag' ? (tagsOf.get(game.id) ?? [game.name])[from % (tagsOf.get(game.id)?.length ?? 1)]! : game[form];
          let keyword = form === 'tag' ? source : cut(source, from, length);
          if (upper) keyword = keyword.toUpperCase();
          if (keyword.trim() === '') return;
          const answer = await walk('/api/game/getSearchGames', { keyword });
          expect(answer.items.map((g) => [g.game_id, g.match_rank])).toEqual(expected(keyword.trim()));
          expect(answer.total).toBe(answer.items.length);
        },
      ),
      { numRuns: 25, seed: 29 },
    );
    for (const keyword of ['%', '_', '\\', '没有这种游戏', '仙侠']) {
      const answer = await walk('/api/game/getSearchGames', { keyword });
      expect(answer.items.map((g) => [g.game_id, g.match_rank])).toEqual(expected(keyword));
    }
  });

  it('answers the game page with licence, age rating, screenshots, platforms, open servers, gifts and coupons', async () => {
    const withGifts = await db()
      .selectFrom('games as g')
      .innerJoin('gift_packs as gp', 'gp.game_id', 'g.id')
      .innerJoin('platform_games as p', (j) => j.onRef('p.game_id', '=', 'g.id').on('p.is_bt', '=', true))
      .select(['g.id'])
      .where('g.online_at', '<=', new Date())
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const detail = await call('/api/game/getGameDetail', { game_id: withGifts.id });
    expect(detail.code).toBe(1);
    const d = detail.data;
    expect(d).toMatchObject({ game_id: withGifts.id, is_online: true, can_reserve: false, videos: [] });
    expect(d.licence_no).toMatch(/^ISBN 978-7-498-\d{5}-\d$/);
    expect(d.approval_no).toMatch(/^国新出审\[20\d{2}\]\d+号$/);
    expect(['8+', '12+', '16+']).toContain(d.age_rating);
    expect(d.developer).toMatch(/有限公司$/);
    expect(d.description.length).toBeGreaterThan(40);
    expect(d.screenshots.length).toBeGreaterThanOrEqual(3);
    expect(d.screenshots[0]).toMatchObject({ url: expect.stringMatching(/^\/art\/shot\/g\d+v\d+-1\.svg$/), width: 360, height: 640 });
    expect(d.platforms.length).toBeGreaterThanOrEqual(1);
    expect(d.platform.platform_game_id).toBe(d.platforms[0].platform_game_id);
    expect(d.gifts.count).toBeGreaterThanOrEqual(3);
    expect(d.gifts.list[0]).toMatchObject({ gift_id: expect.any(Number), remaining: expect.any(Number), claimed: false, code: null });
    expect(d.coupons.list.some((c: Item) => c.type === 'bt')).toBe(true);

    const bt = d.platforms.find((p: Item) => p.is_bt);
    const byPg = await call('/api/game/getGameDetail', { platform_game_id: bt.platform_game_id });
    expect(byPg.data).toMatchObject({ game_id: withGifts.id, platform_game_id: bt.platform_game_id, platform: { is_bt: true, vip_info: expect.stringContaining('VIP') } });

    const versions = await call('/api/PlatformGame/getPlatformGame', { game_id: withGifts.id });
    expect(versions.data.total).toBe(d.platforms.length);
    expect(versions.data.list[0]).toMatchObject({ platform_game_id: expect.any(Number), platform_name: expect.stringContaining('乐玩'), game_id: withGifts.id });

    expect(await call('/api/game/getGameDetail', { game_id: 999_999 })).toMatchObject({ code: -1, msg: '游戏不存在' });
    expect(await call('/api/game/getGameDetail', {})).toMatchObject({ code: -1, msg: MSG.paramError });
    expect(await call('/api/game/getGameDetail', { game_id: withGifts.id + 1, platform_game_id: bt.platform_game_id })).toMatchObject({ code: -1 });
  });

  it('hands out a download URL whose ranged GET serves the file (206, Content-Range, MD5 = file_md5)', async () => {
    const pg = await db()
      .selectFrom('platform_games as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select(['p.id', 'p.game_id', 'p.package_name', 'p.size_bytes'])
      .where('p.down_type', '=', 1)
      .where('g.online_at', '<=', new Date())
      .orderBy('p.size_bytes')
      .executeTakeFirstOrThrow();
    const answer = await call('/api/game/getDownUrl', { id: pg.id });
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({ url: `/down/game/${pg.id}/${pg.package_name}.apk`, size: pg.size_bytes, md5: expect.stringMatching(/^[0-9a-f]{32}$/), platform_game_id: pg.id, game_id: pg.game_id, down_type: 1 });
    expect(pg.package_name).toMatch(/^com\.lewan\.[a-z]+\.[a-z0-9]+$/);
    const stored = await db().selectFrom('platform_games').select('file_md5').where('id', '=', pg.id).executeTakeFirstOrThrow();
    expect(stored.file_md5).toBe(answer.data.md5);

    const whole = await fetch(server.url + answer.data.url, { headers: { range: 'bytes=0-' } });
    expect(whole.status).toBe(206);
    expect(whole.headers.get('content-range')).toBe(`bytes 0-${pg.size_bytes - 1}/${pg.size_bytes}`);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(pg.size_bytes);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(stored.file_md5);

    const part = await fetch(server.url + answer.data.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${pg.size_bytes}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await fetch(server.url + answer.data.url, { headers: { range: `bytes=${pg.size_bytes}-` } })).status).toBe(416);
    expect((await fetch(`${server.url}/down/game/${pg.id}/com.other.apk`)).status).toBe(404);

    const h5 = await db().selectFrom('platform_games').select(['id']).where('down_type', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const play = await call('/api/game/getDownUrl', { id: h5.id });
    expect(play.data).toMatchObject({ url: `/play/h5/${h5.id}`, down_type: 2, md5: null });
    // The page itself opens only with a play ticket from startPlay (minors' protection; served and
    // tested in server/accounts/real-name.test.ts): the bare address is refused.
    expect((await fetch(server.url + play.data.url)).status).toBe(403);

    expect(await call('/api/game/getDownUrl', { id: 987_654 })).toEqual({ code: -1, msg: MSG.downloadAddressError, data: null });
    expect(await call('/api/game/getDownUrl', {})).toMatchObject({ code: -1, msg: MSG.downloadAddressError });
    const upcoming = await db().selectFrom('platform_games as p').innerJoin('games as g', 'g.id', 'p.game_id').select('p.id').where('g.online_at', '>', new Date()).executeTakeFirstOrThrow();
    expect(await call('/api/game/getDownUrl', { id: upcoming.id })).toMatchObject({ code: -1, msg: '游戏尚未上线，敬请期待' });

    const before = await db().selectFrom('games').select('download_count').where('id', '=', pg.game_id).executeTakeFirstOrThrow();
    expect(await call('/api/game/recordDown', { platform_game_id: pg.id, game_id: pg.game_id })).toMatchObject({ code: 1 });
    const after = await db().selectFrom('games').select('download_count').where('id', '=', pg.game_id).executeTakeFirstOrThrow();
    expect(after.download_count).toBe(before.download_count + 1);
    expect(await call('/api/game/recordDown', { platform_game_id: pg.id, game_id: pg.game_id + 1 })).toMatchObject({ code: -1 });
    expect(await call('/api/game/reportAddress', { platform_game_id: pg.id, game_id: pg.game_id, address: 'http://cdn.example/a.apk?x=1%26y=2' })).toMatchObject({ code: 1 });
    const report = await db().selectFrom('download_address_reports').select('address').where('platform_game_id', '=', pg.id).executeTakeFirstOrThrow();
    expect(report.address).toBe('http://cdn.example/a.apk?x=1&y=2');
    expect(await call('/api/game/recordGameSize', { game_id: pg.game_id, game_size: pg.size_bytes })).toMatchObject({ code: 1 });
    expect((await db().selectFrom('games').select('reported_size_bytes').where('id', '=', pg.game_id).executeTakeFirstOrThrow()).reported_size_bytes).toBe(pg.size_bytes);
    expect(await call('/api/game/recordGameSize', { game_id: pg.game_id, game_size: 'big' })).toMatchObject({ code: -1 });
  });

  it('draws artwork as small, valid, immutable SVGs with fixed aspect ratios', async () => {
    for (const [path, kind] of [
      ['/art/icon/g1v1.svg', 'icon'],
      ['/art/banner/g1v1.svg', 'banner'],
      ['/art/shot/g1v1-2.svg', 'shot'],
      ['/art/banner/t1v1.svg', 'banner'],
      ['/art/banner/c1v1.svg', 'banner'],
      ['/art/shot/a1v1-1.svg', 'shot'],
      ['/art/icon/nhotbtv1.svg', 'icon'],
    ] as const) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const body = await res.text();
      expect(Buffer.byteLength(body), path).toBeLessThan(3 * 1024);
      const root = parseSvgRoot(body);
      expect(root.name).toBe('svg');
      expect(root.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', width: String(ART_SIZE[kind].width), height: String(ART_SIZE[kind].height) });
      expect(root.attributes.viewBox).toBe(`0 0 ${ART_SIZE[kind].width} ${ART_SIZE[kind].height}`);
      const again = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    const game = await db().selectFrom('games').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await (await fetch(`${server.url}/art/icon/g1v1.svg`)).text()).toContain(`>${Array.from(game.name)[0]}</text>`);
    expect(await (await fetch(`${server.url}/art/banner/g1v1.svg`)).text()).toContain(game.name);
    for (const missing of ['/art/icon/g999999v1.svg', '/art/icon/x1v1.svg', '/art/icon/g1.svg', '/art/shot/g1v1.svg', '/art/shot/g1v1-0.svg', '/art/icon/g1v9.svg', '/art/banner/nhotbtv1.svg']) {
      expect((await fetch(server.url + missing)).status, missing).toBe(404);
    }
    const old = await fetch(`${server.url}/art/icon/g1v0.svg`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/art/icon/g1v1.svg');
  });

  it('serves the open-server table by day, weekly lists, and the editorial lists', async () => {
    const today = await call('/api/game/getOpenServers', { limit: 50 });
    expect(today.code).toBe(1);
    expect(today.data.date).toBe(chinaDate(Date.now()));
    expect(today.data.days).toHaveLength(11);
    let servers = 0;
    for (const date of today.data.days) {
      const day = await walk('/api/game/getOpenServers', { date });
      servers += day.total;
      const start = parseChinaDate(date)!.getTime();
      for (const s of day.items) {
        expect(Date.parse(s.open_at)).toBeGreaterThanOrEqual(start);
        expect(Date.parse(s.open_at)).toBeLessThan(start + DAY_MS);
        expect(s).toMatchObject({ game_id: expect.any(Number), platform_game_id: expect.any(Number), server_name: expect.stringMatching(/\d+[服区]$/), opened: Date.parse(s.open_at) <= Date.now() });
      }
    }
    expect(servers).toBeGreaterThan(100);
    expect(await call('/api/game/getOpenServers', { date: '2026-02-30' })).toMatchObject({ code: -1, msg: MSG.paramError });

    const week = await call('/api/game/getWeekNumGames', {});
    expect(week.data.week_start).toBe(chinaDate(chinaWeekStart(Date.now())));
    expect(week.data.list.length).toBeGreaterThan(0);
    const lastWeek = await call('/api/game/getWeekNumGames', { week: 1 });
    expect(Date.parse(lastWeek.data.week_start)).toBe(Date.parse(week.data.week_start) - 7 * DAY_MS);
    const weekBt = await call('/api/game/getWeekBtGames', {});
    expect(weekBt.data.list.length).toBe(10);
    expect(weekBt.data.list.every((g: Item) => g.is_bt)).toBe(true);
    expect(await call('/api/game/getWeekBtGames', { week: -1 })).toMatchObject({ code: -1 });

    const lists: [string, (g: Item) => boolean][] = [
      ['/api/game/getTodayRecommend', () => true],
      ['/api/game/getLowestDiscountGame', (g) => g.is_discount && g.discount !== null],
      ['/api/game/getNewGoodStartGames', (g) => Date.now() - Date.parse(g.online_at) <= 31 * DAY_MS],
      ['/api/game/getQualityGame', (g) => g.score >= 8.5],
      ['/api/game/getShowGames', () => true],
      ['/api/game/getNewGames', (g) => Date.now() - Date.parse(g.online_at) <= 31 * DAY_MS],
      ['/api/game/getWeekOrderGames', (g) => Date.parse(g.online_at) > Date.now() && typeof g.reserve_count === 'number' && g.reserved === false],
    ];
    for (const [path, rule] of lists) {
      const answer = await call(path, { limit: 10 });
      expect(answer.code, path).toBe(1);
      expect(answer.data.list.length, path).toBeGreaterThan(0);
      expect(answer.data.list.every(rule), path).toBe(true);
      expect(answer.data.list.every((g: Item) => g.game_id && g.platform_game_id), path).toBe(true);
    }
    const lowest = await call('/api/game/getLowestDiscountGame', { limit: 3 });
    expect(lowest.data.list[0].discount).toBe(0.1);
  });

  it('serves topics, cards, splash images and the home layout', async () => {
    const topics = await walk('/api/topic/getTopicList', {});
    expect(topics.total).toBeGreaterThanOrEqual(8);
    expect(topics.items[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String), banner: expect.stringMatching(/^\/art\/banner\/t\d+v\d+\.svg$/), game_count: expect.any(Number) });
    const detail = await call('/api/topic/getTopicDetail', { id: topics.items[0]!.id });
    expect(detail.data).toMatchObject({ id: topics.items[0]!.id, title: topics.items[0]!.title, total: topics.items[0]!.game_count });
    expect(detail.data.list[0]).toMatchObject({ game_id: expect.any(Number), platform_game_id: expect.any(Number), blurb: expect.any(String) });
    expect(await call('/api/topic/getTopicDetail', { id: 9999 })).toMatchObject({ code: -1 });

    for (const [path, type] of [
      ['/api/card/getHotCard', 'hot'],
      ['/api/card/getNewCard', 'new'],
      ['/api/card/getGoldCard', 'gold'],
      ['/api/card/getCarmineCard', 'carmine'],
    ]) {
      const cards = await call(path!, {});
      expect(cards.data.list.length, path).toBeGreaterThan(0);
      expect(cards.data.list.every((c: Item) => c.type === type && c.price_cents > 0 && Array.isArray(c.contents)), path).toBe(true);
    }
    expect((await call('/api/card/getHotCard', {})).data.list[0]).toMatchObject({ name: '648省钱卡', price: 30 });
    const carmine = await call('/api/card/getCarmineCardIndex', {});
    expect(carmine.data.cards.length).toBe(3);

    const splash = await call('/api/down/getImage', {});
    expect(splash.data.list.length).toBeGreaterThan(0);
    expect(splash.data.list[0]).toMatchObject({ image: expect.stringMatching(/^\/art\/shot\//), link: { path: '/gamedetail', data: { game_id: expect.any(Number), platform_game_id: expect.any(Number) } } });
    expect((await fetch(server.url + splash.data.list[0].image)).status).toBe(200);

    const home = await call('/api/down/getAppIndexContent', {});
    expect(home.code).toBe(1);
    expect(home.data.banners.length).toBeGreaterThan(0);
    expect(home.data.navs.map((n: Item) => n.link.path)).toEqual(expect.arrayContaining(['/newgame', '/ranking', '/h5', '/hotbt', '/zeropointone', '/special']));
    for (const nav of home.data.navs) expect((await fetch(server.url + nav.icon)).status, nav.icon).toBe(200);
    for (const banner of home.data.banners) expect((await fetch(server.url + banner.image)).status, banner.image).toBe(200);
    const sections = new Map(home.data.sections.map((s: Item) => [s.key, s]));
    for (const key of ['today', 'zeropointone', 'hotbt', 'newgame', 'reserve', 'special', 'h5']) expect((sections.get(key) as Item).list.length, key).toBeGreaterThan(0);
  });
});
