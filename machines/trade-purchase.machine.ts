import { assertEvent, assign, forwardTo, fromPromise, setup } from 'xstate';
import type { OrderView } from '../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../api/protocol/money.ts';
import { orderPollMachine } from './order-poll.machine.ts';
import { PAYMENT_CONFIRM_TIMEOUT_MS, PAYMENT_CREATE_RETRY_MS, PAYMENT_IN_FLIGHT_MESSAGE, PAYMENT_NETWORK_MESSAGE } from './payment.constants.ts';
import type { BuyListingInput, OrderParams, TradeOrderOutcome, TradePurchaseContext, TradePurchaseEvent, TradePurchaseInput, TradePurchaseTag } from './trade-purchase.types.ts';

/** Order statuses while the reservation is open (the cashier may still be paid). */
export const TRADE_OPEN_STATUSES: readonly string[] = ['created', 'paying', 'paid'];

const orderOf = (outcome: TradeOrderOutcome): OrderView | null => (outcome.kind === 'ok' && outcome.data !== null && typeof outcome.data === 'object' ? outcome.data : null);
const statusIs = (outcome: TradeOrderOutcome, statuses: readonly string[]) => {
  const order = orderOf(outcome);
  return order !== null && statuses.includes(order.status);
};
/** A refusal the player must read (the server's words). */
const refusalOf = (outcome: TradeOrderOutcome): string | null => (outcome.kind === 'toast' ? outcome.msg || MONEY_MSG.orderClosed : null);
const failureMessage = (outcome: TradeOrderOutcome): string => (outcome.kind === 'sessionExpired' ? outcome.toast : outcome.kind === 'toast' && outcome.msg ? outcome.msg : PAYMENT_NETWORK_MESSAGE);

type Answer = { outcome: TradeOrderOutcome };
const answer = ({ event }: { event: { output: TradeOrderOutcome } }): Answer => ({ outcome: event.output });
const store = { type: 'storeOrder', params: answer } as const;
const paid = { guard: { type: 'isDelivered', params: answer }, target: '#tradePurchase.paid', actions: store } as const;
const expired = { guard: { type: 'isExpired', params: answer }, target: '#tradePurchase.expired', actions: store } as const;
const cancelled = { guard: { type: 'isCancelled', params: answer }, target: '#tradePurchase.cancelled', actions: store } as const;
const failed = { guard: { type: 'isClosed', params: answer }, target: '#tradePurchase.failed', actions: store } as const;
/** The same endings for an answer of the order poll (the child invoked while awaiting and checking the payment). */
const polled = ({ event }: { event: { outcome: TradeOrderOutcome } }): Answer => ({ outcome: event.outcome });
const storePolled = { type: 'storeOrder', params: polled } as const;
const polledPaid = { guard: { type: 'isDelivered', params: polled }, target: '#tradePurchase.paid', actions: storePolled } as const;
const polledExpired = { guard: { type: 'isExpired', params: polled }, target: '#tradePurchase.expired', actions: storePolled } as const;
const polledCancelled = { guard: { type: 'isCancelled', params: polled }, target: '#tradePurchase.cancelled', actions: storePolled } as const;
const polledFailed = { guard: { type: 'isClosed', params: polled }, target: '#tradePurchase.failed', actions: storePolled } as const;

/**
 * A listing's purchase: confirming (the pay method, on /wantpay) → creating (buyListing,
 * whose idempotency key is kept for a retry after a network failure; 请勿重复提交 asks again with
 * it) → awaitingPayment (/orderpay: the reservation's countdown, 去支付 opens the sandbox cashier;
 * the order is polled meanwhile) → checking (polling after the cashier, until a result or the
 * confirm timeout: stalled); both poll through the order poll (machines/order-poll.machine.ts) → paid (delivered: the sub-account is the buyer's) | expired |
 * cancelled | failed. /orderpay resumes it from an order number (loading).
 */
export const tradePurchaseMachine = setup({
  types: {
    context: {} as TradePurchaseContext,
    events: {} as TradePurchaseEvent,
    input: {} as TradePurchaseInput,
    tags: {} as TradePurchaseTag,
    children: {} as { buyListing: 'buyListing'; loadOrder: 'getOneOrder'; pollOrder: 'orderPoll'; checkOrder: 'orderPoll'; cancelOrder: 'cancelOrder' },
  },
  actors: {
    /** Provided by the app: /api/trade/buyListing (answer decoded). */
    buyListing: fromPromise<TradeOrderOutcome, BuyListingInput>(async () => {
      throw new Error('buyListing is not provided');
    }),
    /** Provided by the app: /api/order/getOneOrder (answer decoded). */
    getOneOrder: fromPromise<TradeOrderOutcome, { order_number: string }>(async () => {
      throw new Error('getOneOrder is not provided');
    }),
    /** getOneOrder while the order may still be paid (the app provides its call, answer decoded). */
    orderPoll: orderPollMachine,
    /** Provided by the app: /api/order/cancelOrder (answer decoded). */
    cancelOrder: fromPromise<TradeOrderOutcome, { order_number: string }>(async () => {
      throw new Error('cancelOrder is not provided');
    }),
  },
  actions: {
    /** Provided by the app: the order exists (/wantpay moves on to /orderpay). */
    orderCreated: (_, _params: OrderParams) => {},
    /** Provided by the app: open the cashier (remembering that this device went there). */
    openCashier: (_, _params: { payUrl: string }) => {},
    /** Provided by the app: the sub-account is the buyer's (/tradingsuccess). */
    orderPaid: (_, _params: OrderParams) => {},
    /** Provided by the app: toast a network failure (refusals are toasted by the session machine). */
    showError: (_, _params: { message: string }) => {},
    chooseMethod: assign(({ event }) => {
      assertEvent(event, 'ui.method.choose');
      return { payMethod: event.method };
    }),
    startAttempt: assign(({ event }) => {
      assertEvent(event, 'ui.buy.submit');
      return { key: event.key, error: null };
    }),
    clearError: assign({ error: null }),
    resume: assign(({ event }) => {
      assertEvent(event, 'page.resume');
      return { orderNumber: event.orderNumber, returned: event.returned, error: null };
    }),
    storeOrder: assign((_, { outcome }: Answer) => {
      const order = orderOf(outcome);
      return order ? { order, orderNumber: order.order_number } : {};
    }),
    /** A refused attempt is over: the next 确认购买 is a new request with a new key. */
    refuse: assign((_, params: { message: string }) => ({ error: params.message, key: null })),
    /** A failed request keeps its key. */
    keepForRetry: assign((_, params: { message: string }) => ({ error: params.message })),
    markHidden: assign({ pageHidden: true }),
    markVisible: assign({ pageHidden: false }),
    /** The poll pauses while the page is hidden and asks at once when it is back. */
    tellPoll: forwardTo('pollOrder'),
    tellCheck: forwardTo('checkOrder'),
  },
  guards: {
    /** The same listing and method tried before without an answer: reuse its key. */
    hasKey: ({ context }) => context.key !== null,
    isInFlight: (_, { outcome }: Answer) => outcome.kind === 'toast' && outcome.msg === PAYMENT_IN_FLIGHT_MESSAGE,
    isOpen: (_, { outcome }: Answer) => statusIs(outcome, TRADE_OPEN_STATUSES),
    isDelivered: (_, { outcome }: Answer) => statusIs(outcome, ['delivered']),
    isExpired: (_, { outcome }: Answer) => statusIs(outcome, ['expired']),
    isCancelled: (_, { outcome }: Answer) => statusIs(outcome, ['failed']) && orderOf(outcome)?.fail_reason === MONEY_MSG.cancelled,
    isClosed: (_, { outcome }: Answer) => statusIs(outcome, ['failed', 'refunded']),
    isRefused: (_, { outcome }: Answer) => refusalOf(outcome) !== null,
    isNetworkFailure: (_, { outcome }: Answer) => outcome.kind === 'error',
    isOpenAfterCashier: ({ context }, { outcome }: Answer) => context.returned && statusIs(outcome, TRADE_OPEN_STATUSES),
    hasPayUrl: ({ context }) => typeof context.order?.pay_url === 'string' && context.order.pay_url !== '',
  },
  delays: {
    confirmTimeout: PAYMENT_CONFIRM_TIMEOUT_MS,
    createRetry: PAYMENT_CREATE_RETRY_MS,
  },
}).createMachine({
  id: 'tradePurchase',
  context: ({ input }) => ({ listingId: input?.listingId ?? 0, payMethod: 'provider', key: null, orderNumber: null, order: null, error: null, returned: false, pageHidden: false }),
  initial: 'idle',
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  states: {
    idle: {
      on: {
        'ui.buy.open': 'confirming',
        'page.resume': { target: 'loading', actions: 'resume' },
      },
    },
    confirming: {
      on: {
        'ui.method.choose': { actions: 'chooseMethod' },
        'ui.buy.close': 'idle',
        'ui.buy.submit': [
          { guard: 'hasKey', target: 'creating', actions: 'clearError' },
          { target: 'creating', actions: 'startAttempt' },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'buyListing',
        src: 'buyListing',
        input: ({ context }) => ({ idempotency_key: context.key!, listing_id: context.listingId, pay_method: context.payMethod }),
        onDone: [
          { guard: { type: 'isInFlight', params: answer }, target: 'createWait' },
          paid,
          { guard: { type: 'isOpen', params: answer }, target: 'awaitingPayment', actions: [store, { type: 'orderCreated', params: ({ event }) => ({ order: orderOf(event.output)! }) }] },
          expired,
          cancelled,
          failed,
          { guard: { type: 'isRefused', params: answer }, target: 'confirming', actions: { type: 'refuse', params: ({ event }) => ({ message: refusalOf(event.output)! }) } },
          {
            guard: { type: 'isNetworkFailure', params: answer },
            target: 'confirming',
            actions: [
              { type: 'keepForRetry', params: { message: PAYMENT_NETWORK_MESSAGE } },
              { type: 'showError', params: { message: PAYMENT_NETWORK_MESSAGE } },
            ],
          },
          { target: 'confirming', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: {
          target: 'confirming',
          actions: [
            { type: 'keepForRetry', params: { message: PAYMENT_NETWORK_MESSAGE } },
            { type: 'showError', params: { message: PAYMENT_NETWORK_MESSAGE } },
          ],
        },
      },
    },
    // The first request with this key is still being handled: ask again with the same key.
    createWait: {
      tags: ['busy'],
      after: { createRetry: 'creating' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrder',
        src: 'getOneOrder',
        input: ({ context }) => ({ order_number: context.orderNumber! }),
        onDone: [
          paid,
          expired,
          cancelled,
          failed,
          // Back from the cashier: the payment is being confirmed, not awaited.
          { guard: { type: 'isOpenAfterCashier', params: answer }, target: 'checking', actions: store },
          { guard: { type: 'isOpen', params: answer }, target: 'awaitingPayment', actions: store },
          // 订单不存在: another account's order, or a number that never was.
          { guard: { type: 'isRefused', params: answer }, target: 'failed', actions: { type: 'refuse', params: ({ event }) => ({ message: refusalOf(event.output)! }) } },
          { target: 'loadFailed', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepForRetry', params: { message: PAYMENT_NETWORK_MESSAGE } } },
      },
    },
    loadFailed: {
      on: { 'ui.retry': { target: 'loading', actions: 'clearError' } },
    },
    awaitingPayment: {
      // The order poll while the page is visible (paid in another tab, or the countdown ran out).
      invoke: {
        id: 'pollOrder',
        src: 'orderPoll',
        input: ({ context }) => ({ orderNumber: context.orderNumber!, hidden: context.pageHidden, fetchFirst: false }),
      },
      on: {
        'poll.answer': [polledPaid, polledExpired, polledCancelled, polledFailed, { actions: storePolled }],
        'page.hidden': { actions: ['markHidden', 'tellPoll'] },
        'page.visible': { actions: ['markVisible', 'tellPoll'] },
        'ui.pay.open': { guard: 'hasPayUrl', target: 'checking', actions: { type: 'openCashier', params: ({ context }) => ({ payUrl: context.order!.pay_url! }) } },
        'ui.pay.cancel': 'cancelling',
        'clock.expired': 'checking',
      },
    },
    checking: {
      invoke: {
        id: 'checkOrder',
        src: 'orderPoll',
        input: ({ context }) => ({ orderNumber: context.orderNumber!, hidden: context.pageHidden, fetchFirst: false }),
      },
      after: { confirmTimeout: 'stalled' },
      on: {
        'poll.answer': [polledPaid, polledExpired, polledCancelled, polledFailed, { actions: storePolled }],
        'page.hidden': { actions: ['markHidden', 'tellCheck'] },
        'page.visible': { actions: ['markVisible', 'tellCheck'] },
        'ui.pay.open': { guard: 'hasPayUrl', actions: { type: 'openCashier', params: ({ context }) => ({ payUrl: context.order!.pay_url! }) } },
        'ui.pay.cancel': 'cancelling',
      },
    },
    // The notification is late: the player refreshes by hand (or pays again, or cancels).
    stalled: {
      on: {
        'ui.refresh': 'checking',
        'ui.pay.open': { guard: 'hasPayUrl', target: 'checking', actions: { type: 'openCashier', params: ({ context }) => ({ payUrl: context.order!.pay_url! }) } },
        'ui.pay.cancel': 'cancelling',
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ order_number: context.orderNumber! }),
        onDone: [
          cancelled,
          failed,
          expired,
          // 订单已支付: the payment went through after all.
          { guard: { type: 'isRefused', params: answer }, target: 'checking', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: refusalOf(event.output)! }) } },
          { target: 'checking', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: { target: 'checking', actions: { type: 'showError', params: { message: PAYMENT_NETWORK_MESSAGE } } },
      },
    },
    paid: { type: 'final', entry: { type: 'orderPaid', params: ({ context }) => ({ order: context.order! }) } },
    expired: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});
