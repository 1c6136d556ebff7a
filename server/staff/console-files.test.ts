import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerStaffConsoleFiles, registerStaticFiles, staffPageHeaders } from '../static-files.ts';

describe('the staff console files at /staff', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gp-staff-files-'));
  const players = path.join(root, 'client');
  const staff = path.join(root, 'staff');
  mkdirSync(path.join(players, 'assets'), { recursive: true });
  mkdirSync(path.join(staff, 'assets'), { recursive: true });
  writeFileSync(path.join(players, 'index.html'), '<html><body>players</body></html>');
  writeFileSync(path.join(staff, 'index.html'), '<html><body>staff console</body></html>');
  writeFileSync(path.join(staff, 'assets', 'index-abc.js'), 'console.log(1)');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const app = Fastify();
  registerStaticFiles(app, players);
  registerStaffConsoleFiles(app, staff);
  app.post('/staff/api/auth/me', async () => ({ code: 1 }));

  it('answers the console for /staff, /staff/ and any page under it, with the console headers', async () => {
    for (const url of ['/staff', '/staff/', '/staff/login', '/staff/audit?page=2', '/staff/some/deep/page']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '<html><body>staff console</body></html>']);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves its hashed assets immutable, and 404s missing files instead of the page', async () => {
    const asset = await app.inject({ url: '/staff/assets/index-abc.js' });
    expect([asset.statusCode, asset.body, asset.headers['cache-control']]).toEqual([200, 'console.log(1)', 'public, max-age=31536000, immutable']);
    expect((await app.inject({ url: '/staff/assets/gone.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/staff/favicon.ico' })).statusCode).toBe(404);
  });

  it('leaves the players app as it was, and never serves it under /staff', async () => {
    expect((await app.inject({ url: '/mine' })).body).toBe('<html><body>players</body></html>');
    expect((await app.inject({ url: '/staffroom' })).body).toBe('<html><body>players</body></html>');
    expect((await app.inject({ method: 'POST', url: '/staff/api/auth/me' })).json()).toEqual({ code: 1 });
  });

  it('lets the desk show pictures from the media origin (MEDIA_BASE_URL), and nothing else from elsewhere', async () => {
    expect(staffPageHeaders('')['content-security-policy']).toContain("img-src 'self' data: blob:;");
    expect(staffPageHeaders('/media')['content-security-policy']).toContain("img-src 'self' data: blob:;");
    const cdn = staffPageHeaders('https://cdn.example.com/game-media')['content-security-policy']!;
    expect(cdn).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(cdn).toContain("connect-src 'self';");
    const served = Fastify({ logger: false });
    registerStaffConsoleFiles(served, staff, { mediaBaseUrl: 'https://cdn.example.com/game-media' });
    expect((await served.inject({ url: '/staff/service-desk' })).headers['content-security-policy']).toContain('https://cdn.example.com;');
  });

  it('says so when the console is not built', async () => {
    const bare = Fastify({ logger: false });
    registerStaffConsoleFiles(bare, path.join(root, 'missing'));
    const res = await bare.inject({ url: '/staff/' });
    expect([res.statusCode, res.body]).toEqual([404, '员工后台未构建 (npm run build)']);
  });
});
