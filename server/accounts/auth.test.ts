import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashToken } from '../auth.ts';
import { loadConfig } from '../config.ts';
import { MemoryKvStore } from '../kv-store.ts';
import { hashPassword, needsRehash, parsePasswordHash, SCRYPT_PARAMS } from '../passwords.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';
import { CODE_MSG, CODE_TTL_MS, SMS_LIMITS } from '../verification-codes.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 2026-03-02 09:00 China time: every test starts on a later day, 09:00, so windows never overlap. */
const START = Date.UTC(2026, 2, 2, 1, 0, 0);

describe.each(DATABASE_KINDS)('sign-in calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let day = 0;
  let serial = 0;
  /** A phone number no other test uses. */
  const newPhone = () => `1390000${String(++serial).padStart(4, '0')}`;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, kv: new MemoryKvStore(clock.now) });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    // A fresh day (and hour) per test: per-phone, per-address and per-account windows all restart.
    day = Math.floor((clock.current - START) / DAY) + 1;
    clock.advance(START + day * DAY - clock.current);
  });

  const sendCode = (phone: string, type: '1' | '2') => call('/api/login/sendCode', { phone, type });
  const outbox = (phone: string) => devSmsCode(server.url, phone);
  const users = () => server.database.db.selectFrom('users');

  async function registerBySms(phone: string, extra: Record<string, unknown> = {}) {
    expect(await sendCode(phone, '1')).toMatchObject({ code: 1 });
    const code = await outbox(phone);
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1, ...extra });
    expect(answer).toMatchObject({ code: 200, msg: '登录成功' });
    clock.advance(SMS_LIMITS.cooldownMs + 1000);
    return { token: answer.data.token as string, uuid: answer.data.user_uuid as string, code: code! };
  }

  it('registers by SMS code through the dev outbox; the token then answers getUserInfo with 1', async () => {
    const phone = newPhone();
    expect(await outbox(phone)).toBeNull();
    expect(await sendCode(phone, '1')).toEqual({ code: 1, msg: '验证码已发送', data: null });
    const code = await outbox(phone);
    expect(code).toMatch(/^\d{4}$/);

    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1, bd_vid: 'bd-click-42' });
    expect(answer).toMatchObject({ code: 200, msg: '登录成功', data: { registered: true } });
    const { token, user_uuid: uuid, nickname } = answer.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nickname).toMatch(new RegExp(`^玩家${phone.slice(-4)}[a-z2-9]{2}$`));

    const row = await users().selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uuid, nickname, bd_vid: 'bd-click-42', password_hash: null });
    const session = await server.database.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(token));

    const info = await call('/api/user/getUserInfo', {}, { token, uuid });
    expect(info.code).toBe(1);
    expect(info.data).toMatchObject({ uuid, nickname, phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, coins: 0, points: 0, has_password: false });
    expect(info.data.avatar).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(info.data.avatar)).toContain('>玩</text>');
    expect(new Date(info.data.created_at).getTime()).toBeGreaterThan(START);

    const mark = await call('/api/user/getWatermark', {}, { token, uuid });
    expect(mark).toMatchObject({ code: 1, data: { code: expect.stringMatching(/^[0-9A-F]{8}$/) } });
    expect((await call('/api/user/getWatermark', {}, { token, uuid })).data.code).toBe(mark.data.code);

    clock.advance(5000);
    expect(await call('/api/user/changeActiveRecord', {}, { token, uuid })).toMatchObject({ code: 1 });
    const active = await users().select('last_active_at').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(new Date(active.last_active_at!).getTime()).toBeGreaterThanOrEqual(clock.current - 10);

    // Single use: the same code cannot sign in again.
    expect(await call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 })).toEqual({ code: -1, msg: CODE_MSG.expired, data: null });

    // A later code login signs the same user in with a new token; bd_vid is kept from registration.
    clock.advance(SMS_LIMITS.cooldownMs);
    await sendCode(phone, '1');
    const again = await call('/api/login/trendRegister', { account: phone, phone_code: await outbox(phone), agree_agreement: '1', bd_vid: 'other' });
    expect(again).toMatchObject({ code: 200, data: { user_uuid: uuid, nickname, registered: false } });
    expect(again.data.token).not.toBe(token);
    expect((await users().select('bd_vid').where('phone', '=', phone).executeTakeFirstOrThrow()).bd_vid).toBe('bd-click-42');
  });

  it('validates sign-in fields with the SPEC §5 messages', async () => {
    expect(await sendCode('', '1')).toMatchObject({ code: -1, msg: '请输入手机号' });
    expect(await sendCode('12345678901', '1')).toMatchObject({ code: -1, msg: '手机号码格式不正确' });
    expect(await call('/api/login/sendCode', { phone: newPhone(), type: '9' })).toMatchObject({ code: -1, msg: '参数错误' });
    // Types 3–5 (phone change, cancellation) are for a signed-in player only.
    for (const type of ['3', '4', '5']) expect(await call('/api/login/sendCode', { phone: newPhone(), type })).toMatchObject({ code: 105, msg: '请先登录' });
    const phone = newPhone();
    expect(await call('/api/login/trendRegister', { account: phone, phone_code: '1234', agree_agreement: 0 })).toMatchObject({ code: -1, msg: '请阅读并同意《用户协议》和《隐私政策》' });
    expect(await call('/api/login/trendRegister', { account: phone, phone_code: '', agree_agreement: 1 })).toMatchObject({ code: -1, msg: '请输入验证码' });
    expect(await call('/api/login/userlogin', { account: '', password: 'abc123' })).toMatchObject({ code: -1, msg: '请输入手机号' });
    expect(await call('/api/login/userlogin', { account: phone, password: '' })).toMatchObject({ code: -1, msg: '请输入密码' });
    for (const password of ['abc12', 'abcdefgh', '12345678', 'abc123456789abcd', 'abc 123', 'abc12!']) {
      expect(await call('/api/login/resetPassword', { account: phone, phone_code: '1234', password })).toMatchObject({ code: -1, msg: '请输入6-15位数字字母组合密码' });
    }
  });

  it('refuses a second send to the same phone within 60 s', async () => {
    const phone = newPhone();
    expect(await sendCode(phone, '1')).toMatchObject({ code: 1 });
    const first = await outbox(phone);
    clock.advance(59_000);
    expect(await sendCode(phone, '1')).toEqual({ code: -1, msg: '请勿频繁发送验证码', data: null });
    expect(await outbox(phone)).toBe(first);
    clock.advance(1_100);
    expect(await sendCode(phone, '1')).toMatchObject({ code: 1 });
  });

  it('limits sends per phone to 5 an hour and 10 a (China) day', async () => {
    const phone = newPhone();
    const sendAfterCooldown = async () => {
      clock.advance(SMS_LIMITS.cooldownMs + 1000);
      return sendCode(phone, '1');
    };
    for (let i = 0; i < 5; i++) expect(await sendAfterCooldown()).toMatchObject({ code: 1 });
    expect(await sendAfterCooldown()).toMatchObject({ code: -1, msg: CODE_MSG.hourly });
    clock.advance(HOUR);
    for (let i = 0; i < 5; i++) expect(await sendAfterCooldown()).toMatchObject({ code: 1 });
    clock.advance(HOUR);
    expect(await sendAfterCooldown()).toMatchObject({ code: -1, msg: CODE_MSG.daily });
    // 09:00 + ~2.2 h is still the same China day; the next day's 09:00 starts afresh.
    clock.advance(START + (day + 1) * DAY - clock.current);
    expect(await sendCode(phone, '1')).toMatchObject({ code: 1 });
  });

  it(`limits sends per client address to ${SMS_LIMITS.perIpPerHour} an hour`, async () => {
    for (let i = 0; i < SMS_LIMITS.perIpPerHour; i++) expect(await sendCode(newPhone(), '1')).toMatchObject({ code: 1 });
    expect(await sendCode(newPhone(), '1')).toMatchObject({ code: -1, msg: CODE_MSG.ip });
    // The 'not registered' answer of recovery sends is throttled too (no free lookup of accounts).
    expect(await sendCode(newPhone(), '2')).toMatchObject({ code: -1, msg: CODE_MSG.ip });
    clock.advance(HOUR);
    expect(await sendCode(newPhone(), '1')).toMatchObject({ code: 1 });
  });

  it('invalidates a code after 5 wrong tries', async () => {
    const phone = newPhone();
    await sendCode(phone, '1');
    const code = (await outbox(phone))!;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const attempt = (phone_code: string) => call('/api/login/trendRegister', { account: phone, phone_code, agree_agreement: 1 });
    for (let i = 0; i < 4; i++) expect(await attempt(wrong)).toMatchObject({ code: -1, msg: '验证码错误' });
    expect(await attempt(wrong)).toMatchObject({ code: -1, msg: CODE_MSG.exhausted });
    expect(await attempt(code)).toMatchObject({ code: -1, msg: CODE_MSG.exhausted });
    // A new code starts with a fresh count.
    clock.advance(SMS_LIMITS.cooldownMs);
    await sendCode(phone, '1');
    expect(await attempt((await outbox(phone))!)).toMatchObject({ code: 200 });
  });

  it('expires a code after 5 minutes', async () => {
    const [early, late] = [newPhone(), newPhone()];
    await sendCode(early, '1');
    await sendCode(late, '1');
    clock.advance(CODE_TTL_MS - 2_000);
    expect(await call('/api/login/trendRegister', { account: early, phone_code: await outbox(early), agree_agreement: 1 })).toMatchObject({ code: 200 });
    clock.advance(3_000);
    expect(await call('/api/login/trendRegister', { account: late, phone_code: await outbox(late), agree_agreement: 1 })).toEqual({
      code: -1,
      msg: '验证码已失效，请重新获取',
      data: null,
    });
  });

  it('binds a code to its purpose: login codes do not reset passwords and recovery codes do not sign in', async () => {
    const phone = newPhone();
    await registerBySms(phone);
    await sendCode(phone, '1');
    const loginCode = (await outbox(phone))!;
    expect(await call('/api/login/verifyCode', { account: phone, phone_code: loginCode })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    expect(await call('/api/login/resetPassword', { account: phone, phone_code: loginCode, password: 'abc123' })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    // …while it still works for its own purpose.
    expect(await call('/api/login/trendRegister', { account: phone, phone_code: loginCode, agree_agreement: 1 })).toMatchObject({ code: 200 });

    clock.advance(SMS_LIMITS.cooldownMs);
    await sendCode(phone, '2');
    const recoveryCode = (await outbox(phone))!;
    expect(await call('/api/login/trendRegister', { account: phone, phone_code: recoveryCode, agree_agreement: 1 })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    expect(await call('/api/login/userRegister', { account: phone, phone_code: recoveryCode, password: 'abc123', agree_agreement: 1 })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    expect(await call('/api/login/verifyCode', { account: phone, phone_code: recoveryCode })).toMatchObject({ code: 1 });
  });

  it('sets a password through forgot-password; userlogin then works and the old token gets 106', async () => {
    const phone = newPhone();
    const first = await registerBySms(phone);
    const second = await registerBySms(phone); // a second signed-in device
    const password = 'lewan2026';

    expect(await sendCode(phone, '2')).toMatchObject({ code: 1 });
    const code = (await outbox(phone))!;
    expect(await call('/api/login/verifyCode', { account: phone, phone_code: code })).toEqual({ code: 1, msg: '验证成功', data: null });
    // verifyCode does not consume: the same code completes the reset, once.
    expect(await call('/api/login/resetPassword', { account: phone, phone_code: code, password })).toEqual({ code: 1, msg: '修改成功', data: null });
    expect(await call('/api/login/resetPassword', { account: phone, phone_code: code, password: 'other123' })).toMatchObject({ code: -1, msg: CODE_MSG.expired });

    for (const { token, uuid } of [first, second]) {
      expect(await call('/api/user/getUserInfo', {}, { token, uuid })).toEqual({ code: 106, msg: '密码已修改，请重新登录', data: null });
    }
    const stored = (await users().select('password_hash').where('phone', '=', phone).executeTakeFirstOrThrow()).password_hash!;
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);

    const login = await call('/api/login/userlogin', { account: phone, password });
    expect(login).toMatchObject({ code: 200, msg: '登录成功', data: { user_uuid: first.uuid, registered: false } });
    const info = await call('/api/user/getUserInfo', {}, { token: login.data.token, uuid: login.data.user_uuid });
    expect(info).toMatchObject({ code: 1, data: { has_password: true } });
  });

  it('logs out: the token then answers 105', async () => {
    const { token, uuid } = await registerBySms(newPhone());
    expect(await call('/api/user/logout', {}, { token, uuid })).toEqual({ code: 1, msg: '退出成功', data: null });
    expect(await call('/api/user/getUserInfo', {}, { token, uuid })).toMatchObject({ code: 105 });
    expect(await call('/api/user/getWatermark', {}, { token, uuid })).toMatchObject({ code: 105 });
  });

  it(`locks password login after ${LOGIN_LIMITS.maxFailures} failures for 15 minutes, then upgrades a weak hash`, async () => {
    const phone = newPhone();
    const { uuid } = await registerBySms(phone);
    // A low-cost hash keeps the ten checks below fast; logging in upgrades it to the OWASP cost.
    const weak = await hashPassword('right123', { N: 1024, r: 8, p: 1 });
    await server.database.db.updateTable('users').set({ password_hash: weak }).where('uuid', '=', uuid).execute();
    const login = (password: string) => call('/api/login/userlogin', { account: phone, password });

    for (let i = 1; i < LOGIN_LIMITS.maxFailures; i++) expect(await login('wrong123')).toMatchObject({ code: -1, msg: '账号或密码错误' });
    expect(await login('wrong123')).toMatchObject({ code: -1, msg: CODE_MSG.loginLocked });
    expect(await login('right123')).toMatchObject({ code: -1, msg: CODE_MSG.loginLocked });
    // Unknown accounts answer like wrong passwords.
    expect(await call('/api/login/userlogin', { account: newPhone(), password: 'right123' })).toMatchObject({ code: -1, msg: '账号或密码错误' });

    clock.advance(LOGIN_LIMITS.windowMs);
    expect(await login('right123')).toMatchObject({ code: 200, data: { user_uuid: uuid } });
    const upgraded = (await users().select('password_hash').where('uuid', '=', uuid).executeTakeFirstOrThrow()).password_hash!;
    expect(parsePasswordHash(upgraded)).toMatchObject({ N: SCRYPT_PARAMS.N, r: 8, p: 1 });
    expect(needsRehash(upgraded)).toBe(false);
  });

  it('registers with a password through userRegister', async () => {
    const phone = newPhone();
    await sendCode(phone, '1');
    const code = await outbox(phone);
    expect(await call('/api/login/userRegister', { account: phone, phone_code: code, password: '123456', agree_agreement: 1 })).toMatchObject({ code: -1, msg: '请输入6-15位数字字母组合密码' });
    const answer = await call('/api/login/userRegister', { account: phone, phone_code: code, password: 'abc123', agree_agreement: 1, bd_vid: 'bd-7' });
    expect(answer).toMatchObject({ code: 200, msg: '登录成功', data: { registered: true } });
    const info = await call('/api/user/getUserInfo', {}, { token: answer.data.token, uuid: answer.data.user_uuid });
    expect(info).toMatchObject({ code: 1, data: { has_password: true } });
    expect((await users().select('bd_vid').where('phone', '=', phone).executeTakeFirstOrThrow()).bd_vid).toBe('bd-7');

    clock.advance(SMS_LIMITS.cooldownMs);
    await sendCode(phone, '1');
    expect(await call('/api/login/userRegister', { account: phone, phone_code: await outbox(phone), password: 'abc123', agree_agreement: 1 })).toMatchObject({
      code: -1,
      msg: '该手机号已注册，请直接登录',
    });
  });

  it('serves the user agreement and the privacy policy', async () => {
    const agreement = await call('/api/down/agreeH5');
    expect(agreement).toMatchObject({ code: 1, data: { title: expect.stringContaining('用户协议') } });
    expect(agreement.data.content).toContain('<h3>一、账号注册与使用</h3>');
    const privacy = await call('/api/down/userPrivacyH5');
    expect(privacy).toMatchObject({ code: 1, data: { title: expect.stringContaining('隐私政策') } });
    expect(privacy.data.content).toContain('个人信息保护法');
    expect(privacy.data.version).toBe('1');
  });

  it('serves the privacy policy with the version an operator sets (data.version); no version → "1"; a bad one → null', async () => {
    const db = server.database.db;
    const setData = (data: Record<string, unknown>) =>
      db.updateTable('site_content').set({ data: JSON.stringify(data) }).where('key', '=', 'privacy_policy').execute();
    try {
      await setData({ version: '2026-12-01' });
      expect((await call('/api/down/userPrivacyH5')).data.version).toBe('2026-12-01');
      await setData({ version: 3 });
      expect((await call('/api/down/userPrivacyH5')).data.version).toBe('3');
      // A row from before versions: the first version.
      await setData({});
      expect((await call('/api/down/userPrivacyH5')).data.version).toBe('1');
      // Not a label: null (the app then counts no consent), the text still served.
      for (const bad of ['', 'v 2', 'x'.repeat(33), true, -1]) {
        await setData({ version: bad });
        const answer = await call('/api/down/userPrivacyH5');
        expect(answer.data.version, String(bad)).toBeNull();
        expect(answer.data.content).toContain('个人信息保护法');
      }
    } finally {
      await setData({ version: '1' });
    }
  });
});

describe.each(DATABASE_KINDS)('SMS provider wiring on %s', (kind) => {
  it('refuses sendCode when the provider fails, and lets the phone ask again at once', async () => {
    const database = await createTestDatabase(kind);
    const kv = new MemoryKvStore();
    let failures = 1;
    const sent: string[] = [];
    const sms = {
      async send(phone: string, code: string) {
        if (failures-- > 0) throw new Error('gateway down');
        sent.push(`${phone}:${code}`);
      },
    };
    const app = await buildApp({ config: loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' }), db: database.db, kv, sms });
    try {
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const call = wireClient(url);
      expect(await call('/api/login/sendCode', { phone: '13700000001', type: '1' })).toEqual({ code: -1, msg: '验证码发送失败，请稍后再试', data: null });
      expect(await call('/api/login/sendCode', { phone: '13700000001', type: '1' })).toMatchObject({ code: 1 });
      expect(sent).toEqual([expect.stringMatching(/^13700000001:\d{4}$/)]);
      // Not the console provider: there is no outbox to read.
      expect(await devSmsCode(url, '13700000001')).toBeNull();
    } finally {
      await app.close();
      await kv.close();
      await database.close();
    }
  });

  it('logs sends through the server logger with the phone masked', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const server = await startTestServer({ kind, env: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      const call = wireClient(server.url);
      expect(await call('/api/login/sendCode', { phone: '13612345678', type: '1' })).toMatchObject({ code: 1 });
      const code = await devSmsCode(server.url, '13612345678');
      const log = lines.join('');
      expect(log).toContain('136****5678');
      expect(log).toContain(`code ${code}`); // outside production the console provider's job is to show it
      expect(log).not.toContain('13612345678');
    } finally {
      await server.close();
    }
  });

  it('outside production, the dev outbox can release a phone\'s 60 s cooldown (e2e walks), and nothing else', async () => {
    const server = await startTestServer({ kind });
    try {
      const call = wireClient(server.url);
      const phone = '13612340001';
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: -1, msg: '请勿频繁发送验证码' });
      const released = await fetch(`${server.url}/dev/sms/${phone}/cooldown`, { method: 'DELETE' });
      expect(released.status).toBe(200);
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      // The hourly count still holds: 5 sends an hour, released cooldown or not.
      for (let sent = 2; sent < 5; sent++) {
        await fetch(`${server.url}/dev/sms/${phone}/cooldown`, { method: 'DELETE' });
        expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      }
      await fetch(`${server.url}/dev/sms/${phone}/cooldown`, { method: 'DELETE' });
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: -1, msg: '验证码发送过于频繁，请1小时后再试' });
    } finally {
      await server.close();
    }
  });

  it('answers 404 from the dev outbox in production', async () => {
    const server = await startTestServer({
      kind,
      env: { NODE_ENV: 'production', API_SIGN_SECRET: 'p1', LOGIN_SIGN_SECRET: 'p2', POINT_SIGN_SECRET: 'p3', API_AES_KEY: 'prod-aes-key-016', REAL_NAME_SECRET: 'prod-real-name-secret', PAYMENT_PROVIDER: 'sandbox', SANDBOX_PAY_KEY: 'prod-sandbox-pay-key', GAME_DELIVERY_KEY: 'prod-game-delivery-key', SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SECRET_KEY: 'key', TENCENT_SMS_APP_ID: '1400000001', TENCENT_SMS_SIGN_NAME: '乐玩游戏', TENCENT_SMS_TEMPLATE: '100001' },
    });
    try {
      const res = await fetch(`${server.url}/dev/sms/13800138000`);
      expect(res.status).toBe(404);
      expect((await fetch(`${server.url}/dev/sms/13800138000/cooldown`, { method: 'DELETE' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
