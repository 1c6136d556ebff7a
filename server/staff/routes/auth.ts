import * as auth from '../../../api/protocol/staff/auth.ts';
import { STAFF_MSG } from '../../../api/protocol/staff-call-spec.ts';
import { checkSignInPassword } from '../../passwords.ts';
import { claimTotpStep } from '../accounts.ts';
import { writeAudit } from '../audit.ts';
import { handlePublicStaff, handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../calls.ts';
import { deviceCookie, deviceCookieValue, knownDeviceOf, newDeviceId } from '../devices.ts';
import { admitStaffLogin, STAFF_LOGIN_LIMITS, staffLoginFailed, staffLoginSucceeded } from '../login-limits.ts';
import { endStaffSessions, startStaffSession } from '../sessions.ts';
import { matchTotp } from '../totp.ts';

export const staffAuthCalls: StaffCallDefinition[] = [
  handlePublicStaff(auth.login, async (ctx) => {
    const { name, password, code } = ctx.input;
    const at = { ip: ctx.ip, at: ctx.now };
    // A known-device cookie counts only for the account it was issued to (a valid MAC is unforgeable,
    // so only its holders pay for this lookup before the counting; everyone else is counted first).
    const presented = knownDeviceOf(ctx.keys, ctx.cookieHeader);
    let row = presented ? await ctx.db.selectFrom('staff_accounts').selectAll().where('name', '=', name).executeTakeFirst() : undefined;
    const deviceId = presented && row && row.id === presented.staffId ? presented.deviceId : null;
    const admission = await admitStaffLogin(ctx.kv, { name, ip: ctx.ip, deviceId });
    if (!admission.ok) {
      ctx.log.info({ staffName: name, refused: admission.refused }, 'staff login refused');
      return staffRefuse(admission.refused === 'ip-locked' ? STAFF_MSG.ipLocked : STAFF_MSG.locked);
    }
    const { ticket } = admission;
    const fail = async (msg: string, why: string) => {
      const failure = staffLoginFailed(ticket);
      ctx.log.info({ staffName: name, refused: why }, 'staff login failed');
      const window = { failures: STAFF_LOGIN_LIMITS.maxFailuresPerName, minutes: STAFF_LOGIN_LIMITS.windowMs / 60_000 };
      // Each lock is written once, by the attempt that completed it. Unknown names lock nothing that exists.
      if (failure.nameLocked && row) {
        await writeAudit(ctx.db, { staffId: row.id, action: 'auth.lockout', target: `staff:${row.id}`, before: null, after: { ...window, from: deviceId ? 'known-device' : 'address', locked_ip: ctx.ip }, ...at });
      }
      if (failure.ipLocked) {
        await writeAudit(ctx.db, { staffId: null, action: 'auth.ipLockout', target: `ip:${ctx.ip}`, before: null, after: { failures: STAFF_LOGIN_LIMITS.maxFailuresPerIp, minutes: window.minutes, last_name: name }, ...at });
      }
      return staffRefuse(failure.nameLocked ? STAFF_MSG.locked : msg);
    };
    row ??= await ctx.db.selectFrom('staff_accounts').selectAll().where('name', '=', name).executeTakeFirst();
    // An unknown name is checked against a dummy hash: it costs the time a wrong password does.
    // The attempt was counted before this point, and the limits admit at most maxFailuresPerIp
    // per address, so the check waits its turn (one per address, round-robin with the players'
    // sign-ins) instead of being refused: a refusal here would leave a counted attempt that never
    // settled, and a lock that no attempt reported to the audit log.
    const valid = await checkSignInPassword(password, row?.password_hash, { key: `ip:${ctx.ip}`, bounded: false });
    // Never says which of name and password was wrong.
    if (!row || !valid) return fail(STAFF_MSG.badCredentials, 'credentials');
    if (row.disabled) return staffRefuse(STAFF_MSG.accountDisabled);
    const step = matchTotp(ctx.keys.totp.open(row.totp_secret_sealed), code, ctx.now.getTime());
    if (step === null) return fail(STAFF_MSG.totpWrong, 'totp');
    if (!(await claimTotpStep(ctx.db, row.id, step))) return fail(STAFF_MSG.totpUsed, 'totp replay');
    await staffLoginSucceeded(ctx.kv, ticket, ctx.ip);
    const session = await startStaffSession(ctx.db, ctx.keys, row.id, ctx.ip, ctx.now);
    // No rehash on sign-in: the server makes staff hashes at the current cost only (create, reset).
    await ctx.db.updateTable('staff_accounts').set({ last_login_at: ctx.now }).where('id', '=', row.id).execute();
    await writeAudit(ctx.db, { staffId: row.id, action: 'auth.login', target: `staff:${row.id}`, before: null, after: { device: deviceId ? 'known' : 'new' }, ...at });
    ctx.setSessionCookie(session.token);
    // This browser is now a known device of the account (kept, and renewed, when it already was).
    ctx.addSetCookie(deviceCookie(deviceCookieValue(ctx.keys, { staffId: row.id, deviceId: deviceId ?? newDeviceId() }), { secure: ctx.config.production }));
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
