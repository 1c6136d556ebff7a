import { assign, fromPromise, sendParent, setup } from 'xstate';
import { PAYMENT_POLL_MS } from './payment.constants.ts';
import type { OrderPollContext, OrderPollEvent, OrderPollInput, OrderPollReply, PolledOutcome } from './order-poll.types.ts';

/**
 * An open order's poll after the cashier, shared by the payment and the trade purchase: fetching
 * (getOneOrder) → waiting (PAYMENT_POLL_MS) → fetching …, one request at a time; a hidden page
 * pauses it (no request while the player is at the cashier or away) and its return asks at once.
 * Every answer goes to the parent with `poll.answer`: the parent leaves the state that invokes the
 * poll when the order is settled, which stops it. The parent forwards page.hidden / page.visible.
 */
export const orderPollMachine = setup({
  types: {
    context: {} as OrderPollContext,
    events: {} as OrderPollEvent,
    input: {} as OrderPollInput,
    children: {} as { getOneOrder: 'getOneOrder' },
  },
  actors: {
    /** Provided by the app: /api/order/getOneOrder (answer decoded as the parent needs it). */
    getOneOrder: fromPromise<PolledOutcome, { order_number: string }>(async () => {
      throw new Error('getOneOrder is not provided');
    }),
  },
  actions: {
    report: sendParent((_, params: { outcome: PolledOutcome }) => ({ type: 'poll.answer', outcome: params.outcome }) satisfies OrderPollReply),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
  },
  guards: {
    fetchFirst: ({ context }) => context.fetchFirst,
    isHidden: ({ context }) => context.hidden,
  },
  delays: {
    poll: PAYMENT_POLL_MS,
  },
}).createMachine({
  id: 'orderPoll',
  context: ({ input }) => ({ orderNumber: input.orderNumber, hidden: input.hidden, fetchFirst: input.fetchFirst }),
  initial: 'starting',
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  states: {
    starting: {
      description: 'Asking at once when the parent says so (back from the cashier), else after one interval',
      always: [{ guard: 'fetchFirst', target: 'fetching' }, { target: 'waiting' }],
    },
    waiting: {
      after: { poll: 'fetching' },
      on: { 'page.hidden': { target: 'paused', actions: 'markHidden' } },
    },
    fetching: {
      invoke: {
        id: 'getOneOrder',
        src: 'getOneOrder',
        input: ({ context }) => ({ order_number: context.orderNumber }),
        onDone: [
          { guard: 'isHidden', target: 'paused', actions: { type: 'report', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'waiting', actions: { type: 'report', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }],
      },
    },
    paused: {
      on: { 'page.visible': { target: 'fetching', actions: 'markVisible' } },
    },
  },
});
