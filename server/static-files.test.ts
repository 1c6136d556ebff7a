import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticFiles } from './static-files.ts';

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
