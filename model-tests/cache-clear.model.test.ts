import { describe, expect, it } from 'vitest';
import { CACHE_MESSAGES, cacheClearMachine } from '../machines/cache-clear.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { CACHE_CALLS, describeCacheEvent, getCachePaths } from './cache-clear.paths.ts';
import { replayPath } from './replay.ts';

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
    const notices: string[] = [];
    let noticesBefore = 0;
    await replayPath(cacheClearMachine, path, {
      calls: CACHE_CALLS,
      recorder: runtime,
      actions: { notify: (_: unknown, params: { message: string }) => void notices.push(params.message) },
      beforeStep: () => void (noticesBefore = notices.length),
      check: ({ event, snapshot, isPending }) => {
        // The bridge is asked exactly when the machine is busy with it.
        expect(isPending('measure')).toBe(snapshot.matches('measuring'));
        expect(isPending('clear')).toBe(snapshot.matches('clearing'));
        // A finished clear is announced once, and a clear that failed says why.
        if (event.type === 'xstate.done.actor.clear') {
          expect(notices.slice(noticesBefore)).toEqual([(event.output as { ok: boolean }).ok ? CACHE_MESSAGES.cleared : CACHE_MESSAGES.clearFailed]);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`cache-clear at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
