import type { Kysely } from 'kysely';
import * as accounts from '../../../api/protocol/staff/accounts.ts';
import { ACCOUNTS_MSG } from '../../../api/protocol/staff/accounts.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../passwords.ts';
import { accountView, createStaffAccount, generateStaffPassword, type StaffAccountRow } from '../accounts.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../calls.ts';
import { unlockStaffLogin } from '../login-limits.ts';
import { endStaffSessions } from '../sessions.ts';
import { newTotpSecret, totpUri } from '../totp.ts';

/** The account, locked for the rest of the call's transaction. */
function lockedAccount(db: Kysely<Database>, id: number): Promise<StaffAccountRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export const staffAccountCalls: StaffCallDefinition[] = [
  handleStaff(accounts.list, async (ctx) => {
    const rows = await ctx.db.selectFrom('staff_accounts').selectAll().orderBy('id').execute();
    return staffOk({ list: rows.map(accountView) });
  }),
  handleStaff(accounts.create, async (ctx) => {
    const created = await createStaffAccount(ctx.db, ctx.keys, { name: ctx.input.name, role: ctx.input.role }, ctx.now);
    if (!created) return staffRefuse(ACCOUNTS_MSG.nameTaken);
    await ctx.audit('accounts.create', `staff:${created.account.id}`, null, created.account);
    return staffOk({ account: created.account, password: created.password, totp_secret: created.totpSecret, otpauth_uri: created.otpauthUri }, ACCOUNTS_MSG.created);
  }),
  handleStaff(accounts.disable, async (ctx) => {
    const { id, disabled } = ctx.input;
    if (id === ctx.staff.id && disabled) return staffRefuse(ACCOUNTS_MSG.selfDisable);
    const row = await lockedAccount(ctx.db, id);
    if (!row) return staffRefuse(ACCOUNTS_MSG.notFound);
    const before = accountView(row);
    if (row.disabled !== disabled) {
      await ctx.db.updateTable('staff_accounts').set({ disabled }).where('id', '=', id).execute();
      if (disabled) await endStaffSessions(ctx.db, { staffId: id }, 'disabled', ctx.now);
    }
    const after = { ...before, disabled };
    await ctx.audit(disabled ? 'accounts.disable' : 'accounts.enable', `staff:${id}`, before, after);
    return staffOk(after, disabled ? ACCOUNTS_MSG.disabled : ACCOUNTS_MSG.enabled);
  }),
  handleStaff(accounts.resetPassword, async (ctx) => {
    const row = await lockedAccount(ctx.db, ctx.input.id);
    if (!row) return staffRefuse(ACCOUNTS_MSG.notFound);
    const password = generateStaffPassword();
    await ctx.db.updateTable('staff_accounts').set({ password_hash: await hashPassword(password) }).where('id', '=', row.id).execute();
    const ended = await endStaffSessions(ctx.db, { staffId: row.id }, 'reset', ctx.now);
    const account = accountView(row);
    await ctx.audit('accounts.resetPassword', `staff:${row.id}`, { ...account, password: '旧密码' }, { ...account, password: '已重置', sessions_ended: ended });
    return staffOk({ account, password, totp_secret: null, otpauth_uri: null }, ACCOUNTS_MSG.passwordReset);
  }),
  handleStaff(accounts.unlock, async (ctx) => {
    const row = await lockedAccount(ctx.db, ctx.input.id);
    if (!row) return staffRefuse(ACCOUNTS_MSG.notFound);
    // The counters live in the kv store, outside the transaction: unlocked first, so that a failed
    // unlock (Redis down) throws and rolls the audit row back; never an audit row for nothing done.
    await unlockStaffLogin(ctx.kv, row.name, ctx.now.getTime());
    const account = accountView(row);
    await ctx.audit('accounts.unlock', `staff:${row.id}`, null, { ...account, login_counts: '已清零' });
    return staffOk(account, ACCOUNTS_MSG.unlocked);
  }),
  handleStaff(accounts.resetTotp, async (ctx) => {
    const row = await lockedAccount(ctx.db, ctx.input.id);
    if (!row) return staffRefuse(ACCOUNTS_MSG.notFound);
    const secret = newTotpSecret();
    await ctx.db.updateTable('staff_accounts').set({ totp_secret_sealed: ctx.keys.totp.seal(secret), totp_last_step: null }).where('id', '=', row.id).execute();
    const ended = await endStaffSessions(ctx.db, { staffId: row.id }, 'reset', ctx.now);
    const account = accountView(row);
    await ctx.audit('accounts.resetTotp', `staff:${row.id}`, { ...account, totp: '旧密钥' }, { ...account, totp: '已重置', sessions_ended: ended });
    return staffOk({ account, password: null, totp_secret: secret, otpauth_uri: totpUri(secret, row.name) }, ACCOUNTS_MSG.totpReset);
  }),
];
