import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STAFF_CALL_SPECS } from '../../api/protocol/staff/all.ts';
import { roleAllowed, STAFF_CODE, STAFF_MSG, STAFF_ROLES } from '../../api/protocol/staff-call-spec.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { allStaffCalls } from '../app.ts';

/** Every registered staff call, whoever adds it: the auth rules hold for all of them. */
describe('the staff call registry and its declarations', () => {
  const served = allStaffCalls();

  it('serves every declaration once, and only declared calls', () => {
    for (const call of served) expect(ALL_STAFF_CALL_SPECS, `${call.path} is served but not declared in api/protocol/staff/all.ts`).toContain(call.spec);
    const paths = served.map((call) => call.path);
    expect(ALL_STAFF_CALL_SPECS.map((spec) => spec.path).filter((path) => !paths.includes(path))).toEqual([]);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it('only auth/login is public, only login and me skip the CSRF header, and admin may make every call', () => {
    expect(served.filter((call) => call.spec.roles === 'public').map((call) => call.path)).toEqual(['/staff/api/auth/login']);
    expect(served.filter((call) => !call.spec.csrf).map((call) => call.path).sort()).toEqual(['/staff/api/auth/login', '/staff/api/auth/me']);
    for (const call of served) if (call.spec.roles !== 'public') expect(roleAllowed(call.spec, 'admin'), call.path).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('every staff call refuses whoever may not make it (%s)', (kind) => {
  let server: TestServer;
  let playerToken: string;
  let playerUuid: string;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    // A real player with a valid token, signed in the way the app does it.
    const call = wireClient(server.url);
    const phone = '13900007788';
    await call('/api/login/sendCode', { phone, type: '1' });
    const signedIn = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: '1' });
    expect(signedIn.code).toBe(200);
    playerToken = signedIn.data.token;
    playerUuid = signedIn.data.user_uuid;
    expect((await call('/api/user/getUserInfo', {}, { token: playerToken, uuid: playerUuid })).code).toBe(1);
  });
  afterAll(() => server.close());

  const guarded = allStaffCalls().filter((call) => call.spec.roles !== 'public');

  it.each(guarded.map((call) => [call.path, call] as const))('%s', async (path, call) => {
    // No cookie at all.
    expect((await staffCall(server.url, path, {})).body, 'no session').toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.notSignedIn, data: null });
    // A player's valid token, every way a player client sends it (signed fields, Bearer header), and as the cookie.
    const asPlayer = [
      staffCall(server.url, path, { token: playerToken, user_uuid: playerUuid }),
      staffCall(server.url, path, {}, null, { headers: { authorization: `Bearer ${playerToken}`, 'x-user-uuid': playerUuid } }),
      staffCall(server.url, path, {}, { cookie: `staff_session=${playerToken}`, csrf: playerToken }),
      staffCall(server.url, path, {}, { cookie: `token=${playerToken}; user_uuid=${playerUuid}`, csrf: '' }),
    ];
    for (const answer of await Promise.all(asPlayer)) expect(answer.body.code, 'player token').toBe(STAFF_CODE.notSignedIn);
    for (const role of STAFF_ROLES) {
      // Fresh sessions per call (auth/logout ends the one it is made with).
      const session: StaffCredentials = await signedInStaff(server.database.db, role);
      if (call.spec.csrf) expect((await staffCall(server.url, path, {}, { cookie: session.cookie, csrf: '' })).body.code, `${role} without CSRF`).toBe(STAFF_CODE.csrf);
      const answer = await staffCall(server.url, path, {}, session);
      if (roleAllowed(call.spec, role)) {
        // Past authorisation: whatever the call answers (ok, or a refusal of its fields), it is not an auth code.
        expect([STAFF_CODE.notSignedIn, STAFF_CODE.forbidden, STAFF_CODE.csrf], `${role} may make ${path}`).not.toContain(answer.body.code);
      } else {
        expect(answer.body, `${role} may not make ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
      }
    }
  });
});
