import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { tradePurchaseMachine } from '../machines/trade-purchase.machine.ts';
import { coverageOfPaths, createCoverageRecorder, delayOf, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeTradePurchaseEvent, getTradePurchasePaths, INPUT, INVOKE_CALL, TRADE_PURCHASE_CALLS } from './trade-purchase.paths.ts';

const paths = getTradePurchasePaths();
const runtime = createCoverageRecorder(tradePurchaseMachine);

function createReplay() {
  const clock = new SimulatedClock();
  const calls = createDeferredActors(tradePurchaseMachine, TRADE_PURCHASE_CALLS);
  const effects: string[] = [];
  const actor = createActor(
    tradePurchaseMachine.provide({
      actors: calls.actors,
      actions: {
        orderCreated: (_, { order }) => void effects.push(`created ${order.order_number}`),
        openCashier: (_, { payUrl }) => void effects.push(`cashier ${payUrl}`),
        orderPaid: (_, { order }) => void effects.push(`paid ${order.order_number}`),
        showError: (_, { message }) => void effects.push(`toast ${message}`),
      },
    }),
    { clock, inspect: runtime.inspect, input: INPUT },
  );

  async function perform(event: AnyEventObject) {
    const { type } = event;
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    const call = actorEvent ? INVOKE_CALL[actorEvent[2]!]! : undefined;
    if (type === 'xstate.init') actor.start();
    else if (actorEvent?.[1] === 'done') await calls.resolve(call!, event.output);
    else if (actorEvent?.[1] === 'error') await calls.reject(call!, event.error);
    // checking's confirm timeout and its poll are both armed: advance by exactly the delay named.
    else if (type.startsWith('xstate.after.')) clock.increment(delayOf(tradePurchaseMachine, type));
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, effects, calls };
}

describe('trade-purchase: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(tradePurchaseMachine, paths);
    console.log(`trade-purchase: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describeTradePurchaseEvent(step.event).action);
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
      expect(calls.isPending('buyListing'), `step ${index}`).toBe(snapshot.matches('creating'));
      expect(calls.isPending('cancelOrder'), `step ${index}`).toBe(snapshot.matches('cancelling'));
      const newEffects = effects.slice(effectsBefore);
      if (snapshot.matches('creating')) expect(calls.lastInput('buyListing')).toEqual({ idempotency_key: snapshot.context.key, listing_id: INPUT.listingId, pay_method: snapshot.context.payMethod });
      if (step.event.type === 'ui.pay.open' && !snapshot.matches('awaitingPayment')) expect(newEffects).toEqual([`cashier ${snapshot.context.order?.pay_url}`]);
      if (snapshot.matches('paid') && step.event.type !== 'xstate.init') expect(newEffects).toEqual([`paid ${snapshot.context.order?.order_number}`]);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`trade-purchase at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

describe('trade-purchase: the idempotency key', () => {
  it('a network failure keeps the key for the retry; a refusal drops it', async () => {
    const { actor, perform, calls } = createReplay();
    await perform({ type: 'xstate.init' });
    actor.send({ type: 'ui.buy.open' });
    actor.send({ type: 'ui.buy.submit', key: 'k1-aaaaaaaaaaaaaaaa' });
    await calls.reject('buyListing', new Error('offline'));
    actor.send({ type: 'ui.buy.submit', key: 'k2-bbbbbbbbbbbbbbbb' });
    expect(calls.lastInput('buyListing')).toMatchObject({ idempotency_key: 'k1-aaaaaaaaaaaaaaaa' });
    await calls.resolve('buyListing', { kind: 'toast', code: -1, msg: '该商品正在被其他买家购买，请稍后再试', data: null, show: true });
    expect(actor.getSnapshot().context).toMatchObject({ key: null, error: '该商品正在被其他买家购买，请稍后再试' });
    actor.send({ type: 'ui.buy.submit', key: 'k3-cccccccccccccccc' });
    expect(calls.lastInput('buyListing')).toMatchObject({ idempotency_key: 'k3-cccccccccccccccc' });
    actor.stop();
  });
});
