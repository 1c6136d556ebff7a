import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { MSG } from '../api/protocol/codes.ts';
import { resendCodeMachine } from '../machines/resend-code.machine.ts';
import type { ResendCodeContext, ResendCodeInput } from '../machines/resend-code.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/** The resend child's model: a send, every kind of answer, the 60 ticks; started ready or counting. */

export const RESEND_CODE_CALLS = ['sendCode'] as const;

export const SEND_OUTCOMES = {
  accepted: { kind: 'ok', code: 1, msg: '验证码已发送', data: null },
  refused: { kind: 'toast', code: -1, msg: '发送过于频繁', data: null, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  expired: { kind: 'sessionExpired', code: 106, msg: MSG.passwordChanged, toast: MSG.passwordChanged },
} satisfies Record<string, ApiOutcome>;

/**
 * The reports go to the parent with sendParent, which refuses to resolve without a parent: the
 * graph is walked with them stubbed (same chart, same transition names).
 */
export const standaloneResendCode = resendCodeMachine.provide({ actions: { report: () => {}, reportSent: () => {}, reportFailure: () => {} } });

export const resendCodeEventTable: readonly AnyEventObject[] = [
  { type: 'resend.send', request: { type: '3' } },
  ...Object.values(SEND_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.sendCode', output })),
  { type: 'xstate.error.actor.sendCode', error: new Error('sendCode failed') },
  ...delayedEventsOf(resendCodeMachine),
];

export function serializeResendCode(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify([snapshot.value, (snapshot.context as ResendCodeContext).count]);
}

export const RESEND_CODE_INPUTS: readonly ResendCodeInput[] = [{}, { counting: true }];

export const RESEND_CODE_NOT_ON_PATHS: NotOnPaths = {
  'resendCode.starting': 'start-up choice (counting when the form sent the first code): its always transitions leave it before any snapshot',
  'resendCode.starting always #0': 'start-up choice: counting (the form sent the first code)',
  'resendCode.starting always #1': 'start-up choice: ready',
};

export interface ResendCodePath {
  input: ResendCodeInput;
  path: MachinePath;
}

let paths: ResendCodePath[] | undefined;

export function getResendCodePaths(): ResendCodePath[] {
  paths ??= RESEND_CODE_INPUTS.flatMap((input) =>
    generateCoveringPaths(standaloneResendCode, { events: resendCodeEventTable, serializeState: serializeResendCode, input }).map((path) => ({ input, path })),
  );
  return paths;
}
