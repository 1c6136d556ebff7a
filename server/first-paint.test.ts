import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../tests/helpers/test-db.ts';
import type { DatabaseHandle } from './db/database.ts';
import { allCalls } from './app.ts';
import { loadConfig } from './config.ts';
import { createFirstPaint, escapeAttribute, routeDataOf, scriptSafeJson } from './first-paint.ts';
import { MemoryKvStore } from './kv-store.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as unknown as FastifyBaseLogger;

describe('first paint', () => {
  let database: DatabaseHandle;
  let kv: MemoryKvStore;
  let firstPaint: ReturnType<typeof createFirstPaint>;
  beforeAll(async () => {
    database = await createTestDatabase();
    kv = new MemoryKvStore();
    firstPaint = createFirstPaint({ calls: allCalls(), db: database.db, kv, config: loadConfig({ STATIC_DIR: 'none' }), log: silent });
  });
  afterAll(async () => {
    await kv.close();
    await database.close();
  });

  const embedded = (body: string) => {
    const m = /<script type="application\/json" id="first-answer" data-path="([^"]+)" data-payload="([^"]+)" data-for="([^"]+)">(.*)<\/script>/s.exec(body);
    expect(m).not.toBeNull();
    const attr = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    return { path: m![1]!, payload: attr(m![2]!), audience: m![3]!, answer: JSON.parse(m![4]!) as { code: number; data: Record<string, unknown> } };
  };

  it('home: the layout answer for anyone, and the first banner in the boot skeleton; the page stays within its 12 KB gzip budget', async () => {
    const extras = (await firstPaint('/', ''))!;
    const { path, payload, audience, answer } = embedded(extras.body);
    expect([path, payload, audience, answer.code]).toEqual(['/api/down/getAppIndexContent', '{}', 'anyone', 1]);
    const banner = (answer.data.banners as Array<{ image: string; title: string }>)[0]!;
    expect(extras.boot).toContain(`<img src="${banner.image}" alt="${escapeAttribute(banner.title)}" width="750" height="422" fetchpriority="high">`);
    expect(gzipSync(extras.head + extras.body + extras.boot, { level: 9 }).length + 3 * 1024).toBeLessThanOrEqual(12 * 1024);
  });

  it("game page: a signed-out player's detail for the ids of its route data (as the client builds them), its icon and first screenshots preloaded", async () => {
    const extras = (await firstPaint('/gamedetail', `?data=${encodeURIComponent(JSON.stringify({ platform_game_id: '2', game_id: 1, extra: true }))}`))!;
    const { path, payload, audience, answer } = embedded(extras.body);
    expect([path, payload, audience, answer.code]).toEqual(['/api/game/getGameDetail', '{"game_id":1,"platform_game_id":2}', 'signed-out', 1]);
    const shots = (answer.data.screenshots as Array<{ url: string }>).map((shot) => shot.url);
    for (const image of [answer.data.icon as string, ...shots.slice(0, 3)]) expect(extras.head).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high">`);
    expect(extras.boot).toBeNull();
  });

  it('nothing for other pages, a game page without ids, or a refused call', async () => {
    expect(await firstPaint('/mine', '')).toBeNull();
    expect(await firstPaint('/gamedetail', '')).toBeNull();
    expect(await firstPaint('/gamedetail', `?data=${encodeURIComponent('{"game_id":999999}')}`)).toBeNull();
  });

  it('escapes what it embeds', () => {
    expect(scriptSafeJson({ t: '</script><!--' })).toBe('{"t":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(scriptSafeJson({ t: '</script>' }))).toEqual({ t: '</script>' });
    expect(escapeAttribute('"<a>&')).toBe('&quot;&lt;a&gt;&amp;');
    expect(routeDataOf('?data=%5B1%5D')).toBeNull();
    expect(routeDataOf('?data=%7B')).toBeNull();
  });
});
