import { describe, expect, it } from 'vitest';
import { giftClaimMachine } from '../machines/gift-claim.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { CLAIM_CALLS, CLAIM_NOT_ON_PATHS, describeClaimEvent, getClaimPaths } from './gift-claim.paths.ts';
import { replayPath } from './replay.ts';

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
    const logins: number[] = [];
    const announced: string[] = [];
    let loginsBefore = 0;
    await replayPath(giftClaimMachine, path, {
      calls: CLAIM_CALLS,
      input,
      recorder: runtime,
      actions: { requestLogin: () => void logins.push(1), announce: (_: unknown, params: { message: string }) => void announced.push(params.message) },
      beforeStep: () => void (loginsBefore = logins.length),
      check: ({ event, before, snapshot, isPending }) => {
        // A claim while signed out never calls the server: it opens login.
        if (event.type === 'ui.claim' && event.signedIn === false && before && !before.matches('claimed')) {
          expect(logins.length).toBe(loginsBefore + (before.matches('idle') || before.matches('failed') ? 1 : 0));
          expect(isPending('claim')).toBe(false);
        }
        // The button state is what tells a suppressed '已领取'.
        if (event.type === 'xstate.done.actor.claim' && (event.output as { msg: string }).msg === '已领取') expect(snapshot.matches('claimed')).toBe(true);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`gift-claim at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
