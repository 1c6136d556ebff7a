import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { TRADE_MSG } from '../api/protocol/trade-rules.ts';
import { tradeActionMachine, type TradeActionContext, type TradeActionOutcome } from '../machines/trade-action.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, generateCoveringPaths } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';

const OUTCOMES: Record<string, TradeActionOutcome> = {
  ok: { kind: 'ok', code: 1, msg: TRADE_MSG.disputed, data: { id: 5 } },
  undecodable: { kind: 'ok', code: 1, msg: 'success', data: null },
  refused: { kind: 'toast', code: -1, msg: TRADE_MSG.disputeClosed, data: null, show: true },
  network: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
};

const events: AnyEventObject[] = [
  { type: 'ui.run', payload: { trade_id: 5, reason: '账号无法登录' } },
  { type: 'ui.reset' },
  ...Object.values(OUTCOMES).map((output) => ({ type: 'xstate.done.actor.run', output })),
  { type: 'xstate.error.actor.run', error: new Error('offline') },
];
const serialize = (snapshot: AnyMachineSnapshot) => {
  const { result, error } = snapshot.context as TradeActionContext;
  return JSON.stringify([snapshot.value, result !== null, error]);
};
const paths = generateCoveringPaths(tradeActionMachine, { events, serializeState: serialize });
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
