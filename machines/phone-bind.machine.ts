import { ACCOUNT_CODE_TYPE, ACCOUNT_SECURITY_MESSAGES as MESSAGES } from './account-security.constants.ts';
import { bindFormError, bindSendCodeError } from './account-security.validation.ts';
import { initialPhoneChangeContext, messageOf, output, phoneChangeSetup, rejected, value } from './phone-change.setup.ts';
import { countingState } from './resend-countdown.ts';

/**
 * Phone change, step 2 (/phoneverifynew): the new phone and a type-4 code to it bind
 * the phone with step 1's ticket (changeUserTelTwo). A refused ticket (expired, used) sends the
 * player back to step 1; the server's words were toasted by the session machine.
 */
export const phoneBindMachine = phoneChangeSetup.createMachine({
  id: 'phoneBind',
  context: ({ input }) => initialPhoneChangeContext(input.ticket ?? null),
  initial: 'bind',
  states: {
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
                  { guard: { type: 'accepted', params: output }, target: '#phoneBind.changed', actions: { type: 'notify', params: { message: MESSAGES.phoneChanged } } },
                  // The session machine has toasted the server's words; step 1 again.
                  { guard: { type: 'ticketRejected', params: output }, target: '#phoneBind.restarting' },
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
            counting: countingState({ lastSecond: 'countdownEnding', tick: 'tickCountdown' }),
          },
        },
      },
    },
    changed: { type: 'final', entry: 'changed' },
    restarting: { type: 'final', entry: 'restart' },
  },
});
