import * as auth from '../../../api/protocol/staff/auth.ts';
import { STAFF_MSG } from '../../../api/protocol/staff-call-spec.ts';
import { MSG } from '../../../api/protocol/codes.ts';
import { addressTurn, checkSignInPassword, HashQueueFullError } from '../../passwords.ts';
import { claimTotpStep } from '../accounts.ts';
import { writeAudit } from '../audit.ts';
import { handlePublicStaff, handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../calls.ts';
import { admitStaffLogin, clearStaffLogin, recordStaffLoginFailure } from '../login-limits.ts';
import { endStaffSessions, startStaffSession } from '../sessions.ts';
import { matchTotp } from '../totp.ts';

export const staffAuthCalls: StaffCallDefinition[] = [
  handlePublicStaff(auth.login, async (ctx) => {
    const { name, password, code } = ctx.input;
    const admission = await admitStaffLogin(ctx.kv, name, ctx.ip);
    if (admission !== 'ok') {
      ctx.log.info({ staffName: name, refused: admission }, 'staff login refused');
      return staffRefuse(admission === 'ip-locked' ? STAFF_MSG.ipLocked : STAFF_MSG.locked);
    }
    const fail = async (msg: string, why: string) => {
      const locked = await recordStaffLoginFailure(ctx.kv, name, ctx.ip);
      ctx.log.info({ staffName: name, refused: why }, 'staff login failed');
      return staffRefuse(locked ? STAFF_MSG.locked : msg);
    };
    const row = await ctx.db.selectFrom('staff_accounts').selectAll().where('name', '=', name).executeTakeFirst();
    let valid: boolean;
    try {
      // An unknown name is checked against a dummy hash: it costs the time a wrong password does.
      valid = await checkSignInPassword(password, row?.password_hash, addressTurn(ctx.ip));
    } catch (error) {
      if (!(error instanceof HashQueueFullError)) throw error;
      return staffRefuse(MSG.busy);
    }
    // Never says which of name and password was wrong.
    if (!row || !valid) return fail(STAFF_MSG.badCredentials, 'credentials');
    if (row.disabled) return staffRefuse(STAFF_MSG.accountDisabled);
    const step = matchTotp(ctx.keys.totp.open(row.totp_secret_sealed), code, ctx.now.getTime());
    if (step === null) return fail(STAFF_MSG.totpWrong, 'totp');
    if (!(await claimTotpStep(ctx.db, row.id, step))) return fail(STAFF_MSG.totpUsed, 'totp replay');
    await clearStaffLogin(ctx.kv, name);
    const session = await startStaffSession(ctx.db, ctx.keys, row.id, ctx.ip, ctx.now);
    // No rehash on sign-in: the server makes staff hashes at the current cost only (create, reset).
    await ctx.db.updateTable('staff_accounts').set({ last_login_at: ctx.now }).where('id', '=', row.id).execute();
    await writeAudit(ctx.db, { staffId: row.id, action: 'auth.login', target: `staff:${row.id}`, before: null, after: null, ip: ctx.ip, at: ctx.now });
    ctx.setSessionCookie(session.token);
    ctx.log.info({ staff: row.id }, 'staff signed in');
    return staffOk({ id: row.id, name: row.name, role: row.role, csrf_token: session.csrf, expires_at: session.expiresAt.toISOString() }, STAFF_MSG.loginOk);
  }),
  handleStaff(auth.logout, async (ctx) => {
    await endStaffSessions(ctx.db, { sessionId: ctx.staff.sessionId }, 'logout', ctx.now);
    await ctx.audit('auth.logout', `staff:${ctx.staff.id}`, null, null);
    ctx.setSessionCookie(null);
    return staffOk(null, STAFF_MSG.loggedOut);
  }),
  handleStaff(auth.me, async (ctx) =>
    staffOk({ id: ctx.staff.id, name: ctx.staff.name, role: ctx.staff.role, csrf_token: ctx.session.csrfToken, expires_at: ctx.session.expiresAt.toISOString() }),
  ),
];
