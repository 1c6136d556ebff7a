import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCrypto } from '../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';

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
