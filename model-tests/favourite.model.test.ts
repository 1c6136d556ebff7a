import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { favouriteMachine } from '../machines/favourite.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeFavouriteEvent, FAVOURITE_CALLS, getFavouritePaths } from './favourite.paths.ts';

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
    const calls = createDeferredActors(favouriteMachine, FAVOURITE_CALLS);
    const logins: number[] = [];
    const announced: string[] = [];
    const actor = createActor(
      favouriteMachine.provide({
        actors: calls.actors,
        actions: { requestLogin: () => void logins.push(1), announce: (_, params) => void announced.push(params.message) },
      }),
      { inspect: runtime.inspect },
    );
    const perform = async (event: AnyEventObject) => {
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (event.type === 'xstate.init') actor.start();
      else if (settled?.[1] === 'done') await calls.resolve(settled[2] as (typeof FAVOURITE_CALLS)[number], event.output);
      else if (settled?.[1] === 'error') await calls.reject(settled[2] as (typeof FAVOURITE_CALLS)[number], event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot?.();
      const loginsBefore = logins.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // Signed out, a tap never calls the server: it opens login.
      if (step.event.type === 'ui.toggle' && step.event.signedIn === false && before?.matches('idle')) {
        expect(logins.length).toBe(loginsBefore + 1);
        expect(snapshot.matches('idle')).toBe(true);
      }
      // A save asks for the opposite of what was shown.
      if (step.event.type === 'ui.toggle' && step.event.signedIn && before?.matches('idle')) {
        expect(calls.lastInput('save')).toEqual({ collect: before.context.collected ? 0 : 1 });
      }
    }
    actor.stop();
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`favourite at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
