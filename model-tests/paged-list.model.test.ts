import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { pagedListMachine } from '../machines/paged-list.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describePagedListEvent, getPagedListPaths, LIMIT } from './paged-list.paths.ts';

const paths = getPagedListPaths();
const runtime = createCoverageRecorder(pagedListMachine);

function createReplay() {
  const calls = createDeferredActors(pagedListMachine, ['loadPage'] as const);
  const actor = createActor(pagedListMachine.provide({ actors: calls.actors }), { input: { limit: LIMIT }, inspect: runtime.inspect });
  async function perform(event: AnyEventObject) {
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.loadPage') await calls.resolve('loadPage', event.output);
    else if (event.type === 'xstate.error.actor.loadPage') await calls.reject('loadPage', event.error);
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, calls };
}

describe('paged list: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(pagedListMachine, paths);
    console.log(`paged-list: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describePagedListEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const { actor, perform, calls } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // Every load asks for the page after the last one loaded (page 1 on first load, retry of the first and refresh).
      if (calls.isPending('loadPage') && (step.event.type.startsWith('ui.') || step.event.type === 'xstate.init')) {
        const expected = snapshot.hasTag('loadingMore') ? before.context.page + 1 : 1;
        expect(calls.lastInput('loadPage')).toEqual({ page: expected, limit: LIMIT });
      }
      // A failed further page never loses what was shown.
      if (snapshot.matches({ ready: 'loadMoreFailed' }) || snapshot.matches('refreshing')) expect(snapshot.context.items).toEqual(before.context.items);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`paged-list at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
