import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tradePurchaseMachine } from '../machines/trade-purchase.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { silentOrderPoll } from './order-poll.kit.ts';
import { describeTradePurchaseEvent, getTradePurchasePaths, INPUT, INVOKE_CALL, TRADE_PURCHASE_CALLS } from './trade-purchase.paths.ts';
import { replayPath } from './replay.ts';

const paths = getTradePurchasePaths();
const runtime = createCoverageRecorder(tradePurchaseMachine);

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
    const effects: string[] = [];
    let effectsBefore = 0;
    await replayPath(tradePurchaseMachine, path, {
      calls: TRADE_PURCHASE_CALLS,
      sources: INVOKE_CALL,
      actors: { orderPoll: silentOrderPoll },
      input: INPUT,
      recorder: runtime,
      actions: {
        orderCreated: (_: unknown, { order }: { order: { order_number: string } }) => void effects.push(`created ${order.order_number}`),
        openCashier: (_: unknown, { payUrl }: { payUrl: string }) => void effects.push(`cashier ${payUrl}`),
        orderPaid: (_: unknown, { order }: { order: { order_number: string } }) => void effects.push(`paid ${order.order_number}`),
        showError: (_: unknown, { message }: { message: string }) => void effects.push(`toast ${message}`),
      },
      beforeStep: () => void (effectsBefore = effects.length),
      check: ({ index, event, snapshot, isPending, lastInput }) => {
        // A call is in flight exactly in the states that invoke it.
        expect(isPending('buyListing'), `step ${index}`).toBe(snapshot.matches('creating'));
        expect(isPending('cancelOrder'), `step ${index}`).toBe(snapshot.matches('cancelling'));
        const newEffects = effects.slice(effectsBefore);
        if (snapshot.matches('creating')) expect(lastInput('buyListing')).toEqual({ idempotency_key: snapshot.context.key, listing_id: INPUT.listingId, pay_method: snapshot.context.payMethod });
        if (event.type === 'ui.pay.open' && !snapshot.matches('awaitingPayment')) expect(newEffects).toEqual([`cashier ${snapshot.context.order?.pay_url}`]);
        if (snapshot.matches('paid') && event.type !== 'xstate.init') expect(newEffects).toEqual([`paid ${snapshot.context.order?.order_number}`]);
      },
    });
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
    const calls = createDeferredActors(tradePurchaseMachine, TRADE_PURCHASE_CALLS);
    const actor = createActor(tradePurchaseMachine.provide({ actors: calls.actors }), { input: INPUT }).start();
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
