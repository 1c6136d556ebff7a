import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { client, until, type Acknowledged } from './harness.ts';

/** The fault tests' checks on a database after the fault (tests/faults/). */

export interface Pending {
  notificationsDue: number;
  notificationsInFlight: string[];
  /** The orders of those notifications. */
  inFlightOrders: string[];
  deliveriesPending: number;
}

/** What the kill left: notifications never sent (due now), notifications whose attempt was in flight (retried on the schedule), deliveries pending. */
export async function pendingWork(db: Kysely<Database>): Promise<Pending> {
  const notifications = await db
    .selectFrom('payment_notifications')
    .innerJoin('sandbox_trades', 'sandbox_trades.trade_no', 'payment_notifications.trade_no')
    .select(['payment_notifications.trade_no', 'payment_notifications.attempts', 'sandbox_trades.out_trade_no'])
    .where('acknowledged_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .execute();
  const deliveries = await db.selectFrom('deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return {
    notificationsDue: notifications.filter((n) => n.attempts === 0).length,
    notificationsInFlight: notifications.filter((n) => n.attempts > 0).map((n) => n.trade_no),
    inFlightOrders: notifications.filter((n) => n.attempts > 0).map((n) => n.out_trade_no),
    deliveriesPending: Number(deliveries.n),
  };
}

/** Every acknowledged write is in the database, every paid order delivered, nothing left pending, the ledger clean. */
export async function verify(db: Kysely<Database>, acked: Acknowledged): Promise<{ ledger: Awaited<ReturnType<typeof checkLedger>> }> {
  const uuids = [...new Set(acked.signUps)];
  if (uuids.length > 0) {
    const users = await db.selectFrom('users').select(['uuid', 'id']).where('uuid', 'in', uuids).execute();
    expect(users.length, 'acknowledged sign-ups present').toBe(uuids.length);
    const idOf = new Map(users.map((u) => [u.uuid, u.id]));
    for (const gift of acked.gifts) {
      const row = await db.selectFrom('gift_codes').select(['claimed_by']).where('pack_id', '=', gift.packId).where('code', '=', gift.code).executeTakeFirst();
      expect(row?.claimed_by, `gift code ${gift.code} claimed by its player`).toBe(idOf.get(gift.uuid));
    }
  }
  if (acked.feedback.length > 0) {
    const feedback = await db.selectFrom('feedback').select('request_id').where('request_id', 'in', acked.feedback).execute();
    expect(feedback.length, 'acknowledged feedback present').toBe(acked.feedback.length);
  }
  const numbers = [...acked.cashierPaid.map((o) => o.orderNumber), ...acked.balancePaid.map((o) => o.orderNumber)];
  if (numbers.length > 0) {
    const orders = await db.selectFrom('orders').select(['order_number', 'status']).where('order_number', 'in', numbers).execute();
    expect(orders.length, 'acknowledged orders present').toBe(numbers.length);
    const notDelivered = orders.filter((o) => o.status !== 'delivered');
    expect(notDelivered, 'every paid order delivered').toEqual([]);
  }
  const left = await pendingWork(db);
  expect(left, 'nothing left in the retry queues').toEqual({ notificationsDue: 0, notificationsInFlight: [], inFlightOrders: [], deliveriesPending: 0 });
  const ledger = await checkLedger(db);
  expect(ledger.problems).toEqual([]);
  return { ledger };
}

/** Waits until every acknowledged order reads 'delivered' through the API (except those listed), as the player sees it. */
export async function allDelivered(url: string, acked: Acknowledged, except: Set<string>, timeoutMs = 60_000): Promise<number> {
  const call = client(url);
  const orders = [...acked.cashierPaid, ...acked.balancePaid].filter((o) => !except.has(o.orderNumber));
  const started = Date.now();
  for (const order of orders) {
    await until(async () => (await call('/api/order/getOneOrder', { order_number: order.orderNumber }, order.who)).data?.status === 'delivered', `order ${order.orderNumber} delivered`, timeoutMs - (Date.now() - started), 200);
  }
  return Date.now() - started;
}

/** Rows the driven flows must never leave half-written: a paid order without its ledger transaction, a delivery of an unpaid order, a paid trade without its notification. */
export async function orphans(db: Kysely<Database>): Promise<{ paidWithoutLedger: string[]; deliveriesOfUnpaid: number[]; paidTradesWithoutNotification: string[] }> {
  const paid = await db.selectFrom('orders').select('order_number').where('status', 'in', ['paid', 'delivered']).execute();
  const refs = new Set((await db.selectFrom('ledger_transactions').select('reference').where('reference', 'like', 'order:%:paid').execute()).map((r) => r.reference));
  const deliveries = await db.selectFrom('deliveries').innerJoin('orders', 'orders.id', 'deliveries.order_id').select(['deliveries.order_id', 'orders.status']).execute();
  const trades = await db.selectFrom('sandbox_trades').leftJoin('payment_notifications', 'payment_notifications.trade_no', 'sandbox_trades.trade_no').select(['sandbox_trades.trade_no', 'sandbox_trades.status', 'payment_notifications.id']).execute();
  return {
    paidWithoutLedger: paid.map((o) => o.order_number).filter((n) => !refs.has(`order:${n}:paid`)),
    deliveriesOfUnpaid: deliveries.filter((d) => !['paid', 'delivered', 'refunded'].includes(d.status)).map((d) => d.order_id),
    paidTradesWithoutNotification: trades.filter((t) => t.status === 'TRADE_SUCCESS' && t.id === null).map((t) => t.trade_no),
  };
}
