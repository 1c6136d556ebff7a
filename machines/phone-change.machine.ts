import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { ACCOUNT_CODE_TYPE, ACCOUNT_SECURITY_MESSAGES as MESSAGES } from './account-security.constants.ts';
import type {
  AccountSendCodeInput,
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
import { RESEND_COUNTDOWN_S } from './constants.ts';
import { COUNTDOWN_TICK_MS } from './login-overlay.constants.ts';
import { failureMessage, isAccepted, isSessionEnded, rejectionOutcome, sanitizeCode, sanitizePhone } from './login-overlay.validation.ts';

/**
 * Phone change in two pages (issue 11 §2): 'verify' (/phoneverify) proves the current phone with
 * a type-3 code and gets a ticket; 'bind' (/phoneverifynew) binds a new phone with the ticket and a
 * type-4 code. Each page runs its own actor of this chart, started on its step. The resend
 * countdown (SPEC §9: 60 s, second by second) runs beside the form; code -1 answers are toasted by
 * the session machine, so the chart only reports errors nobody else shows.
 */

type OutcomeParams = { outcome: ApiOutcome };
type ValueParams = { value: string };
type ShowToastAction = { type: 'showToast'; params: ToastParams };

const value = ({ event }: { event: { value: string } }) => ({ value: event.value });
const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
const rejected = () => ({ outcome: rejectionOutcome() });
const messageOf =
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

export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    input: {} as PhoneChangeInput,
    tags: {} as 'busy',
    children: {} as { sendCode: 'sendCode'; verifyOldPhone: 'verifyOldPhone'; bindNewPhone: 'bindNewPhone' },
  },
  actors: {
    sendCode: fromPromise<ApiOutcome, AccountSendCodeInput>(notProvided('sendCode')),
    verifyOldPhone: fromPromise<ApiOutcome<PhoneTicket>, VerifyOldPhoneInput>(notProvided('verifyOldPhone')),
    bindNewPhone: fromPromise<ApiOutcome<BoundPhone>, BindNewPhoneInput>(notProvided('bindNewPhone')),
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
  },
  actions: {
    /** Provided by the app: a toast. */
    showToast: (_, _params: ToastParams) => {},
    /** Provided by the app: step 1 done, open step 2 with the ticket. */
    verified: (_, _params: { ticket: string }) => {},
    /** Provided by the app: the phone is changed, leave the form. */
    changed: () => {},
    /** Provided by the app: step 2 cannot go on without a (new) ticket, back to step 1. */
    restart: () => {},
    notify: showMessage((params: ToastParams) => params.message),
    reportFailure: showMessage((params: OutcomeParams) => failureMessage(params.outcome)),
    storeTicket: assign((_, params: OutcomeParams) => ({ ticket: ticketOf(params.outcome) })),
    setPhone: assign((_, params: ValueParams) => ({ phone: sanitizePhone(params.value) })),
    setCode: assign((_, params: ValueParams) => ({ code: sanitizeCode(params.value) })),
    clearCode: assign({ code: '' }),
    startCountdown: assign({ countdown: RESEND_COUNTDOWN_S }),
    tickCountdown: assign({ countdown: ({ context }) => Math.max(0, context.countdown - 1) }),
  },
  guards: {
    bindStep: ({ context }) => context.step === 'bind',
    hasTicket: ({ context }) => context.ticket !== null,
    verifyFormInvalid: ({ context }) => verifyFormError(context) !== null,
    bindFormInvalid: ({ context }) => bindFormError(context) !== null,
    bindPhoneUnsendable: ({ context }) => bindSendCodeError(context) !== null,
    countdownEnding: ({ context }) => context.countdown <= 1,
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    ticketIssued: (_, params: OutcomeParams) => ticketOf(params.outcome) !== null,
    ticketRejected: (_, params: OutcomeParams) => isTicketRejected(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
  },
}).createMachine({
  id: 'phoneChange',
  context: ({ input }) => ({ step: input.step, ticket: input.ticket || null, phone: '', code: '', countdown: 0, message: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'bindStep', target: 'checkTicket' },
        { target: 'verify' },
      ],
    },
    checkTicket: {
      always: [
        { guard: 'hasTicket', target: 'bind' },
        { target: 'restarting', actions: { type: 'notify', params: { message: MESSAGES.verifyFirst } } },
      ],
    },
    verify: {
      description: 'Step 1 (/phoneverify): a type-3 code to the current phone',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'ui.code.change': { actions: { type: 'setCode', params: value } },
                'ui.submit': [
                  { guard: 'verifyFormInvalid', actions: { type: 'notify', params: messageOf(verifyFormError) } },
                  { target: 'submitting' },
                ],
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'verifyOldPhone',
                src: 'verifyOldPhone',
                input: ({ context }) => ({ phone_code: context.code }),
                onDone: [
                  { guard: { type: 'ticketIssued', params: output }, target: '#phoneChange.verified', actions: { type: 'storeTicket', params: output } },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
        resend: {
          initial: 'ready',
          states: {
            ready: { on: { 'ui.sendCode': 'sending' } },
            sending: {
              tags: 'busy',
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: () => ({ type: ACCOUNT_CODE_TYPE.verifyPhone }),
                onDone: [
                  { guard: { type: 'accepted', params: output }, target: 'counting', actions: 'startCountdown' },
                  { guard: { type: 'sessionEnded', params: output }, target: 'ready' },
                  { target: 'ready', actions: { type: 'reportFailure', params: output } },
                ],
                onError: { target: 'ready', actions: { type: 'reportFailure', params: rejected } },
              },
            },
            counting: {
              after: {
                countdownTick: [
                  { guard: 'countdownEnding', target: 'ready', actions: 'tickCountdown' },
                  { target: 'counting', reenter: true, actions: 'tickCountdown' },
                ],
              },
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      entry: { type: 'verified', params: ({ context }) => ({ ticket: context.ticket ?? '' }) },
    },
    bind: {
      description: 'Step 2 (/phoneverifynew): the new phone and its type-4 code, with the ticket',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'ui.phone.change': { actions: { type: 'setPhone', params: value } },
                'ui.code.change': { actions: { type: 'setCode', params: value } },
                'ui.submit': [
                  { guard: 'bindFormInvalid', actions: { type: 'notify', params: messageOf(bindFormError) } },
                  { target: 'submitting' },
                ],
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'bindNewPhone',
                src: 'bindNewPhone',
                input: ({ context }) => ({ phone: context.phone, phone_code: context.code, ticket: context.ticket ?? '' }),
                onDone: [
                  { guard: { type: 'accepted', params: output }, target: '#phoneChange.changed', actions: { type: 'notify', params: { message: MESSAGES.phoneChanged } } },
                  // The session machine has toasted the server's words; step 1 again.
                  { guard: { type: 'ticketRejected', params: output }, target: '#phoneChange.restarting' },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
        resend: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'ui.sendCode': [
                  { guard: 'bindPhoneUnsendable', actions: { type: 'notify', params: messageOf(bindSendCodeError) } },
                  { target: 'sending' },
                ],
              },
            },
            sending: {
              tags: 'busy',
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ type: ACCOUNT_CODE_TYPE.bindPhone, phone: context.phone }),
                onDone: [
                  { guard: { type: 'accepted', params: output }, target: 'counting', actions: 'startCountdown' },
                  { guard: { type: 'sessionEnded', params: output }, target: 'ready' },
                  { target: 'ready', actions: { type: 'reportFailure', params: output } },
                ],
                onError: { target: 'ready', actions: { type: 'reportFailure', params: rejected } },
              },
            },
            counting: {
              after: {
                countdownTick: [
                  { guard: 'countdownEnding', target: 'ready', actions: 'tickCountdown' },
                  { target: 'counting', reenter: true, actions: 'tickCountdown' },
                ],
              },
            },
          },
        },
      },
    },
    changed: { type: 'final', entry: 'changed' },
    restarting: { type: 'final', entry: 'restart' },
  },
});
