import { ACCOUNT_CODE_TYPE } from './account-security.constants.ts';
import { verifyFormError } from './account-security.validation.ts';
import { initialPhoneChangeContext, messageOf, output, phoneChangeSetup, rejected, value } from './phone-change.setup.ts';
import { resendOutcome, resendStatus } from './resend-code.machine.ts';

/**
 * Phone change, step 1 (/phoneverify): a type-3 code to the account's current phone
 * is traded for a ticket (changeUserTelOne); the app then opens step 2 with it. The 60 s resend
 * countdown is the invoked 'resend' child beside the form.
 */
export const phoneVerifyMachine = phoneChangeSetup.createMachine({
  id: 'phoneVerify',
  context: () => initialPhoneChangeContext(null),
  initial: 'verify',
  states: {
    verify: {
      description: 'Step 1 (/phoneverify): a type-3 code to the current phone',
      invoke: { id: 'resend', src: 'resendCode', input: {} },
      on: {
        'ui.sendCode': { guard: 'resendReady', actions: { type: 'requestCode', params: { request: { type: ACCOUNT_CODE_TYPE.verifyPhone } } } },
        'resend.changed': { actions: { type: 'showResend', params: resendStatus } },
        'resend.failed': { actions: { type: 'reportFailure', params: resendOutcome } },
      },
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
              { guard: { type: 'ticketIssued', params: output }, target: '#phoneVerify.verified', actions: { type: 'storeTicket', params: output } },
              { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
              { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: output }] },
            ],
            onError: { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: rejected }] },
          },
        },
      },
    },
    verified: {
      type: 'final',
      entry: { type: 'verified', params: ({ context }) => ({ ticket: context.ticket ?? '' }) },
    },
  },
});
