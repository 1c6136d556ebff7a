import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG, CODE, MSG } from '../../api/protocol/codes.ts';
import { PLAYER_ADMIN_MSG } from '../../api/protocol/player-admin.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { signingClock } from '../../api/protocol/wire.ts';
import { insertPlayer } from '../../tests/helpers/players.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';

/**
 * 玩家管理 through the real server, on PGlite and PostgreSQL: an agent finds a player by phone, its
 * last four, ID and nickname (phone masked, real-name status only), reads the account (ledger
 * balances, counts, sessions, lock-out), reveals the phone (audited), bans (the old token answers
 * 107 on its next call, sign-in is refused), unbans (sign-in works), lifts a password lock-out; every
 * write audited, idempotent repeats not; roles without the module get 403 on every call.
 */

const PASSWORD = 'Secret123';

describe.each(DATABASE_KINDS)('玩家管理 (%s)', (kind) => {
  const now = signingClock();
  let server: TestServer;
  let player: ReturnType<typeof wireClient>;
  let agent: StaffCredentials;
  let serial = 0;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = agent) => staffCall(server.url, path, payload, who);
  const audits = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();
  const newPhone = () => `1377${kind === 'pglite' ? '1' : '2'}${String(Date.now() % 100).padStart(2, '0')}${String(++serial).padStart(4, '0')}`;

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
    player = wireClient(server.url, now);
    agent = await signedInStaff(db(), 'agent');
  });
  afterAll(() => server.close());

  /** A player with a password, signed in: its token. */
  async function signedInPlayer() {
    const phone = newPhone();
    const row = await insertPlayer(db(), { phone, password: PASSWORD, at: new Date() });
    const answer = await player('/api/login/userlogin', { account: phone, password: PASSWORD });
    expect(answer.code).toBe(CODE.loginOk);
    return { ...row, token: answer.data.token as string };
  }

  it('finds a player by phone, its last four, ID, uuid and nickname, masked, with the real-name status only', async () => {
    const p = await signedInPlayer();
    await db().updateTable('users').set({ nickname: `查找${p.phone.slice(-4)}号` }).where('id', '=', p.id).execute();
    await db()
      .insertInto('user_real_names')
      .values({ user_id: p.id, id_hash: `h${p.id}`, name_sealed: 'x', id_sealed: 'y', name_masked: '张*', id_masked: '1101**********1234', birth_date: '1990-01-01', provider: 'test' })
      .execute();
    const masked = `${p.phone.slice(0, 3)}****${p.phone.slice(-4)}`;
    const expected = { id: p.id, uuid: p.uuid, phone: masked, real_name: true, banned: false, cancelled: false, nickname: `查找${p.phone.slice(-4)}号` };
    for (const query of [p.phone, `${p.phone.slice(0, 3)} ${p.phone.slice(3, 7)} ${p.phone.slice(7)}`, p.phone.slice(-4), String(p.id), p.uuid, `查找${p.phone.slice(-4)}`]) {
      const answer = await call('/staff/api/players/search', { query });
      expect(answer.body.code, query).toBe(1);
      expect(answer.body.data.list, query).toContainEqual(expect.objectContaining(expected));
    }
    const whole = JSON.stringify((await call('/staff/api/players/search', { query: p.phone })).body);
    expect(whole).not.toContain(p.phone);
    expect(whole).not.toContain('1101');
    // A nickname's middle is no prefix; LIKE's wildcards are text.
    expect((await call('/staff/api/players/search', { query: `${p.phone.slice(-4)}号` })).body.data.list).not.toContainEqual(expect.objectContaining({ id: p.id }));
    expect((await call('/staff/api/players/search', { query: '查%' })).body.data.total).toBe(0);
    const all = await call('/staff/api/players/search', { limit: 1 });
    expect(all.body.data).toMatchObject({ page: 1, limit: 1 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(1);
    expect((await call('/staff/api/players/search', { query: '字'.repeat(40) })).body).toEqual({ code: STAFF_CODE.refused, msg: PLAYER_ADMIN_MSG.queryLong, data: null });
  });

  it('shows the account: masked name, ledger balances, counts, live sessions, no lock-out', async () => {
    const p = await signedInPlayer();
    const answer = await call('/staff/api/players/detail', { id: p.id });
    expect(answer.body).toMatchObject({
      code: 1,
      data: {
        player: {
          id: p.id,
          real_name: false,
          real_name_masked: null,
          ban: null,
          balances: { coins_cents: 0, wallet_cents: 0, points: 0 },
          counts: { orders: 0, coupons: 0, trades: 0, feedback: 0 },
          active_sessions: 1,
          lockout: { account_failures: 0, sms_required: false, locked_addresses: 0 },
        },
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(p.phone);
    expect((await call('/staff/api/players/detail', { id: 2_000_000_000 })).body).toEqual({ code: STAFF_CODE.refused, msg: PLAYER_ADMIN_MSG.missingPlayer, data: null });
  });

  it('reveals the whole phone, each time in the audit log', async () => {
    const p = await signedInPlayer();
    for (let i = 0; i < 2; i++) expect((await call('/staff/api/players/revealPhone', { id: p.id })).body).toEqual({ code: 1, msg: 'success', data: { phone: p.phone } });
    expect(await audits(`user:${p.id}`)).toEqual(
      Array.from({ length: 2 }, () => ({ staff_id: agent.account.id, action: 'players.revealPhone', before: null, after: { revealed: `${p.phone.slice(0, 3)}****${p.phone.slice(-4)}` } })),
    );
  });

  it('bans: the old token is refused on its next call, sign-in is refused; unban lets the player sign in again; repeats change nothing', async () => {
    const p = await signedInPlayer();
    const credentials = { token: p.token, uuid: p.uuid };
    expect((await player('/api/user/getUserInfo', {}, credentials)).code).toBe(1);

    expect((await call('/staff/api/players/ban', { id: p.id, reason: '' })).body).toEqual({ code: STAFF_CODE.refused, msg: PLAYER_ADMIN_MSG.reasonRequired, data: null });
    const banned = await call('/staff/api/players/ban', { id: p.id, reason: '盗号，玩家来电要求' });
    expect(banned.body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.banned, data: { changed: true, sessions_ended: 1, player: { banned: true, active_sessions: 0, ban: { reason: '盗号，玩家来电要求' } } } });

    expect(await player('/api/user/getUserInfo', {}, credentials)).toMatchObject({ code: CODE.accountDisabled, msg: MSG.accountDisabled });
    expect(await player('/api/login/userlogin', { account: p.phone, password: PASSWORD })).toMatchObject({ code: CODE.refused, msg: MSG.accountDisabled });
    expect(await player('/api/login/sendCode', { phone: p.phone, type: '1' })).toMatchObject({ code: 1 });
    expect(await player('/api/login/trendRegister', { account: p.phone, phone_code: await devSmsCode(server.url, p.phone), agree_agreement: 1 })).toMatchObject({ code: CODE.refused, msg: MSG.accountDisabled });

    expect((await call('/staff/api/players/ban', { id: p.id, reason: '再次' })).body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.alreadyBanned, data: { changed: false, player: { ban: { reason: '盗号，玩家来电要求' } } } });
    expect((await call('/staff/api/players/search', { query: p.phone })).body.data.list[0]).toMatchObject({ id: p.id, banned: true });

    expect((await call('/staff/api/players/unban', { id: p.id })).body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.unbanned, data: { changed: true, player: { banned: false, ban: null } } });
    expect((await call('/staff/api/players/unban', { id: p.id })).body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.notBanned, data: { changed: false } });
    // The sessions the ban ended stay ended; a new sign-in works.
    expect((await player('/api/user/getUserInfo', {}, credentials)).code).toBe(CODE.accountDisabled);
    const again = await player('/api/login/userlogin', { account: p.phone, password: PASSWORD });
    expect(again.code).toBe(CODE.loginOk);
    expect((await player('/api/user/getUserInfo', {}, { token: again.data.token, uuid: p.uuid })).code).toBe(1);

    expect(await audits(`user:${p.id}`)).toEqual([
      { staff_id: agent.account.id, action: 'players.ban', before: { banned: false, reason: null }, after: { banned: true, reason: '盗号，玩家来电要求', sessions_ended: 1 } },
      { staff_id: agent.account.id, action: 'players.unban', before: { banned: true, reason: '盗号，玩家来电要求' }, after: { banned: false, reason: null } },
    ]);
  });

  it('lifts a password lock-out: the locked address and the account-wide count, audited', async () => {
    const p = await signedInPlayer();
    for (let i = 0; i < LOGIN_LIMITS.maxFailures; i++) await player('/api/login/userlogin', { account: p.phone, password: 'wrong-one' });
    expect(await player('/api/login/userlogin', { account: p.phone, password: PASSWORD })).toMatchObject({ code: CODE.refused, msg: AUTH_MSG.passwordLocked });
    expect((await call('/staff/api/players/detail', { id: p.id })).body.data.player.lockout).toEqual({ account_failures: LOGIN_LIMITS.maxFailures, sms_required: false, locked_addresses: 1 });

    expect((await call('/staff/api/players/clearLockout', { id: p.id })).body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.lockoutCleared, data: { changed: true, player: { lockout: { account_failures: 0, locked_addresses: 0 } } } });
    expect((await player('/api/login/userlogin', { account: p.phone, password: PASSWORD })).code).toBe(CODE.loginOk);
    expect((await call('/staff/api/players/clearLockout', { id: p.id })).body).toMatchObject({ code: 1, msg: PLAYER_ADMIN_MSG.noLockout, data: { changed: false } });
    expect((await audits(`user:${p.id}`)).map((row) => row.action)).toEqual(['players.clearLockout']);
  });

  it.each(['reviewer', 'finance', 'operator'] as const)('%s gets 403 on every player call and changes nothing', async (role: StaffRole) => {
    const p = await signedInPlayer();
    const who = await signedInStaff(db(), role);
    for (const [path, payload] of [
      ['/staff/api/players/search', {}],
      ['/staff/api/players/detail', { id: p.id }],
      ['/staff/api/players/revealPhone', { id: p.id }],
      ['/staff/api/players/ban', { id: p.id, reason: '越权' }],
      ['/staff/api/players/unban', { id: p.id }],
      ['/staff/api/players/clearLockout', { id: p.id }],
    ] as const) {
      expect((await call(path, payload, who)).body, `${role} ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect((await db().selectFrom('users').select('disabled').where('id', '=', p.id).executeTakeFirstOrThrow()).disabled).toBe(false);
    expect(await audits(`user:${p.id}`)).toEqual([]);
  });

  it('admin may make every player call', async () => {
    const admin = await signedInStaff(db(), 'admin');
    const p = await signedInPlayer();
    expect((await call('/staff/api/players/ban', { id: p.id, reason: '管理员' }, admin)).body.code).toBe(1);
    expect((await call('/staff/api/players/unban', { id: p.id }, admin)).body.code).toBe(1);
    expect((await call('/staff/api/players/revealPhone', { id: p.id }, admin)).body.data.phone).toBe(p.phone);
  });
});
