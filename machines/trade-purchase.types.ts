import type { ApiOutcome } from '../api/outcome.ts';
import type { OrderView } from '../api/protocol/calls/order.ts';
import type { TradePayMethod } from '../api/protocol/trade-rules.ts';
import type { OrderPollReply } from './order-poll.types.ts';

/**
 * One purchase of a listing: the confirm sheet of /wantpay creates the order
 * (buyListing), /orderpay follows it to its end. Answers reach the machine already decoded: an
 * order the decoder refused is `data: null` (src/features/trade-buy/trade-data.ts).
 */
export type TradeOrderOutcome = ApiOutcome<OrderView | null>;

export interface BuyListingInput {
  idempotency_key: string;
  listing_id: number;
  pay_method: TradePayMethod;
}

export interface TradePurchaseContext {
  /** The listing being bought (0 when the machine resumed from an order number). */
  listingId: number;
  payMethod: TradePayMethod;
  /** The attempt's idempotency key: kept after a network failure so 确认购买 again is the same request. */
  key: string | null;
  orderNumber: string | null;
  /** The latest view of the order. */
  order: OrderView | null;
  /** The last refusal or failure, as shown to the player. */
  error: string | null;
  /** /orderpay was opened by the cashier's return (this device sent the player there). */
  returned: boolean;
  pageHidden: boolean;
}

export interface TradePurchaseInput {
  listingId?: number;
}

/**
 * Events by source: the confirm sheet and /orderpay's buttons (ui.*), the page (page.*), the view's
 * countdown (clock.*); answers arrive as xstate.done/error.actor.<invoke id>, the order poll's as
 * poll.answer.
 */
export type TradePurchaseEvent =
  /** 立即购买: the confirm sheet opens. */
  | { type: 'ui.buy.open' }
  | { type: 'ui.buy.close' }
  | { type: 'ui.method.choose'; method: TradePayMethod }
  /** 确认购买, with a fresh key (the machine keeps its own when this is a retry of the same request). */
  | { type: 'ui.buy.submit'; key: string }
  /** /orderpay opened with an order number; `returned` when this device just sent the player to the cashier. */
  | { type: 'page.resume'; orderNumber: string; returned: boolean }
  /** 去支付 / 继续支付 */
  | { type: 'ui.pay.open' }
  | { type: 'ui.pay.cancel' }
  /** 刷新 (after the confirm timeout), 重试 (the order failed to load). */
  | { type: 'ui.refresh' }
  | { type: 'ui.retry' }
  /** The reservation's countdown reached zero: ask the server (it expires the order). */
  | { type: 'clock.expired' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | OrderPollReply;

export type TradePurchaseTag = 'busy';

export interface OrderParams {
  order: OrderView;
}
