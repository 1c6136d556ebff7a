import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tradeActionMachine } from '../machines/trade-action.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { getTradeActionPaths } from './trade-action.paths.ts';

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
    const calls = createDeferredActors(tradeActionMachine, ['run'] as const);
    const succeeded: unknown[] = [];
    const actor = createActor(tradeActionMachine.provide({ actors: calls.actors, actions: { succeeded: (_, { result }) => void succeeded.push(result) } }), { inspect: runtime.inspect });
    for (const step of path.steps) {
      const { type } = step.event;
      if (type === 'xstate.init') actor.start();
      else if (type === 'xstate.done.actor.run') await calls.resolve('run', step.event.output);
      else if (type === 'xstate.error.actor.run') await calls.reject('run', step.event.error);
      else actor.send(step.event as Parameters<typeof actor.send>[0]);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      expect(calls.isPending('run')).toBe(snapshot.matches('running'));
      if (snapshot.matches('running')) expect(calls.lastInput('run')).toEqual({ trade_id: 5, reason: '账号无法登录' });
    }
    expect(succeeded.length).toBe(path.steps.filter((s) => s.event.type === 'xstate.done.actor.run' && s.state.matches('done')).length);
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
