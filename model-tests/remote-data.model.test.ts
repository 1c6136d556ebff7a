import { describe, expect, it } from 'vitest';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getRemoteDataPaths, REMOTE_DATA_CALLS, remoteDataModelMachine } from './remote-data.paths.ts';
import { replayPath, summarizePath } from './replay.ts';

const paths = getRemoteDataPaths();
const runtime = createCoverageRecorder(remoteDataModelMachine);

describe('remote-data: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(remoteDataModelMachine, paths);
    console.log(`remote-data: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarizePath(path)}`, path] as const))('replays %s', async (_, path) => {
    await replayPath(remoteDataModelMachine, path, {
      calls: REMOTE_DATA_CALLS,
      recorder: runtime,
      check: ({ event, before, snapshot, isPending }) => {
        // One load while loading, none otherwise; a failure always has words for the page.
        expect(isPending('load')).toBe(snapshot.matches('loading'));
        if (snapshot.matches('failed')) expect(snapshot.context.error).toMatch(/\S/);
        if (snapshot.matches('loaded')) expect(snapshot.context.error).toBeNull();
        // A changed input loads again and keeps what is on screen until the new answer replaces it.
        if (event.type === 'input.changed') {
          expect(snapshot.matches('loading')).toBe(true);
          expect(snapshot.context.data).toEqual(before?.context.data ?? null);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`remote-data at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
