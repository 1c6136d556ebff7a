import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createApiClient } from './client.ts';
import { browserCrypto } from './crypto-browser.ts';
import { classifyResponse } from './outcome.ts';
import { openRequest, DEV_SECRETS, encodeResponse, signRequest, encodeRequestBody, decodeResponse } from './protocol/wire.ts';
import { EXPIRED_CODES, REVOKED_CODES, SUCCESS_CODES, SUPPRESSED_MESSAGES, TOKEN_MESSAGES, MSG } from './protocol/codes.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';

describe('classifyResponse (SPEC §8)', () => {
  it('maps each code family', () => {
    expect(classifyResponse({ code: 1, msg: '', data: 5 })).toEqual({ kind: 'ok', code: 1, msg: '', data: 5 });
    expect(classifyResponse({ code: 200, msg: '登录成功', data: null }).kind).toBe('ok');
    for (const code of [5, 6, 7, 8, -3]) expect(classifyResponse({ code, msg: '', data: null }).kind).toBe('ok');
    expect(classifyResponse({ code: -1, msg: '库存不足', data: null })).toMatchObject({ kind: 'toast', show: true, msg: '库存不足' });
    expect(classifyResponse({ code: -1, msg: '已领取', data: null })).toMatchObject({ kind: 'toast', show: false });
    expect(classifyResponse({ code: -1, msg: '', data: null })).toMatchObject({ kind: 'toast', show: false });
    expect(classifyResponse({ code: 102, msg: 'x', data: null }).kind).toBe('sessionRevoked');
    expect(classifyResponse({ code: 107, msg: 'x', data: null }).kind).toBe('sessionRevoked');
    expect(classifyResponse({ code: 104, msg: '登录已过期', data: null })).toMatchObject({ kind: 'sessionExpired', toast: '登录已过期' });
    expect(classifyResponse({ code: -1, msg: MSG.longTimeNoLogin, data: null })).toMatchObject({ kind: 'sessionExpired', toast: MSG.loginExpired });
    expect(classifyResponse({ code: 500, msg: '', data: null })).toMatchObject({ kind: 'error', reason: 'server', msg: 'Error' });
    expect(classifyResponse({ code: 101, msg: '签名错误', data: null })).toMatchObject({ kind: 'error', msg: '签名错误' });
  });

  it('a refusal its page shows itself (declared pageShowsRefusal) is not toasted as well', () => {
    const refusal = { code: -1, msg: '根据国家相关规定，进行游戏前请先完成实名认证', data: { reason: 'realName', message: '根据国家相关规定，进行游戏前请先完成实名认证' } };
    expect(classifyResponse(refusal, '/api/game/startPlay')).toMatchObject({ kind: 'toast', show: false });
    expect(classifyResponse(refusal, '/api/game/receiveGift')).toMatchObject({ kind: 'toast', show: true });
    expect(classifyResponse(refusal)).toMatchObject({ kind: 'toast', show: true });
  });

  it('property: total, and the kind follows the code sets', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 300 }), fc.oneof(fc.string(), fc.constantFrom(...SUPPRESSED_MESSAGES, ...TOKEN_MESSAGES)), fc.jsonValue(), (code, msg, data) => {
        const outcome = classifyResponse({ code, msg, data });
        if (TOKEN_MESSAGES.has(msg)) return outcome.kind === 'sessionExpired';
        if (REVOKED_CODES.has(code)) return outcome.kind === 'sessionRevoked';
        if (EXPIRED_CODES.has(code)) return outcome.kind === 'sessionExpired';
        if (code === -1) return outcome.kind === 'toast' && outcome.show === (msg !== '' && !SUPPRESSED_MESSAGES.has(msg));
        if (SUCCESS_CODES.has(code)) return outcome.kind === 'ok';
        return outcome.kind === 'error';
      }),
      { numRuns: 2000 },
    );
  });
});

describe('api client against the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const client = (extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
    createApiClient({ baseUrl: server.url, secrets: DEV_SECRETS, crypto: browserCrypto, getCredentials: () => null, ...extra });

  it('takes an answer embedded in the page like a call\'s: classified and reported', () => {
    const onOutcome = vi.fn();
    const api = client({ onOutcome });
    const outcome = api.accept('/api/down/getAppIndexContent', '{"code":1,"msg":"success","data":{"banners":[]}}');
    expect(outcome).toEqual({ kind: 'ok', code: 1, msg: 'success', data: { banners: [] } });
    expect(onOutcome).toHaveBeenCalledWith(outcome, '/api/down/getAppIndexContent');
    expect(api.accept('/api/down/getAppIndexContent', 'not an answer')).toMatchObject({ kind: 'error', reason: 'badResponse' });
  });

  it('reports /zaixianwan\'s real-name refusal unshown: the page shows it, the session machine does not toast it', () => {
    const onOutcome = vi.fn();
    const outcome = client({ onOutcome }).accept('/api/game/startPlay', '{"code":-1,"msg":"根据国家相关规定，进行游戏前请先完成实名认证","data":{"reason":"realName","message":"根据国家相关规定，进行游戏前请先完成实名认证"}}');
    expect(outcome).toMatchObject({ kind: 'toast', show: false });
    expect(onOutcome).toHaveBeenCalledWith(outcome, '/api/game/startPlay');
  });

  it('calls a down call and decodes the encrypted answer', async () => {
    const onOutcome = vi.fn();
    const outcome = await client({ onOutcome }).call<{ title: string }>('/api/down/getAboutUs');
    expect(outcome.kind).toBe('ok');
    if (outcome.kind === 'ok') expect(outcome.data.title).toContain('关于');
    expect(onOutcome).toHaveBeenCalledWith(outcome, '/api/down/getAboutUs');
  });

  it('re-signs on retry with a new timestamp (the replay cache would refuse the same sign)', async () => {
    const bodies: string[] = [];
    let first = true;
    let clock = Date.now();
    const fetchSpy: typeof fetch = async (input, init) => {
      const request = new Request(input as Request, init);
      bodies.push(await request.clone().text());
      if (first) {
        first = false;
        return new Response('busy', { status: 503 });
      }
      return fetch(request);
    };
    const outcome = await client({ fetch: fetchSpy, now: () => (clock += 1000) }).call('/down/appVersion');
    expect(outcome.kind).toBe('ok');
    expect(bodies).toHaveLength(2);
    const open = (b: string) => openRequest('/down/appVersion', b, { acceptPlain: true, now: clock, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const [a, b] = bodies.map(open);
    expect(a?.ok && b?.ok && a.fields.timestamp !== b.fields.timestamp && a.sign !== b.sign).toBe(true);
  });

  it('attaches token and uuid except on down calls; device variant sends location', async () => {
    const seen: Record<string, unknown>[] = [];
    const capture: typeof fetch = async (input, init) => {
      const request = new Request(input as Request, init);
      const opened = openRequest(new URL(request.url).pathname, await request.clone().text(), { acceptPlain: true, now: Date.now(), secrets: DEV_SECRETS, crypto: nodeCrypto });
      if (opened.ok) seen.push(opened.fields);
      return new Response(encodeResponse({ code: 1, msg: '', data: null }, 'base64', { secrets: DEV_SECRETS, crypto: nodeCrypto }).body);
    };
    const c = client({ fetch: capture, getCredentials: () => ({ token: 'tok', uuid: 'uid' }), getDevice: () => ({ address: 'A&B', media_id: 3, version_code: '3.4.0' }) });
    await c.call('/api/user/getUserInfo', { a: 1 });
    await c.call('/api/down/getAboutUs');
    await c.call('/api/game/getDownUrl', { id: 9 }, { device: true });
    expect(seen[0]).toMatchObject({ a: 1, token: 'tok', user_uuid: 'uid', version_code: '3.3.3' });
    expect(seen[1]).not.toHaveProperty('token');
    expect(seen[2]).toMatchObject({ location: 'A&B', media_id: 3, version_code: '3.4.0' });
    expect(seen[2]).not.toHaveProperty('address');
  });

  it('turns transport problems into typed errors', async () => {
    const badJson: typeof fetch = async () => new Response('<html>gateway</html>', { status: 200 });
    expect(await client({ fetch: badJson }).call('/x')).toMatchObject({ kind: 'error', reason: 'badResponse' });
    const http413: typeof fetch = async () => new Response('too large', { status: 413 });
    expect(await client({ fetch: http413 }).call('/x')).toMatchObject({ kind: 'error', reason: 'http', code: 413 });
    let attempts = 0;
    const refused: typeof fetch = async () => {
      attempts++;
      throw new TypeError('fetch failed');
    };
    expect(await client({ fetch: refused }).call('/x')).toMatchObject({ kind: 'error', reason: 'network' });
    expect(attempts).toBe(1); // a lost answer is never retried: the call may have been processed
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = (input: RequestInfo | URL, init?: RequestInit) => hang(input, { ...init, signal: (input as Request).signal ?? init?.signal });
    expect(await client({ fetch: slow as typeof fetch, timeoutMs: 50 }).call('/x')).toMatchObject({ kind: 'error', reason: 'timeout' });
  });
});

describe('calls in the same millisecond', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('identical payloads to the same call in one frozen millisecond both succeed (strictly increasing timestamps)', async () => {
    const frozen = Date.now();
    const client = createApiClient({ baseUrl: server.url, secrets: DEV_SECRETS, crypto: browserCrypto, getCredentials: () => null, now: () => frozen });
    const [a, b] = await Promise.all([client.call('/down/appVersion'), client.call('/down/appVersion')]);
    expect([a.kind, b.kind]).toEqual(['ok', 'ok']);
  });

  it('the server spends a sign once whatever the path: the same signed fields sent to a second call are refused', async () => {
    const signed = signRequest({}, { path: '/api/down/getAboutUs', timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody('/api/down/getAboutUs', signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto }).body;
    const post = async (path: string) => decodeResponse(await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
    expect(await post('/api/down/getAboutUs')).toMatchObject({ ok: true, response: { code: 1 } });
    expect(await post('/down/appVersion')).toMatchObject({ ok: true, response: { code: 101 } });
    expect(await post('/api/down/getAboutUs')).toMatchObject({ ok: true, response: { code: 101 } });
  });

  it('property: one client never emits two identical signs, whatever the clock does (frozen, repeating, going back) and however the calls interleave', async () => {
    const paths = ['/api/user/getWatermark', '/api/user/changeActiveRecord', '/down/appVersion', '/api/login/sendCode', '/point'];
    const payloads = [{}, { page: 1 }, { point_id: 1, point_title: '登录' }];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_003 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.record({ path: fc.constantFrom(...paths), payload: fc.constantFrom(...payloads), signedIn: fc.boolean() }), { minLength: 2, maxLength: 30 }),
        async (clockValues, calls) => {
          let read = 0;
          const signs: string[] = [];
          const timestamps: number[] = [];
          const capture = (async (input: Request) => {
            const text = await input.text();
            const json = new URL(input.url).pathname === '/point' ? Buffer.from(text, 'base64').toString('utf8') : text;
            const fields = JSON.parse(json) as { sign: string; timestamp: number };
            signs.push(fields.sign);
            timestamps.push(fields.timestamp);
            return new Response('{"code":1,"msg":"","data":null}');
          }) as unknown as typeof fetch;
          let signedIn = false;
          const api = createApiClient({
            baseUrl: 'http://127.0.0.1:9',
            secrets: DEV_SECRETS,
            crypto: browserCrypto,
            encrypt: false,
            fetch: capture,
            now: () => clockValues[read++ % clockValues.length]!,
            getCredentials: () => (signedIn ? { token: 't', uuid: 'u' } : null),
          });
          await Promise.all(
            calls.map((call) => {
              signedIn = call.signedIn;
              return api.call(call.path, call.payload);
            }),
          );
          expect(new Set(signs).size).toBe(calls.length);
          for (let i = 1; i < timestamps.length; i++) expect(timestamps[i]).toBeGreaterThan(timestamps[i - 1]!);
        },
      ),
      { numRuns: 200 },
    );
  });
});
