import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-call-spec.ts';
import { ACCOUNTS_MSG } from '../../api/protocol/staff/accounts.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { insertStaff, signedInStaff, staffCall, TEST_STAFF_KEYS, type TestStaffAccount } from '../../tests/helpers/staff.ts';
import { deviceCookieValue, knownDeviceOf, newDeviceId, STAFF_DEVICE_COOKIE, STAFF_DEVICE_COOKIE_PATH } from './devices.ts';
import { STAFF_LOGIN_LIMITS } from './login-limits.ts';
import { staffKeys } from './totp.ts';
import { TOTP_PERIOD_S, totpCodeAt } from './totp.ts';

const STEP = TOTP_PERIOD_S * 1000;
const T0 = Date.UTC(2025, 6, 1, 2, 0, 0);
const PER_NAME = STAFF_LOGIN_LIMITS.maxFailuresPerName;
const PER_IP = STAFF_LOGIN_LIMITS.maxFailuresPerIp;

let addressSerial = 0;
/** A fresh client address (the server trusts X-Forwarded-For in these tests). */
const newAddress = () => `198.51.100.${++addressSerial}`;

describe.each(DATABASE_KINDS)('staff sign-in limits (%s)', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(T0);
  const lines: Array<Record<string, unknown>> = [];
  const login = (account: Pick<TestStaffAccount, 'name' | 'password'>, code: string, from: { ip: string; device?: string | null }) =>
    staffCall(server.url, '/staff/api/auth/login', { name: account.name, password: account.password, code }, null, {
      headers: { 'x-forwarded-for': from.ip, ...(from.device ? { cookie: from.device } : {}) },
    });
  const codeFor = (account: TestStaffAccount) => totpCodeAt(account.totpSecret, clock.current);
  /** The device cookie a successful sign-in set, as a Cookie header. */
  const deviceOf = (setCookie: string | null) => {
    const match = new RegExp(`${STAFF_DEVICE_COOKIE}=[^;]+`).exec(setCookie ?? '');
    if (!match) throw new Error('no device cookie');
    return match[0];
  };
  const processed = () => lines.filter((line) => line.msg === 'staff login failed').length;
  const audit = (action: string) => server.database.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({
      kind,
      now: clock.now,
      env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
  });
  afterAll(() => server.close());

  /** Accounts for crowds of wrong sign-ins (real names: an unknown name costs a full-cost scrypt, too slow for 80 of them). */
  const crowd = (size: number) => Promise.all(Array.from({ length: size }, () => insertStaff(server.database.db, 'agent')));

  it(`80 concurrent wrong sign-ins from one address across names: at most ${PER_IP} are processed, the rest refused at once`, async () => {
    const names = await crowd(8);
    const ip = newAddress();
    const before = processed();
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => login({ name: names[i % 8]!.name, password: 'wrong-password' }, '000000', { ip })));
    expect(processed() - before).toBeLessThanOrEqual(PER_IP);
    expect(processed() - before).toBe(PER_IP); // nothing else limits them: 8 names, at most 10 each
    expect(answers.filter((a) => a.body.msg === STAFF_MSG.ipLocked)).toHaveLength(80 - PER_IP);
    const braked = (await audit('auth.ipLockout')).filter((row) => row.target === `ip:${ip}`);
    expect(braked).toHaveLength(1);
    expect(braked[0]).toMatchObject({ staff_id: null, ip, after: { failures: PER_IP, minutes: 15 } });
  });

  it(`80 concurrent wrong sign-ins for one name from one address: at most ${PER_NAME} are processed, one lockout written`, async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const ip = newAddress();
    const before = processed();
    const answers = await Promise.all(Array.from({ length: 80 }, () => login({ ...account, password: 'wrong-password' }, codeFor(account), { ip })));
    expect(processed() - before).toBe(PER_NAME);
    expect(answers.filter((a) => a.body.msg === STAFF_MSG.badCredentials)).toHaveLength(PER_NAME - 1);
    expect(answers.filter((a) => a.body.msg === STAFF_MSG.locked)).toHaveLength(80 - PER_NAME + 1);
    const locks = (await audit('auth.lockout')).filter((row) => row.staff_id === account.id);
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ target: `staff:${account.id}`, ip, after: { from: 'address', locked_ip: ip, failures: PER_NAME, minutes: 15 } });
  });

  it('a lockout holds for (name, address) only: the same staff member signs in from another address', async () => {
    const account = await insertStaff(server.database.db, 'reviewer');
    const attacker = newAddress();
    for (let i = 0; i < PER_NAME; i++) await login({ ...account, password: `guess-${i}` }, '000000', { ip: attacker });
    expect((await login(account, codeFor(account), { ip: attacker })).body.msg).toBe(STAFF_MSG.locked);
    expect((await login(account, codeFor(account), { ip: newAddress() })).body.code).toBe(1);
    // The attacker's pair stays locked until its window ends.
    clock.advance(STEP);
    expect((await login(account, codeFor(account), { ip: attacker })).body.msg).toBe(STAFF_MSG.locked);
    clock.advance(STAFF_LOGIN_LIMITS.windowMs);
    expect((await login(account, codeFor(account), { ip: attacker })).body.code).toBe(1);
  });

  it('a braked address does not lock out a known device of the account (password and TOTP still checked); other browsers there are braked', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const other = await insertStaff(server.database.db, 'agent');
    const office = newAddress();
    const first = await login(account, codeFor(account), { ip: office });
    expect(first.body.code).toBe(1);
    const device = deviceOf(first.setCookie);
    expect(first.setCookie).toContain(`Path=${STAFF_DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=7776000`);
    const secondOther = await login(other, codeFor(other), { ip: office });
    const otherDevice = deviceOf(secondOther.setCookie);
    // Someone behind the same address guesses names until it is braked.
    const names = await crowd(6);
    await Promise.all(Array.from({ length: PER_IP }, (_, i) => login({ name: names[i % 6]!.name, password: 'x' }, '000000', { ip: office })));
    clock.advance(STEP);
    expect((await login(account, codeFor(account), { ip: office })).body.msg).toBe(STAFF_MSG.ipLocked);
    expect((await login(account, codeFor(account), { ip: office, device: otherDevice })).body.msg).toBe(STAFF_MSG.ipLocked); // another account's device
    const forged = `${STAFF_DEVICE_COOKIE}=${deviceCookieValue(staffKeys('another-secret-of-32-bytes-000000'), { staffId: account.id, deviceId: newDeviceId() })}`;
    expect((await login(account, codeFor(account), { ip: office, device: forged })).body.msg).toBe(STAFF_MSG.ipLocked);
    expect((await login({ ...account, password: 'wrong' }, codeFor(account), { ip: office, device })).body.msg).toBe(STAFF_MSG.badCredentials);
    const known = await login(account, codeFor(account), { ip: office, device });
    expect(known.body.code).toBe(1);
    expect(deviceOf(known.setCookie)).toBe(device); // the same device id, renewed
    const row = (await audit('auth.login')).filter((r) => r.staff_id === account.id).at(-1);
    expect(row?.after).toEqual({ device: 'known' });
  });

  it('a known device counts its own failures: 10 there lock that device for the name, not the address', async () => {
    const account = await insertStaff(server.database.db, 'finance');
    const ip = newAddress();
    const device = deviceOf((await login(account, codeFor(account), { ip })).setCookie);
    for (let i = 1; i <= PER_NAME; i++) {
      expect((await login({ ...account, password: `bad-${i}` }, '000000', { ip, device })).body.msg).toBe(i === PER_NAME ? STAFF_MSG.locked : STAFF_MSG.badCredentials);
    }
    clock.advance(STEP);
    expect((await login(account, codeFor(account), { ip, device })).body.msg).toBe(STAFF_MSG.locked);
    expect((await login(account, codeFor(account), { ip })).body.code).toBe(1); // the same address, without the stolen-looking device
    const lock = (await audit('auth.lockout')).filter((r) => r.staff_id === account.id).at(-1);
    expect(lock?.after).toMatchObject({ from: 'known-device' });
  });

  it('an administrator unlocks an account (audited); the pair can sign in at once', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const ip = newAddress();
    for (let i = 0; i < PER_NAME; i++) await login({ ...account, password: `bad-${i}` }, '000000', { ip });
    expect((await login(account, codeFor(account), { ip })).body.msg).toBe(STAFF_MSG.locked);
    const admin = await signedInStaff(server.database.db, 'admin', new Date(clock.current));
    const answer = await staffCall(server.url, '/staff/api/accounts/unlock', { id: account.id }, admin);
    expect(answer.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.unlocked, data: { id: account.id, name: account.name } });
    expect((await login(account, codeFor(account), { ip })).body.code).toBe(1);
    const rows = (await audit('accounts.unlock')).filter((r) => r.target === `staff:${account.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: admin.account.id });
    // Counting starts again after the unlock.
    for (let i = 1; i <= PER_NAME; i++) await login({ ...account, password: `again-${i}` }, '000000', { ip });
    clock.advance(STEP);
    expect((await login(account, codeFor(account), { ip })).body.msg).toBe(STAFF_MSG.locked);
    expect((await staffCall(server.url, '/staff/api/accounts/unlock', { id: 999_999 }, admin)).body).toEqual({ code: -1, msg: ACCOUNTS_MSG.notFound, data: null });
  });

  it('unlock is for administrators only: 403 for every other role, and nothing is unlocked', async () => {
    const account = await insertStaff(server.database.db, 'agent');
    const ip = newAddress();
    for (let i = 0; i < PER_NAME; i++) await login({ ...account, password: `bad-${i}` }, '000000', { ip });
    for (const role of ['agent', 'reviewer', 'finance'] as const) {
      const staff = await signedInStaff(server.database.db, role, new Date(clock.current));
      expect((await staffCall(server.url, '/staff/api/accounts/unlock', { id: account.id }, staff)).body).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect((await login(account, codeFor(account), { ip })).body.msg).toBe(STAFF_MSG.locked);
  });

  it('the audit list shows the system rows (address brakes) with no staff member', async () => {
    const admin = await signedInStaff(server.database.db, 'admin', new Date(clock.current));
    const answer = await staffCall(server.url, '/staff/api/audit/list', { action: 'auth.ipLockout' }, admin);
    expect(answer.body.code).toBe(1);
    expect(answer.body.data.total).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.list[0]).toMatchObject({ staff_id: null, staff_name: null, action: 'auth.ipLockout' });
  });
});

describe('the known-device cookie', () => {
  const keys = TEST_STAFF_KEYS;
  it('opens what it made, bound to the account; refuses another key, another account, a changed id', () => {
    const device = { staffId: 12, deviceId: newDeviceId() };
    const value = deviceCookieValue(keys, device);
    expect(knownDeviceOf(keys, `a=b; ${STAFF_DEVICE_COOKIE}=${value}; c=d`)).toEqual(device);
    expect(knownDeviceOf(staffKeys('another-secret-of-32-bytes-000000'), `${STAFF_DEVICE_COOKIE}=${value}`)).toBeNull();
    expect(knownDeviceOf(keys, `${STAFF_DEVICE_COOKIE}=${value.replace(/^12\./, '13.')}`)).toBeNull();
    const [id, , mac] = value.split('.');
    expect(knownDeviceOf(keys, `${STAFF_DEVICE_COOKIE}=${id}.${newDeviceId()}.${mac}`)).toBeNull();
    expect(knownDeviceOf(keys, undefined)).toBeNull();
  });

  it('property: any Cookie header is either a device this key made or null, never an exception', () => {
    const made = fc.record({ staffId: fc.integer({ min: 1, max: 2_147_483_647 }), deviceId: fc.constant(null).map(() => newDeviceId()) });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `${STAFF_DEVICE_COOKIE}=${s}`), made.map((d) => `${STAFF_DEVICE_COOKIE}=${deviceCookieValue(keys, d)}x`)), (header) => {
        expect(knownDeviceOf(keys, header)).toBeNull();
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(made, fc.string({ maxLength: 20 }).filter((s) => !s.includes(';') && !s.includes(STAFF_DEVICE_COOKIE)), (device, junk) => {
        expect(knownDeviceOf(keys, `${junk}; ${STAFF_DEVICE_COOKIE}=${deviceCookieValue(keys, device)}`)).toEqual(device);
      }),
      { numRuns: 500 },
    );
  });
});
