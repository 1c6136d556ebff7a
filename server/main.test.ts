import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCrypto } from '../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('server process', () => {
  it('creates, migrates and seeds the embedded database on first start, serves, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'db'), STATIC_DIR: 'none', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      let healthy = false;
      // A first start migrates and seeds a new database: about 16 s alone, more beside the suite's
      // other worker; up to 60 s is a wait for start-up, not a speed requirement.
      for (let i = 0; i < 300 && !healthy; i++) {
        await new Promise((r) => setTimeout(r, 200));
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      }
      expect(healthy).toBe(true);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { 'x-request-id': 'main-test-1' } });
      expect(ready.status).toBe(200);
      expect(ready.headers.get('x-request-id')).toBe('main-test-1');
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain('http_requests_total{method="GET",route="/readyz",status="200"} 1');
      expect(output).toContain('"migrations":["0001_core"');
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
      expect(output).toContain('"msg":"shut down"');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('on the embedded default, a request accepted before a kill -9 is refused after the restart (the replay journal in DATA_DIR)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-main-'));
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: 'none', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
      let healthy = false;
      // Up to 60 s: a first start runs initdb, which a loaded machine makes slow.
      for (let i = 0; i < 300 && !healthy; i++) {
        await new Promise((r) => setTimeout(r, 200));
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      }
      expect(healthy).toBe(true);
      return { child, url: `http://127.0.0.1:${port}` };
    };
    const path_ = '/api/down/getAboutUs';
    const signed = signRequest({}, { path: path_, timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody(path_, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    const send = async (url: string) => {
      const res = await fetch(url + path_, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
      return decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
    };
    const first = await start();
    try {
      expect(await send(first.url)).toMatchObject({ ok: true, response: { code: 1 } });
      const killed = new Promise((resolve) => first.child.on('exit', resolve));
      first.child.kill('SIGKILL');
      await killed;
      const second = await start();
      try {
        expect(await send(second.url)).toMatchObject({ ok: true, response: { code: 101, msg: '签名错误' } });
      } finally {
        second.child.kill('SIGKILL');
      }
    } finally {
      first.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses to start in production with development secrets', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', STATIC_DIR: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(output).toContain('API_SIGN_SECRET must be set in production');
  }, 30_000);
});
