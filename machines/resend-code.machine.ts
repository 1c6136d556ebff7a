import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { RESEND_COUNTDOWN_S } from './constants.ts';
import { COUNTDOWN_TICK_MS } from './login-overlay.constants.ts';
import { isAccepted, isSessionEnded, rejectionOutcome } from './login-overlay.validation.ts';
import type { ResendCodeContext, ResendCodeEvent, ResendCodeInput, ResendCodeReply, ResendPhase, ResendRequest } from './resend-code.types.ts';

/**
 * The SMS code's send button with its 60 s resend countdown (SPEC §4/§9: second by second), as
 * every code form has it: the login overlay's code, register and recovery panels, the phone
 * change's two steps, the password change and the cancellation. The form invokes it beside its
 * own fields, checks its own rules, then sends `resend.send` with the request; the child sends,
 * counts and reports each change with `resend.changed`, an accepted send with `resend.sent` and a
 * failure with `resend.failed` (a session that ended was toasted by the session machine).
 */

/** The count after one tick. */
export function nextCount(count: number): number {
  return Math.max(0, count - 1);
}

/** The tick that ends the countdown: the resend button comes back with it. */
export function isLastSecond(count: number): boolean {
  return count <= 1;
}

type OutcomeParams = { outcome: ApiOutcome };

const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
const rejected = () => ({ outcome: rejectionOutcome() });
const phase = (name: ResendPhase) => ({ type: 'report' as const, params: { phase: name } });

export const resendCodeMachine = setup({
  types: {
    context: {} as ResendCodeContext,
    events: {} as ResendCodeEvent,
    input: {} as ResendCodeInput,
    tags: {} as 'busy',
    children: {} as { sendCode: 'sendCode' },
  },
  actors: {
    /** Replaced by the app with .provide(): sendCode (SPEC §3). */
    sendCode: fromPromise<ApiOutcome, ResendRequest>(async () => {
      throw new Error('sendCode is not provided');
    }),
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
  },
  actions: {
    /** Every phase and count change, for the parent's views. */
    report: sendParent(({ context }, params: { phase: ResendPhase }) => ({ type: 'resend.changed', phase: params.phase, count: context.count }) satisfies ResendCodeReply),
    reportSent: sendParent((_, params: OutcomeParams) => ({ type: 'resend.sent', outcome: params.outcome }) satisfies ResendCodeReply),
    reportFailure: sendParent((_, params: OutcomeParams) => ({ type: 'resend.failed', outcome: params.outcome }) satisfies ResendCodeReply),
    startCountdown: assign({ count: RESEND_COUNTDOWN_S }),
    tickCountdown: assign({ count: ({ context }) => nextCount(context.count) }),
  },
  guards: {
    startsCounting: ({ context }) => context.count > 0,
    countdownEnding: ({ context }) => isLastSecond(context.count),
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
  },
}).createMachine({
  id: 'resendCode',
  context: ({ input }) => ({ count: input.counting ? RESEND_COUNTDOWN_S : 0 }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Counting at once when the form sent the first code itself',
      always: [{ guard: 'startsCounting', target: 'counting' }, { target: 'ready' }],
    },
    ready: {
      entry: phase('ready'),
      on: { 'resend.send': 'sending' },
    },
    sending: {
      tags: 'busy',
      entry: phase('sending'),
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => event.request,
        onDone: [
          { guard: { type: 'accepted', params: output }, target: 'counting', actions: ['startCountdown', { type: 'reportSent', params: output }] },
          { guard: { type: 'sessionEnded', params: output }, target: 'ready' },
          { target: 'ready', actions: { type: 'reportFailure', params: output } },
        ],
        onError: { target: 'ready', actions: { type: 'reportFailure', params: rejected } },
      },
    },
    counting: {
      entry: phase('counting'),
      after: {
        countdownTick: [
          { guard: 'countdownEnding', target: 'ready', actions: 'tickCountdown' },
          { target: 'counting', reenter: true, actions: 'tickCountdown' },
        ],
      },
    },
  },
});

/** Params readers for the form that invokes the child: its report, and a send's outcome. */
export const resendStatus = ({ event }: { event: { phase: ResendPhase; count: number } }) => ({ phase: event.phase, count: event.count });
export const resendOutcome = ({ event }: { event: { outcome: ApiOutcome } }) => ({ outcome: event.outcome });

/** The resend child with its one server call: each form passes how it asks for a code (its call, its code types). */
export function resendCodeWith(send: (request: ResendRequest, signal: AbortSignal) => Promise<ApiOutcome>) {
  return resendCodeMachine.provide({ actors: { sendCode: fromPromise<ApiOutcome, ResendRequest>(({ input, signal }) => send(input, signal)) } });
}
