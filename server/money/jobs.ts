import type { Kysely } from 'kysely';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import type { Database } from '../db/schema.ts';
import { startPeriodicJob, type JobLog, type PeriodicJob } from '../periodic-job.ts';
import { LAST_ATTEMPT_LEASE_MS, nextRetryDelay, type GameDelivery, type HttpPost } from './delivery.ts';
import { claimDelivery } from './delivery.ts';
import { deliveryAcknowledged, refundOrder, runExpiryPass } from './orders.ts';
import type { PaymentProvider } from './payments/provider.ts';

/**
 * The money jobs, one runner started by server/main.ts: unpaid orders expire, the
 * sandbox provider's notifications go out, paid game top-ups are delivered. Each pass takes `now`
 * so tests drive the schedules with a manual clock.
 */

// ---- The sandbox provider's notification sender ----

/**
 * Sends every due notification once: claimed by a conditional UPDATE (the attempt counter and the
 * next retry time move first, so two processes never send one attempt twice and a crash retries
 * later); acknowledged only by the exact body 'success'; after the last retry of the schedule it
 * gives up (gave_up_at).
 */
export async function runNotificationPass(db: Kysely<Database>, now: Date, http: HttpPost, log?: JobLog): Promise<{ sent: number; acknowledged: number; gaveUp: number }> {
  const counts = { sent: 0, acknowledged: 0, gaveUp: 0 };
  const tried = new Set<number>();
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('payment_notifications')
        .select(['id', 'attempts', 'url', 'body'])
        .where('acknowledged_at', 'is', null)
        .where('gave_up_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(1)
        .forUpdate()
        .skipLocked();
      if (tried.size > 0) query = query.where('id', 'not in', [...tried]);
      const row = await query.executeTakeFirst();
      if (!row) return null;
      const attempts = row.attempts + 1;
      const updated = await trx
        .updateTable('payment_notifications')
        .set({ attempts, next_attempt_at: new Date(now.getTime() + (nextRetryDelay(attempts) ?? LAST_ATTEMPT_LEASE_MS)) })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .returning('id')
        .executeTakeFirst();
      return updated ? { ...row, attempts } : null;
    });
    if (!claimed) return counts;
    tried.add(claimed.id);
    counts.sent++;
    let error: string | null = null;
    try {
      const answer = await http(claimed.url, claimed.body);
      if (answer.text !== 'success') error = `HTTP ${answer.status} ${answer.text.slice(0, 100)}`;
    } catch (e) {
      error = (e as Error).message || 'network error';
    }
    if (error === null) {
      await db.updateTable('payment_notifications').set({ acknowledged_at: now, last_error: null }).where('id', '=', claimed.id).execute();
      counts.acknowledged++;
    } else if (nextRetryDelay(claimed.attempts) === null) {
      await db.updateTable('payment_notifications').set({ gave_up_at: now, last_error: error }).where('id', '=', claimed.id).execute();
      counts.gaveUp++;
      log?.error({ notification: claimed.id, attempts: claimed.attempts, error }, 'payment notification given up');
    } else {
      await db.updateTable('payment_notifications').set({ last_error: error }).where('id', '=', claimed.id).execute();
    }
  }
}

// ---- Deliveries ----

/** Delivers every due paid game top-up once; acknowledged → delivered; refused or given up → refunded. */
export async function runDeliveryPass(db: Kysely<Database>, now: Date, game: GameDelivery, log?: JobLog): Promise<{ sent: number; delivered: number; refunded: number }> {
  const counts = { sent: 0, delivered: 0, refunded: 0 };
  const tried = new Set<number>();
  for (;;) {
    const claimed = await claimDelivery(db, now);
    if (!claimed || tried.has(claimed.order_id)) return counts;
    tried.add(claimed.order_id);
    const order = await db.selectFrom('orders').select(['order_number', 'role_id', 'amount_cents', 'status']).where('id', '=', claimed.order_id).executeTakeFirstOrThrow();
    if (order.status !== 'paid' || order.role_id === null) {
      await db.updateTable('deliveries').set({ status: 'failed', finished_at: now, last_error: `order ${order.status}` }).where('order_id', '=', claimed.order_id).where('status', '=', 'pending').execute();
      continue;
    }
    counts.sent++;
    const outcome = await game.deliver({ order_number: order.order_number, role_id: order.role_id, amount_cents: order.amount_cents });
    if (outcome.kind === 'ok') {
      if (await deliveryAcknowledged(db, claimed.order_id, now)) counts.delivered++;
      continue;
    }
    await db.updateTable('deliveries').set({ last_error: outcome.reason }).where('order_id', '=', claimed.order_id).execute();
    if (outcome.kind === 'refused' || nextRetryDelay(claimed.attempts) === null) {
      log?.error({ order: order.order_number, attempts: claimed.attempts, reason: outcome.reason }, 'delivery failed; refunding');
      if (await refundOrder(db, claimed.order_id, now, MONEY_MSG.deliveryFailed)) counts.refunded++;
    }
  }
}

// ---- The runner ----

export interface MoneyJobDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  http: HttpPost;
  game: GameDelivery;
  now?: () => number;
  log?: JobLog;
  intervalMs: number;
}

/** One pass of every money job at `now`. */
export async function runMoneyJobs(deps: Omit<MoneyJobDeps, 'intervalMs' | 'now'>, now: Date): Promise<void> {
  await runExpiryPass(deps.db, deps.provider, now);
  await runNotificationPass(deps.db, now, deps.http, deps.log);
  await runDeliveryPass(deps.db, now, deps.game, deps.log);
}

/** Runs the passes at start-up (work left by a crash or a stop) and every interval; stop() waits for a pass in progress. */
export function startMoneyJobs(deps: MoneyJobDeps): PeriodicJob {
  return startPeriodicJob({ name: 'money jobs', intervalMs: deps.intervalMs, ...(deps.now ? { now: deps.now } : {}), log: deps.log, run: (now) => runMoneyJobs(deps, now) });
}
