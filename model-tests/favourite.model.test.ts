import { describe, expect, it } from 'vitest';
import { favouriteMachine } from '../machines/favourite.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describeFavouriteEvent, FAVOURITE_CALLS, getFavouritePaths } from './favourite.paths.ts';
import { replayPath } from './replay.ts';

const paths = getFavouritePaths();
const runtime = createCoverageRecorder(favouriteMachine);

describe('favourite button: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(favouriteMachine, paths);
    console.log(`favourite: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeFavouriteEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const logins: number[] = [];
    const announced: string[] = [];
    let loginsBefore = 0;
    await replayPath(favouriteMachine, path, {
      calls: FAVOURITE_CALLS,
      recorder: runtime,
      actions: { requestLogin: () => void logins.push(1), announce: (_: unknown, params: { message: string }) => void announced.push(params.message) },
      beforeStep: () => void (loginsBefore = logins.length),
      check: ({ event, before, snapshot, lastInput }) => {
        // Signed out, a tap never calls the server: it opens login.
        if (event.type === 'ui.toggle' && event.signedIn === false && before?.matches('idle')) {
          expect(logins.length).toBe(loginsBefore + 1);
          expect(snapshot.matches('idle')).toBe(true);
        }
        // A save asks for the opposite of what was shown.
        if (event.type === 'ui.toggle' && event.signedIn && before?.matches('idle')) {
          expect(lastInput('save')).toEqual({ collect: before.context.collected ? 0 : 1 });
        }
      },
    });
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`favourite at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
