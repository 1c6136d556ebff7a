import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import type { DownListEntry, DownloadListContext, DownloadListInput } from '../machines/download.types.ts';
import { PERSIST_THROTTLE_MS } from '../machines/download-list.setup.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeListEvent, describeListInput, getListPaths, LIST_CALLS, modelListMachine } from './download-list.paths.ts';

const paths = getListPaths();
const runtime = createCoverageRecorder(modelListMachine);

/** What a list context says, without the actor objects: the ids, in order, of each entry actor. */
const shape = (context: DownloadListContext) => ({
  ...context,
  entries: Object.fromEntries(Object.entries(context.entries).map(([id, ref]) => [id, ref.id])),
});

function createReplay(input: DownloadListInput) {
  const calls = createDeferredActors(modelListMachine, LIST_CALLS);
  const persisted: DownListEntry[][] = [];
  const unsolicited: string[] = [];
  const preference: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    modelListMachine.provide({
      actors: calls.actors,
      actions: {
        persist: (_, params) => void persisted.push(params.entries),
        unsolicited: (_, params) => void unsolicited.push(params.reason),
        persistDeletePackage: (_, params) => void preference.push(params.value),
      },
    }),
    { clock, input, inspect: runtime.inspect },
  );
  async function perform(event: AnyEventObject) {
    const pending = calls.isPending('syncFromNative');
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.syncFromNative' && pending) await calls.resolve('syncFromNative', event.output);
    else if (event.type === 'xstate.error.actor.syncFromNative' && pending) await calls.reject('syncFromNative', event.error);
    else if (event.type.startsWith('xstate.after.')) clock.increment(PERSIST_THROTTLE_MS);
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, persisted, unsolicited, preference, calls };
}

describe('download list: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(
      modelListMachine,
      paths.map(({ path }) => path),
    );
    console.log(`download list: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  const named = paths.map(({ input, path }, index) => {
    const actions = path.steps.slice(1).map((step) => describeListEvent(step.event));
    return [`#${index + 1} ${describeListInput(input)}: ${actions.join(' → ')}`, input, path] as const;
  });

  it.each(named)('replays %s', async (_, input, path: MachinePath) => {
    const { actor, perform, persisted, calls } = createReplay(input);
    for (const [index, step] of path.steps.entries()) {
      const writes = persisted.length;
      const orderBefore = index > 0 ? actor.getSnapshot().context.order : null;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      const where = `step ${index}: ${step.event.type}`;
      expect(snapshot.value, where).toEqual(step.state.value);
      expect(shape(snapshot.context), where).toEqual(shape(step.state.context as DownloadListContext));
      // One getDownloadStates at a time, while syncing.
      expect(calls.isPending('syncFromNative'), where).toBe(snapshot.matches({ sync: 'syncing' }));
      // Membership changes are written at once, in display order, one entry per id.
      if (orderBefore !== null && snapshot.context.order !== orderBefore) {
        expect(persisted.length, where).toBe(writes + 1);
        expect(persisted.at(-1)!.map((entry) => entry.platform_game_id), where).toEqual(snapshot.context.order);
      }
      for (const write of persisted.slice(writes)) expect(new Set(write.map((entry) => entry.platform_game_id)).size).toBe(write.length);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`download list at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
