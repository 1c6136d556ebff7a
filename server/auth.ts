import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WireResponse } from '../api/protocol/wire.ts';
import { CODE, MSG } from '../api/protocol/codes.ts';
import { CANCEL_MSG } from '../api/protocol/calls/account-cancel.ts';
import type { Database, SessionEndReason } from './db/schema.ts';
import type { AuthedUser } from './calls.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** Devices signed in at once; the oldest beyond this is ended as 'signed in elsewhere' (102). */
export const MAX_SESSIONS_PER_USER = 5;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const ENDED: Record<SessionEndReason, WireResponse> = {
  logout: { code: CODE.tokenInvalid, msg: MSG.tokenInvalid, data: null },
  password: { code: CODE.passwordChanged, msg: MSG.passwordChanged, data: null },
  phone: { code: CODE.passwordChanged, msg: MSG.phoneChanged, data: null },
  elsewhere: { code: CODE.signedInElsewhere, msg: MSG.signedInElsewhere, data: null },
  disabled: { code: CODE.accountDisabled, msg: MSG.accountDisabled, data: null },
  // The account was anonymised: 105 makes the client clear the session, toast this and go to /login.
  cancelled: { code: CODE.tokenInvalid, msg: CANCEL_MSG.accountCancelled, data: null },
};

export type Authentication = { ok: true; user: AuthedUser } | { ok: false; response: WireResponse };

/** PROTOCOL §4.5: token checks, answering 102/104/105/106/107. */
export async function authenticate(db: Kysely<Database>, token: unknown, uuid: unknown, now: Date): Promise<Authentication> {
  if (typeof token !== 'string' || token === '') {
    return { ok: false, response: { code: CODE.tokenInvalid, msg: MSG.notLoggedIn, data: null } };
  }
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.expires_at', 'sessions.ended_reason', 'users.id', 'users.uuid', 'users.phone', 'users.nickname', 'users.disabled', 'users.created_at'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || (typeof uuid === 'string' && uuid !== '' && uuid !== row.uuid)) {
    return { ok: false, response: { code: CODE.tokenInvalid, msg: MSG.tokenInvalid, data: null } };
  }
  if (row.disabled) return { ok: false, response: ENDED.disabled };
  if (row.ended_reason) return { ok: false, response: ENDED[row.ended_reason] };
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    return { ok: false, response: { code: CODE.tokenExpired, msg: MSG.tokenExpired, data: null } };
  }
  return { ok: true, user: { id: row.id, uuid: row.uuid, phone: row.phone, nickname: row.nickname, sessionId: row.session_id, registeredAt: new Date(row.created_at) } };
}

/** Starts a session with a fresh token; ends the oldest beyond MAX_SESSIONS_PER_USER. */
export async function startSession(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: hashToken(token), created_at: now, expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS), ended_reason: null, ended_at: null })
      .execute();
    const live = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('ended_reason', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    const surplus = live.slice(MAX_SESSIONS_PER_USER).map((r) => r.id);
    if (surplus.length > 0) {
      await trx.updateTable('sessions').set({ ended_reason: 'elsewhere', ended_at: now }).where('id', 'in', surplus).execute();
    }
  });
  return token;
}

export async function endSessions(
  db: Kysely<Database>,
  where: { sessionId: number } | { userId: number; exceptSessionId?: number },
  reason: SessionEndReason,
  now: Date,
): Promise<void> {
  let query = db.updateTable('sessions').set({ ended_reason: reason, ended_at: now }).where('ended_reason', 'is', null);
  if ('sessionId' in where) query = query.where('id', '=', where.sessionId);
  else {
    query = query.where('user_id', '=', where.userId);
    if (where.exceptSessionId !== undefined) query = query.where('id', '!=', where.exceptSessionId);
  }
  await query.execute();
}
