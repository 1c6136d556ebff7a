import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-call-spec.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { cookieOf, insertStaff, signedInStaff, staffCall, type TestStaffAccount } from '../../tests/helpers/staff.ts';
import { STAFF_LOGIN_LIMITS } from './login-limits.ts';
import { STAFF_IDLE_MS, STAFF_SESSION_MAX_MS } from './sessions.ts';
import { TOTP_PERIOD_S, totpCodeAt } from './totp.ts';

const STEP = TOTP_PERIOD_S * 1000;
// A moment at the start of a TOTP step, so that stepping ±30 s stays inside known steps.
const T0 = Date.UTC(2025, 5, 2, 2, 0, 0);

describe.each(DATABASE_KINDS)('staff sign-in and sessions (%s)', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(T0);
  const login = (account: Pick<TestStaffAccount, 'name' | 'password'>, code: string, headers: Record<string, string> = {}) =>
    staffCall(server.url, '/staff/api/auth/login', { name: account.name, password: account.password, code }, null, { headers });
  const codeFor = (account: TestStaffAccount, offsetMs = 0) => totpCodeAt(account.totpSecret, clock.current + offsetMs);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());

  it('signs in with name, password and the current code: cookie flags, CSRF token, me, audit row', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const answer = await login(account, codeFor(account));
    expect(answer.body).toMatchObject({ code: 1, msg: STAFF_MSG.loginOk, data: { id: account.id, name: account.name, role: 'agent' } });
    expect(answer.body.data.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = answer.setCookie!;
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/staff');
    expect(cookie).not.toContain('Secure'); // not production (see staff-cookie.test.ts for production)
    const me = await staffCall(server.url, '/staff/api/auth/me', {}, { cookie: cookieOf(cookie), csrf: '' });
    expect(me.body).toMatchObject({ code: 1, data: { id: account.id, role: 'agent', csrf_token: answer.body.data.csrf_token } });
    const rows = await server.database.db.selectFrom('staff_audit').selectAll().where('staff_id', '=', account.id).execute();
    expect(rows.map((r) => r.action)).toEqual(['auth.login']);
    const stored = await server.database.db.selectFrom('staff_sessions').select(['token_hash', 'csrf_hash']).where('staff_id', '=', account.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(cookieOf(cookie).split('=')[1]);
    expect(stored.csrf_hash).not.toBe(answer.body.data.csrf_token);
  });

  it('a wrong password and an unknown name get the same answer; a wrong code says so', async () => {
    const account = await insertStaff(server.database.db, 'reviewer');
    expect((await login({ ...account, password: 'wrong-password' }, codeFor(account))).body).toEqual({ code: -1, msg: STAFF_MSG.badCredentials, data: null });
    expect((await login({ name: 'nobody-here', password: account.password }, codeFor(account))).body).toEqual({ code: -1, msg: STAFF_MSG.badCredentials, data: null });
    const wrong = String((Number(codeFor(account)) + 1) % 1_000_000).padStart(6, '0');
    expect((await login(account, wrong)).body).toEqual({ code: -1, msg: STAFF_MSG.totpWrong, data: null });
    expect((await login(account, '12345')).body.msg).toBe(STAFF_MSG.totpFormat);
    expect((await login(account, '')).body.msg).toBe(STAFF_MSG.totpRequired);
  });

  it('accepts the codes one step either side, refuses two steps away, and refuses a code used before', async () => {
    const account = await insertStaff(server.database.db, 'finance');
    expect((await login(account, codeFor(account, -2 * STEP))).body.msg).toBe(STAFF_MSG.totpWrong); // expired
    expect((await login(account, codeFor(account, 2 * STEP))).body.msg).toBe(STAFF_MSG.totpWrong); // too early
    expect((await login(account, codeFor(account, -STEP))).body.code).toBe(1);
    expect((await login(account, codeFor(account, -STEP))).body.msg).toBe(STAFF_MSG.totpUsed); // replay
    expect((await login(account, codeFor(account))).body.code).toBe(1);
    expect((await login(account, codeFor(account))).body.msg).toBe(STAFF_MSG.totpUsed);
    expect((await login(account, codeFor(account, -STEP))).body.msg).toBe(STAFF_MSG.totpUsed); // older than the last used
    expect((await login(account, codeFor(account, STEP))).body.code).toBe(1);
    clock.advance(STEP);
    expect((await login(account, codeFor(account))).body.msg).toBe(STAFF_MSG.totpUsed); // that step was used ahead
    clock.advance(STEP);
    expect((await login(account, codeFor(account))).body.code).toBe(1);
  });

  it('of concurrent sign-ins with one code exactly one succeeds', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const code = codeFor(account);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(account, code)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === STAFF_MSG.totpUsed)).toHaveLength(5);
    expect(await server.database.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', account.id).execute()).toHaveLength(1);
  });

  it('locks a name after 10 failures for 15 minutes, even for the right password and code; a success clears the count', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    for (let i = 1; i <= STAFF_LOGIN_LIMITS.maxFailuresPerName; i++) {
      const answer = await login({ ...account, password: `bad-${i}` }, codeFor(account), { 'x-forwarded-for': '10.0.0.1' });
      expect(answer.body.msg).toBe(i === STAFF_LOGIN_LIMITS.maxFailuresPerName ? STAFF_MSG.locked : STAFF_MSG.badCredentials);
    }
    expect((await login(account, codeFor(account))).body).toEqual({ code: -1, msg: STAFF_MSG.locked, data: null });
    clock.advance(STAFF_LOGIN_LIMITS.windowMs - 60_000);
    expect((await login(account, codeFor(account))).body.msg).toBe(STAFF_MSG.locked);
    clock.advance(60_000);
    expect((await login(account, codeFor(account))).body.code).toBe(1);
    // Wrong codes count too, and a success starts the count again.
    for (let i = 1; i < STAFF_LOGIN_LIMITS.maxFailuresPerName; i++) expect((await login(account, '000000')).body.code).toBe(-1);
    clock.advance(STEP);
    expect((await login(account, codeFor(account))).body.code).toBe(1);
    expect((await login({ ...account, password: 'bad' }, codeFor(account))).body.msg).toBe(STAFF_MSG.badCredentials);
  });

  it('brakes one address failing across many names', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    clock.advance(STAFF_LOGIN_LIMITS.windowMs); // earlier tests' failures from this address have expired
    const perName = STAFF_LOGIN_LIMITS.maxFailuresPerName;
    const names = await Promise.all(Array.from({ length: STAFF_LOGIN_LIMITS.maxFailuresPerIp / perName }, () => insertStaff(server.database.db, 'agent')));
    for (const other of names) for (let i = 0; i < perName; i++) expect((await login({ ...other, password: 'x' }, '000000')).body.code).toBe(-1);
    expect((await login(account, codeFor(account))).body.msg).toBe(STAFF_MSG.ipLocked);
    clock.advance(STAFF_LOGIN_LIMITS.windowMs);
    expect((await login(account, codeFor(account))).body.code).toBe(1);
  });

  it('refuses a disabled account, and ends its sessions when it is disabled', async () => {
    const db = server.database.db;
    const account = await insertStaff(db, 'reviewer');
    const first = await login(account, codeFor(account));
    expect(first.body.code).toBe(1);
    const admin = await signedInStaff(db, 'admin', new Date(clock.current));
    const off = await staffCall(server.url, '/staff/api/accounts/disable', { id: account.id, disabled: '1' }, admin);
    expect(off.body).toMatchObject({ code: 1, data: { id: account.id, disabled: true } });
    const me = await staffCall(server.url, '/staff/api/auth/me', {}, { cookie: cookieOf(first.setCookie), csrf: '' });
    expect(me.body).toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.accountDisabled, data: null });
    clock.advance(STEP);
    expect((await login(account, codeFor(account))).body).toEqual({ code: -1, msg: STAFF_MSG.accountDisabled, data: null });
    // A wrong password still says only 账号或密码错误 (nothing about the account's state).
    expect((await login({ ...account, password: 'nope' }, codeFor(account))).body.msg).toBe(STAFF_MSG.badCredentials);
  });

  it('ends a session after 30 minutes without a call, and 12 hours after sign-in however busy', async () => {
    const db = server.database.db;
    const idle = await signedInStaff(db, 'agent', new Date(clock.current));
    clock.advance(STAFF_IDLE_MS - 1_000);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, idle)).body.code).toBe(1); // touched
    clock.advance(STAFF_IDLE_MS - 1_000);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, idle)).body.code).toBe(1);
    clock.advance(STAFF_IDLE_MS);
    const gone = await staffCall(server.url, '/staff/api/auth/me', {}, idle);
    expect(gone.body).toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.sessionIdle, data: null });
    expect(gone.setCookie).toMatch(/^staff_session=; .*Max-Age=0/);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, idle)).body.msg).toBe(STAFF_MSG.sessionIdle); // stays ended

    const busy = await signedInStaff(db, 'agent', new Date(clock.current));
    for (let elapsed = 0; elapsed + 20 * 60_000 < STAFF_SESSION_MAX_MS; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await staffCall(server.url, '/staff/api/auth/me', {}, busy)).body.code).toBe(1);
    }
    clock.advance(20 * 60_000);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, busy)).body).toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.sessionExpired, data: null });
    const ended = await db.selectFrom('staff_sessions').select(['staff_id', 'ended_reason']).where('staff_id', 'in', [idle.account.id, busy.account.id]).orderBy('staff_id').execute();
    expect(ended.map((r) => r.ended_reason)).toEqual(['idle', 'expired']);
  });

  it('logout ends the session and clears the cookie', async () => {
    const agent = await signedInStaff(server.database.db, 'agent', new Date(clock.current));
    const out = await staffCall(server.url, '/staff/api/auth/logout', {}, agent);
    expect(out.body).toEqual({ code: 1, msg: STAFF_MSG.loggedOut, data: null });
    expect(out.setCookie).toMatch(/^staff_session=; Path=\/staff; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, agent)).body).toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.sessionEnded, data: null });
  });

  it('refuses a POST without X-CSRF-Token or with a wrong one (419), and a body that is not JSON', async () => {
    const admin = await signedInStaff(server.database.db, 'admin', new Date(clock.current));
    const missing = await staffCall(server.url, '/staff/api/accounts/list', {}, { cookie: admin.cookie, csrf: '' });
    expect(missing.body).toEqual({ code: STAFF_CODE.csrf, msg: STAFF_MSG.csrf, data: null });
    const other = await signedInStaff(server.database.db, 'admin', new Date(clock.current));
    expect((await staffCall(server.url, '/staff/api/accounts/list', {}, { cookie: admin.cookie, csrf: other.csrf })).body.code).toBe(STAFF_CODE.csrf);
    expect((await staffCall(server.url, '/staff/api/accounts/list', {}, { cookie: admin.cookie, csrf: admin.csrf + 'x' })).body.code).toBe(STAFF_CODE.csrf);
    expect((await staffCall(server.url, '/staff/api/accounts/list', {}, admin)).body.code).toBe(1);
    // A form post (what a cross-site page can send without asking) is refused before anything else.
    const form = await staffCall(server.url, '/staff/api/accounts/create', {}, admin, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=evil&role=admin' });
    expect([form.status, form.body]).toEqual([415, { code: -1, msg: STAFF_MSG.notJson, data: null }]);
    const text = await staffCall(server.url, '/staff/api/auth/login', {}, null, { headers: { 'content-type': 'text/plain' }, body: '{"name":"a"}' });
    expect(text.status).toBe(415);
    const broken = await staffCall(server.url, '/staff/api/accounts/list', {}, admin, { body: '{"a":' });
    expect([broken.status, broken.body.code]).toEqual([400, -1]);
    const unknown = await staffCall(server.url, '/staff/api/nothing/here', {}, admin);
    expect(unknown.status).toBe(404);
  });
});
