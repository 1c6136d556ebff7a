import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { loginOverlayMachine } from '../machines/login-overlay.machine.ts';
import type { SignedInParams } from '../machines/login-overlay.types.ts';
import { coverageOfPaths, createCoverageRecorder, delayOf, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { silentResendCode } from './resend-code.kit.ts';
import {
  describeLoginOverlayEvent,
  getLoginOverlayPaths,
  LOGIN_DATA,
  LOGIN_OVERLAY_CALLS,
  LOGIN_OVERLAY_INPUT,
  type LoginOverlayCall,
} from './login-overlay.paths.ts';

const paths = getLoginOverlayPaths();
const runtime = createCoverageRecorder(loginOverlayMachine);

/** A short name: event types, with runs of one event folded ("tick ×60"). */
function summarize(path: MachinePath): string {
  const parts: string[] = [];
  let previous = '';
  let run = 0;
  const flushRun = () => previous && parts.push(run > 1 ? `${previous} ×${run}` : previous);
  for (const { event } of path.steps.slice(1)) {
    const name = event.type.startsWith('xstate.after.')
      ? 'tick'
      : 'value' in event
        ? `${event.type}(${String(event.value)})`
        : 'output' in event
          ? `${event.type}:${(event.output as { kind: string }).kind}`
          : event.type;
    if (name === previous) run += 1;
    else {
      flushRun();
      previous = name;
      run = 1;
    }
  }
  flushRun();
  return parts.join(' → ');
}

/** A fresh overlay on a simulated clock, its calls answered by the path's server events. */
function createReplay() {
  const clock = new SimulatedClock();
  const calls = createDeferredActors(loginOverlayMachine, LOGIN_OVERLAY_CALLS);
  const toasts: string[] = [];
  const signedIn: SignedInParams[] = [];
  const actor = createActor(
    loginOverlayMachine.provide({
      actors: { ...calls.actors, resendCode: silentResendCode },
      actions: {
        showToast: (_, params) => void toasts.push(params.message),
        signedIn: (_, params) => void signedIn.push(params),
      },
    }),
    { clock, inspect: runtime.inspect, input: LOGIN_OVERLAY_INPUT },
  );

  async function perform(event: AnyEventObject) {
    const { type } = event;
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (type === 'xstate.init') actor.start();
    else if (actorEvent?.[1] === 'done') await calls.resolve(actorEvent[2] as LoginOverlayCall, event.output);
    else if (actorEvent?.[1] === 'error') await calls.reject(actorEvent[2] as LoginOverlayCall, event.error);
    else if (type.startsWith('xstate.after.')) clock.increment(delayOf(loginOverlayMachine, type));
    else if (type === 'agreement.accepted') actor.getSnapshot().children.agreement!.send({ type: 'ui.agreement.accept' });
    else if (type === 'agreement.dismissed') actor.getSnapshot().children.agreement!.send({ type: 'ui.agreement.dismiss' });
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }

  return { actor, perform, toasts, signedIn };
}

describe('login overlay: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(loginOverlayMachine, paths);
    console.log(`login overlay: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.covered).toBe(report.states.total);
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  it('map every event to a user action, a sheet answer, a server answer or a clock tick', () => {
    for (const path of paths) for (const { event } of path.steps.slice(1)) expect(describeLoginOverlayEvent(event).action).not.toBe('');
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarize(path)}`, path] as const))('replays %s', async (_, path) => {
    const { actor, perform, signedIn } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
    }
    const last = path.steps.at(-1)!.event;
    if (last.type.startsWith('xstate.done.actor.') && actor.getSnapshot().matches('closed')) {
      const { token, user_uuid: uuid, nickname } = LOGIN_DATA;
      expect(signedIn).toEqual([expect.objectContaining({ token, uuid, nickname })]);
    }
    actor.stop();
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`login overlay at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
