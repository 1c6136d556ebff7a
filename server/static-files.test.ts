import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOldChromium, registerStaticFiles, withoutModernEntry } from './static-files.ts';

describe('static files', () => {
  let dir: string;
  let app: FastifyInstance;
  const script = 'console.log("app");'.repeat(100);
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    mkdirSync(path.join(dir, 'legacy'));
    writeFileSync(path.join(dir, 'legacy', 'entry.js'), 'import "./page-abc123.js";');
    writeFileSync(path.join(dir, 'legacy', 'page-abc123.js'), script);
    app = Fastify();
    registerStaticFiles(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves hashed assets immutable and compressed (br preferred, gzip otherwise)', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('never caches index.html and answers client routes with it', async () => {
    for (const url of ['/', '/mine', '/gamedetail?data=%7B%22a%22%3A1%7D']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.payload).toContain('<div id="root">');
    }
  });

  it('serves the legacy build: hashed chunks immutable, its fixed-name entry revalidated, no page for a missing path', async () => {
    const chunk = await app.inject({ url: '/legacy/page-abc123.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ url: '/legacy/entry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toContain('javascript');
    for (const url of ['/legacy/missing.js', '/legacy/nothing', '/legacy']) expect((await app.inject({ url })).statusCode, url).toBe(404);
  });

  it('gives a Chromium before 80 the page without the modern entry it cannot parse (boot-check.js loads the legacy build)', async () => {
    const old = await app.inject({ url: '/mine', headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 9; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/72.0.3626.121 Mobile Safari/537.36' } });
    expect(old.statusCode).toBe(200);
    expect(old.payload).toContain('<div id="root">');
    expect(old.payload).not.toContain('/assets/index-abc123.js');
    expect(old.headers.vary).toBe('accept-encoding, user-agent');
    const current = await app.inject({ url: '/mine', headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36' } });
    expect(current.payload).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    expect(current.headers.etag).not.toBe(old.headers.etag);
  });

  it('tells old Chromium user agents by their version (the rule of boot-check.js)', () => {
    expect(isOldChromium('Mozilla/5.0 (Linux; Android 9; wv) Chrome/66.0.3359.158 Mobile Safari/537.36')).toBe(true);
    expect(isOldChromium('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/79.0.3945.0 Safari/537.36')).toBe(true);
    expect(isOldChromium('Mozilla/5.0 (X11; Linux x86_64) Chrome/80.0.3987.0 Safari/537.36')).toBe(false);
    expect(isOldChromium('Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 Version/14.1.2 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(isOldChromium(undefined)).toBe(false);
  });

  it('takes out only the modern entry: its module script and module preloads, not other scripts or links', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-b.js">\n<link rel="preload" as="image" href="/art/x.svg"></head>' +
      '<body><script src="/assets/boot-check-c.js" data-legacy="/legacy/entry.js"></script><script type="application/json" id="warm-up">{}</script></body>';
    expect(withoutModernEntry(html)).toBe(
      '<head><link rel="preload" as="image" href="/art/x.svg"></head><body><script src="/assets/boot-check-c.js" data-legacy="/legacy/entry.js"></script><script type="application/json" id="warm-up">{}</script></body>',
    );
  });

  it('revalidates with ETag', async () => {
    const first = await app.inject({ url: '/favicon.svg' });
    const again = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('404 for missing files and API prefixes, 400 for a malformed path', async () => {
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/logo.png' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/%E0%A4%A' })).statusCode).toBe(400);
  });
});

describe('static files: a page with extras', () => {
  let dir: string;
  let app: FastifyInstance;
  const index = '<!doctype html><html><head><title>t</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"><!--boot--><div class="boot-bar"></div><!--/boot--></div>' + '<p>padding</p>'.repeat(60) + '</body></html>';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-static-extras-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), index);
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
    app = Fastify();
    registerStaticFiles(app, dir, {
      pageExtras: async (pathname, search) => {
        if (pathname === '/broken') throw new Error('database down');
        return pathname === '/' ? { head: `<link rel="preload" as="image" href="/a.svg">`, body: `<script type="application/json" id="x">${JSON.stringify(search)}</script>`, boot: '<img src="/a.svg">' } : null;
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the extras into index.html (head, body, boot skeleton), compressed and revalidated like it', async () => {
    const res = await app.inject({ url: '/?data=1', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    // Before the app's scripts: the first image is asked for before them.
    expect(html).toContain('<title>t</title><link rel="preload" as="image" href="/a.svg"><script type="module"');
    expect(html).toContain('<script type="application/json" id="x">"?data=1"</script></body>');
    expect(html).toContain('<div id="root"><!--boot--><img src="/a.svg"><!--/boot--></div>');
    const again = await app.inject({ url: '/?data=1', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the built file for pages without extras, and when the extras fail', async () => {
    for (const url of ['/mine', '/broken']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.payload).toBe(index);
    }
  });

  it('does not serve the build metadata', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
