import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { orderPollMachine } from '../machines/order-poll.machine.ts';
import type { OrderPollContext, OrderPollInput, PolledOutcome } from '../machines/order-poll.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/** The order poll's model: event table, generated paths (back from the cashier, an order just seen), what each event means. */

export const ORDER_POLL_CALLS = ['getOneOrder'] as const;

export const ORDER_NUMBER = 'P202611240001';

export type PollStart = 'fetchFirst' | 'waitFirst' | 'hidden';

export const ORDER_POLL_INPUTS: Readonly<Record<PollStart, OrderPollInput>> = {
  fetchFirst: { orderNumber: ORDER_NUMBER, hidden: false, fetchFirst: true },
  waitFirst: { orderNumber: ORDER_NUMBER, hidden: false, fetchFirst: false },
  hidden: { orderNumber: ORDER_NUMBER, hidden: true, fetchFirst: true },
};

export const POLLED: Readonly<Record<string, PolledOutcome>> = {
  paying: { kind: 'ok', code: 1, msg: 'success', data: null },
  refused: { kind: 'toast', code: -1, msg: '订单不存在', data: null, show: true },
};

/**
 * The answers go to the parent with sendParent, which refuses to resolve without a parent: the
 * graph is walked with the report stubbed (same chart, same transition names).
 */
export const standaloneOrderPoll = orderPollMachine.provide({ actions: { report: () => {} } });

export const orderPollEventTable: readonly AnyEventObject[] = [
  { type: 'page.hidden' },
  { type: 'page.visible' },
  ...Object.values(POLLED).map((output) => ({ type: 'xstate.done.actor.getOneOrder', output })),
  { type: 'xstate.error.actor.getOneOrder', error: new Error('getOneOrder failed') },
  ...delayedEventsOf(orderPollMachine),
];

export const ORDER_POLL_NOT_ON_PATHS: NotOnPaths = {
  'orderPoll.starting': 'start-up choice (ask at once, or after one interval): its always transitions leave it before any snapshot',
  'orderPoll.starting always #0': 'start-up choice: ask at once (back from the cashier)',
  'orderPoll.starting always #1': 'start-up choice: wait one interval (an order just seen)',
};

export function serializeOrderPoll(snapshot: AnyMachineSnapshot): string {
  const { hidden } = snapshot.context as OrderPollContext;
  return JSON.stringify([snapshot.value, hidden]);
}

const paths = new Map<PollStart, MachinePath[]>();

export function getOrderPollPaths(start: PollStart): MachinePath[] {
  let generated = paths.get(start);
  if (!generated) {
    generated = generateCoveringPaths(standaloneOrderPoll, { events: orderPollEventTable, serializeState: serializeOrderPoll, input: ORDER_POLL_INPUTS[start] });
    paths.set(start, generated);
  }
  return generated;
}

export function describeOrderPollEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.getOneOrder') {
    const output = event.output as PolledOutcome;
    return `getOneOrder answers ${output.kind === 'toast' ? output.msg : output.kind}`;
  }
  if (event.type === 'xstate.error.actor.getOneOrder') return 'getOneOrder fails (network)';
  if (event.type.startsWith('xstate.after.')) return '2 s pass (poll interval)';
  if (event.type === 'page.hidden') return 'leave the page (hidden)';
  if (event.type === 'page.visible') return 'return to the page';
  return event.type;
}
