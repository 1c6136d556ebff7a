import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NOTIFY_RETRY_SCHEDULE_MS } from '../../api/protocol/money.ts';
import type { Database } from '../db/schema.ts';
import { signContent } from './payments/provider.ts';

/**
 * Delivery of a paid game top-up to the game. GameDelivery is what the platform needs of
 * a game server; the reference implementation posts a signed callback to the simulated game server
 * of server/money/sim-game.ts (or GAME_DELIVERY_URL). Deliveries are a durable queue (deliveries),
 * retried on the notification schedule; the job lives in server/money/jobs.ts.
 */

export interface DeliveryRequest {
  order_number: string;
  role_id: number;
  amount_cents: number;
}

/** ok: credited (or already credited); refused: definitive (the order is refunded); retry: try again later. */
export type DeliveryOutcome = { kind: 'ok' } | { kind: 'refused'; reason: string } | { kind: 'retry'; reason: string };

export interface GameDelivery {
  deliver(request: DeliveryRequest): Promise<DeliveryOutcome>;
}

/** An HTTP POST of a form body: what the senders need (tests route it to a test server). */
export type HttpPost = (url: string, body: string) => Promise<{ status: number; text: string }>;

export const fetchPost: HttpPost = async (url, body) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
};

export function deliverySign(key: string, params: Record<string, string | undefined>): string {
  return createHmac('sha256', key).update(signContent(params), 'utf8').digest('hex');
}

export function deliverySignValid(key: string, params: Record<string, string>): boolean {
  if (typeof params.sign !== 'string') return false;
  const expected = Buffer.from(deliverySign(key, params), 'utf8');
  const given = Buffer.from(params.sign, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The game's answers: 'ok', or a definitive refusal ('role_missing', 'bad_sign', 'conflict'). */
export const DEFINITIVE_REFUSALS = ['role_missing', 'bad_sign', 'conflict'] as const;

export function httpGameDelivery(options: { url: () => string; key: string; http: HttpPost; now: () => Date }): GameDelivery {
  return {
    async deliver(request) {
      const params: Record<string, string> = {
        order_number: request.order_number,
        role_id: String(request.role_id),
        amount_cents: String(request.amount_cents),
        timestamp: String(options.now().getTime()),
      };
      params.sign = deliverySign(options.key, params);
      let answer;
      try {
        answer = await options.http(options.url(), new URLSearchParams(params).toString());
      } catch (error) {
        return { kind: 'retry', reason: (error as Error).message || 'network error' };
      }
      const text = answer.text.trim();
      if (answer.status === 200 && text === 'ok') return { kind: 'ok' };
      if ((DEFINITIVE_REFUSALS as readonly string[]).includes(text)) return { kind: 'refused', reason: text };
      return { kind: 'retry', reason: `HTTP ${answer.status} ${text.slice(0, 100)}` };
    },
  };
}

/** When attempt n+1 is due after attempt n (1-based) failed; null after the last. */
export function nextRetryDelay(attemptsMade: number): number | null {
  return NOTIFY_RETRY_SCHEDULE_MS[attemptsMade - 1] ?? null;
}

/** A claimed attempt's lease when no retry follows: long enough for the attempt to finish. */
export const LAST_ATTEMPT_LEASE_MS = 10 * 60_000;

/**
 * Claims one due row of a retry queue: the attempt counter goes up and next_attempt_at moves to
 * the next retry time (a crash mid-send retries then), in a conditional UPDATE over a row picked
 * FOR UPDATE SKIP LOCKED — two processes never send the same attempt.
 */
export async function claimDelivery(db: Kysely<Database>, now: Date): Promise<{ order_id: number; attempts: number } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('deliveries').select(['order_id', 'attempts']).where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!row) return null;
    const attempts = row.attempts + 1;
    const claimed = await trx
      .updateTable('deliveries')
      .set({ attempts, next_attempt_at: new Date(now.getTime() + (nextRetryDelay(attempts) ?? LAST_ATTEMPT_LEASE_MS)) })
      .where('order_id', '=', row.order_id)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'pending')
      .returning('order_id')
      .executeTakeFirst();
    return claimed ? { order_id: row.order_id, attempts } : null;
  });
}
