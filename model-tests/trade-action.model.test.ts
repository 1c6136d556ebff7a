import { describe, expect, it } from 'vitest';
import { tradeActionMachine } from '../machines/trade-action.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getTradeActionPaths } from './trade-action.paths.ts';
import { replayPath } from './replay.ts';

const paths = getTradeActionPaths();
const runtime = createCoverageRecorder(tradeActionMachine);

describe('trade-action: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(tradeActionMachine, paths);
    console.log(`trade-action: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((s) => s.event.type).join(' → ')}`, path] as const))('replays %s', async (_, path) => {
    const succeeded: unknown[] = [];
    await replayPath(tradeActionMachine, path, {
      calls: ['run'],
      recorder: runtime,
      actions: { succeeded: (_: unknown, { result }: { result: unknown }) => void succeeded.push(result) },
      check: ({ snapshot, isPending, lastInput }) => {
        expect(isPending('run')).toBe(snapshot.matches('running'));
        if (snapshot.matches('running')) expect(lastInput('run')).toEqual({ trade_id: 5, reason: '账号无法登录' });
      },
    });
    expect(succeeded.length).toBe(path.steps.filter((s) => s.event.type === 'xstate.done.actor.run' && s.state.matches('done')).length);
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
