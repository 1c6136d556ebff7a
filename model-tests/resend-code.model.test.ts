import { describe, expect, it } from 'vitest';
import { RESEND_COUNTDOWN_S } from '../machines/constants.ts';
import { resendCodeMachine } from '../machines/resend-code.machine.ts';
import type { ResendCodeReply } from '../machines/resend-code.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { replayPath, summarizePath } from './replay.ts';
import { getResendCodePaths, RESEND_CODE_CALLS, RESEND_CODE_NOT_ON_PATHS } from './resend-code.paths.ts';

const paths = getResendCodePaths();
const runtime = createCoverageRecorder(resendCodeMachine);

describe('resend-code: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(resendCodeMachine, paths.map(({ path }) => path));
    console.log(`resend-code: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(unexplained(report, RESEND_CODE_NOT_ON_PATHS)).toEqual([]);
  });

  it.each(paths.map((entry, index) => [`#${index + 1} ${JSON.stringify(entry.input)} ${summarizePath(entry.path)}`, entry] as const))('replays %s', async (_, { input, path }) => {
    const replies: ResendCodeReply[] = [];
    await replayPath(resendCodeMachine, path, {
      calls: RESEND_CODE_CALLS,
      input,
      recorder: runtime,
      actions: {
        report: (({ context }: { context: { count: number } }, params: { phase: 'ready' | 'sending' | 'counting' }) =>
          void replies.push({ type: 'resend.changed', phase: params.phase, count: context.count })) as never,
        reportSent: ((_: unknown, params: { outcome: never }) => void replies.push({ type: 'resend.sent', outcome: params.outcome })) as never,
        reportFailure: ((_: unknown, params: { outcome: never }) => void replies.push({ type: 'resend.failed', outcome: params.outcome })) as never,
      },
      check: ({ snapshot, isPending }) => {
        // One call while sending, none otherwise; the parent always knows the phase and the count shown.
        expect(isPending('sendCode')).toBe(snapshot.matches('sending'));
        const last = replies.findLast((reply) => reply.type === 'resend.changed');
        expect(last).toEqual({ type: 'resend.changed', phase: snapshot.value, count: snapshot.context.count });
        expect(snapshot.context.count).toBeLessThanOrEqual(RESEND_COUNTDOWN_S);
        if (snapshot.matches('ready')) expect(snapshot.context.count).toBe(0);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`resend-code at runtime: ${formatCoverage(report)}`);
    // The running actor takes the start-up choices; only the state it leaves at once is never a snapshot.
    expect(unexplained(report, { 'resendCode.starting': RESEND_CODE_NOT_ON_PATHS['resendCode.starting']! })).toEqual([]);
  });
});
