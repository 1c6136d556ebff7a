import { assertEvent, assign, forwardTo, fromPromise, setup } from 'xstate';
import type { OrderView } from '../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../api/protocol/money.ts';
import { orderPollMachine } from './order-poll.machine.ts';
import type { PolledOutcome } from './order-poll.types.ts';
import { PAID_STATUSES, PAYMENT_CONFIRM_TIMEOUT_MS, PAYMENT_CREATE_RETRY_MS, PAYMENT_IN_FLIGHT_MESSAGE, PAYMENT_NETWORK_MESSAGE, UNPAID_STATUSES } from './payment.constants.ts';
import type {
  CreateOrderInput,
  OpenCashierParams,
  OrderOutcome,
  OrderSettledParams,
  PaymentAttempt,
  PaymentContext,
  PaymentEvent,
  PaymentTag,
  PersistAttemptParams,
} from './payment.types.ts';

/** Two attempts are the same request when the draft and the player's choices are equal. */
export function sameAttempt(a: PaymentAttempt | null, b: PaymentAttempt | null): boolean {
  if (!a || !b) return false;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(attempt: PaymentAttempt): unknown {
  const draft = Object.fromEntries(Object.entries(attempt.draft).filter(([, value]) => value !== undefined).sort(([x], [y]) => x.localeCompare(y)));
  return [draft, attempt.user_coupon_id, attempt.pay_method];
}

export function createOrderInput(attempt: PaymentAttempt, key: string): CreateOrderInput {
  const { draft } = attempt;
  return {
    idempotency_key: key,
    kind: draft.kind,
    pay_method: attempt.pay_method,
    ...(draft.kind !== 'card' && draft.amount_cents !== undefined ? { amount_cents: draft.amount_cents } : {}),
    ...(draft.kind === 'game' && draft.role_id !== undefined ? { role_id: draft.role_id } : {}),
    ...(draft.kind === 'card' && draft.card_id !== undefined ? { card_id: draft.card_id } : {}),
    ...(attempt.user_coupon_id !== null ? { user_coupon_id: attempt.user_coupon_id } : {}),
  };
}

const orderOf = (outcome: PolledOutcome): OrderView | null =>
  outcome.kind === 'ok' && outcome.data !== null && typeof outcome.data === 'object' && typeof outcome.data.order_number === 'string' ? outcome.data : null;

const statusIn = (outcome: PolledOutcome, statuses: readonly string[]) => {
  const order = orderOf(outcome);
  return order !== null && statuses.includes(order.status);
};

/** A refusal the player must read (the server's message), not a failure worth retrying as is. */
const refusalOf = (outcome: PolledOutcome): string | null => (outcome.kind === 'toast' ? outcome.msg || MONEY_MSG.orderClosed : null);

const failureMessage = (outcome: OrderOutcome): string =>
  outcome.kind === 'error' ? PAYMENT_NETWORK_MESSAGE : outcome.kind === 'sessionExpired' ? outcome.toast : 'msg' in outcome && outcome.msg ? outcome.msg : PAYMENT_NETWORK_MESSAGE;

type Answer = { outcome: PolledOutcome };
const answer = ({ event }: { event: { output: OrderOutcome } }): Answer => ({ outcome: event.output });
const storeAnswer = { type: 'storeOrder', params: answer } as const;
/** An answer of the order poll (the child invoked while confirming and while delivering). */
const polled = ({ event }: { event: { outcome: PolledOutcome } }): Answer => ({ outcome: event.outcome });
const storePolled = { type: 'storeOrder', params: polled } as const;

/**
 * One order's payment on /rechargepay: choosing → creating → awaitingCashier →
 * confirming (the order poll, machines/order-poll.machine.ts, until a final status or a timeout)
 * → paid | failed | expired (| refunded when a game delivery failed). createOrder carries the
 * attempt's idempotency key, generated once per attempt by the page and kept here and in storage,
 * so a retry after a network failure sends the same key; 请勿重复提交 waits and asks again with it.
 * The cashier is a page of its own (the browser leaves the app): the open order is persisted and
 * the page resumes with page.resume when the cashier sends the player back.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    tags: {} as PaymentTag,
    children: {} as { createOrder: 'createOrder'; poll: 'orderPoll'; cancelOrder: 'cancelOrder'; delivery: 'orderPoll' },
  },
  actors: {
    /** Provided by the app: /api/order/createOrder. */
    createOrder: fromPromise<OrderOutcome, CreateOrderInput>(async () => {
      throw new Error('createOrder is not provided');
    }),
    /** getOneOrder while the order may still be paid (the app provides its call). */
    orderPoll: orderPollMachine,
    /** Provided by the app: /api/order/cancelOrder. */
    cancelOrder: fromPromise<OrderOutcome, { order_number: string }>(async () => {
      throw new Error('cancelOrder is not provided');
    }),
  },
  actions: {
    /** Provided by the app: keep the attempt (and its order once there) in storage for a reload. */
    persistAttempt: (_, _params: PersistAttemptParams) => {},
    /** Provided by the app: forget the stored attempt (the order is settled or refused). */
    clearAttempt: () => {},
    /** Provided by the app: go to the provider's cashier. */
    openCashier: (_, _params: OpenCashierParams) => {},
    /** Provided by the app: toast a failure (refusals, code -1, are toasted by the session machine already). */
    showError: (_, _params: { message: string }) => {},
    /** Provided by the app: the money was taken (RechargepingList and the rating dialog for a game). */
    orderPaid: (_, _params: OrderSettledParams) => {},
    startAttempt: assign(({ event }) => {
      assertEvent(event, 'ui.pay.submit');
      return { attempt: event.attempt, key: event.key, orderNumber: null, order: null, error: null };
    }),
    retryAttempt: assign({ error: null }),
    resume: assign(({ event }) => {
      assertEvent(event, 'page.resume');
      return { orderNumber: event.orderNumber, error: null };
    }),
    storeOrder: assign((_, params: Answer) => {
      const order = orderOf(params.outcome);
      return order ? { order, orderNumber: order.order_number } : {};
    }),
    /** A refused attempt is over: the next 立即支付 is a new request with a new key. */
    refuse: assign((_, params: { message: string }) => ({ error: params.message, key: null })),
    /** A failed request keeps its key: the retry must be recognised as the same request. */
    keepForRetry: assign((_, params: { message: string }) => ({ error: params.message })),
    markHidden: assign({ pageHidden: true }),
    markVisible: assign({ pageHidden: false }),
    /** The poll pauses while the page is hidden and asks at once when it is back. */
    tellPoll: forwardTo('poll'),
    tellDelivery: forwardTo('delivery'),
  },
  guards: {
    isSameAttempt: ({ context, event }) => event.type === 'ui.pay.submit' && context.key !== null && sameAttempt(context.attempt, event.attempt),
    isInFlight: (_, { outcome }: Answer) => outcome.kind === 'toast' && outcome.msg === PAYMENT_IN_FLIGHT_MESSAGE,
    isAtCashier: (_, { outcome }: Answer) => statusIn(outcome, UNPAID_STATUSES) && typeof orderOf(outcome)?.pay_url === 'string',
    isPaid: (_, { outcome }: Answer) => statusIn(outcome, PAID_STATUSES),
    isExpired: (_, { outcome }: Answer) => statusIn(outcome, ['expired']),
    isClosed: (_, { outcome }: Answer) => statusIn(outcome, ['failed', 'refunded']),
    isDelivered: (_, { outcome }: Answer) => statusIn(outcome, ['delivered']),
    isRefused: (_, { outcome }: Answer) => refusalOf(outcome) !== null,
    isNetworkFailure: (_, { outcome }: Answer) => outcome.kind === 'error',
    /** A game top-up paid but not yet acknowledged by the game. */
    awaitsDelivery: (_, { outcome }: Answer) => statusIn(outcome, ['paid']) && orderOf(outcome)?.kind === 'game',
    hasPayUrl: ({ context }) => typeof context.order?.pay_url === 'string' && context.order.pay_url !== '',
  },
  delays: {
    confirmTimeout: PAYMENT_CONFIRM_TIMEOUT_MS,
    createRetry: PAYMENT_CREATE_RETRY_MS,
  },
}).createMachine({
  id: 'payment',
  context: { attempt: null, key: null, orderNumber: null, order: null, error: null, pageHidden: false },
  initial: 'choosing',
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  states: {
    choosing: {
      on: {
        'ui.pay.submit': [
          { guard: 'isSameAttempt', target: 'creating', actions: 'retryAttempt' },
          { target: 'creating', actions: 'startAttempt' },
        ],
        'page.resume': { target: 'confirming', actions: 'resume' },
      },
    },
    creating: {
      tags: ['busy'],
      entry: { type: 'persistAttempt', params: ({ context }) => ({ attempt: context.attempt!, key: context.key!, orderNumber: null }) },
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => createOrderInput(context.attempt!, context.key!),
        onDone: [
          { guard: { type: 'isInFlight', params: answer }, target: 'createWait' },
          { guard: { type: 'isAtCashier', params: answer }, target: 'awaitingCashier', actions: storeAnswer },
          { guard: { type: 'awaitsDelivery', params: answer }, target: 'paid.delivering', actions: storeAnswer },
          { guard: { type: 'isPaid', params: answer }, target: 'paid', actions: storeAnswer },
          { guard: { type: 'isExpired', params: answer }, target: 'expired', actions: storeAnswer },
          { guard: { type: 'isClosed', params: answer }, target: 'failed', actions: storeAnswer },
          {
            guard: { type: 'isRefused', params: answer },
            target: 'choosing',
            actions: [
              // The session machine toasts every code -1 message (SPEC §5): the page shows it too, not twice.
              { type: 'refuse', params: ({ event }) => ({ message: refusalOf(event.output)! }) },
              'clearAttempt',
            ],
          },
          {
            guard: { type: 'isNetworkFailure', params: answer },
            target: 'choosing',
            actions: [
              { type: 'keepForRetry', params: { message: PAYMENT_NETWORK_MESSAGE } },
              { type: 'showError', params: { message: PAYMENT_NETWORK_MESSAGE } },
            ],
          },
          // A session that ended (the session machine says so) or an answer without an order.
          { target: 'choosing', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: {
          target: 'choosing',
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
    awaitingCashier: {
      entry: [
        { type: 'persistAttempt', params: ({ context }) => ({ attempt: context.attempt!, key: context.key!, orderNumber: context.orderNumber }) },
        { type: 'openCashier', params: ({ context }) => ({ payUrl: context.order!.pay_url! }) },
      ],
      on: {
        // Back from a cashier that did not leave the page (a wrapper's web view, a new tab).
        'page.visible': { target: 'confirming', actions: 'markVisible' },
        'ui.pay.confirm': 'confirming',
        'ui.pay.cancel': 'cancelling',
      },
    },
    confirming: {
      invoke: {
        id: 'poll',
        src: 'orderPoll',
        input: ({ context }) => ({ orderNumber: context.orderNumber!, hidden: context.pageHidden, fetchFirst: true }),
      },
      after: { confirmTimeout: 'stalled' },
      on: {
        'poll.answer': [
          { guard: { type: 'awaitsDelivery', params: polled }, target: 'paid.delivering', actions: storePolled },
          { guard: { type: 'isPaid', params: polled }, target: 'paid', actions: storePolled },
          { guard: { type: 'isExpired', params: polled }, target: 'expired', actions: storePolled },
          { guard: { type: 'isClosed', params: polled }, target: 'failed', actions: storePolled },
          {
            // 订单不存在 (another account's or a stale number): nothing to wait for.
            guard: { type: 'isRefused', params: polled },
            target: 'failed',
            actions: { type: 'refuse', params: ({ event }) => ({ message: refusalOf(event.outcome)! }) },
          },
          { actions: storePolled },
        ],
        'page.hidden': { actions: ['markHidden', 'tellPoll'] },
        'page.visible': { actions: ['markVisible', 'tellPoll'] },
        'ui.pay.reopen': { guard: 'hasPayUrl', target: 'awaitingCashier' },
        'ui.pay.cancel': 'cancelling',
      },
    },
    // The notification is late: the player refreshes by hand (or pays again, or cancels).
    stalled: {
      on: {
        'ui.refresh': 'confirming',
        'ui.pay.reopen': { guard: 'hasPayUrl', target: 'awaitingCashier' },
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
          { guard: { type: 'isClosed', params: answer }, target: 'failed', actions: storeAnswer },
          // 订单已支付: the payment went through after all.
          { guard: { type: 'isRefused', params: answer }, target: 'confirming', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: refusalOf(event.output)! }) } },
          { target: 'confirming', actions: { type: 'keepForRetry', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: { target: 'confirming', actions: { type: 'showError', params: { message: PAYMENT_NETWORK_MESSAGE } } },
      },
    },
    paid: {
      // orderPaid reads the stored attempt (was this device paying it?) before it is cleared.
      entry: [{ type: 'orderPaid', params: ({ context }) => ({ order: context.order, orderNumber: context.orderNumber }) }, 'clearAttempt'],
      initial: 'settled',
      states: {
        // A game top-up is paid, the game has not acknowledged it yet: keep asking.
        delivering: {
          invoke: {
            id: 'delivery',
            src: 'orderPoll',
            input: ({ context }) => ({ orderNumber: context.orderNumber!, hidden: context.pageHidden, fetchFirst: false }),
          },
          on: {
            'poll.answer': [
              { guard: { type: 'isDelivered', params: polled }, target: 'settled', actions: storePolled },
              { guard: { type: 'isClosed', params: polled }, target: '#payment.refunded', actions: storePolled },
              { actions: storePolled },
            ],
            'page.hidden': { actions: ['markHidden', 'tellDelivery'] },
            'page.visible': { actions: ['markVisible', 'tellDelivery'] },
          },
        },
        settled: { type: 'final' },
      },
    },
    failed: { type: 'final', entry: 'clearAttempt' },
    expired: { type: 'final', entry: 'clearAttempt' },
    /** Paid, then the game delivery failed for good: the money went back (充值发放失败，已退款). */
    refunded: { type: 'final', entry: 'clearAttempt' },
  },
});
