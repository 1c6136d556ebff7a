import { describe, expect, it } from 'vitest';
import { checkInMachine } from '../machines/check-in.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { CHECK_IN_CALLS, describeCheckInEvent, getCheckInPaths } from './check-in.paths.ts';
import { replayPath } from './replay.ts';

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
    const changed: string[] = [];
    let changedBefore = 0;
    await replayPath(checkInMachine, path, {
      calls: CHECK_IN_CALLS,
      recorder: runtime,
      actions: { changed: (_: unknown, params: { message: string }) => void changed.push(params.message) },
      beforeStep: () => void (changedBefore = changed.length),
      check: ({ event, before, snapshot, isPending }) => {
        // 补签 only calls the server when the table offered it.
        if (event.type === 'ui.makeup' && before?.matches('open')) expect(isPending('makeup')).toBe(before.context.settle?.makeup.available === true);
        // Only a landed check-in or makeup tells the page to refresh the balance and tasks.
        const landed = /^xstate\.done\.actor\.(checkIn|makeup)$/.test(event.type) && (event.output as { kind: string }).kind === 'ok';
        expect(changed.length).toBe(changedBefore + (landed ? 1 : 0));
        if (snapshot.matches('checked')) expect(snapshot.context.settle?.checked_today).toBe(true);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`check-in at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
