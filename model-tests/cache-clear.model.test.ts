import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { CACHE_MESSAGES, cacheClearMachine } from '../machines/cache-clear.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { CACHE_CALLS, describeCacheEvent, getCachePaths } from './cache-clear.paths.ts';

const paths = getCachePaths();
const runtime = createCoverageRecorder(cacheClearMachine);

describe('cache-clear: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(cacheClearMachine, paths);
    console.log(`cache-clear: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeCacheEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const calls = createDeferredActors(cacheClearMachine, CACHE_CALLS);
    const notices: string[] = [];
    const actor = createActor(cacheClearMachine.provide({ actors: calls.actors, actions: { notify: (_, params) => void notices.push(params.message) } }), {
      inspect: runtime.inspect,
    });
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.')) await calls.resolve(event.type.slice(18) as (typeof CACHE_CALLS)[number], event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await calls.reject(event.type.slice(19) as (typeof CACHE_CALLS)[number], event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const noticesBefore = notices.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // The bridge is asked exactly when the machine is busy with it.
      expect(calls.isPending('measure')).toBe(snapshot.matches('measuring'));
      expect(calls.isPending('clear')).toBe(snapshot.matches('clearing'));
      // A finished clear is announced once, and a clear that failed says why.
      if (step.event.type === 'xstate.done.actor.clear') {
        expect(notices.slice(noticesBefore)).toEqual([(step.event.output as { ok: boolean }).ok ? CACHE_MESSAGES.cleared : CACHE_MESSAGES.clearFailed]);
      }
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`cache-clear at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
