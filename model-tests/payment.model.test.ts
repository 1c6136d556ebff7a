import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { paymentMachine } from '../machines/payment.machine.ts';
import { coverageOfPaths, createCoverageRecorder, delayOf, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describePaymentEvent, getPaymentPaths, PAYMENT_CALLS, type PaymentCall } from './payment.paths.ts';

const paths = getPaymentPaths();
const runtime = createCoverageRecorder(paymentMachine);

function createReplay() {
  const clock = new SimulatedClock();
  const calls = createDeferredActors(paymentMachine, PAYMENT_CALLS);
  const effects: string[] = [];
  const actor = createActor(
    paymentMachine.provide({
      actors: calls.actors,
      actions: {
        persistAttempt: (_, params) => void effects.push(`persist ${params.orderNumber ?? 'attempt'}`),
        clearAttempt: () => void effects.push('clear'),
        openCashier: (_, { payUrl }) => void effects.push(`cashier ${payUrl}`),
        showError: (_, { message }) => void effects.push(`toast ${message}`),
        orderPaid: (_, { orderNumber }) => void effects.push(`paid ${orderNumber}`),
      },
    }),
    { clock, inspect: runtime.inspect },
  );

  async function perform(event: AnyEventObject) {
    const { type } = event;
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    // getDelivery is an invocation of the getOneOrder actor.
    const call = (actorEvent?.[2] === 'getDelivery' ? 'getOneOrder' : actorEvent?.[2]) as PaymentCall;
    if (type === 'xstate.init') actor.start();
    else if (actorEvent?.[1] === 'done') await calls.resolve(call, event.output);
    else if (actorEvent?.[1] === 'error') await calls.reject(call, event.error);
    // One region: a delayed event is exactly its delay on the clock.
    else if (type.startsWith('xstate.after.')) clock.increment(delayOf(paymentMachine, type));
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, effects, calls };
}

describe('payment: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(paymentMachine, paths);
    console.log(`payment: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describePaymentEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)('replays %s', async (_, path) => {
    const { actor, perform, effects, calls } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      const effectsBefore = effects.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // A call is in flight exactly in the states that invoke it.
      expect(calls.isPending('createOrder'), `step ${index}`).toBe(snapshot.matches('creating'));
      expect(calls.isPending('cancelOrder'), `step ${index}`).toBe(snapshot.matches('cancelling'));
      const newEffects = effects.slice(effectsBefore);
      if (snapshot.matches('awaitingCashier') && step.event.type !== 'xstate.init') expect(newEffects.some((e) => e.startsWith('cashier '))).toBe(true);
      if (snapshot.matches('creating') && step.event.type === 'ui.pay.submit') expect(newEffects).toEqual(['persist attempt']);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`payment at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
