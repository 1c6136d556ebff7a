import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OrderKind, PayMethod } from '../../api/protocol/money.ts';
import type { Database } from '../db/schema.ts';
import type { AccountKind } from './ledger.ts';

/**
 * What the order service (orders.ts) asks of the domains whose things are bought or told about
 * through an order. money/ sits below them: it declares these hooks, the domains implement them,
 * and the app registers them at start-up (server/app.ts `registerOrderHooks`), so money/ imports
 * no product domain. Every hook runs inside the order's own database transaction.
 *
 * Money's own kinds (coins, game top-ups, cards) stay in money/; a kind another domain sells
 * (账号交易, 'trade') is a product here.
 */

type Trx = Transaction<Database>;
type OrderRow = Selectable<Database['orders']>;

/** The order columns a product fills when an order is created. */
export interface ProductColumns {
  subject: string;
  amount_cents: number;
  game_id: number | null;
  platform_game_id: number | null;
  game_name: string | null;
  sub_account_id: number | null;
  server_name: string | null;
  role_name: string | null;
  listing_id: number | null;
}

/** What a product answers createOrder: the order's columns, its lifetime, and what to do once the order row exists. */
export interface PreparedProduct {
  columns: ProductColumns;
  /** The order lives as long as what it holds (a trade's reservation). */
  expiresAt: Date;
  /** Right after the order row is written (a trade reserves its listing for the order); may throw Refusal. */
  created(orderId: number): Promise<void>;
}

/** An order as the hooks read it (the orders row). */
export type ProductOrder = OrderRow;

export interface OrderProduct {
  /**
   * createOrder: checks the buyer, the request and its pay method, and answers the order's columns.
   * Refuses by throwing `Refusal` (money/orders.ts); it takes no coupon and the minors' spending
   * allowance does not apply (such a product refuses minors itself).
   */
  prepare(trx: Trx, userId: number, request: { listing_id?: number | null | undefined; pay_method: PayMethod; user_coupon_id?: number | null | undefined }, now: Date): Promise<PreparedProduct>;
  /** The platform account that holds what the buyer paid (the ledger posting of the payment). */
  paidInto: AccountKind;
  /** The order is paid: what buying it means. The order service then marks it delivered. */
  paid(trx: Trx, order: ProductOrder, now: Date): Promise<void>;
  /**
   * A provider's payment for the order arrives (possibly after it closed): true when the product is
   * still held for it. False: the money goes back to 余额 with `lateRefundReason`, and `lateRefunded` tells the buyer.
   */
  holdForPayment(trx: Trx, order: Pick<ProductOrder, 'id' | 'listing_id' | 'amount_cents'>, now: Date): Promise<boolean>;
  lateRefundReason: string;
  lateRefunded(trx: Trx, order: ProductOrder, now: Date): Promise<void>;
  /** The unpaid order closed (expired or cancelled): what it held is let go. The player gets no order message. */
  closed(trx: Trx, order: ProductOrder, now: Date): Promise<void>;
}

/** What the order news says happened (the message centre's order messages). */
export type OrderNewsState = 'paid' | 'delivered' | 'refunded' | 'expired';

export interface OrderHooks {
  /** The kinds other domains sell. */
  products: Partial<Record<OrderKind, OrderProduct>>;
  /** A recharge (coins, game top-up, card) was paid: in this order, after the first-recharge mark and before the card's term starts. */
  rechargePaid: ReadonlyArray<(trx: Trx, order: OrderRow, payer: PayMethod, now: Date) => Promise<void>>;
  /** A paid order was refunded, before the player is told. */
  refunded: ReadonlyArray<(trx: Trx, order: OrderRow, now: Date) => Promise<void>>;
  /** Tells the player what happened to an order of money's own kinds. */
  news(db: Kysely<Database>, order: OrderRow, state: OrderNewsState, now: Date): Promise<void>;
}

let registered: OrderHooks | null = null;

/**
 * Registers what orders reach (server/app.ts, at start-up). Registering again replaces it: every
 * app built in one process (the tests build many) registers the same hooks.
 */
export function registerOrderHooks(hooks: OrderHooks): void {
  registered = hooks;
}

/** The registered hooks; an order path reached before start-up registered them is a bug. */
export function orderHooks(): OrderHooks {
  if (registered === null) throw new Error('order hooks are not registered: the app registers them at start-up (server/app.ts)');
  return registered;
}

/** The product another domain sells under this kind, or null for money's own kinds. */
export function productOf(kind: OrderKind): OrderProduct | null {
  return orderHooks().products[kind] ?? null;
}
