import type { ApiOutcome } from '../api/outcome.ts';
import type { OrderView } from '../api/protocol/calls/order.ts';
import type { TopUpKind, PayMethod } from '../api/protocol/money.ts';
import type { OrderPollReply } from './order-poll.types.ts';

/**
 * What the player is buying, as /rechargepay receives it in `data` (and keeps in storage):
 * 乐玩币 (amount), a game role's top-up (amount, role and the names shown) or a card.
 */
export interface PaymentDraft {
  kind: TopUpKind;
  /** Fen, whole yuan (coins and game); absent for a card (its price). */
  amount_cents?: number;
  role_id?: number;
  card_id?: number;
  platform_game_id?: number;
  game_name?: string;
  server_name?: string;
  role_name?: string;
}

/** One attempt: the draft plus what the player chose on /rechargepay. */
export interface PaymentAttempt {
  draft: PaymentDraft;
  user_coupon_id: number | null;
  pay_method: PayMethod;
}

/** createOrder's payload, built from an attempt and its idempotency key. */
export interface CreateOrderInput {
  idempotency_key: string;
  kind: TopUpKind;
  amount_cents?: number;
  role_id?: number;
  card_id?: number;
  user_coupon_id?: number;
  pay_method: PayMethod;
}

export type OrderOutcome = ApiOutcome<OrderView>;

export interface PaymentContext {
  attempt: PaymentAttempt | null;
  /** The attempt's idempotency key: kept after a network failure so a retry is the same request. */
  key: string | null;
  orderNumber: string | null;
  /** The latest view of the order (createOrder's or getOneOrder's answer). */
  order: OrderView | null;
  /** The last refusal or failure, as shown to the player. */
  error: string | null;
  pageHidden: boolean;
}

/**
 * Events by source: the page's buttons (ui.*), the page's visibility and the order found in the
 * URL or storage (page.*); answers arrive as xstate.done/error.actor.<invoke id>, the order poll's
 * as poll.answer.
 */
export type PaymentEvent =
  | { type: 'ui.pay.submit'; attempt: PaymentAttempt; key: string }
  /** 我已完成支付 / 继续支付 / 取消订单 / 刷新 */
  | { type: 'ui.pay.confirm' }
  | { type: 'ui.pay.reopen' }
  | { type: 'ui.pay.cancel' }
  | { type: 'ui.refresh' }
  | { type: 'page.resume'; orderNumber: string }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | OrderPollReply;

export type PaymentTag = 'busy';

export interface OpenCashierParams {
  payUrl: string;
}

export interface PersistAttemptParams {
  attempt: PaymentAttempt;
  key: string;
  orderNumber: string | null;
}

export interface OrderSettledParams {
  order: OrderView | null;
  orderNumber: string | null;
}
