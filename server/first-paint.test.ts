import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../tests/helpers/test-db.ts';
import type { DatabaseHandle } from './db/database.ts';
import { allCalls } from './app.ts';
import { loadConfig } from './config.ts';
import { escapeXml } from './catalog/art.ts';
import { createFirstPaint, pageStylesheet, routeDataOf, scriptSafeJson } from './first-paint.ts';
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
    expect(extras.boot).toContain(`<img src="${banner.image}" alt="${escapeXml(banner.title)}" width="750" height="422" fetchpriority="high">`);
    // Preloaded too: the head's preload is seen before the app's scripts, the boot's <img> only after them.
    expect(extras.head).toBe(`<link rel="preload" as="image" href="${banner.image}" fetchpriority="high">`);
    expect(gzipSync(extras.head + extras.body + extras.boot, { level: 9 }).length + 3 * 1024).toBeLessThanOrEqual(12 * 1024);
  });

  it("game page: a signed-out player's detail for the ids of its route data (as the client builds them), its icon and first screenshots preloaded", async () => {
    const extras = (await firstPaint('/gamedetail', `?data=${encodeURIComponent(JSON.stringify({ platform_game_id: '2', game_id: 1, extra: true }))}`))!;
    const { path, payload, audience, answer } = embedded(extras.body);
    expect([path, payload, audience, answer.code]).toEqual(['/api/game/getGameDetail', '{"game_id":1,"platform_game_id":2}', 'signed-out', 1]);
    const shots = (answer.data.screenshots as Array<{ url: string }>).map((shot) => shot.url);
    for (const image of [answer.data.icon as string, ...shots.slice(0, 3)]) expect(extras.head).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high">`);
    // Without the built app's stylesheets (STATIC_DIR=none) no first screen: unstyled, it would jump.
    expect(extras.boot).toBeNull();
  });

  describe('with a built app', () => {
    let staticDir: string;
    let built: ReturnType<typeof createFirstPaint>;
    beforeAll(() => {
      staticDir = mkdtempSync(path.join(os.tmpdir(), 'gp-first-paint-'));
      mkdirSync(path.join(staticDir, '.vite'));
      mkdirSync(path.join(staticDir, 'assets'));
      writeFileSync(path.join(staticDir, 'assets', 'entry.css'), '.entry{}');
      writeFileSync(path.join(staticDir, 'assets', 'header.css'), '.page-header{height:44px}');
      writeFileSync(path.join(staticDir, 'assets', 'game-detail.css'), '.gd-head{display:flex}/*</style><script>*/');
      const manifest = {
        'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/entry.css'] },
        _header: { file: 'assets/header.js', css: ['assets/header.css'] },
        'src/pages/game-detail/GameDetailPage.tsx': { file: 'assets/gd.js', imports: ['index.html', '_header', '_shared'], css: ['assets/game-detail.css'] },
        _shared: { file: 'assets/shared.js', imports: ['_header'], css: ['assets/game-detail.css'] },
        'src/pages/game-detail/GameDetailFoldPage.tsx': { file: 'assets/fold.js', imports: ['src/pages/game-detail/GameDetailPage.tsx'] },
      };
      writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      built = createFirstPaint({ calls: allCalls(), db: database.db, kv, config: loadConfig({ STATIC_DIR: staticDir }), log: silent });
    });
    afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

    it("game page: the first screen in the boot skeleton, with the page's stylesheets inline before the preloads; within the 12 KB budget", async () => {
      for (const [route, variant] of [
        ['/gamedetail', 'default'],
        ['/gamedetailfold', 'fold'],
      ] as const) {
        const extras = (await built(route, `?data=${encodeURIComponent(JSON.stringify({ game_id: 1 }))}`))!;
        const { answer } = embedded(extras.body);
        // Its own and its imports' stylesheets, once each, not the entry's (inline in index.html already).
        expect(extras.head.startsWith('<style>.gd-head{display:flex}/*<\\/style><script>*/.page-header{height:44px}</style><link rel="preload"')).toBe(true);
        expect(extras.boot).toContain(`<div class="gd gd--${variant}" data-boot="game-detail">`);
        expect(extras.boot).toContain(`<h1 class="gd-head__name">${escapeXml(answer.data.name as string)}`);
        const shots = answer.data.screenshots as Array<{ url: string }>;
        expect(extras.boot!.match(/class="gd-shots__image"/g)).toHaveLength(shots.length);
        expect(gzipSync(extras.head + extras.body + extras.boot, { level: 9 }).length + 3 * 1024).toBeLessThanOrEqual(12 * 1024);
      }
    });

    it('no stylesheet without a manifest, for a page not in it, or when a file is missing', () => {
      expect(pageStylesheet(null, 'src/pages/game-detail/GameDetailPage.tsx')).toBeNull();
      expect(pageStylesheet(os.tmpdir(), 'src/pages/game-detail/GameDetailPage.tsx')).toBeNull();
      expect(pageStylesheet(staticDir, 'src/pages/nowhere.tsx')).toBeNull();
      rmSync(path.join(staticDir, 'assets', 'header.css'));
      try {
        expect(pageStylesheet(staticDir, 'src/pages/game-detail/GameDetailPage.tsx')).toBeNull();
      } finally {
        writeFileSync(path.join(staticDir, 'assets', 'header.css'), '.page-header{height:44px}');
      }
    });
  });

  it('nothing for other pages, a game page without ids, or a refused call', async () => {
    expect(await firstPaint('/mine', '')).toBeNull();
    expect(await firstPaint('/gamedetail', '')).toBeNull();
    expect(await firstPaint('/gamedetail', `?data=${encodeURIComponent('{"game_id":999999}')}`)).toBeNull();
  });

  it('escapes what it embeds', () => {
    expect(scriptSafeJson({ t: '</script><!--' })).toBe('{"t":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(scriptSafeJson({ t: '</script>' }))).toEqual({ t: '</script>' });
    expect(escapeXml('"<a>&\'')).toBe('&quot;&lt;a&gt;&amp;&apos;');
    expect(routeDataOf('?data=%5B1%5D')).toBeNull();
    expect(routeDataOf('?data=%7B')).toBeNull();
  });
});
