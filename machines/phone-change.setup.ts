import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type {
  BindNewPhoneInput,
  BoundPhone,
  PhoneChangeContext,
  PhoneChangeEvent,
  PhoneChangeInput,
  PhoneTicket,
  ToastParams,
  VerifyOldPhoneInput,
} from './account-security.types.ts';
import { bindFormError, bindSendCodeError, isTicketRejected, ticketOf, verifyFormError } from './account-security.validation.ts';
import { failureMessage, isAccepted, isSessionEnded, rejectionOutcome, sanitizeCode, sanitizePhone } from './login-overlay.validation.ts';
import { RESEND_IDLE_PHASE } from './resend-code.constants.ts';
import { resendCodeMachine } from './resend-code.machine.ts';
import type { ResendPhase, ResendRequest } from './resend-code.types.ts';

/**
 * The implementations behind phone-verify.machine.ts and phone-bind.machine.ts.
 *
 * Phone change in two pages: 'verify' (/phoneverify) proves the current phone with
 * a type-3 code and gets a ticket; 'bind' (/phoneverifynew) binds a new phone with the ticket and a
 * type-4 code. Each page runs its own chart; both share this setup. The resend
 * countdown (SPEC §9: 60 s, second by second) runs beside the form; code -1 answers are toasted by
 * the session machine, so the chart only reports errors nobody else shows.
 */

type OutcomeParams = { outcome: ApiOutcome };
type ValueParams = { value: string };
type ShowToastAction = { type: 'showToast'; params: ToastParams };

export const value = ({ event }: { event: { value: string } }) => ({ value: event.value });
export const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
export const rejected = () => ({ outcome: rejectionOutcome() });
export const messageOf =
  (rule: (context: PhoneChangeContext) => string | null) =>
  ({ context }: { context: PhoneChangeContext }) => ({ message: rule(context) ?? '' });

function notProvided(name: string) {
  return async (): Promise<never> => {
    throw new Error(`${name} is not provided`);
  };
}

function showMessage<TParams extends OutcomeParams | ToastParams>(pick: (params: TParams) => string | null) {
  return enqueueActions<PhoneChangeContext, PhoneChangeEvent, TParams, PhoneChangeEvent, never, ShowToastAction, never, never, never>(({ enqueue }, params) => {
    const message = pick(params);
    if (message === null) return;
    enqueue.assign({ message });
    enqueue({ type: 'showToast', params: { message } });
  });
}

export const phoneChangeSetup = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    input: {} as PhoneChangeInput,
    tags: {} as 'busy',
    children: {} as { resend: 'resendCode'; verifyOldPhone: 'verifyOldPhone'; bindNewPhone: 'bindNewPhone' },
  },
  actors: {
    resendCode: resendCodeMachine,
    verifyOldPhone: fromPromise<ApiOutcome<PhoneTicket>, VerifyOldPhoneInput>(notProvided('verifyOldPhone')),
    bindNewPhone: fromPromise<ApiOutcome<BoundPhone>, BindNewPhoneInput>(notProvided('bindNewPhone')),
  },
  actions: {
    /** Provided by the app: a toast. */
    showToast: (_, _params: ToastParams) => {},
    /** Provided by the app: step 1 done, open step 2 with the ticket. */
    verified: (_, _params: { ticket: string }) => {},
    /** Provided by the app: the phone is changed, leave the form. */
    changed: () => {},
    /** Provided by the app: step 2's ticket was refused, back to step 1. */
    restart: () => {},
    notify: showMessage((params: ToastParams) => params.message),
    reportFailure: showMessage((params: OutcomeParams) => failureMessage(params.outcome)),
    storeTicket: assign((_, params: OutcomeParams) => ({ ticket: ticketOf(params.outcome) })),
    setPhone: assign((_, params: ValueParams) => ({ phone: sanitizePhone(params.value) })),
    setCode: assign((_, params: ValueParams) => ({ code: sanitizeCode(params.value) })),
    clearCode: assign({ code: '' }),
    requestCode: sendTo('resend', (_, params: { request: ResendRequest }) => ({ type: 'resend.send' as const, request: params.request })),
    showResend: assign((_, params: { phase: ResendPhase; count: number }) => ({ resendPhase: params.phase, countdown: params.count })),
  },
  guards: {
    verifyFormInvalid: ({ context }) => verifyFormError(context) !== null,
    bindFormInvalid: ({ context }) => bindFormError(context) !== null,
    bindPhoneUnsendable: ({ context }) => bindSendCodeError(context) !== null,
    resendReady: ({ context }) => context.resendPhase === 'ready',
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    ticketIssued: (_, params: OutcomeParams) => ticketOf(params.outcome) !== null,
    ticketRejected: (_, params: OutcomeParams) => isTicketRejected(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
  },
});

export function initialPhoneChangeContext(ticket: string | null): PhoneChangeContext {
  return { ticket, phone: '', code: '', countdown: 0, resendPhase: RESEND_IDLE_PHASE, message: null };
}
