import { describe, expect, it } from 'vitest';
import { loadingMachine } from '../machines/loading.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getLoadingPaths } from './loading.paths.ts';
import { replayPath, summarizePath } from './replay.ts';

const paths = getLoadingPaths();
const runtime = createCoverageRecorder(loadingMachine);

describe('loading: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(loadingMachine, paths);
    console.log(`loading: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarizePath(path)}`, path] as const))('replays %s', async (_, path) => {
    await replayPath(loadingMachine, path, {
      calls: [],
      recorder: runtime,
      check: ({ snapshot }) => {
        // The overlay shows only while work is counted, and never before the delay has passed.
        if (snapshot.hasTag('visible')) expect(snapshot.context.count).toBeGreaterThan(0);
        expect(snapshot.matches('idle')).toBe(snapshot.context.count === 0);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`loading at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
