import { fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { orderPollMachine } from '../machines/order-poll.machine.ts';
import type { OrderPollReply, PolledOutcome } from '../machines/order-poll.types.ts';
import { createDeferredActors, type ProvidableActors } from './deferred-actors.ts';

/**
 * Test helpers for the checkouts that invoke the order poll (not imported by the app): deferred
 * calls where the checkout's own calls and the poll's getOneOrder wait for the test alike, and, for
 * a checkout's model, a silent poll and its answers as path events.
 */

/**
 * Deferred stand-ins for a checkout's own calls `ids` plus the poll's `getOneOrder`; `actors` is
 * what the checkout's `.provide()` takes (its calls and the real poll, asking through the test).
 */
export function createDeferredCheckoutActors<TMachine extends AnyStateMachine, const TIds extends ReadonlyArray<keyof ProvidableActors<TMachine> & string>>(
  machine: TMachine,
  ids: TIds,
) {
  const deferred = createDeferredActors(machine, [...ids, 'getOneOrder'] as unknown as TIds);
  const { getOneOrder, ...own } = deferred.actors as Record<string, unknown>;
  const orderPoll = orderPollMachine.provide({ actors: { getOneOrder: getOneOrder as ProvidableActors<typeof orderPollMachine>['getOneOrder'] } });
  type Id = TIds[number] | 'getOneOrder';
  return {
    calls: deferred.calls as ReadonlyArray<{ id: Id; input: unknown }>,
    isPending: deferred.isPending as (id: Id) => boolean,
    lastInput: deferred.lastInput as (id: Id) => unknown,
    resolve: deferred.resolve as (id: Id, output: unknown) => Promise<void>,
    reject: deferred.reject as (id: Id, error: unknown) => Promise<void>,
    actors: { ...own, orderPoll } as unknown as Pick<ProvidableActors<TMachine>, TIds[number] | 'orderPoll'>,
  };
}

/** The poll with its calls never answering and its reports muted: in a checkout's model the paths play its answers themselves. */
export const silentOrderPoll = orderPollMachine.provide({
  actors: { getOneOrder: fromPromise<PolledOutcome, { order_number: string }>(() => new Promise<never>(() => {})) },
  actions: { report: () => {} },
});

/** The poll's answers as a checkout's path events. */
export function pollAnswers(outcomes: readonly PolledOutcome[]): AnyEventObject[] {
  return outcomes.map((outcome) => ({ type: 'poll.answer', outcome }) satisfies OrderPollReply);
}
