import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCrypto } from '../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { KvUnavailableError, MemoryKvStore, RedisKvStore } from './kv-store.ts';

describe.each(DATABASE_KINDS)('pipeline on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server.close());

  const call = async (path: string, payload: Record<string, unknown>, opts: { encrypt?: boolean; timestamp?: number } = {}) => {
    const signed = signRequest(payload, { path, timestamp: opts.timestamp ?? Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody(path, signed, { encrypt: opts.encrypt ?? true, secrets: DEV_SECRETS, crypto: browserCrypto });
    const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
    return { status: res.status, text: await res.text(), body: body.body };
  };
  const decode = (text: string) => decodeResponse(text, { secrets: DEV_SECRETS, crypto: browserCrypto });

  it('answers /down/appVersion encrypted', async () => {
    const r = await call('/down/appVersion', {});
    const d = decode(r.text);
    expect(d).toMatchObject({ ok: true, form: 'encrypted', response: { code: 1, data: { version_code: '3.4.0', has_update: true, force_update: false } } });
  });
  it('refuses a replay', async () => {
    const r = await call('/api/down/getAboutUs', {});
    expect(decode(r.text)).toMatchObject({ ok: true, response: { code: 1 } });
    const again = await fetch(server.url + '/api/down/getAboutUs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: r.body });
    expect(decode(await again.text())).toMatchObject({ ok: true, response: { code: 101, msg: '签名错误' } });
  });
  it('refuses a stale timestamp', async () => {
    const r = await call('/down/appVersion', {}, { timestamp: Date.now() - 301_000 });
    expect(decode(r.text)).toMatchObject({ ok: true, response: { code: 101, msg: '请求已过期' } });
  });
  it('413 for 70 KiB', async () => {
    const res = await fetch(server.url + '/down/appVersion', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: 'x'.repeat(70 * 1024) }) });
    expect(res.status).toBe(413);
  });
});

describe('pipeline options', () => {
  const signedBody = (path: string, encrypt: boolean) =>
    encodeRequestBody(path, signRequest({}, { path, timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto }), { encrypt, secrets: DEV_SECRETS, crypto: browserCrypto });

  it.each(['plain', 'base64'] as const)('answers in %s mode', async (mode) => {
    const server = await startTestServer({ env: { API_RESPONSE_MODE: mode } });
    try {
      const body = signedBody('/down/appVersion', true);
      const res = await fetch(server.url + '/down/appVersion', { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
      expect(res.headers.get('content-type')).toContain(mode === 'plain' ? 'application/json' : 'text/plain');
      expect(decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto })).toMatchObject({ ok: true, form: mode, response: { code: 1 } });
    } finally {
      await server.close();
    }
  });

  it('refuses plain bodies when configured to, and answers 400 / 404 for transport errors', async () => {
    const server = await startTestServer({ env: { API_ACCEPT_PLAIN: 'false', API_RESPONSE_MODE: 'plain' } });
    try {
      const post = (path: string, body: string, type = 'application/json') => fetch(server.url + path, { method: 'POST', headers: { 'content-type': type }, body });
      const plain = signedBody('/down/appVersion', false);
      expect(await (await post('/down/appVersion', plain.body)).json()).toMatchObject({ code: 101, msg: '签名错误' });
      const sealed = signedBody('/down/appVersion', true);
      expect(await (await post('/down/appVersion', sealed.body)).json()).toMatchObject({ code: 1 });
      expect((await post('/down/appVersion', 'not json at all', 'text/plain')).status).toBe(400);
      expect((await post('/down/appVersion', '')).status).toBe(400);
      const unknown = await post('/api/nothing/here', sealed.body);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 404 });
    } finally {
      await server.close();
    }
  });
});

describe('kv store unavailable (faults)', () => {
  it('answers 503 系统繁忙，请稍后再试 for a call whose kv store fails, and serves again once it works', async () => {
    const kv = new MemoryKvStore();
    let down = true;
    const failing = Object.assign(Object.create(kv) as MemoryKvStore, {
      setIfAbsent: (key: string, value: string, ttl: number) => (down ? Promise.reject(new KvUnavailableError(new Error('connect ECONNREFUSED'))) : kv.setIfAbsent(key, value, ttl)),
    });
    const server = await startTestServer({ kv: failing });
    try {
      const call = async () => {
        const body = encodeRequestBody('/api/down/getAboutUs', signRequest({}, { path: '/api/down/getAboutUs', timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto }), { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
        const res = await fetch(server.url + '/api/down/getAboutUs', { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
        return { status: res.status, decoded: decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto }) };
      };
      expect(await call()).toMatchObject({ status: 200, decoded: { ok: true, response: { code: 503, msg: '系统繁忙，请稍后再试', data: null } } });
      down = false;
      expect(await call()).toMatchObject({ status: 200, decoded: { ok: true, response: { code: 1 } } });
    } finally {
      await server.close();
    }
  });

  it('RedisKvStore fails a command with KvUnavailableError within its command timeout when Redis is unreachable', async () => {
    // A port nothing listens on (the discard port): connection refused, reconnects keep failing.
    const store = new RedisKvStore('redis://127.0.0.1:9/0');
    try {
      const started = Date.now();
      await expect(store.setIfAbsent('x', '1', 1000)).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(store.increment('n', 1000)).rejects.toBeInstanceOf(KvUnavailableError);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await store.close();
    }
  });
});
