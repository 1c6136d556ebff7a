import { describe, expect, it } from 'vitest';
import { pagedListMachine } from '../machines/paged-list.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describePagedListEvent, getPagedListPaths, LIMIT } from './paged-list.paths.ts';
import { replayPath } from './replay.ts';

const paths = getPagedListPaths();
const runtime = createCoverageRecorder(pagedListMachine);

describe('paged list: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(pagedListMachine, paths);
    console.log(`paged-list: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describePagedListEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    await replayPath(pagedListMachine, path, {
      calls: ['loadPage'],
      input: { limit: LIMIT },
      recorder: runtime,
      check: ({ event, before, snapshot, isPending, lastInput }) => {
        // Every load asks for the page after the last one loaded (page 1 on first load, retry of the first and refresh).
        if (isPending('loadPage') && (event.type.startsWith('ui.') || event.type === 'xstate.init')) {
          const expected = snapshot.hasTag('loadingMore') ? before!.context.page + 1 : 1;
          expect(lastInput('loadPage')).toEqual({ page: expected, limit: LIMIT });
        }
        // A failed further page never loses what was shown.
        if (snapshot.matches({ ready: 'loadMoreFailed' }) || snapshot.matches('refreshing')) expect(snapshot.context.items).toEqual(before!.context.items);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`paged-list at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
