/**
 * An INDEPENDENT client of wire protocol v1, written from shared/PROTOCOL.md alone: nothing from
 * api/ or server/ is imported (only node:crypto, fetch, and the helper that starts the real server).
 * If the shared implementation and the document ever disagree, this test is the one that notices.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// PROTOCOL §8: development defaults (the test server runs outside production with no overrides).
const API_SIGN_SECRET = 'dev-api-sign-secret';
const POINT_SIGN_SECRET = 'dev-point-sign-secret';
const API_AES_KEY = Buffer.from('dev-aes-key-0016', 'utf8');
const VERSION_CODE = '3.3.3';
const MSG_BAD_SIGN = '签名错误';
const MSG_EXPIRED = '请求已过期';

type Fields = Record<string, unknown>;

// --- PROTOCOL §2.4: canonical string -----------------------------------------------------------
function byCodeUnits(a: string, b: string): number {
  // JavaScript's relational operators on strings compare UTF-16 code units, as §2.4 requires.
  return a < b ? -1 : a > b ? 1 : 0;
}

function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function canonical(fields: Fields): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign')
    .filter((key) => fields[key] !== undefined && fields[key] !== null && fields[key] !== '')
    .sort(byCodeUnits)
    .map((key) => `${key}=${render(fields[key])}`)
    .join('&');
}

// --- PROTOCOL §2.5: signature ---------------------------------------------------------------
const md5hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const reversed = (text: string) => [...text].reverse().join('');
const last6 = (timestamp: unknown) => String(timestamp).slice(-6);

function apiSign(fields: Fields, secret = API_SIGN_SECRET): string {
  return reversed(md5hex(`${canonical(fields)}&${last6(fields.timestamp)}${secret}`));
}

function pointSign(fields: Fields): string {
  return reversed(md5hex(md5hex(`${canonical(fields)}&${last6(fields.timestamp)}${POINT_SIGN_SECRET}`)));
}

// --- PROTOCOL §3: AES-128-CBC envelope, base64(iv ‖ ciphertext) ------------------------------
function seal(plaintext: string, key = API_AES_KEY): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', key, iv); // node's default padding is PKCS#7
  return Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

function unseal(envelope: string): string {
  const raw = Buffer.from(envelope, 'base64');
  if (raw.toString('base64') !== envelope || raw.length < 32 || raw.length % 16 !== 0) throw new Error(`not an envelope: ${envelope.slice(0, 60)}`);
  const decipher = createDecipheriv('aes-128-cbc', API_AES_KEY, raw.subarray(0, 16));
  return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
}

// --- PROTOCOL §2: request bodies ------------------------------------------------------------
function signedObject(payload: Fields, timestamp = Date.now()): Fields {
  const fields: Fields = { ...payload, timestamp, version_code: VERSION_CODE };
  return { ...fields, sign: apiSign(fields) };
}

const encryptedBody = (signed: Fields) => JSON.stringify({ data: seal(JSON.stringify(signed)) });

// --- PROTOCOL §5: responses -------------------------------------------------------------------
interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** Decoded {code,msg,data}, or null when the body is not a protocol answer. */
  body: { code: number; msg: string; data: unknown } | null;
}

function decodeAnswer(text: string): Answer['body'] {
  const attempts = [
    () => JSON.parse(text) as unknown,
    () => JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown,
    () => JSON.parse(unseal(text.trim())) as unknown,
  ];
  for (const attempt of attempts) {
    try {
      const value = attempt();
      if (value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number') return value as Answer['body'];
    } catch {
      // try the next form
    }
  }
  return null;
}

let server: TestServer;

async function post(path: string, body: string | Uint8Array<ArrayBuffer>, contentType = 'application/json'): Promise<Answer> {
  const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body: decodeAnswer(text) };
}

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite' });
});

afterAll(async () => {
  await server?.close();
});

describe('independent client (PROTOCOL.md only) against the real server', () => {
  it('/down/appVersion, encrypted: code 1 in an encrypted text/plain envelope; the identical body again: code 101', async () => {
    const body = encryptedBody(signedObject({}));
    const first = await post('/down/appVersion', body);
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/plain/);
    expect(() => JSON.parse(first.text)).toThrow(); // the default response mode is the §3 envelope
    const opened = JSON.parse(unseal(first.text)) as { code: number; data: Record<string, unknown> };
    expect(opened.code).toBe(1);
    expect(opened.data).toMatchObject({ version_code: expect.any(String), url: expect.any(String), has_update: expect.any(Boolean) });

    const replay = await post('/down/appVersion', body);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ code: 101, msg: MSG_BAD_SIGN });
  });

  it('a timestamp 301 s old: code 101 请求已过期; 299 s old still passes', async () => {
    const stale = await post('/down/appVersion', encryptedBody(signedObject({}, Date.now() - 301_000)));
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ code: 101, msg: MSG_EXPIRED });
    const future = await post('/down/appVersion', encryptedBody(signedObject({}, Date.now() + 301_000)));
    expect(future.body).toMatchObject({ code: 101, msg: MSG_EXPIRED });
    const recent = await post('/down/appVersion', encryptedBody(signedObject({}, Date.now() - 299_000)));
    expect(recent.body).toMatchObject({ code: 1 });
  });

  it('a tampered sign, or a field changed after signing: code 101 签名错误', async () => {
    const signed = signedObject({ nonce: randomBytes(6).toString('hex') });
    const sign = signed.sign as string;
    const flipped = (sign[0] === 'a' ? 'b' : 'a') + sign.slice(1);
    const badSign = await post('/down/appVersion', encryptedBody({ ...signed, sign: flipped }));
    expect(badSign.status).toBe(200);
    expect(badSign.body).toMatchObject({ code: 101, msg: MSG_BAD_SIGN });

    const changed = await post('/down/appVersion', encryptedBody({ ...signed, version_code: '9.9.9' }));
    expect(changed.body).toMatchObject({ code: 101, msg: MSG_BAD_SIGN });

    // the untampered original is still fresh (the refused attempts did not burn its sign)
    const original = await post('/down/appVersion', encryptedBody(signed));
    expect(original.body).toMatchObject({ code: 1 });
  });

  it('junk envelopes and bodies never get a 5xx: 200 with code 101, or 400', async () => {
    const good = seal(JSON.stringify(signedObject({})));
    // An envelope with a '+' or '/' (about 1 in 25 random ones has neither, and its url-safe copy would be the same valid envelope).
    let urlUnsafe = good;
    while (!/[+/]/.test(urlUnsafe)) urlUnsafe = seal(JSON.stringify(signedObject({})));
    const wrongPadding = (() => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-128-cbc', API_AES_KEY, iv);
      cipher.setAutoPadding(false);
      const plain = Buffer.concat([Buffer.from(JSON.stringify(signedObject({}))), Buffer.alloc(32, 0x20)]);
      const padded = plain.subarray(0, plain.length - (plain.length % 16));
      padded[padded.length - 1] = 0x11; // a pad length of 17 is never valid
      return Buffer.concat([iv, cipher.update(padded), cipher.final()]).toString('base64');
    })();
    // nested deeper than JSON.stringify's stack allows (the sign check renders it); kept under 64 KiB once sealed
    const deepPlain = (depth: number) => `{"timestamp":${Date.now()},"version_code":"3.3.3","sign":"${'0'.repeat(32)}","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const junk: Array<[string, string | Uint8Array<ArrayBuffer>, string?]> = [
      ['random base64', JSON.stringify({ data: randomBytes(48).toString('base64') })],
      ['random base64, one block', JSON.stringify({ data: randomBytes(16).toString('base64') })],
      ['not base64', JSON.stringify({ data: 'this is ### not base64 ***' })],
      ['url-safe base64', JSON.stringify({ data: urlUnsafe.replace(/\+/g, '-').replace(/\//g, '_') })],
      ['truncated envelope', JSON.stringify({ data: good.slice(0, good.length - 8) })],
      ['truncated to a block boundary', JSON.stringify({ data: Buffer.from(good, 'base64').subarray(0, 40).toString('base64') })],
      ['wrong padding', JSON.stringify({ data: wrongPadding })],
      ['wrong key', JSON.stringify({ data: seal(JSON.stringify(signedObject({})), Buffer.from('0123456789abcdef')) })],
      ['envelope of non-JSON', JSON.stringify({ data: seal('hello world') })],
      ['envelope of a JSON array', JSON.stringify({ data: seal('[1,2,3]') })],
      ['envelope of invalid UTF-8', JSON.stringify({ data: (() => { const iv = randomBytes(16); const c = createCipheriv('aes-128-cbc', API_AES_KEY, iv); return Buffer.concat([iv, c.update(Buffer.from([0xff, 0xfe, 0xfd])), c.final()]).toString('base64'); })() })],
      ['data is a number', JSON.stringify({ data: 12345 })],
      ['data is an object', JSON.stringify({ data: { data: good } })],
      ['empty envelope', JSON.stringify({ data: '' })],
      ['deeply nested field, plain', deepPlain(30_000)],
      ['deeply nested field, encrypted', JSON.stringify({ data: seal(deepPlain(20_000)) })],
      ['hostile keys added after signing', JSON.stringify({ ...signedObject({}), toString: 1, valueOf: {} })],
      ['not JSON', 'hello'],
      ['JSON array', '[1,2,3]'],
      ['JSON null', 'null'],
      ['empty body', ''],
      ['invalid UTF-8 bytes', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
      ['envelope sent as text/plain', JSON.stringify({ data: seal('garbage') }), 'text/plain'],
      ['bare envelope without JSON wrapper', good, 'text/plain'],
    ];
    for (const [name, body, contentType] of junk) {
      const answer = await post('/down/appVersion', body, contentType);
      expect(answer.status, name).toBeLessThan(500);
      if (answer.status === 200) expect(answer.body?.code, name).toBe(101);
      else expect(answer.status, name).toBe(400);
    }
  });

  it('a 70 KiB body: HTTP 413', async () => {
    const answer = await post('/down/appVersion', JSON.stringify({ data: 'A'.repeat(70 * 1024) }));
    expect(answer.status).toBe(413);
  });

  it('/api/down/getAboutUs: code 1 with a non-empty title and content', async () => {
    const answer = await post('/api/down/getAboutUs', encryptedBody(signedObject({})));
    expect(answer.status).toBe(200);
    expect(answer.body?.code).toBe(1);
    const data = answer.body?.data as { title?: unknown; content?: unknown };
    expect(typeof data.title === 'string' && data.title.length > 0).toBe(true);
    expect(typeof data.content === 'string' && data.content.length > 0).toBe(true);
  });

  // The tracking-point variant (text/plain base64 of the signed JSON, double md5).
  it('/point tracking variant: text/plain base64, double md5', async () => {
    const fields: Fields = { point_id: 49, point_title: '下载完成', game_id: 1, timestamp: Date.now(), version_code: VERSION_CODE };
    const signed = { ...fields, sign: pointSign(fields) };
    const body = Buffer.from(JSON.stringify(signed), 'utf8').toString('base64');
    const accepted = await post('/point', body, 'text/plain');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ code: 1, msg: '埋点成功' });
    const fields2: Fields = { ...fields, timestamp: Date.now() + 1 };
    const singleMd5 = { ...fields2, sign: apiSign(fields2, POINT_SIGN_SECRET) }; // one md5 is not enough
    expect((await post('/point', Buffer.from(JSON.stringify(singleMd5)).toString('base64'), 'text/plain')).body).toMatchObject({ code: 101 });
  });
});

// --- Sign-in, same independent rules, on a server with a clock we move ---------------------------
const LOGIN_SIGN_SECRET = 'dev-login-sign-secret';

describe('independent client: sign-in flow', () => {
  let auth: TestServer;
  let now = Date.now();
  const clock = () => now++;

  beforeAll(async () => {
    auth = await startTestServer({ kind: 'pglite', now: clock });
  });
  afterAll(async () => {
    await auth?.close();
  });

  async function callAuth(path: string, payload: Fields, credentials?: { token: string; uuid: string }) {
    const fields: Fields = { ...payload, timestamp: clock(), version_code: VERSION_CODE };
    if (credentials) Object.assign(fields, { token: credentials.token, user_uuid: credentials.uuid });
    const signed = { ...fields, sign: apiSign(fields, path.startsWith('/api/login/') ? LOGIN_SIGN_SECRET : API_SIGN_SECRET) };
    const response = await fetch(auth.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: encryptedBody(signed) });
    return decodeAnswer(await response.text());
  }
  async function outbox(phone: string): Promise<string> {
    const response = await fetch(`${auth.url}/dev/sms/${phone}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { code: string }).code;
  }

  it('send a code, read it from the outbox, register (200 + token), getUserInfo (1); a second send within 60 s is refused', async () => {
    const phone = '13500000001';
    expect(await callAuth('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const code = await outbox(phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(await callAuth('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: -1 });
    const login = await callAuth('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 });
    expect(login).toMatchObject({ code: 200, data: { token: expect.any(String), user_uuid: expect.any(String) } });
    const data = login!.data as { token: string; user_uuid: string };
    expect(await callAuth('/api/user/getUserInfo', {}, { token: data.token, uuid: data.user_uuid })).toMatchObject({ code: 1 });
  });

  it('a code fails after 5 wrong tries, even the right one', async () => {
    const phone = '13500000002';
    expect(await callAuth('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const code = await outbox(phone);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < 5; i++) {
      expect(await callAuth('/api/login/trendRegister', { account: phone, phone_code: wrong, agree_agreement: 1 })).toMatchObject({ code: -1 });
    }
    expect(await callAuth('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 })).toMatchObject({ code: -1 });
  });

  it('after a password reset the old token gets 106', async () => {
    const phone = '13500000003';
    await callAuth('/api/login/sendCode', { phone, type: '1' });
    const login = await callAuth('/api/login/trendRegister', { account: phone, phone_code: await outbox(phone), agree_agreement: 1 });
    const old = login!.data as { token: string; user_uuid: string };
    now += 61_000; // past the per-phone send interval
    expect(await callAuth('/api/login/sendCode', { phone, type: '2' })).toMatchObject({ code: 1 });
    const recovery = await outbox(phone);
    expect(await callAuth('/api/login/verifyCode', { account: phone, phone_code: recovery })).toMatchObject({ code: 1 });
    expect(await callAuth('/api/login/resetPassword', { account: phone, phone_code: recovery, password: 'abc12345' })).toMatchObject({ code: 1, msg: '修改成功' });
    expect(await callAuth('/api/user/getUserInfo', {}, { token: old.token, uuid: old.user_uuid })).toMatchObject({ code: 106 });
    expect(await callAuth('/api/login/userlogin', { account: phone, password: 'abc12345' })).toMatchObject({ code: 200 });
  });
});
