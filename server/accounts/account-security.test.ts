import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../api/protocol/codes.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { insertPlayer } from '../../tests/helpers/players.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { startSession } from '../auth.ts';
import { MemoryKvStore } from '../kv-store.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';
import { CODE_MSG, issueCode, type CodePurpose } from '../verification-codes.ts';
import { ACCOUNT_MSG, bindPhone, PHONE_TICKET_TTL_MS } from './account-security.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 2026-03-02 09:00 China time; every test starts a day later, so no send window overlaps. */
const START = Date.UTC(2026, 2, 2, 1, 0, 0);

type Credentials = { token: string; uuid: string };

describe.each(DATABASE_KINDS)('phone and password change on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;
  const newPhone = () => `1370000${String(++serial).padStart(4, '0')}`;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, kv: new MemoryKvStore(clock.now) });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    const day = Math.floor((clock.current - START) / DAY) + 1;
    clock.advance(START + day * DAY - clock.current);
  });

  const db = () => server.database.db;
  const phoneOf = async (uuid: string) => (await db().selectFrom('users').select('phone').where('uuid', '=', uuid).executeTakeFirstOrThrow()).phone;

  /** An account with `sessions` signed-in devices (the first is "this" device). */
  async function account(options: { password?: string; sessions?: number } = {}) {
    const { id, phone, uuid } = await insertPlayer(db(), { phone: newPhone(), password: options.password ?? null, at: new Date(clock.current) });
    const devices: Credentials[] = [];
    for (let i = 0; i < (options.sessions ?? 1); i++) devices.push({ token: await startSession(db(), id, new Date(clock.current)), uuid });
    return { id, phone, uuid, me: devices[0]!, others: devices.slice(1) };
  }

  /** A code straight into the store (sendCode's limits are sendCode's tests' business). */
  const codeFor = (purpose: CodePurpose, phone: string) => issueCode(server.kv, purpose, phone);

  async function ticketOf(user: { phone: string; me: Credentials }): Promise<string> {
    const answer = await call('/api/user/changeUserTelOne', { phone_code: await codeFor('verifyPhone', user.phone) }, user.me);
    expect(answer).toMatchObject({ code: 1, msg: ACCOUNT_MSG.verified });
    return answer.data.ticket as string;
  }

  const telTwo = (user: { me: Credentials }, phone: string, phone_code: string, ticket: string) => call('/api/user/changeUserTelTwo', { phone, phone_code, ticket }, user.me);
  const stillSignedIn = async (credentials: Credentials) => (await call('/api/user/getUserInfo', {}, credentials)).code === 1;

  it('every call needs a signed-in player', async () => {
    for (const path of ['/api/user/changeUserTelOne', '/api/user/changeUserTelTwo', '/api/user/userChangePassword']) {
      expect(await call(path, { phone_code: '1234', phone: '13800138000', ticket: 'x', password: 'abc123' })).toMatchObject({ code: 105, msg: MSG.notLoggedIn });
    }
  });

  describe('phone change', () => {
    it('end to end through sendCode 3 and 4: new phone bound, other devices get 106 (手机号已更换), this one keeps working, the new phone signs in', async () => {
      const user = await account({ sessions: 3 });
      expect(await call('/api/login/sendCode', { type: '3', phone: '' }, user.me)).toMatchObject({ code: 1 });
      const step1 = await call('/api/user/changeUserTelOne', { phone_code: await devSmsCode(server.url, user.phone) }, user.me);
      expect(step1).toEqual({ code: 1, msg: '验证成功', data: { ticket: expect.stringMatching(/^[\w-]{43}$/), expires_in: 600 } });
      const target = newPhone();
      expect(await call('/api/login/sendCode', { type: '4', phone: target }, user.me)).toMatchObject({ code: 1 });
      const step2 = await telTwo(user, target, (await devSmsCode(server.url, target))!, step1.data.ticket);
      expect(step2).toEqual({ code: 1, msg: '手机号更换成功', data: { phone: `${target.slice(0, 3)}****${target.slice(-4)}` } });
      expect(await phoneOf(user.uuid)).toBe(target);

      for (const other of user.others) {
        expect(await call('/api/user/getUserInfo', {}, other)).toEqual({ code: 106, msg: '手机号已更换，请重新登录', data: null });
      }
      expect(await call('/api/user/getUserInfo', {}, user.me)).toMatchObject({ code: 1, data: { phone: `${target.slice(0, 3)}****${target.slice(-4)}` } });

      // The new phone signs in to the same account (after the 60 s resend cooldown); the old one now belongs to nobody.
      clock.advance(MINUTE);
      expect(await call('/api/login/sendCode', { type: '1', phone: target })).toMatchObject({ code: 1 });
      const login = await call('/api/login/trendRegister', { account: target, phone_code: await devSmsCode(server.url, target), agree_agreement: 1 });
      expect(login).toMatchObject({ code: 200, data: { user_uuid: user.uuid, registered: false } });
      expect(await db().selectFrom('users').select('id').where('phone', '=', user.phone).executeTakeFirst()).toBeUndefined();
    });

    it('step 1 refuses a missing, malformed, wrong, unsent or reused code, and codes of other types', async () => {
      const user = await account();
      const telOne = (phone_code: unknown) => call('/api/user/changeUserTelOne', { phone_code } as never, user.me);
      expect(await telOne('')).toEqual({ code: -1, msg: '请输入验证码', data: null });
      expect(await telOne('12')).toEqual({ code: -1, msg: '验证码错误', data: null });
      expect(await telOne('12345')).toEqual({ code: -1, msg: '验证码错误', data: null });
      expect(await telOne('1234')).toEqual({ code: -1, msg: CODE_MSG.expired, data: null });
      // Codes of types 1, 2, 4 and 5 for the same phone do not pass step 1.
      for (const purpose of ['login', 'recovery', 'bindPhone', 'cancel'] as const) expect(await telOne(await codeFor(purpose, user.phone))).toMatchObject({ code: -1, msg: CODE_MSG.expired });
      // A type-3 code of another phone neither.
      const stranger = await account();
      expect(await telOne(await codeFor('verifyPhone', stranger.phone))).toMatchObject({ code: -1, msg: CODE_MSG.expired });

      const code = await codeFor('verifyPhone', user.phone);
      const wrong = code === '0000' ? '0001' : '0000';
      expect(await telOne(wrong)).toMatchObject({ code: -1, msg: '验证码错误' });
      // A code sent as a JSON number keeps its leading zeros.
      expect(await telOne(Number(code))).toMatchObject({ code: 1 });
      expect(await telOne(code)).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    });

    it('step 1 counts misses: the fifth wrong guess kills the code', async () => {
      const user = await account();
      const code = await codeFor('verifyPhone', user.phone);
      const wrong = code === '0000' ? '0001' : '0000';
      for (let i = 1; i < 5; i++) expect(await call('/api/user/changeUserTelOne', { phone_code: wrong }, user.me)).toMatchObject({ msg: '验证码错误' });
      expect(await call('/api/user/changeUserTelOne', { phone_code: wrong }, user.me)).toMatchObject({ msg: CODE_MSG.exhausted });
      expect(await call('/api/user/changeUserTelOne', { phone_code: code }, user.me)).toMatchObject({ msg: CODE_MSG.exhausted });
    });

    it('step 2 refuses each field in order with its message', async () => {
      const user = await account();
      const ticket = await ticketOf(user);
      expect(await telTwo(user, '', '1234', ticket)).toEqual({ code: -1, msg: '请输入手机号', data: null });
      expect(await telTwo(user, '12345678901', '1234', ticket)).toEqual({ code: -1, msg: '手机号码格式不正确', data: null });
      expect(await telTwo(user, '1380013800', '1234', ticket)).toEqual({ code: -1, msg: '手机号码格式不正确', data: null });
      expect(await telTwo(user, newPhone(), '', ticket)).toEqual({ code: -1, msg: '请输入验证码', data: null });
      expect(await telTwo(user, newPhone(), '12a4', ticket)).toEqual({ code: -1, msg: '验证码错误', data: null });
      expect(await telTwo(user, newPhone(), '1234', '')).toEqual({ code: -1, msg: ACCOUNT_MSG.ticketInvalid, data: null });
      expect(await telTwo(user, newPhone(), '1234', 'not-a-ticket')).toEqual({ code: -1, msg: ACCOUNT_MSG.ticketInvalid, data: null });
      expect(await telTwo(user, user.phone, '1234', ticket)).toEqual({ code: -1, msg: '新手机号不能与当前手机号相同', data: null });
      // The ticket survived every refusal above.
      const target = newPhone();
      expect(await telTwo(user, target, await codeFor('bindPhone', target), ticket)).toMatchObject({ code: 1 });
    });

    it("refuses a phone another account holds, before spending the code; the ticket stays usable", async () => {
      const user = await account();
      const holder = await account();
      const ticket = await ticketOf(user);
      const code = await codeFor('bindPhone', holder.phone);
      expect(await telTwo(user, holder.phone, code, ticket)).toEqual({ code: -1, msg: '该手机号已被其他账号绑定', data: null });
      expect(await phoneOf(holder.uuid)).toBe(holder.phone);
      const target = newPhone();
      expect(await telTwo(user, target, await codeFor('bindPhone', target), ticket)).toMatchObject({ code: 1 });
    });

    it('binds the code to its type and phone: a type-3 code, a code of another phone, a wrong code all fail; a miss keeps the ticket', async () => {
      const user = await account();
      const ticket = await ticketOf(user);
      const target = newPhone();
      const elsewhere = newPhone();
      expect(await telTwo(user, target, await codeFor('verifyPhone', target), ticket)).toMatchObject({ code: -1, msg: CODE_MSG.expired });
      expect(await telTwo(user, target, await codeFor('login', target), ticket)).toMatchObject({ code: -1, msg: CODE_MSG.expired });
      const other = await codeFor('bindPhone', elsewhere);
      const right = await codeFor('bindPhone', target);
      if (other !== right) expect(await telTwo(user, target, other, ticket)).toMatchObject({ code: -1, msg: '验证码错误' });
      expect(await telTwo(user, target, right, ticket)).toMatchObject({ code: 1 });
      expect(await phoneOf(user.uuid)).toBe(target);
    });

    it("refuses another player's ticket", async () => {
      const owner = await account();
      const thief = await account();
      const ticket = await ticketOf(owner);
      const target = newPhone();
      expect(await telTwo(thief, target, await codeFor('bindPhone', target), ticket)).toEqual({ code: -1, msg: ACCOUNT_MSG.ticketInvalid, data: null });
      expect(await phoneOf(thief.uuid)).toBe(thief.phone);
      // Still the owner's to use.
      expect(await telTwo(owner, target, await codeFor('bindPhone', target), ticket)).toMatchObject({ code: 1 });
    });

    it('a ticket lasts 10 minutes', async () => {
      const user = await account();
      const early = await ticketOf(user);
      clock.advance(PHONE_TICKET_TTL_MS - 5_000);
      const target = newPhone();
      expect(await telTwo(user, target, await codeFor('bindPhone', target), early)).toMatchObject({ code: 1 });

      const late = await ticketOf({ ...user, phone: target });
      clock.advance(PHONE_TICKET_TTL_MS);
      const next = newPhone();
      expect(await telTwo(user, next, await codeFor('bindPhone', next), late)).toEqual({ code: -1, msg: ACCOUNT_MSG.ticketInvalid, data: null });
      expect(await phoneOf(user.uuid)).toBe(target);
    });

    it('a ticket is used once; a ticket from before the phone changed is void', async () => {
      const user = await account();
      const first = await ticketOf(user);
      const spare = await ticketOf(user);
      const target = newPhone();
      expect(await telTwo(user, target, await codeFor('bindPhone', target), first)).toMatchObject({ code: 1 });
      const next = newPhone();
      expect(await telTwo(user, next, await codeFor('bindPhone', next), first)).toMatchObject({ code: -1, msg: ACCOUNT_MSG.ticketInvalid });
      expect(await telTwo(user, next, await codeFor('bindPhone', next), spare)).toMatchObject({ code: -1, msg: ACCOUNT_MSG.ticketInvalid });
      expect(await phoneOf(user.uuid)).toBe(target);
    });

    it('the same ticket sent twice at once binds once', async () => {
      const user = await account();
      const ticket = await ticketOf(user);
      const target = newPhone();
      const code = await codeFor('bindPhone', target);
      const answers = await Promise.all([telTwo(user, target, code, ticket), telTwo(user, target, code, ticket)]);
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    });

    it('two accounts binding one phone at once: exactly one wins (the unique phone settles it)', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await account();
        const b = await account();
        const target = newPhone();
        const [ticketA, ticketB] = [await ticketOf(a), await ticketOf(b)];
        const code = await codeFor('bindPhone', target);
        const answers = await Promise.all([telTwo(a, target, code, ticketA), telTwo(b, target, code, ticketB)]);
        expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
        expect(answers.find((answer) => answer.code !== 1)!.msg).toMatch(/^(该手机号已被其他账号绑定|验证码已失效，请重新获取)$/);
        const holders = await db().selectFrom('users').select('uuid').where('phone', '=', target).execute();
        expect(holders).toHaveLength(1);
      }
    });

    it('bindPhone under a race: of two accounts taking one number at once, one is bound and one is told taken', async () => {
      for (let round = 0; round < 10; round++) {
        const [a, b] = [await account(), await account()];
        const target = newPhone();
        const results = await Promise.all([bindPhone(db(), a.id, target), bindPhone(db(), b.id, target)]);
        expect(results.sort()).toEqual(['bound', 'taken']);
        expect(await db().selectFrom('users').select('id').where('phone', '=', target).execute()).toHaveLength(1);
      }
    });
  });

  describe('password change', () => {
    const change = (user: { me: Credentials }, fields: Record<string, string | number>) => call('/api/user/userChangePassword', fields, user.me);

    it('by the old password: 修改成功, other devices get 106 (密码已修改), this one keeps working, the new password signs in', async () => {
      const user = await account({ password: 'old123', sessions: 3 });
      expect(await change(user, { old_password: 'old123', password: 'new456' })).toEqual({ code: 1, msg: '修改成功', data: null });
      for (const other of user.others) expect(await call('/api/user/getUserInfo', {}, other)).toEqual({ code: 106, msg: '密码已修改，请重新登录', data: null });
      expect(await stillSignedIn(user.me)).toBe(true);
      expect(await call('/api/login/userlogin', { account: user.phone, password: 'old123' })).toMatchObject({ code: -1, msg: '账号或密码错误' });
      expect(await call('/api/login/userlogin', { account: user.phone, password: 'new456' })).toMatchObject({ code: 200, data: { user_uuid: user.uuid } });
    });

    it('refuses a new password outside 6–15 letters-and-digits with SPEC §5 message', async () => {
      const user = await account({ password: 'old123' });
      for (const password of ['', 'abc12', 'abcdefgh', '1234567', 'abc123abc123abc1', 'abc 123', '密码abc123']) {
        expect(await change(user, { old_password: 'old123', password })).toEqual({ code: -1, msg: '请输入6-15位数字字母组合密码', data: null });
      }
    });

    it('needs a proof: the old password or a type-3 code; an account without a password may only use the code', async () => {
      const withPassword = await account({ password: 'old123' });
      expect(await change(withPassword, { password: 'new456' })).toEqual({ code: -1, msg: '请输入原密码', data: null });
      expect(await change(withPassword, { old_password: 'bad999', password: 'new456' })).toEqual({ code: -1, msg: '原密码错误', data: null });
      expect(await change(withPassword, { old_password: 'old123', password: 'old123' })).toEqual({ code: -1, msg: '新密码不能与原密码相同', data: null });
      expect(await change(withPassword, { phone_code: '12', password: 'new456' })).toEqual({ code: -1, msg: '验证码错误', data: null });

      const without = await account();
      expect(await change(without, { password: 'new456' })).toEqual({ code: -1, msg: '请输入验证码', data: null });
      expect(await change(without, { old_password: 'anything1', password: 'new456' })).toEqual({ code: -1, msg: '该账号未设置密码，请使用短信验证码验证', data: null });
      expect(await change(without, { phone_code: await codeFor('bindPhone', without.phone), password: 'new456' })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
      expect(await change(without, { phone_code: await codeFor('verifyPhone', without.phone), password: 'new456' })).toEqual({ code: 1, msg: '修改成功', data: null });
      expect(await call('/api/user/getUserInfo', {}, without.me)).toMatchObject({ code: 1, data: { has_password: true } });
      expect(await call('/api/login/userlogin', { account: without.phone, password: 'new456' })).toMatchObject({ code: 200 });
    });

    it('by code: the same password is refused without spending the code; a code is used once; other devices get 106', async () => {
      const user = await account({ password: 'old123', sessions: 2 });
      const code = await codeFor('verifyPhone', user.phone);
      expect(await change(user, { phone_code: code, password: 'old123' })).toEqual({ code: -1, msg: '新密码不能与原密码相同', data: null });
      expect(await change(user, { phone_code: code, password: 'new456' })).toEqual({ code: 1, msg: '修改成功', data: null });
      expect(await change(user, { phone_code: code, password: 'new789' })).toMatchObject({ code: -1, msg: CODE_MSG.expired });
      expect(await call('/api/user/getUserInfo', {}, user.others[0]!)).toMatchObject({ code: 106, msg: '密码已修改，请重新登录' });
      expect(await stillSignedIn(user.me)).toBe(true);
    });

    it(`counts wrong old passwords with the login limiter: locked after ${LOGIN_LIMITS.maxFailures} for 15 minutes`, async () => {
      const user = await account({ password: 'old123' });
      for (let i = 1; i < LOGIN_LIMITS.maxFailures; i++) expect(await change(user, { old_password: 'bad999', password: 'new456' })).toMatchObject({ msg: '原密码错误' });
      expect(await change(user, { old_password: 'bad999', password: 'new456' })).toMatchObject({ code: -1, msg: ACCOUNT_MSG.oldPasswordLocked });
      expect(await change(user, { old_password: 'old123', password: 'new456' })).toMatchObject({ code: -1, msg: ACCOUNT_MSG.oldPasswordLocked });
      // One budget with password login.
      expect(await call('/api/login/userlogin', { account: user.phone, password: 'old123' })).toMatchObject({ code: -1, msg: CODE_MSG.loginLocked });
      clock.advance(LOGIN_LIMITS.windowMs);
      expect(await change(user, { old_password: 'old123', password: 'new456' })).toMatchObject({ code: 1 });
    });

    it('a locked old password leaves the code route open', async () => {
      const user = await account({ password: 'old123' });
      for (let i = 0; i < LOGIN_LIMITS.maxFailures; i++) await change(user, { old_password: 'bad999', password: 'new456' });
      expect(await change(user, { old_password: 'old123', password: 'new456' })).toMatchObject({ msg: ACCOUNT_MSG.oldPasswordLocked });
      expect(await change(user, { phone_code: await codeFor('verifyPhone', user.phone), password: 'new456' })).toMatchObject({ code: 1, msg: '修改成功' });
    });
  });
});
