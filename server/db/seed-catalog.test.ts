import { describe, expect, it } from 'vitest';
import { ART_SIZE, renderBanner, renderIcon, renderShot, type ArtSubject } from '../catalog/art.ts';
import { chinaDayStart, DAY_MS } from '../china-time.ts';
import { mulberry32 } from '../catalog/prng.ts';
import { GENRES } from '../catalog/vocabulary.ts';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import { buildCatalog, CATALOG_GAME_COUNT, seedCatalog } from './seed-catalog.ts';

const NOW = new Date('2026-11-21T04:30:00Z');

describe('catalogue seed', () => {
  const data = buildCatalog({ now: NOW });

  it('is deterministic: the same seed and moment give the same catalogue, another seed another one', () => {
    expect(buildCatalog({ now: NOW })).toEqual(data);
    const other = buildCatalog({ now: NOW, seed: 7 });
    expect(other.games.map((g) => g.name)).not.toEqual(data.games.map((g) => g.name));
    const first = mulberry32(42);
    const second = mulberry32(42);
    expect([first(), first(), first()]).toEqual([second(), second(), second()]);
  });

  it('spells every vocabulary part with one pinyin syllable per character', () => {
    for (const genre of GENRES) {
      for (const part of [...genre.prefixes, ...genre.suffixes]) {
        if (/^[a-z]+$/i.test(part.text)) {
          expect(part.initials).toBe(part.text.toLowerCase());
          continue;
        }
        expect(part.initials.length, part.text).toBe(Array.from(part.text).length);
        expect(part.pinyin, part.text).toMatch(/^[a-z]+$/);
        expect(part.pinyin.startsWith(part.initials[0]!), part.text).toBe(true);
      }
    }
    const find = (text: string) => GENRES.flatMap((g) => [...g.prefixes, ...g.suffixes]).find((p) => p.text === text)!;
    expect(find('仙剑')).toMatchObject({ initials: 'xj', pinyin: 'xianjian' });
    expect(find('奇缘')).toMatchObject({ initials: 'qy', pinyin: 'qiyuan' });
    expect(find('传奇')).toMatchObject({ pinyin: 'chuanqi' });
    expect(find('外传')).toMatchObject({ pinyin: 'waizhuan' });
    expect(find('长安')).toMatchObject({ initials: 'ca', pinyin: 'changan' });
    expect(find('乐章')).toMatchObject({ pinyin: 'yuezhang' });
  });

  it('builds 300+ unique games of every kind with composed names, initials and pinyin', () => {
    expect(data.games.length).toBe(CATALOG_GAME_COUNT);
    expect(new Set(data.games.map((g) => g.name)).size).toBe(data.games.length);
    for (const g of data.games) {
      expect(g.name_initials).toMatch(/^[a-z]+$/);
      expect(g.name_pinyin.startsWith(g.name_initials[0]!)).toBe(true);
      expect(g.description.split('。').filter(Boolean).length).toBeGreaterThanOrEqual(2);
      const digits = g.licence_no.replace(/\D/g, '');
      expect(digits).toHaveLength(13);
      let sum = 0;
      for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
      expect(sum % 10, g.licence_no).toBe(0);
    }
    const kinds = new Map<string, number>();
    for (const g of data.index) kinds.set(g.kind, (kinds.get(g.kind) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual(['bt', 'discount', 'h5', 'overseas', 'zero']);
    expect(data.platformGames.some((p) => p.is_zero_point_one && p.discount_rate === 0.01)).toBe(true);
    const packages = data.platformGames.filter((p) => p.package_name).map((p) => p.package_name!);
    expect(new Set(packages).size).toBe(packages.length);
    expect(packages.every((p) => /^com\.lewan\.[a-z]+\.(zk|bt|yz|gj)$/.test(p))).toBe(true);
    expect(data.platformGames.filter((p) => p.down_type === 1).every((p) => p.size_bytes! >= 1024 * 1024 && p.size_bytes! <= 6 * 1024 * 1024)).toBe(true);
    const codes = data.giftCodes.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(data.giftPacks.length).toBeGreaterThanOrEqual(3 * 120);
    expect(data.topics.length).toBeGreaterThanOrEqual(8);
    expect(data.coupons.some((c) => c.game_id === null)).toBe(true);
    expect(data.coupons.some((c) => c.type === 'bt')).toBe(true);
    expect(new Set(data.cards.map((c) => c.type))).toEqual(new Set(['hot', 'new', 'gold', 'carmine']));
  });

  it('spreads the open-server schedule from three days back to a week ahead of the seeding moment', () => {
    const from = chinaDayStart(NOW).getTime() - 3 * DAY_MS;
    const to = chinaDayStart(NOW).getTime() + 8 * DAY_MS;
    const times = data.openServers.map((s) => (s.open_at as Date).getTime());
    expect(times.every((t) => t >= from && t < to)).toBe(true);
    expect(times.some((t) => t < NOW.getTime())).toBe(true);
    expect(times.some((t) => t > NOW.getTime() + 3 * DAY_MS)).toBe(true);
    for (const s of data.openServers) expect((s.open_at as Date).getTime()).toBeGreaterThanOrEqual(data.index[s.game_id - 1]!.onlineAt.getTime());
    expect(data.index.filter((g) => g.upcoming).every((g) => g.onlineAt > NOW)).toBe(true);
  });

  it('draws every game in under 3 KB per picture, escaping text', () => {
    for (const g of data.index) {
      const subject: ArtSubject = { seed: `g${g.id}`, title: g.name, subtitle: data.games[g.id - 1]!.short_desc, glyph: Array.from(g.name)[0]!, emblem: g.genre.emblem, badge: 'BT', captions: g.genre.captions, ribbon: true };
      for (const svg of [renderIcon(subject), renderBanner(subject), renderShot(subject, 1), renderShot(subject, 5)]) expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
    }
    const svg = renderBanner({ seed: 'x1', title: '<script>&', subtitle: '"a"', glyph: '<', emblem: 'star', badge: null, captions: [], ribbon: true });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;');
    expect(svg).toContain(`width='${ART_SIZE.banner.width}' height='${ART_SIZE.banner.height}'`);
  });

  it('seeds once: a database that has the catalogue is left alone', async () => {
    const handle = await createTestDatabase('pglite');
    try {
      expect((await seedCatalog(handle.db)).seeded).toBe(false);
      const games = await handle.db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(games.n)).toBe(CATALOG_GAME_COUNT);
      // Serial ids continue after the seeded explicit ids.
      const inserted = await handle.db.insertInto('tags').values({ name: '测试标签' }).returning('id').executeTakeFirstOrThrow();
      expect(inserted.id).toBe(data.tags.length + 1);
    } finally {
      await handle.close();
    }
  });
});
