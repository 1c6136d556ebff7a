import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../../api/protocol/staff-call-spec.ts';
import { STAFF_MSG } from '../../api/protocol/staff-call-spec.ts';
import { hashToken, newToken } from '../auth.ts';
import type { Database, StaffSessionEndReason } from '../db/schema.ts';
import type { StaffKeys } from './totp.ts';

/** A session ends after 30 minutes without a call, and 12 hours after sign-in whatever happens. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
export const STAFF_COOKIE = 'staff_session';

export interface StaffIdentity {
  id: number;
  name: string;
  role: StaffRole;
  sessionId: number;
}

export interface StartedSession {
  token: string;
  csrf: string;
  expiresAt: Date;
}

/** A fresh session: 256 random bits in the cookie, sha256 in the table; its CSRF token is derived from it. */
export async function startStaffSession(db: Kysely<Database>, keys: StaffKeys, staffId: number, ip: string, now: Date): Promise<StartedSession> {
  const token = newToken();
  const csrf = keys.csrfFor(token);
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_MS);
  await db
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, token_hash: hashToken(token), csrf_hash: hashToken(csrf), ip, created_at: now, last_seen_at: now, expires_at: expiresAt, ended_at: null, ended_reason: null })
    .execute();
  return { token, csrf, expiresAt };
}

export type StaffAuthentication =
  | { ok: true; staff: StaffIdentity; csrfHash: string; expiresAt: Date }
  | { ok: false; msg: string };

/**
 * The session of a cookie token, or why there is none. An idle or expired session is ended here
 * (its row keeps why). A valid one is touched (last_seen_at = now).
 */
export async function authenticateStaff(db: Kysely<Database>, token: string | null, now: Date): Promise<StaffAuthentication> {
  if (!token) return { ok: false, msg: STAFF_MSG.notSignedIn };
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select(['staff_sessions.id as session_id', 'staff_sessions.csrf_hash', 'staff_sessions.last_seen_at', 'staff_sessions.expires_at', 'staff_sessions.ended_reason', 'staff_accounts.id', 'staff_accounts.name', 'staff_accounts.role', 'staff_accounts.disabled'])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, msg: STAFF_MSG.notSignedIn };
  if (row.disabled) return { ok: false, msg: STAFF_MSG.accountDisabled };
  if (row.ended_reason) return { ok: false, msg: row.ended_reason === 'idle' ? STAFF_MSG.sessionIdle : row.ended_reason === 'expired' ? STAFF_MSG.sessionExpired : STAFF_MSG.sessionEnded };
  const at = now.getTime();
  const expired = new Date(row.expires_at).getTime() <= at;
  const idle = new Date(row.last_seen_at).getTime() + STAFF_IDLE_MS <= at;
  if (expired || idle) {
    const reason: StaffSessionEndReason = expired ? 'expired' : 'idle';
    await db.updateTable('staff_sessions').set({ ended_reason: reason, ended_at: now }).where('id', '=', row.session_id).where('ended_reason', 'is', null).execute();
    return { ok: false, msg: expired ? STAFF_MSG.sessionExpired : STAFF_MSG.sessionIdle };
  }
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', row.session_id).execute();
  return { ok: true, staff: { id: row.id, name: row.name, role: row.role, sessionId: row.session_id }, csrfHash: row.csrf_hash, expiresAt: new Date(row.expires_at) };
}

/** Constant-time comparison of a presented CSRF token with the session's stored hash. */
export function csrfMatches(presented: unknown, storedHash: string): boolean {
  if (typeof presented !== 'string' || presented === '' || presented.length > 256) return false;
  const given = Buffer.from(hashToken(presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function endStaffSessions(db: Kysely<Database>, where: { sessionId: number } | { staffId: number }, reason: StaffSessionEndReason, now: Date): Promise<number> {
  let query = db.updateTable('staff_sessions').set({ ended_reason: reason, ended_at: now }).where('ended_reason', 'is', null);
  query = 'sessionId' in where ? query.where('id', '=', where.sessionId) : query.where('staff_id', '=', where.staffId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The staff_session cookie of a Cookie header, or null. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === STAFF_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Set-Cookie for a session (maxAgeMs) or its removal (null). */
export function sessionCookie(token: string | null, options: { secure: boolean; maxAgeMs?: number }): string {
  const parts = [`${STAFF_COOKIE}=${token ?? ''}`, 'Path=/staff', 'HttpOnly', 'SameSite=Strict', `Max-Age=${token ? Math.floor((options.maxAgeMs ?? STAFF_SESSION_MAX_MS) / 1000) : 0}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Whether a session is still live at `now` (not ended, not idle, not expired, its account not
 * disabled), without touching it: a long-lived request (the agents' stream) checks it now and
 * then, and ends when the session does. Keeping a stream open is not activity.
 */
export async function staffSessionLive(db: Kysely<Database>, sessionId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select(['staff_sessions.last_seen_at', 'staff_sessions.expires_at', 'staff_sessions.ended_reason', 'staff_accounts.disabled'])
    .where('staff_sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.disabled || row.ended_reason) return false;
  const at = now.getTime();
  return new Date(row.expires_at).getTime() > at && new Date(row.last_seen_at).getTime() + STAFF_IDLE_MS > at;
}
