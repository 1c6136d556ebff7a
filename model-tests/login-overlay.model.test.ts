import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { loginOverlayMachine } from '../machines/login-overlay.machine.ts';
import type { SignedInParams } from '../machines/login-overlay.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import {
  describeLoginOverlayEvent,
  getLoginOverlayPaths,
  LOGIN_DATA,
  LOGIN_OVERLAY_CALLS,
  LOGIN_OVERLAY_INPUT,
} from './login-overlay.paths.ts';
import { replayPath } from './replay.ts';
import { silentResendCode } from './resend-code.kit.ts';

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
    const toasts: string[] = [];
    const signedIn: SignedInParams[] = [];
    let closed = false;
    await replayPath(loginOverlayMachine, path, {
      calls: LOGIN_OVERLAY_CALLS,
      actors: { resendCode: silentResendCode },
      input: LOGIN_OVERLAY_INPUT,
      recorder: runtime,
      actions: {
        showToast: (_: unknown, params: { message: string }) => void toasts.push(params.message),
        signedIn: (_: unknown, params: SignedInParams) => void signedIn.push(params),
      },
      // The agreement sheet's answers come from the sheet the overlay runs, as in the app.
      perform: (event, { actor }) => {
        const agreement = (actor.getSnapshot() as { children: Record<string, { send: (event: AnyEventObject) => void } | undefined> }).children.agreement;
        if (event.type === 'agreement.accepted') agreement!.send({ type: 'ui.agreement.accept' });
        else if (event.type === 'agreement.dismissed') agreement!.send({ type: 'ui.agreement.dismiss' });
        else return false;
        return true;
      },
      check: ({ snapshot }) => void (closed = snapshot.matches('closed')),
    });
    const last = path.steps.at(-1)!.event;
    if (last.type.startsWith('xstate.done.actor.') && closed) {
      const { token, user_uuid: uuid, nickname } = LOGIN_DATA;
      expect(signedIn).toEqual([expect.objectContaining({ token, uuid, nickname })]);
    }
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`login overlay at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
