import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { HSTS, mediaOriginOf, PERMISSIONS_POLICY, playerPageCsp, playerPageHeaders, registerSecurityHeaders, staffPageCsp, staffPageHeaders } from './security-headers.ts';
import { registerStaticFiles } from './static-files.ts';

/** A policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(map.has(name), `directive ${name} given twice`).toBe(false);
    map.set(name, values);
  }
  return map;
}

describe("the players' page policy", () => {
  const csp = directives(playerPageCsp(''));

  it('runs scripts from this origin only: no inline script, no eval, Trusted Types required', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(playerPageCsp('')).not.toMatch(/unsafe-eval|strict-dynamic|nonce-|sha256-/);
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(csp.get('trusted-types')).toEqual(['app-script-url', 'app-html', 'dompurify', 'boot-check']);
  });

  it('allows inline styles only (index.html, first paint, antd-mobile), and no plugins, base or framing', () => {
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it("adds MEDIA_BASE_URL's origin (not its path) to pictures and media only", () => {
    for (const local of ['', '/media', 'media/x']) expect(directives(playerPageCsp(local)).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    const cdn = directives(playerPageCsp('https://cdn.example.com:8443/game-media/'));
    expect(cdn.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com:8443']);
    expect(cdn.get('media-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.com:8443']);
    expect(cdn.get('connect-src')).toEqual(["'self'"]);
    expect(cdn.get('script-src')).toEqual(["'self'"]);
  });

  it('sends the usual headers beside it', () => {
    const headers = playerPageHeaders('');
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
    });
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).not.toMatch(/clipboard|fullscreen/);
  });
});

describe("the staff console's policy", () => {
  it('is as strict for scripts, sends no referrer and frames nothing', () => {
    const csp = directives(staffPageCsp('https://cdn.example.com/x'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
    // antd's style text goes through the console's text-only 'default' policy; the players' list has none.
    expect(csp.get('trusted-types')).toEqual(['app-script-url', 'app-html', 'dompurify', 'boot-check', 'default']);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(staffPageHeaders('')['referrer-policy']).toBe('no-referrer');
    expect(staffPageHeaders('')['x-frame-options']).toBe('DENY');
  });
});

describe('mediaOriginOf', () => {
  it('keeps an http(s) origin and nothing else', () => {
    expect(mediaOriginOf('https://CDN.Example.com/a/b?c#d')).toBe('https://cdn.example.com');
    expect(mediaOriginOf('http://127.0.0.1:9000/bucket')).toBe('http://127.0.0.1:9000');
    expect(mediaOriginOf('https://cdn.example.com:443/a')).toBe('https://cdn.example.com');
    for (const bad of ['', '/media', 'ftp://x.example', 'javascript:alert(1)', 'https://', 'https://a b.example', "https://x.example';script-src *"]) {
      expect([bad, mediaOriginOf(bad)]).toEqual([bad, null]);
    }
  });

  it('never yields text that could add a source or a directive (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string().map((s) => `https://${s}`)), (input) => {
        const origin = mediaOriginOf(input);
        if (origin === null) return;
        expect(origin).toMatch(/^https?:\/\/[^\s;,'/]+$/);
        expect(new URL(origin).origin).toBe(origin);
        const img = directives(playerPageCsp(input)).get('img-src')!;
        expect(img).toEqual(["'self'", 'data:', 'blob:', origin]);
      }),
      { numRuns: 100 },
    );
  });

  it('gives the origin of every well-formed web address (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }), (url) => {
        expect(mediaOriginOf(url)).toBe(new URL(url).origin);
      }),
      { numRuns: 100 },
    );
  });
});

describe('served', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gp-security-headers-'));
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("gives every players' page the policy and headers, and files only nosniff", async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, { production: false });
    registerStaticFiles(app, root, { mediaBaseUrl: 'https://cdn.example.com/m' });
    for (const url of ['/', '/index.html', '/mine', '/gamedetail?id=3']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers).toMatchObject(playerPageHeaders('https://cdn.example.com/m'));
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const asset = await app.inject({ url: '/assets/index-abc.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const missing = await app.inject({ url: '/api/nothing' });
    expect([missing.statusCode, missing.headers['x-content-type-options']]).toEqual([404, 'nosniff']);
  });

  it('sends HSTS only in production and only over https (X-Forwarded-Proto with a trusted proxy)', async () => {
    const make = (production: boolean) => {
      const app = Fastify({ logger: false, trustProxy: true });
      registerSecurityHeaders(app, { production });
      app.get('/x', async () => 'ok');
      return app;
    };
    const prod = make(true);
    expect((await prod.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(HSTS);
    expect((await prod.inject({ url: '/x' })).headers['strict-transport-security']).toBeUndefined();
    const dev = make(false);
    expect((await dev.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });
});
