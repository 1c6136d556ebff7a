import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { passwordChangeMachine } from '../machines/password-change.machine.ts';
import { phoneBindMachine } from '../machines/phone-bind.machine.ts';
import { phoneVerifyMachine } from '../machines/phone-verify.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import {
  describeAccountSecurityEvent,
  getPasswordChangePaths,
  getPhoneBindPaths,
  getPhoneVerifyPaths,
  PASSWORD_CHANGE_CALLS,
  PHONE_CHANGE_CALLS,
  type InputPath,
} from './account-security.paths.ts';
import { replayPath } from './replay.ts';
import { silentResendCode } from './resend-code.kit.ts';

function summarize({ input, path }: InputPath<unknown>): string {
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
          ? `${event.type}:${(event.output as { kind: string; msg: string }).kind}`
          : event.type;
    if (name === previous) run += 1;
    else {
      flushRun();
      previous = name;
      run = 1;
    }
  }
  flushRun();
  return `${JSON.stringify(input)} ${parts.join(' → ')}`;
}

/** Replays one path with deferred calls; the effects are only recorded. */
async function replay(machine: AnyStateMachine, calls: readonly string[], recorder: ReturnType<typeof createCoverageRecorder>, { input, path }: InputPath<unknown>) {
  const effects: string[] = [];
  const actions = Object.fromEntries(['showToast', 'verified', 'changed', 'restart'].map((name) => [name, () => void effects.push(name)]));
  await replayPath(machine, path as MachinePath, { calls, actors: { resendCode: silentResendCode }, input, actions, recorder });
}

const SUITES: Array<[string, AnyStateMachine, readonly string[], () => InputPath<unknown>[]]> = [
  ['phone change step 1', phoneVerifyMachine, PHONE_CHANGE_CALLS, getPhoneVerifyPaths],
  ['phone change step 2', phoneBindMachine, PHONE_CHANGE_CALLS, getPhoneBindPaths],
  ['password change', passwordChangeMachine, PASSWORD_CHANGE_CALLS, getPasswordChangePaths],
];

describe.each(SUITES)('%s: paths generated from the machine graph', (name, machine, calls, getPaths) => {
  const paths = getPaths();
  const recorder = createCoverageRecorder(machine);

  it('cover every state and every transition', () => {
    const report = coverageOfPaths(machine, paths.map((entry) => entry.path as MachinePath));
    console.log(`${name}: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('map every event to a user action, a server answer or a clock tick', () => {
    for (const { path } of paths) for (const { event } of path.steps.slice(1)) expect(describeAccountSecurityEvent(event).action).not.toBe('');
  });

  it.each(paths.map((entry, index) => [`#${index + 1} ${summarize(entry)}`, entry] as const))('replays %s', async (_, entry) => {
    await replay(machine, calls, recorder, entry);
  });

  it('took every transition in the running actors too', () => {
    const report = recorder.report();
    console.log(`${name} at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
