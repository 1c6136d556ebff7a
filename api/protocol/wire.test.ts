import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { browserCrypto } from '../crypto-browser.ts';
import { nodeCrypto } from '../../server/wire-crypto.ts';
import { canonicalString, computeSign, DEV_SECRETS, openEnvelope, sealEnvelope, signRequest, encodeRequestBody, openRequest, decodeResponse, encodeResponse, signingClock, CLOCK_STEP_BACK_MS } from './wire.ts';
import { createHash, createCipheriv, createDecipheriv } from 'node:crypto';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const rev = (s: string) => s.split('').reverse().join('');

describe('canonical string (PROTOCOL §2.4)', () => {
  it('drops empty values, sorts by code unit, renders values', () => {
    expect(canonicalString({ b: 2, a: 'x', c: '', d: null, e: undefined, Z: true, o: { k: [1, 'é'] }, sign: 'ignored' }))
      .toBe('Z=true&a=x&b=2&o={"k":[1,"é"]}');
  });
  it('sorts by UTF-16 code units, not locale', () => {
    expect(canonicalString({ 'a_b': 1, aB: 2, 'a-b': 3, 'é': 4, '中': 5 })).toBe('a-b=3&aB=2&a_b=1&é=4&中=5');
  });
});

describe('signature vectors', () => {
  const fields = { phone: '13800138000', type: '1', timestamp: 1763700000123, version_code: '3.3.3' };
  it('api secret', () => {
    const expected = rev(md5('phone=13800138000&timestamp=1763700000123&type=1&version_code=3.3.3&000123dev-api-sign-secret'));
    expect(computeSign(fields, 'api', DEV_SECRETS, browserCrypto)).toBe(expected);
    expect(computeSign(fields, 'api', DEV_SECRETS, nodeCrypto)).toBe(expected);
  });
  it('login secret', () => {
    expect(computeSign(fields, 'login', DEV_SECRETS, nodeCrypto)).toBe(
      rev(md5('phone=13800138000&timestamp=1763700000123&type=1&version_code=3.3.3&000123dev-login-sign-secret')));
  });
  it('point secret hashes twice', () => {
    expect(computeSign(fields, 'point', DEV_SECRETS, browserCrypto)).toBe(
      rev(md5(md5('phone=13800138000&timestamp=1763700000123&type=1&version_code=3.3.3&000123dev-point-sign-secret'))));
  });
  it('fixed vector', () => {
    expect(computeSign({ a: 1, timestamp: 1000000 }, 'api', DEV_SECRETS, nodeCrypto)).toMatchInlineSnapshot(`"b5bf1993e0916e188fcfb4acf6dc1676"`);
  });
});

describe('envelope', () => {
  it('browser seal → node:crypto open, byte for byte', () => {
    const text = JSON.stringify({ hello: '世界', n: 1 });
    const env = sealEnvelope(text, DEV_SECRETS, browserCrypto);
    const raw = Buffer.from(env, 'base64');
    const d = createDecipheriv('aes-128-cbc', Buffer.from(DEV_SECRETS.aesKey), raw.subarray(0, 16));
    expect(Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8')).toBe(text);
  });
  it('node:crypto seal → browser open', () => {
    const iv = Buffer.alloc(16, 7);
    const c = createCipheriv('aes-128-cbc', Buffer.from(DEV_SECRETS.aesKey), iv);
    const env = Buffer.concat([iv, c.update('{"x":"中文"}', 'utf8'), c.final()]).toString('base64');
    expect(openEnvelope(env, DEV_SECRETS, browserCrypto)).toBe('{"x":"中文"}');
    expect(openEnvelope(env, DEV_SECRETS, nodeCrypto)).toBe('{"x":"中文"}');
  });
});

describe('request round trip', () => {
  it('client signs and encrypts, server opens', () => {
    const now = Date.now();
    const signed = signRequest({ id: 5 }, { path: '/api/game/getDownUrl', timestamp: now, secrets: DEV_SECRETS, crypto: browserCrypto, credentials: { token: 't', uuid: 'u' } });
    const body = encodeRequestBody('/api/game/getDownUrl', signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    const opened = openRequest('/api/game/getDownUrl', body.body, { acceptPlain: false, now, secrets: DEV_SECRETS, crypto: nodeCrypto });
    expect(opened).toMatchObject({ ok: true, encrypted: true, fields: { id: 5, token: 't', user_uuid: 'u', version_code: '3.3.3' } });
  });
  it('response in every mode decodes', () => {
    for (const mode of ['plain', 'base64', 'encrypted'] as const) {
      const enc = encodeResponse({ code: 1, msg: 'ok', data: { a: '中' } }, mode, { secrets: DEV_SECRETS, crypto: nodeCrypto });
      expect(decodeResponse(enc.body, { secrets: DEV_SECRETS, crypto: browserCrypto })).toEqual({ ok: true, form: mode, response: { code: 1, msg: 'ok', data: { a: '中' } } });
    }
  });
});

describe('signing clock', () => {
  it('strictly increases through a frozen clock and small steps back, and follows a clock set back further', () => {
    let time = 1_700_000_000_000;
    const stamp = signingClock(() => time);
    expect([stamp(), stamp(), stamp()]).toEqual([time, time + 1, time + 2]);
    time -= CLOCK_STEP_BACK_MS; // within the tolerance: counted on, never repeated
    expect(stamp()).toBe(1_700_000_000_003);
    time = 1_700_000_000_000 - 3_600_000; // the device's clock corrected by an hour
    expect(stamp()).toBe(time);
    expect(stamp()).toBe(time + 1);
  });

  it('property: strictly increasing and never behind the clock while no reading falls more than the tolerance below the one before', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -CLOCK_STEP_BACK_MS, max: 50 }), { minLength: 1, maxLength: 200 }), (steps) => {
        let time = 1_700_000_000_000;
        const stamp = signingClock(() => time);
        let previous = -Infinity;
        for (const step of steps) {
          time += step;
          const next = stamp();
          expect(next).toBeGreaterThan(previous);
          expect(next).toBeGreaterThanOrEqual(time);
          previous = next;
        }
      }),
    );
  });
});
