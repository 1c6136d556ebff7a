/**
 * Property tests for the wire protocol (api/protocol/wire.ts, PROTOCOL.md): envelopes, signed
 * request bodies, tamper detection, and the never-throwing decoders.
 */
import { createDecipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../server/wire-crypto.ts';
import { browserCrypto } from '../crypto-browser.ts';
import {
  decodeResponse,
  DEV_SECRETS,
  encodeRequestBody,
  encodeResponse,
  openEnvelope,
  openRequest,
  sealEnvelope,
  signRequest,
  TIMESTAMP_WINDOW_MS,
  type CryptoPrimitives,
  type Fields,
  type OpenRequestFailure,
  type ResponseMode,
} from './wire.ts';

const secrets = DEV_SECRETS;
const NOW = 1_763_700_000_123;
const PATHS = ['/api/login/x', '/api/game/x', '/api/down/x', '/point'] as const;
const RESERVED = new Set(['sign', 'timestamp', 'version_code', 'token', 'user_uuid', '__proto__']);
const OPEN_FAILURES: OpenRequestFailure[] = ['unparseable', 'badEnvelope', 'plainRefused', 'expired', 'badSign'];
const DECODE_FAILURES = ['empty', 'undecodable', 'notAnObject', 'badCode'];
const MODES: ResponseMode[] = ['plain', 'base64', 'encrypted'];
const CRYPTOS: Array<[string, CryptoPrimitives]> = [['crypto-js', browserCrypto], ['node:crypto', nodeCrypto]];

const normalize = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** node:crypto with a chosen IV, so generated envelopes are reproducible when fast-check shrinks. */
const fixedIv = (iv: Uint8Array): CryptoPrimitives => ({ ...nodeCrypto, randomBytes: () => iv });

/** How a value enters the canonical string (PROTOCOL §2.4), written independently; undefined = left out. */
function rendered(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Any UTF-16 text, astral characters and lone surrogates included. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }), // fast-check 4's replacement for fc.fullUnicodeString()
  fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate) }),
);
const fieldKey = fc.oneof(fc.string({ maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 6 })).filter((k) => !RESERVED.has(k));
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const payloadArb = fc.dictionary(fieldKey, jsonValue, { maxKeys: 8, noNullPrototype: true }) as fc.Arbitrary<Fields>;
const nonEmptyValue = jsonValue.filter((v) => rendered(v) !== undefined);
const credentialsArb = fc.option(fc.record({ token: fc.string({ minLength: 1, maxLength: 40 }), uuid: fc.uuid() }), { nil: null });
const pathArb = fc.constantFrom(...PATHS);
const timestampArb = fc.integer({ min: 1_000_000, max: 4_000_000_000_000 });

function sign(payload: Fields, path: string, timestamp: number, credentials: { token: string; uuid: string } | null, crypto: CryptoPrimitives = nodeCrypto) {
  return signRequest(payload, { path, timestamp, credentials, secrets, crypto });
}

/** Encode and open a (possibly tampered) plain form; plain bodies are accepted so that both forms are covered. */
function roundTrip(path: string, fields: Fields, encrypt: boolean, now: number) {
  const body = encodeRequestBody(path, fields, { encrypt, secrets, crypto: nodeCrypto });
  return openRequest(path, body.body, { acceptPlain: true, now, secrets, crypto: nodeCrypto });
}

// ---------------------------------------------------------------------------------------------

describe('envelope (property)', () => {
  for (const [sealName, sealCrypto] of CRYPTOS) {
    for (const [openName, openCrypto] of CRYPTOS) {
      if (sealName === openName) continue;
      it(`${sealName} seal → ${openName} open, arbitrary unicode`, () => {
        fc.assert(
          fc.property(anyText, (text) => {
            const envelope = sealEnvelope(text, secrets, sealCrypto);
            const wellFormed = Buffer.from(text, 'utf8').toString('utf8'); // lone surrogates travel as U+FFFD
            expect(openEnvelope(envelope, secrets, openCrypto)).toBe(wellFormed);
            // and the layout is exactly base64(iv ‖ AES-128-CBC/PKCS#7), per plain node:crypto
            const raw = Buffer.from(envelope, 'base64');
            const d = createDecipheriv('aes-128-cbc', Buffer.from(secrets.aesKey), raw.subarray(0, 16));
            expect(Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8')).toBe(wellFormed);
          }),
          { numRuns: 400 },
        );
      });
    }
  }

  it('every seal uses a fresh IV (two seals of the same text differ)', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(browserCrypto, nodeCrypto), (text, crypto) => {
        const a = sealEnvelope(text, secrets, crypto);
        const b = sealEnvelope(text, secrets, crypto);
        expect(a).not.toBe(b);
        expect(Buffer.from(a, 'base64').subarray(0, 16).equals(Buffer.from(b, 'base64').subarray(0, 16))).toBe(false);
        expect(openEnvelope(a, secrets, nodeCrypto)).toBe(openEnvelope(b, secrets, browserCrypto));
      }),
      { numRuns: 300 },
    );
  });
});

describe('signed request round trip (property)', () => {
  it('signRequest → encodeRequestBody → openRequest returns the signed object, every path kind, both forms', () => {
    fc.assert(
      fc.property(payloadArb, pathArb, fc.boolean(), credentialsArb, fc.boolean(), (payload, path, encrypt, credentials, clientIsBrowser) => {
        const [client, server] = clientIsBrowser ? [browserCrypto, nodeCrypto] : [nodeCrypto, browserCrypto];
        const signed = sign(payload, path, NOW, credentials, client);
        expect(signed.sign).toMatch(/^[0-9a-f]{32}$/);
        const body = encodeRequestBody(path, signed, { encrypt, secrets, crypto: client });
        if (path === '/point') {
          expect(body.contentType).toBe('text/plain');
          expect(JSON.parse(Buffer.from(body.body, 'base64').toString('utf8'))).toEqual(normalize(signed));
        } else {
          expect(body.contentType).toBe('application/json');
          expect(Object.keys(JSON.parse(body.body)).length === 1 && 'data' in JSON.parse(body.body)).toBe(encrypt);
        }
        const opened = openRequest(path, body.body, { acceptPlain: true, now: NOW, secrets, crypto: server });
        expect(opened).toEqual({ ok: true, fields: normalize(signed), sign: signed.sign, timestamp: NOW, encrypted: encrypt && path !== '/point' });

        // down calls never carry credentials; other api calls carry them when logged in
        if (path === '/api/down/x' || !credentials) expect('token' in signed || 'user_uuid' in signed).toBe(false);
        if (path === '/api/game/x' && credentials) expect([signed.token, signed.user_uuid]).toEqual([credentials.token, credentials.uuid]);

        // the secret depends on the path: a login-signed body is refused elsewhere and vice versa
        if (path !== '/point') {
          const other = path === '/api/login/x' ? '/api/game/x' : '/api/login/x';
          expect(openRequest(other, body.body, { acceptPlain: true, now: NOW, secrets, crypto: server })).toEqual({ ok: false, reason: 'badSign' });
        }
        // a server that does not accept plain bodies refuses them (the tracking variant is never encrypted)
        if (!encrypt && path !== '/point') {
          expect(openRequest(path, body.body, { acceptPlain: false, now: NOW, secrets, crypto: server })).toEqual({ ok: false, reason: 'plainRefused' });
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('tamper detection (property)', () => {
  const tamperCase = fc.record({ payload: payloadArb, path: pathArb, credentials: credentialsArb, encrypt: fc.boolean(), timestamp: timestampArb });

  it('any single-character change of sign → badSign', () => {
    fc.assert(
      fc.property(tamperCase, fc.nat(31), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), ({ payload, path, credentials, encrypt, timestamp }, at, ch) => {
        const signed = sign(payload, path, timestamp, credentials);
        const original = signed.sign as string;
        fc.pre(original[at] !== ch);
        const tampered = { ...signed, sign: original.slice(0, at) + ch + original.slice(at + 1) };
        expect(roundTrip(path, tampered, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
      }),
      { numRuns: 400 },
    );
  });

  it('sign missing, of another type, shortened or lengthened → badSign', () => {
    fc.assert(
      fc.property(tamperCase, fc.constantFrom<unknown>(undefined, null, 0, true, [], {}, 'x', ''), fc.boolean(), ({ payload, path, credentials, encrypt, timestamp }, replacement, lengthen) => {
        const signed = sign(payload, path, timestamp, credentials);
        const longer = lengthen ? `${signed.sign}0` : (signed.sign as string).slice(0, 31);
        expect(roundTrip(path, { ...signed, sign: longer }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
        expect(roundTrip(path, { ...signed, sign: replacement }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
      }),
      { numRuns: 200 },
    );
  });

  it('a changed string value (one character replaced, inserted or deleted) → badSign', () => {
    fc.assert(
      fc.property(tamperCase, fc.nat(), fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('replace', 'insert', 'delete'),
        ({ payload, path, credentials, encrypt, timestamp }, keyPick, at, ch, op) => {
          const signed = sign(payload, path, timestamp, credentials);
          // version_code is always a string, so there is always a candidate
          const keys = Object.keys(signed).filter((k) => k !== 'sign' && typeof signed[k] === 'string' && signed[k] !== '');
          const key = keys[keyPick % keys.length]!;
          const value = signed[key] as string;
          const i = at % (value.length + 1);
          const changed = op === 'replace' ? value.slice(0, i) + ch + value.slice(i + 1) : op === 'insert' ? value.slice(0, i) + ch + value.slice(i) : value.slice(0, i) + value.slice(i + 1);
          fc.pre(rendered(changed) !== rendered(value));
          expect(roundTrip(path, { ...signed, [key]: changed }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
        }),
      { numRuns: 400 },
    );
  });

  it('a changed number (or boolean) value → badSign', () => {
    const payloadWithNumber = fc.tuple(payloadArb, fieldKey, fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()))
      .map(([payload, key, value]) => ({ ...payload, [key]: value }) as Fields);
    fc.assert(
      fc.property(tamperCase, payloadWithNumber, fc.nat(), fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -3, max: 3 }).map((d) => ({ delta: d }))),
        ({ path, credentials, encrypt, timestamp }, payload, keyPick, change) => {
          const signed = sign(payload, path, timestamp, credentials);
          const keys = Object.keys(signed).filter((k) => (typeof signed[k] === 'number' || typeof signed[k] === 'boolean') && k !== 'timestamp');
          const key = keys[keyPick % keys.length]!;
          const value = signed[key];
          const changed = typeof value === 'boolean' ? !value : typeof change === 'number' ? change : (value as number) + change.delta;
          fc.pre(rendered(changed) !== rendered(value));
          expect(roundTrip(path, { ...signed, [key]: changed }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
        }),
      { numRuns: 400 },
    );
  });

  it('any field replaced by another JSON value that renders differently → badSign', () => {
    fc.assert(
      fc.property(tamperCase, fc.nat(), jsonValue, ({ payload, path, credentials, encrypt, timestamp }, keyPick, replacement) => {
        const signed = normalize(sign(payload, path, timestamp, credentials));
        const keys = Object.keys(signed).filter((k) => k !== 'sign' && k !== 'timestamp');
        const key = keys[keyPick % keys.length]!;
        fc.pre(rendered(normalize(replacement)) !== rendered(signed[key]));
        expect(roundTrip(path, { ...signed, [key]: replacement }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
      }),
      { numRuns: 400 },
    );
  });

  it('an added field with a non-empty value → badSign; an added empty one is ignored', () => {
    fc.assert(
      fc.property(tamperCase, fieldKey, nonEmptyValue, fc.constantFrom<unknown>(null, ''), ({ payload, path, credentials, encrypt, timestamp }, key, value, empty) => {
        const signed = sign(payload, path, timestamp, credentials);
        fc.pre(!(key in signed));
        expect(roundTrip(path, { ...signed, [key]: value }, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
        expect(roundTrip(path, { ...signed, [key]: empty }, encrypt, timestamp)).toMatchObject({ ok: true });
      }),
      { numRuns: 300 },
    );
  });

  it('a removed field with a non-empty value (payload, version_code, token, user_uuid) → badSign', () => {
    fc.assert(
      fc.property(tamperCase, fc.nat(), ({ payload, path, credentials, encrypt, timestamp }, keyPick) => {
        const signed = sign(payload, path, timestamp, credentials);
        const keys = Object.keys(signed).filter((k) => k !== 'sign' && k !== 'timestamp' && rendered(signed[k]) !== undefined);
        const key = keys[keyPick % keys.length]!; // version_code is always there
        const { [key]: _removed, ...rest } = signed;
        expect(roundTrip(path, rest, encrypt, timestamp)).toEqual({ ok: false, reason: 'badSign' });
      }),
      { numRuns: 300 },
    );
  });

  it('a changed timestamp: within ±300 s → badSign, beyond → expired; missing or not a number → expired', () => {
    fc.assert(
      fc.property(
        tamperCase,
        fc.oneof(fc.integer({ min: -TIMESTAMP_WINDOW_MS, max: TIMESTAMP_WINDOW_MS }).filter((d) => d !== 0), fc.integer({ min: TIMESTAMP_WINDOW_MS + 1, max: 10 ** 12 }), fc.integer({ min: -(10 ** 12), max: -TIMESTAMP_WINDOW_MS - 1 })),
        ({ payload, path, credentials, encrypt, timestamp }, delta) => {
          const signed = sign(payload, path, timestamp, credentials);
          const expected = Math.abs(delta) > TIMESTAMP_WINDOW_MS ? 'expired' : 'badSign';
          expect(roundTrip(path, { ...signed, timestamp: timestamp + delta }, encrypt, timestamp)).toEqual({ ok: false, reason: expected });
          // the untouched body, opened that far from its time, is only refused outside the window
          expect(roundTrip(path, signed, encrypt, timestamp + delta)).toEqual(expected === 'expired' ? { ok: false, reason: 'expired' } : expect.objectContaining({ ok: true }));
          expect(roundTrip(path, { ...signed, timestamp: String(timestamp) }, encrypt, timestamp)).toEqual({ ok: false, reason: 'expired' });
          const { timestamp: _t, ...withoutTimestamp } = signed;
          expect(roundTrip(path, withoutTimestamp, encrypt, timestamp)).toEqual({ ok: false, reason: 'expired' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('boundary: exactly ±300 s is accepted, ±300.001 s is expired', () => {
    const signed = sign({ a: 1 }, '/api/game/x', NOW, null);
    for (const d of [-TIMESTAMP_WINDOW_MS, TIMESTAMP_WINDOW_MS]) expect(roundTrip('/api/game/x', signed, true, NOW + d)).toMatchObject({ ok: true });
    for (const d of [-TIMESTAMP_WINDOW_MS - 1, TIMESTAMP_WINDOW_MS + 1]) expect(roundTrip('/api/game/x', signed, true, NOW + d)).toEqual({ ok: false, reason: 'expired' });
  });

  it('known limit of the protocol (documented, not a bug): a type change that renders alike is not detected', () => {
    const signed = sign({ id: 5 }, '/api/game/x', NOW, null);
    expect(roundTrip('/api/game/x', { ...signed, id: '5' }, true, NOW)).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Decoders never throw

/** Keys that trip naive String()/JSON handling of parsed objects. */
const hostileKey = fc.constantFrom('toString', 'valueOf', 'constructor', '__proto__', 'toJSON', 'code', 'msg', 'data', 'length', 'hasOwnProperty', 'then');
const hostileObject = fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 4 })), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 });
const weirdValue = fc.oneof(
  jsonValue,
  hostileObject,
  fc.array(hostileObject, { maxLength: 3 }),
  fc.constantFrom<unknown>(1, -1, 0, 1.5, 1e21, -1e300, '1', ' 42 ', '-7', '1.0', '0x10', '1e3', '12345678901', '', null, true, [], {}, [1]),
  fc.integer({ min: 1, max: 500 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);
const responseLike = fc.record({ code: weirdValue, msg: weirdValue, data: weirdValue }, { requiredKeys: [] }).map((o) => JSON.stringify(o));
const iv = fc.uint8Array({ minLength: 16, maxLength: 16 });
const envelopeOf = (text: fc.Arbitrary<string>) => fc.tuple(text, iv).map(([t, v]) => sealEnvelope(t, secrets, fixedIv(v)));

const w = <T>(arbitrary: fc.Arbitrary<T>) => ({ arbitrary, weight: 8 });
const arbitraryResponseBody: fc.Arbitrary<string> = fc.oneof(
  w(anyText),
  w(fc.uint8Array({ maxLength: 96 }).map((b) => Buffer.from(b).toString('base64'))),
  w(fc.uint8Array({ maxLength: 96 }).map((b) => Buffer.from(b).toString('latin1'))),
  w(jsonValue.map((v) => JSON.stringify(v))),
  w(jsonValue.map((v) => b64(JSON.stringify(v)))),
  w(envelopeOf(jsonValue.map((v) => JSON.stringify(v)))),
  w(responseLike),
  w(responseLike.map(b64)),
  w(envelopeOf(responseLike)),
  w(envelopeOf(anyText)),
  w(fc.tuple(envelopeOf(responseLike), fc.nat()).map(([e, cut]) => e.slice(0, cut % e.length))),
  w(fc.tuple(anyText, responseLike).map(([ws, body]) => ` \n${body}\t${ws.slice(0, 2)}`)),
  // nesting deep enough to overflow String()/JSON.stringify: costly (~5 ms), so rare
  { arbitrary: fc.integer({ min: 1, max: 40_000 }).map((depth) => `{"code":1,"msg":${'['.repeat(depth)}${']'.repeat(depth)}}`), weight: 1 },
);

function expectTypedDecode(body: string) {
  const result = decodeResponse(body, { secrets, crypto: browserCrypto });
  if (result.ok) {
    expect(Number.isInteger(result.response.code)).toBe(true);
    expect(typeof result.response.msg).toBe('string');
    expect(MODES).toContain(result.form);
  } else {
    expect(DECODE_FAILURES).toContain(result.reason);
    expect(result.preview).toBe(body.slice(0, 120));
  }
}

describe('decodeResponse (property)', () => {
  it('never throws and always answers a typed result (10,000 runs)', () => {
    fc.assert(fc.property(arbitraryResponseBody, (body) => expectTypedDecode(body)), { numRuns: 10_000 });
  });

  it('regression: a msg whose toString is not callable, or too deep to render', () => {
    for (const body of [
      '{"code":1,"msg":{"toString":1}}',
      '{"code":1,"msg":{"toString":{},"valueOf":{}}}',
      '{"code":1,"msg":[{"toString":0}]}',
      `{"code":1,"msg":${'['.repeat(20000)}${']'.repeat(20000)}}`,
    ]) {
      for (const form of [body, b64(body), sealEnvelope(body, secrets, nodeCrypto)]) {
        expect(() => expectTypedDecode(form)).not.toThrow();
        expect(decodeResponse(form, { secrets, crypto: browserCrypto })).toMatchObject({ ok: true, response: { code: 1 } });
      }
    }
  });

  it('encodeResponse in every mode → decodeResponse round trips {code, msg, data}', () => {
    fc.assert(
      fc.property(fc.integer(), anyText, jsonValue, fc.constantFrom(...MODES), fc.boolean(), (code, msg, data, mode, serverIsNode) => {
        const [server, client] = serverIsNode ? [nodeCrypto, browserCrypto] : [browserCrypto, nodeCrypto];
        const encoded = encodeResponse({ code, msg, data }, mode, { secrets, crypto: server });
        expect(encoded.contentType).toMatch(mode === 'plain' ? /^application\/json/ : /^text\/plain/);
        // JSON escapes lone surrogates, so msg survives even through UTF-8
        expect(decodeResponse(encoded.body, { secrets, crypto: client })).toEqual({ ok: true, form: mode, response: { code, msg, data: normalize(data) } });
      }),
      { numRuns: 600 },
    );
  });

  it('numeric-string codes are accepted, other codes are badCode, non-objects notAnObject, blank empty', () => {
    const d = (body: string) => decodeResponse(body, { secrets, crypto: nodeCrypto });
    expect(d('{"code":" 42 ","msg":"m"}')).toMatchObject({ ok: true, response: { code: 42, msg: 'm', data: null } });
    expect(d('{"code":1.5}')).toMatchObject({ ok: false, reason: 'badCode' });
    expect(d('{"code":"1e3"}')).toMatchObject({ ok: false, reason: 'badCode' });
    expect(d('[1]')).toMatchObject({ ok: false, reason: 'notAnObject' });
    expect(d(' \n ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(d('<html>')).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});

describe('openRequest (property)', () => {
  const signedLike = fc.record({ payload: payloadArb, sign: fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 32, maxLength: 32 }), weirdValue), ts: fc.oneof(fc.constant(NOW), fc.integer(), weirdValue) })
    .map(({ payload, sign: s, ts }) => ({ ...payload, timestamp: ts, version_code: '3.3.3', sign: s }));
  const deepField = fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean()).map(([depth, arrays]) => {
    const deep = arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);
    return `{"timestamp":${NOW},"version_code":"3.3.3","sign":"${'0'.repeat(32)}","deep":${deep}}`;
  });
  const innerJson = fc.oneof(w(signedLike.map((o) => JSON.stringify(o))), w(jsonValue.map((v) => JSON.stringify(v))), w(anyText), { arbitrary: deepField, weight: 1 });
  const arbitraryRequestBody: fc.Arbitrary<string> = fc.oneof(
    anyText,
    innerJson,
    innerJson.map(b64),
    fc.uint8Array({ maxLength: 96 }).map((b) => Buffer.from(b).toString('base64')),
    fc.oneof(anyText, weirdValue).map((data) => JSON.stringify({ data })),
    envelopeOf(innerJson).map((data) => JSON.stringify({ data })),
    fc.tuple(envelopeOf(innerJson), fc.nat()).map(([data, cut]) => JSON.stringify({ data: data.slice(0, cut % data.length) })),
    fc.tuple(envelopeOf(innerJson), weirdValue).map(([data, extra]) => JSON.stringify({ data, extra })),
  );

  it('never throws on arbitrary bodies and answers a typed reason (10,000 runs)', () => {
    fc.assert(
      fc.property(arbitraryRequestBody, pathArb, fc.boolean(), (body, path, acceptPlain) => {
        const result = openRequest(path, body, { acceptPlain, now: NOW, secrets, crypto: nodeCrypto });
        if (!result.ok) expect(OPEN_FAILURES).toContain(result.reason);
        else expect(typeof result.sign).toBe('string');
      }),
      { numRuns: 10_000 },
    );
  });

  it('regression: a field nested too deep for JSON.stringify is refused (badSign), not thrown', () => {
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    const plain = `{"timestamp":${NOW},"version_code":"3.3.3","sign":"${'0'.repeat(32)}","x":${deep}}`;
    expect(plain.length).toBeLessThan(64 * 1024);
    for (const [path, body] of [
      ['/api/game/x', plain],
      ['/api/game/x', JSON.stringify({ data: sealEnvelope(plain, secrets, nodeCrypto) })],
      ['/point', b64(plain)],
    ] as const) {
      expect(openRequest(path, body, { acceptPlain: true, now: NOW, secrets, crypto: nodeCrypto })).toEqual({ ok: false, reason: 'badSign' });
    }
  });
});
