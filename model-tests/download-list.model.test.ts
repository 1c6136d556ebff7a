import { describe, expect, it } from 'vitest';
import type { DownListEntry, DownloadListContext } from '../machines/download.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import { describeListEvent, describeListInput, getListPaths, LIST_CALLS, modelListMachine } from './download-list.paths.ts';
import { replayPath } from './replay.ts';

const paths = getListPaths();
const runtime = createCoverageRecorder(modelListMachine);

/** What a list context says, without the actor objects: the ids, in order, of each entry actor. */
const shape = (context: DownloadListContext) => ({
  ...context,
  entries: Object.fromEntries(Object.entries(context.entries).map(([id, ref]) => [id, ref.id])),
});

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
    const persisted: DownListEntry[][] = [];
    const unsolicited: string[] = [];
    const preference: string[] = [];
    let writes = 0;
    await replayPath(modelListMachine, path, {
      calls: LIST_CALLS,
      input,
      recorder: runtime,
      actions: {
        persist: (_: unknown, params: { entries: DownListEntry[] }) => void persisted.push(params.entries),
        unsolicited: (_: unknown, params: { reason: string }) => void unsolicited.push(params.reason),
        persistDeletePackage: (_: unknown, params: { value: string }) => void preference.push(params.value),
      },
      contextOf: (context) => shape(context as DownloadListContext),
      beforeStep: () => void (writes = persisted.length),
      // An answer with no sync waiting for it is what the machine may be sent, as in the app.
      perform: (event, { actor, isPending }) => {
        if (/^xstate\.(done|error)\.actor\.syncFromNative$/.test(event.type) && !isPending('syncFromNative')) {
          actor.send(event);
          return true;
        }
        return false;
      },
      check: ({ index, before, snapshot, isPending }) => {
        const where = `step ${index}`;
        const orderBefore = before ? (before.context as DownloadListContext).order : null;
        // One getDownloadStates at a time, while syncing.
        expect(isPending('syncFromNative'), where).toBe(snapshot.matches({ sync: 'syncing' }));
        // Membership changes are written at once, in display order, one entry per id.
        if (orderBefore !== null && snapshot.context.order !== orderBefore) {
          expect(persisted.length, where).toBe(writes + 1);
          expect(persisted.at(-1)!.map((entry) => entry.platform_game_id), where).toEqual(snapshot.context.order);
        }
        for (const write of persisted.slice(writes)) expect(new Set(write.map((entry) => entry.platform_game_id)).size).toBe(write.length);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`download list at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
