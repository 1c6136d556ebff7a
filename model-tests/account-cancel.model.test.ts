import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { accountCancelMachine } from '../machines/account-cancel.machine.ts';
import { ACCOUNT_CANCEL_CALLS, getAccountCancelPaths, type AccountCancelCall } from './account-cancel.paths.ts';
import { coverageOfPaths, createCoverageRecorder, delayOf, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { silentResendCode } from './resend-code.kit.ts';

const paths = getAccountCancelPaths();
const runtime = createCoverageRecorder(accountCancelMachine);

function summarize(path: MachinePath): string {
  const parts: string[] = [];
  for (const { event } of path.steps.slice(1)) {
    const name = event.type.startsWith('xstate.after.')
      ? 'tick'
      : 'value' in event
        ? `${event.type}(${String(event.value)})`
        : 'output' in event
          ? `${event.type.replace('xstate.done.actor.', '')}:${(event.output as { kind: string; msg: string }).kind}`
          : event.type;
    const last = parts.at(-1);
    if (last && (last === name || last.startsWith(`${name} ×`))) {
      const count = last === name ? 1 : Number(last.split('×')[1]);
      parts[parts.length - 1] = `${name} ×${count + 1}`;
    } else parts.push(name);
  }
  return parts.join(' → ');
}

describe('account-cancel: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(accountCancelMachine, paths);
    console.log(`account-cancel: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarize(path)}`, path] as const))('replays %s', async (_, path) => {
    const clock = new SimulatedClock();
    const calls = createDeferredActors(accountCancelMachine, ACCOUNT_CANCEL_CALLS);
    const toasts: string[] = [];
    const actor = createActor(accountCancelMachine.provide({ actors: { ...calls.actors, resendCode: silentResendCode }, actions: { showToast: (_, params) => void toasts.push(params.message) } }), {
      clock,
      inspect: runtime.inspect,
    });
    const perform = async (event: AnyEventObject) => {
      const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (event.type === 'xstate.init') actor.start();
      else if (actorEvent?.[1] === 'done') await calls.resolve(actorEvent[2] as AccountCancelCall, event.output);
      else if (actorEvent?.[1] === 'error') await calls.reject(actorEvent[2] as AccountCancelCall, event.error);
      else if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(accountCancelMachine, event.type));
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
    }
    actor.stop();
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`account-cancel at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
