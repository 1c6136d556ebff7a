import { and } from 'xstate';
import { ACCOUNT_CODE_TYPE, ACCOUNT_SECURITY_MESSAGES as MESSAGES } from './account-security.constants.ts';
import { bindFormError, bindSendCodeError } from './account-security.validation.ts';
import { initialPhoneChangeContext, messageOf, output, phoneChangeSetup, rejected, value } from './phone-change.setup.ts';
import { resendOutcome, resendStatus } from './resend-code.machine.ts';

/**
 * Phone change, step 2 (/phoneverifynew): the new phone and a type-4 code to it bind
 * the phone with step 1's ticket (changeUserTelTwo). A refused ticket (expired, used) sends the
 * player back to step 1; the server's words were toasted by the session machine. The 60 s resend
 * countdown is the invoked 'resend' child beside the form.
 */
export const phoneBindMachine = phoneChangeSetup.createMachine({
  id: 'phoneBind',
  context: ({ input }) => initialPhoneChangeContext(input.ticket ?? null),
  initial: 'bind',
  states: {
    bind: {
      description: 'Step 2 (/phoneverifynew): the new phone and its type-4 code, with the ticket',
      invoke: { id: 'resend', src: 'resendCode', input: {} },
      on: {
        'ui.sendCode': [
          { guard: and(['resendReady', 'bindPhoneUnsendable']), actions: { type: 'notify', params: messageOf(bindSendCodeError) } },
          {
            guard: 'resendReady',
            actions: { type: 'requestCode', params: ({ context }) => ({ request: { type: ACCOUNT_CODE_TYPE.bindPhone, phone: context.phone } }) },
          },
        ],
        'resend.changed': { actions: { type: 'showResend', params: resendStatus } },
        'resend.failed': { actions: { type: 'reportFailure', params: resendOutcome } },
      },
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
    changed: { type: 'final', entry: 'changed' },
    restarting: { type: 'final', entry: 'restart' },
  },
});
