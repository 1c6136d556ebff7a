import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { storeRedeemMachine } from '../machines/store-redeem.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeRedeemEvent, getRedeemPaths, REDEEM_CALLS } from './store-redeem.paths.ts';

const paths = getRedeemPaths();
const runtime = createCoverageRecorder(storeRedeemMachine);

describe('store-redeem: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(storeRedeemMachine, paths);
    console.log(`store-redeem: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeRedeemEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const calls = createDeferredActors(storeRedeemMachine, REDEEM_CALLS);
    let redeemed = 0;
    const actor = createActor(storeRedeemMachine.provide({ actors: calls.actors, actions: { redeemed: () => void redeemed++ } }), { inspect: runtime.inspect });
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type === 'xstate.done.actor.redeem') await calls.resolve('redeem', event.output);
      else if (event.type === 'xstate.error.actor.redeem') await calls.reject('redeem', event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    let lastRequest: unknown = null;
    for (const [index, step] of path.steps.entries()) {
      const redeemedBefore = redeemed;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // Every call names the item and the attempt's request id; a retry sends the same id again.
      if (snapshot.matches('redeeming')) {
        const call = calls.calls.at(-1)!;
        expect(call.input).toEqual({ itemId: 7, requestId: snapshot.context.requestId });
        if (step.event.type === 'ui.retry') expect(call.input).toEqual(lastRequest);
        lastRequest = call.input;
        expect(snapshot.hasTag('busy')).toBe(true);
      }
      // The page reloads only after a redemption went through.
      expect(redeemed - redeemedBefore).toBe(snapshot.matches('done') && step.event.type === 'xstate.done.actor.redeem' ? 1 : 0);
      if (snapshot.matches('refused')) expect(['points', 'sold_out']).toContain(snapshot.context.reason);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`store-redeem at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
