import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { exactCents } from '../../api/protocol/money.ts';
import type { Database } from '../db/schema.ts';
import { deliverySignValid } from './delivery.ts';

/**
 * The simulated game server: a separate party living in this server. It keeps its
 * roles' balances (sim_game_roles, created when a player adds a sub-account) and acknowledges the
 * platform's signed delivery callbacks at POST /sim-game/deliver, crediting a role once per order
 * number (sim_game_deliveries' primary key): a repeated callback answers 'ok' and credits nothing.
 */

export const SIM_GAME_DELIVER_PATH = '/sim-game/deliver';
const SIM_AMOUNT_MAX = 999_999_999;

export type SimAnswer = 'ok' | 'role_missing' | 'bad_sign' | 'conflict' | 'bad_request';

export async function simGameDeliver(db: Kysely<Database>, key: string, params: Record<string, string>, now: Date): Promise<SimAnswer> {
  if (!deliverySignValid(key, params)) return 'bad_sign';
  const roleId = /^\d{1,9}$/.test(params.role_id ?? '') ? Number(params.role_id) : NaN;
  const amount = exactCents(params.amount_cents ?? null);
  // At most 9 digits, as before: no order delivers more.
  if (!params.order_number || Number.isNaN(roleId) || typeof amount !== 'number' || amount > SIM_AMOUNT_MAX) return 'bad_request';
  return db.transaction().execute(async (trx) => {
    const role = await trx.selectFrom('sim_game_roles').select('id').where('id', '=', roleId).forUpdate().executeTakeFirst();
    if (!role) return 'role_missing';
    const inserted = await trx
      .insertInto('sim_game_deliveries')
      .values({ order_number: params.order_number!, role_id: roleId, amount_cents: amount, received_at: now })
      .onConflict((oc) => oc.column('order_number').doNothing())
      .returning('order_number')
      .executeTakeFirst();
    if (!inserted) {
      const earlier = await trx.selectFrom('sim_game_deliveries').select(['role_id', 'amount_cents']).where('order_number', '=', params.order_number!).executeTakeFirstOrThrow();
      return earlier.role_id === roleId && earlier.amount_cents === amount ? 'ok' : 'conflict';
    }
    await trx.updateTable('sim_game_roles').set({ balance_cents: sql<number>`balance_cents + ${amount}` }).where('id', '=', roleId).execute();
    return 'ok';
  });
}

/** A role's balance as the game knows it (fen of top-up). */
export async function simRoleBalance(db: Kysely<Database>, roleId: number): Promise<number> {
  const row = await db.selectFrom('sim_game_roles').select('balance_cents').where('id', '=', roleId).executeTakeFirst();
  return row ? Number(row.balance_cents) : 0;
}

export function registerSimGame(app: FastifyInstance, db: Kysely<Database>, key: string, now: () => number): void {
  app.post<{ Body: string }>(SIM_GAME_DELIVER_PATH, async (request, reply) => {
    const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
    const answer = await simGameDeliver(db, key, params, new Date(now()));
    return reply.status(answer === 'ok' ? 200 : answer === 'bad_request' ? 400 : 403).type('text/plain; charset=utf-8').send(answer);
  });
}
