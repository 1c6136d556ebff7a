import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG } from '../../api/protocol/staff/accounts.ts';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-call-spec.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { signedInStaff, staffCall, TEST_STAFF_KEYS, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { verifyPassword } from '../passwords.ts';
import { totpCodeAt } from './totp.ts';

describe.each(DATABASE_KINDS)('staff accounts and the audit log (%s)', (kind) => {
  let server: TestServer;
  let admin: StaffCredentials;
  const call = (path: string, payload: unknown = {}, who: StaffCredentials = admin) => staffCall(server.url, path, payload, who);
  const auditOf = async (action: string) => (await call('/staff/api/audit/list', { action })).body.data.list;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signedInStaff(server.database.db, 'admin');
  });
  afterAll(() => server.close());

  it('create: a new account with its password and TOTP secret shown once; stored hashed and sealed; audited with after', async () => {
    const name = `agent-${kind}-1`;
    const created = await call('/staff/api/accounts/create', { name, role: 'agent' });
    expect(created.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.created, data: { account: { name, role: 'agent', disabled: false, last_login_at: null } } });
    const { account, password, totp_secret: secret, otpauth_uri: uri } = created.body.data;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/${encodeURIComponent('乐玩游戏盒员工后台')}:${name}?issuer=${encodeURIComponent('乐玩游戏盒员工后台')}&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const row = await server.database.db.selectFrom('staff_accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
    expect(row.totp_secret_sealed).not.toContain(secret);
    expect(TEST_STAFF_KEYS.totp.open(row.totp_secret_sealed)).toBe(secret);
    // The new account signs in with what was shown.
    const login = await staffCall(server.url, '/staff/api/auth/login', { name, password, code: totpCodeAt(secret, Date.now()) });
    expect(login.body.code).toBe(1);
    const [entry] = await auditOf('accounts.create');
    expect(entry).toMatchObject({ staff_id: admin.account.id, staff_name: admin.account.name, action: 'accounts.create', target: `staff:${account.id}`, before: null, after: account, ip: '127.0.0.1' });
    expect(JSON.stringify(entry)).not.toContain(password);
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('create refuses a taken name and malformed fields; of concurrent creations of one name one wins', async () => {
    expect((await call('/staff/api/accounts/create', { name: admin.account.name, role: 'agent' })).body).toEqual({ code: -1, msg: ACCOUNTS_MSG.nameTaken, data: null });
    expect((await call('/staff/api/accounts/create', { name: '客服小王', role: 'agent' })).body.code).toBe(-1);
    expect((await call('/staff/api/accounts/create', { name: 'ok-name', role: 'boss' })).body.msg).toBe('请选择角色');
    const name = `race-${kind}`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('/staff/api/accounts/create', { name, role: 'finance' })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([-1, -1, -1, 1]);
    expect(await server.database.db.selectFrom('staff_accounts').select('id').where('name', '=', name).execute()).toHaveLength(1);
    expect((await auditOf('accounts.create')).filter((e: { after: { name: string } }) => e.after.name === name)).toHaveLength(1);
  });

  it('disable and enable: before/after in the audit; sessions end; an admin cannot disable itself', async () => {
    const agent = await signedInStaff(server.database.db, 'agent');
    expect((await call('/staff/api/accounts/disable', { id: admin.account.id, disabled: '1' })).body).toEqual({ code: -1, msg: ACCOUNTS_MSG.selfDisable, data: null });
    expect((await call('/staff/api/accounts/disable', { id: 999999, disabled: '1' })).body.msg).toBe(ACCOUNTS_MSG.notFound);
    const off = await call('/staff/api/accounts/disable', { id: agent.account.id, disabled: '1' });
    expect(off.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.disabled, data: { disabled: true } });
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, agent)).body.code).toBe(STAFF_CODE.notSignedIn);
    const [entry] = await auditOf('accounts.disable');
    expect(entry).toMatchObject({ target: `staff:${agent.account.id}`, before: { id: agent.account.id, disabled: false }, after: { id: agent.account.id, disabled: true } });
    const on = await call('/staff/api/accounts/disable', { id: agent.account.id, disabled: '0' });
    expect(on.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.enabled, data: { disabled: false } });
    expect((await auditOf('accounts.enable'))[0]).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
    // Its old session stays ended.
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, agent)).body).toEqual({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.sessionEnded, data: null });
  });

  it('resetPassword and resetTotp: new credentials once, the old ones stop working, sessions end, audited', async () => {
    const reviewer = await signedInStaff(server.database.db, 'reviewer');
    const reset = await call('/staff/api/accounts/resetPassword', { id: reviewer.account.id });
    expect(reset.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.passwordReset, data: { account: { id: reviewer.account.id }, totp_secret: null } });
    const password: string = reset.body.data.password;
    expect(password).not.toBe(reviewer.account.password);
    expect((await staffCall(server.url, '/staff/api/auth/me', {}, reviewer)).body.code).toBe(STAFF_CODE.notSignedIn);
    const now = Date.now();
    const old = await staffCall(server.url, '/staff/api/auth/login', { name: reviewer.account.name, password: reviewer.account.password, code: totpCodeAt(reviewer.account.totpSecret, now) });
    expect(old.body.msg).toBe(STAFF_MSG.badCredentials);
    const totp = await call('/staff/api/accounts/resetTotp', { id: reviewer.account.id });
    expect(totp.body).toMatchObject({ code: 1, msg: ACCOUNTS_MSG.totpReset, data: { password: null } });
    const secret: string = totp.body.data.totp_secret;
    const oldCode = await staffCall(server.url, '/staff/api/auth/login', { name: reviewer.account.name, password, code: totpCodeAt(reviewer.account.totpSecret, now) });
    expect(oldCode.body.msg).toBe(STAFF_MSG.totpWrong);
    expect((await staffCall(server.url, '/staff/api/auth/login', { name: reviewer.account.name, password, code: totpCodeAt(secret, now) })).body.code).toBe(1);
    const [entry] = await auditOf('accounts.resetPassword');
    expect(entry).toMatchObject({ target: `staff:${reviewer.account.id}`, before: { password: '旧密码' }, after: { password: '已重置', sessions_ended: 1 } });
    expect(JSON.stringify(await auditOf('accounts.resetTotp'))).not.toContain(secret);
  });

  it('list shows the accounts; audit/list pages newest first and filters by staff and action', async () => {
    const listed = await call('/staff/api/accounts/list');
    expect(listed.body.data.list.map((a: { name: string }) => a.name)).toContain(admin.account.name);
    expect(Object.keys(listed.body.data.list[0]).sort()).toEqual(['created_at', 'disabled', 'id', 'last_login_at', 'name', 'role']);
    const all = (await call('/staff/api/audit/list', { limit: 50 })).body.data;
    expect(all.total).toBeGreaterThanOrEqual(8);
    const ids = all.list.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = (await call('/staff/api/audit/list', { page: 2, limit: 3 })).body.data;
    expect(page2).toMatchObject({ page: 2, limit: 3, total: all.total });
    expect(page2.list.map((e: { id: number }) => e.id)).toEqual(ids.slice(3, 6));
    const mine = (await call('/staff/api/audit/list', { staff_id: admin.account.id })).body.data;
    expect(mine.list.every((e: { staff_id: number }) => e.staff_id === admin.account.id)).toBe(true);
    expect((await call('/staff/api/audit/list', { action: 'no.such' })).body.data).toMatchObject({ list: [], total: 0 });
    expect((await call('/staff/api/audit/list', { staff_id: 'x' })).body).toEqual({ code: -1, msg: '筛选条件错误', data: null });
  });

  it('an action and its audit row are one transaction: a failing audit undoes the action', async () => {
    const { handleStaff, registerStaffCalls, staffOk } = await import('./calls.ts');
    const { defineStaffCall } = await import('../../api/protocol/staff-call-spec.ts');
    const Fastify = (await import('fastify')).default;
    const spec = defineStaffCall({ path: '/staff/api/test/rename', roles: [], summary: 'test', fields: {} });
    const app = Fastify();
    registerStaffCalls(app, [handleStaff(spec, async (ctx) => {
      await ctx.db.updateTable('staff_accounts').set({ name: 'renamed-in-test' }).where('id', '=', ctx.staff.id).execute();
      await ctx.audit('test.rename', `staff:${ctx.staff.id}`, { name: ctx.staff.name }, { name: 'renamed-in-test', bad: 1n });
      return staffOk(null);
    })], { config: server.config, db: server.database.db, kv: server.kv });
    const answer = await app.inject({ method: 'POST', url: spec.path, headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrf-token': admin.csrf }, payload: '{}' });
    expect(answer.statusCode).toBe(500); // JSON.stringify of a bigint throws inside the transaction
    await app.close();
    const row = await server.database.db.selectFrom('staff_accounts').select('name').where('id', '=', admin.account.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(admin.account.name);
    expect(await auditOf('test.rename')).toEqual([]);
  });
});
