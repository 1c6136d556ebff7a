import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { checkInMachine } from '../machines/check-in.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { CHECK_IN_CALLS, describeCheckInEvent, getCheckInPaths } from './check-in.paths.ts';

const paths = getCheckInPaths();
const runtime = createCoverageRecorder(checkInMachine);

describe('check-in: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(checkInMachine, paths);
    console.log(`check-in: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeCheckInEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const calls = createDeferredActors(checkInMachine, CHECK_IN_CALLS);
    const changed: string[] = [];
    const actor = createActor(checkInMachine.provide({ actors: calls.actors, actions: { changed: (_, params) => void changed.push(params.message) } }), { inspect: runtime.inspect });
    const perform = async (event: AnyEventObject) => {
      const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
      const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
      if (event.type === 'xstate.init') actor.start();
      else if (done) await calls.resolve(done[1] as (typeof CHECK_IN_CALLS)[number], event.output);
      else if (failed) await calls.reject(failed[1] as (typeof CHECK_IN_CALLS)[number], event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot?.();
      const changedBefore = changed.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // 补签 only calls the server when the table offered it.
      if (step.event.type === 'ui.makeup' && before?.matches('open')) expect(calls.isPending('makeup')).toBe(before.context.settle?.makeup.available === true);
      // Only a landed check-in or makeup tells the page to refresh the balance and tasks.
      const landed = /^xstate\.done\.actor\.(checkIn|makeup)$/.test(step.event.type) && (step.event.output as { kind: string }).kind === 'ok';
      expect(changed.length).toBe(changedBefore + (landed ? 1 : 0));
      if (snapshot.matches('checked')) expect(snapshot.context.settle?.checked_today).toBe(true);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`check-in at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
