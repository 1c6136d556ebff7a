import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';

/**
 * Game log-ins of a sub-account ("cannot play"): enterSubAccount hands its owner a ticket
 * (only its sha256 is stored, in sub_account_sessions) unless the sub-account is frozen by a
 * listing; the simulated game asks POST /sim-game/session { ticket } whether the ticket is still
 * good. A listing's submission, a transfer (slice S2) and a refund end the open sessions.
 */

export const SUB_ACCOUNT_SESSION_TTL_MS = 2 * 3_600_000;
export const SIM_GAME_SESSION_PATH = '/sim-game/session';

type Db = Kysely<Database> | Transaction<Database>;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Ends every open session of the sub-account; answers how many it ended. */
export async function endSubAccountSessions(trx: Db, subAccountId: number, reason: string, now: Date): Promise<number> {
  const ended = await trx
    .updateTable('sub_account_sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('sub_account_id', '=', subAccountId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
}

export type EnterResult = { ok: true; value: { ticket: string; expires_at: string } } | { ok: false; message: string };

/** A log-in ticket for the owner of a sub-account that no listing holds. */
export async function enterSubAccount(db: Kysely<Database>, userId: number, subAccountId: number, now: Date): Promise<EnterResult> {
  return db.transaction().execute(async (trx) => {
    // Locked: a submission freezing it meanwhile waits for this ticket, then ends it.
    const sub = await trx.selectFrom('game_sub_accounts').select(['id', 'user_id', 'frozen_listing_id']).where('id', '=', subAccountId).forUpdate().executeTakeFirst();
    if (!sub || sub.user_id !== userId) return { ok: false as const, message: TRADE_MSG.notOwner };
    if (sub.frozen_listing_id !== null) return { ok: false as const, message: TRADE_MSG.frozen };
    const ticket = randomBytes(24).toString('hex');
    const expiresAt = new Date(now.getTime() + SUB_ACCOUNT_SESSION_TTL_MS);
    await trx.insertInto('sub_account_sessions').values({ sub_account_id: sub.id, user_id: userId, ticket_hash: hashOf(ticket), created_at: now, expires_at: expiresAt }).execute();
    return { ok: true as const, value: { ticket, expires_at: iso(expiresAt) } };
  });
}

export type SessionStatus = 'active' | 'ended' | 'unknown';

/** What the game learns of a ticket: active (open, not expired, its user still owns the sub-account), ended, or unknown. */
export async function sessionStatus(db: Kysely<Database>, ticket: string, now: Date): Promise<SessionStatus> {
  if (!/^[0-9a-f]{48}$/.test(ticket)) return 'unknown';
  const row = await db
    .selectFrom('sub_account_sessions as t')
    .innerJoin('game_sub_accounts as s', 's.id', 't.sub_account_id')
    .select(['t.user_id', 't.ended_at', 't.expires_at', 's.user_id as owner_id', 's.frozen_listing_id'])
    .where('t.ticket_hash', '=', hashOf(ticket))
    .executeTakeFirst();
  if (!row) return 'unknown';
  if (row.ended_at !== null || new Date(row.expires_at).getTime() <= now.getTime() || row.owner_id !== row.user_id || row.frozen_listing_id !== null) return 'ended';
  return 'active';
}

/** POST /sim-game/session { ticket } → { status }: the simulated game's check (server to server). */
export function registerSubAccountSessions(app: FastifyInstance, db: Kysely<Database>, now: () => number): void {
  app.post<{ Body: unknown }>(SIM_GAME_SESSION_PATH, async (request, reply) => {
    const body = request.body as { ticket?: unknown } | null;
    const ticket = body && typeof body === 'object' && typeof body.ticket === 'string' ? body.ticket : '';
    return reply.status(200).type('application/json; charset=utf-8').send({ status: await sessionStatus(db, ticket, new Date(now())) });
  });
}
