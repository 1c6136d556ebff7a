import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { resendCodeMachine } from '../machines/resend-code.machine.ts';
import type { ResendCodeReply } from '../machines/resend-code.types.ts';
import { createDeferredActors, type ProvidableActors } from './deferred-actors.ts';

/**
 * Test helpers for the forms that invoke the resend child (not imported by the app): deferred
 * calls where the form's own calls and the child's sendCode wait for the test alike, and, for a
 * form's model, a silent child and the child's reports as path events.
 */

/**
 * Deferred stand-ins for a form's own calls `ids` plus the resend child's `sendCode`; `actors`
 * is what the form's `.provide()` takes (its calls and the real child, sending through the test).
 */
export function createDeferredFormActors<TMachine extends AnyStateMachine, const TIds extends ReadonlyArray<keyof ProvidableActors<TMachine> & string>>(
  machine: TMachine,
  ids: TIds,
) {
  const deferred = createDeferredActors(machine, [...ids, 'sendCode'] as unknown as TIds);
  const { sendCode, ...own } = deferred.actors as Record<string, unknown>;
  const resendCode = resendCodeMachine.provide({ actors: { sendCode: sendCode as ProvidableActors<typeof resendCodeMachine>['sendCode'] } });
  return {
    ...(deferred as unknown as Omit<ReturnType<typeof createDeferredActors<TMachine, readonly [...TIds, 'sendCode']>>, 'actors'>),
    actors: { ...own, resendCode } as unknown as Pick<ProvidableActors<TMachine>, TIds[number] | 'resendCode'>,
  };
}

/** The child with its reports muted: in a form's model the paths play its reports themselves. */
export const silentResendCode = resendCodeMachine.provide({ actions: { report: () => {}, reportSent: () => {}, reportFailure: () => {} } });

/** The reports a form's model plays: each phase once, and a failure with words to show. */
export function resendReports(failure: ApiOutcome): AnyEventObject[] {
  const reports: ResendCodeReply[] = [
    { type: 'resend.changed', phase: 'sending', count: 0 },
    { type: 'resend.changed', phase: 'counting', count: 60 },
    { type: 'resend.changed', phase: 'ready', count: 0 },
    { type: 'resend.failed', outcome: failure },
  ];
  return reports;
}

/** How a report reads in a path: the resend child's, with the server or the clock behind it. */
export function describeResendReport(event: AnyEventObject): { actor: 'server' | 'clock'; action: string } | null {
  if (event.type === 'resend.changed') {
    const { phase, count } = event as Extract<ResendCodeReply, { type: 'resend.changed' }>;
    return { actor: phase === 'sending' ? 'server' : 'clock', action: `the resend child is ${phase} (${count} s)` };
  }
  if (event.type === 'resend.failed') return { actor: 'server', action: `the resend child's sendCode fails: ${(event.outcome as ApiOutcome).msg}` };
  if (event.type === 'resend.sent') return { actor: 'server', action: "the resend child's sendCode is accepted" };
  return null;
}
