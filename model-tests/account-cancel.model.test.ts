import { describe, expect, it } from 'vitest';
import { accountCancelMachine } from '../machines/account-cancel.machine.ts';
import { ACCOUNT_CANCEL_CALLS, getAccountCancelPaths } from './account-cancel.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import { replayPath } from './replay.ts';
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
    const toasts: string[] = [];
    await replayPath(accountCancelMachine, path, {
      calls: ACCOUNT_CANCEL_CALLS,
      actors: { resendCode: silentResendCode },
      recorder: runtime,
      actions: { showToast: (_: unknown, params: { message: string }) => void toasts.push(params.message) },
    });
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`account-cancel at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
