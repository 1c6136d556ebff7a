import type { ApiOutcome } from '../api/outcome.ts';
import type { OrderView } from '../api/protocol/calls/order.ts';

/**
 * The order poll, the child both checkouts (a top-up's /rechargepay, a listing's /orderpay) invoke
 * while an order may still be paid: getOneOrder every PAYMENT_POLL_MS while the page is visible,
 * each answer reported to the parent, which alone decides what the order's status means.
 */

/** getOneOrder's answer as the parent's app decodes it: an order it could not use is `data: null`. */
export type PolledOutcome = ApiOutcome<OrderView | null>;

export interface OrderPollInput {
  orderNumber: string;
  /** Whether the page is hidden as the poll starts (the parent keeps the page's visibility). */
  hidden: boolean;
  /** Ask at once (back from the cashier) rather than after one interval (an order just seen). */
  fetchFirst: boolean;
}

export interface OrderPollContext {
  orderNumber: string;
  hidden: boolean;
  fetchFirst: boolean;
}

/** What the parent forwards: the page's visibility. */
export type OrderPollEvent = { type: 'page.hidden' } | { type: 'page.visible' };

/** What the child tells its parent: each answer (a failed request is asked again, not reported). */
export type OrderPollReply = { type: 'poll.answer'; outcome: PolledOutcome };
