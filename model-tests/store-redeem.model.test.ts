import { describe, expect, it } from 'vitest';
import { storeRedeemMachine } from '../machines/store-redeem.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describeRedeemEvent, getRedeemPaths, REDEEM_CALLS } from './store-redeem.paths.ts';
import { replayPath } from './replay.ts';

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
    let redeemed = 0;
    let redeemedBefore = 0;
    let lastRequest: unknown = null;
    await replayPath(storeRedeemMachine, path, {
      calls: REDEEM_CALLS,
      recorder: runtime,
      actions: { redeemed: () => void redeemed++ },
      beforeStep: () => void (redeemedBefore = redeemed),
      check: ({ event, snapshot, lastCall }) => {
        // Every call names the item and the attempt's request id; a retry sends the same id again.
        if (snapshot.matches('redeeming')) {
          const call = lastCall()!;
          expect(call.input).toEqual({ itemId: 7, requestId: snapshot.context.requestId });
          if (event.type === 'ui.retry') expect(call.input).toEqual(lastRequest);
          lastRequest = call.input;
          expect(snapshot.hasTag('busy')).toBe(true);
        }
        // The page reloads only after a redemption went through.
        expect(redeemed - redeemedBefore).toBe(snapshot.matches('done') && event.type === 'xstate.done.actor.redeem' ? 1 : 0);
        if (snapshot.matches('refused')) expect(['points', 'sold_out']).toContain(snapshot.context.reason);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`store-redeem at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
