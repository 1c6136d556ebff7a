import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { giftClaimMachine } from '../machines/gift-claim.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { CLAIM_CALLS, CLAIM_NOT_ON_PATHS, describeClaimEvent, getClaimPaths } from './gift-claim.paths.ts';

const paths = getClaimPaths();
const runtime = createCoverageRecorder(giftClaimMachine);

describe('gift-claim: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(
      giftClaimMachine,
      paths.map(({ path }) => path),
    );
    console.log(`gift-claim: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    // The running actor below records what CLAIM_NOT_ON_PATHS names.
    expect(unexplained(report, CLAIM_NOT_ON_PATHS)).toEqual([]);
  });

  const named = paths.map(({ input, path }, index) => {
    const actions = path.steps.slice(1).map((step) => describeClaimEvent(step.event));
    return [`#${index + 1} ${JSON.stringify(input)} ${actions.join(' → ') || '(start)'}`, input, path] as const;
  });

  it.each(named)('replays %s', async (_, input, path) => {
    const calls = createDeferredActors(giftClaimMachine, CLAIM_CALLS);
    const logins: number[] = [];
    const announced: string[] = [];
    const actor = createActor(
      giftClaimMachine.provide({
        actors: calls.actors,
        actions: { requestLogin: () => void logins.push(1), announce: (_, params) => void announced.push(params.message) },
      }),
      { input, inspect: runtime.inspect },
    );
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type === 'xstate.done.actor.claim') await calls.resolve('claim', event.output);
      else if (event.type === 'xstate.error.actor.claim') await calls.reject('claim', event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot?.();
      const loginsBefore = logins.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // A claim while signed out never calls the server: it opens login.
      if (step.event.type === 'ui.claim' && step.event.signedIn === false && before && !before.matches('claimed')) {
        expect(logins.length).toBe(loginsBefore + (before.matches('idle') || before.matches('failed') ? 1 : 0));
        expect(calls.isPending('claim')).toBe(false);
      }
      // The button state is what tells a suppressed '已领取'.
      if (step.event.type === 'xstate.done.actor.claim' && (step.event.output as { msg: string }).msg === '已领取') expect(snapshot.matches('claimed')).toBe(true);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`gift-claim at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
