import { and, not } from 'xstate';
import { AGREE_AGREEMENT, LOGIN_MESSAGES, SEND_CODE_TYPE } from './login-overlay.constants.ts';
import { initialLoginOverlayContext, loginOverlaySetup, messageOf, output, rejected, signedInVia, value } from './login-overlay.setup.ts';
import { newPasswordError, passwordLoginError, recoverFormError, recoverSendCodeError, registerFormError, registerSendCodeError } from './login-overlay.validation.ts';
import { resendOutcome, resendStatus } from './resend-code.machine.ts';

/**
 * The full pages (/login, /register, /findpassword, /resetpassword) open the same panels with
 * `ui.page.open`: a fresh form, shown as a page, at the panel the route names. From an open
 * overlay it starts over (the sheet gives way to the page).
 */
const openAsPage = [
  { guard: { type: 'opensAt', params: { panel: 'password' } }, target: '#loginOverlay.open.password', reenter: true, actions: ['resetForm', 'presentAsPage'] },
  { guard: { type: 'opensAt', params: { panel: 'recover' } }, target: '#loginOverlay.open.recover', reenter: true, actions: ['resetForm', 'presentAsPage'] },
  { guard: { type: 'opensAt', params: { panel: 'register' } }, target: '#loginOverlay.open.register', reenter: true, actions: ['resetForm', 'presentAsPage'] },
  { target: '#loginOverlay.open.sms', reenter: true, actions: ['resetForm', 'presentAsPage'] },
] as const;

/**
 * The login overlay (SPEC §2, §4, §5, §8): closed, or open on one of five panels —
 * sms (1, phone entry), code (2, four boxes), password (3), recover (4, phone and code),
 * newPassword (5). Inputs and navigation are taken while a panel is idle; a panel waiting on
 * the server carries the 'busy' tag. The consent sheet is the invoked 'agreement' child: a
 * panel that needs consent waits in its `consent` state for `agreement.accepted|dismissed`.
 * A sixth panel, register (phone, code, password → userRegister), is opened by the /register page.
 */

export const loginOverlayMachine = loginOverlaySetup.createMachine({
  id: 'loginOverlay',
  context: ({ input }) => initialLoginOverlayContext(input.bdVid ?? null),
  initial: 'closed',
  states: {
    closed: {
      on: { 'ui.open': { target: 'open', actions: 'resetForm' }, 'ui.page.open': openAsPage },
    },
    open: {
      invoke: { id: 'agreement', src: 'agreementSheet' },
      on: {
        'ui.page.open': openAsPage,
        // A page's panels close when the player leaves the page, whatever the panel (the sheet closes from 1, 3 and 6 only).
        'ui.page.leave': { guard: 'shownAsPage', target: 'closed' },
      },
      initial: 'sms',
      states: {
        sms: {
          description: 'Panel 1: SMS-code login, phone entry',
          initial: 'editing',
          on: { 'ui.close': '#loginOverlay.closed' },
          states: {
            editing: {
              on: {
                'ui.phone.change': { actions: { type: 'setPhone', params: value } },
                'ui.agree.toggle': { actions: 'toggleAgreement' },
                'ui.sendCode': [
                  { guard: and(['phoneComplete', not('agreed')]), target: 'consent' },
                  { guard: 'phoneComplete', target: 'sending' },
                ],
                'ui.toPassword': '#loginOverlay.open.password',
              },
            },
            consent: {
              description: "'Agree and continue' ticks the box and sends the code, as the password panel signs in",
              entry: 'askConsent',
              on: {
                'agreement.accepted': { target: 'sending', actions: 'tickAgreement' },
                'agreement.dismissed': 'editing',
              },
            },
            sending: {
              tags: 'busy',
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ phone: context.phone, type: SEND_CODE_TYPE.login }),
                onDone: [
                  { guard: { type: 'accepted', params: output }, target: '#loginOverlay.open.code' },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: ['clearPhone', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'editing', actions: ['clearPhone', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
        code: {
          description: 'Panel 2: four code boxes; the resend countdown (the codeResend child, counting from the send of panel 1) runs beside them',
          exit: 'stopCodeCountdown',
          invoke: { id: 'codeResend', src: 'resendCode', input: { counting: true } },
          on: {
            'ui.code.resend': {
              guard: 'codeResendReady',
              actions: { type: 'requestCode', params: ({ context }) => ({ request: { phone: context.phone, type: SEND_CODE_TYPE.login } }) },
            },
            'resend.changed': { actions: { type: 'showCodeResend', params: resendStatus } },
            'resend.failed': { actions: { type: 'reportFailure', params: resendOutcome } },
          },
          initial: 'entering',
          states: {
            entering: {
              on: {
                'ui.code.change': [
                  {
                    guard: { type: 'codeCompletes', params: value },
                    target: 'submitting',
                    actions: { type: 'setCode', params: value },
                  },
                  { actions: { type: 'setCode', params: value } },
                ],
                'ui.back': '#loginOverlay.open.sms',
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'trendRegister',
                src: 'trendRegister',
                input: ({ context: { phone, code, bdVid } }) => ({
                  account: phone,
                  phone_code: code,
                  agree_agreement: AGREE_AGREEMENT,
                  ...(bdVid ? { bd_vid: bdVid } : {}),
                }),
                onDone: [
                  { guard: { type: 'loggedIn', params: output }, target: '#loginOverlay.closed', actions: signedInVia('sms') },
                  { guard: { type: 'sessionEnded', params: output }, target: 'entering' },
                  { target: 'entering', actions: ['clearCode', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'entering', actions: ['clearCode', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
        password: {
          description: 'Panel 3: password login',
          initial: 'editing',
          on: { 'ui.close': '#loginOverlay.closed' },
          states: {
            editing: {
              on: {
                'ui.phone.change': { actions: { type: 'setPhone', params: value } },
                'ui.password.change': { actions: { type: 'setPassword', params: value } },
                'ui.agree.toggle': { actions: 'toggleAgreement' },
                // SPEC §5: no action until the phone and the password are both filled in (the button is disabled).
                'ui.passwordLogin': [
                  { guard: and(['passwordFormFilled', not('agreed')]), target: 'consent' },
                  { guard: and(['passwordFormFilled', 'passwordLoginInvalid']), actions: { type: 'notify', params: messageOf(passwordLoginError) } },
                  { guard: 'passwordFormFilled', target: 'submitting' },
                ],
                'ui.toSms': '#loginOverlay.open.sms',
                'ui.forgot': '#loginOverlay.open.recover',
              },
            },
            consent: {
              description: "SPEC §4: 'Agree and continue' ticks the box and logs in",
              entry: 'askConsent',
              on: {
                'agreement.accepted': [
                  {
                    guard: 'passwordLoginInvalid',
                    target: 'editing',
                    actions: ['tickAgreement', { type: 'notify', params: messageOf(passwordLoginError) }],
                  },
                  { target: 'submitting', actions: 'tickAgreement' },
                ],
                'agreement.dismissed': 'editing',
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'passwordLogin',
                src: 'passwordLogin',
                input: ({ context }) => ({ account: context.phone, password: context.password }),
                onDone: [
                  { guard: { type: 'loggedIn', params: output }, target: '#loginOverlay.closed', actions: signedInVia('password') },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  // The account asks for the SMS code: panel 1 with the phone already filled in.
                  { guard: { type: 'asksForSmsCode', params: output }, target: '#loginOverlay.open.sms', actions: { type: 'reportLoginFailure', params: output } },
                  { target: 'editing', actions: { type: 'reportLoginFailure', params: output } },
                ],
                onError: { target: 'editing', actions: { type: 'reportLoginFailure', params: rejected } },
              },
            },
          },
        },
        recover: {
          description: 'Panel 4: recover password, phone and code; the recoverResend child sends the code and counts down',
          exit: 'stopRecoverCountdown',
          invoke: { id: 'recoverResend', src: 'resendCode', input: {} },
          on: {
            'ui.recover.sendCode': [
              { guard: and(['recoverResendReady', 'recoverPhoneUnsendable']), actions: { type: 'notify', params: messageOf(recoverSendCodeError) } },
              {
                guard: 'recoverResendReady',
                actions: { type: 'requestRecoverCode', params: ({ context }) => ({ request: { phone: context.recoverPhone, type: SEND_CODE_TYPE.recovery } }) },
              },
            ],
            'resend.changed': { actions: { type: 'showRecoverResend', params: resendStatus } },
            'resend.failed': { actions: ['clearRecoverPhone', { type: 'reportFailure', params: resendOutcome }] },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'ui.recover.phone.change': { actions: { type: 'setRecoverPhone', params: value } },
                'ui.recover.code.change': { actions: { type: 'setRecoverCode', params: value } },
                'ui.recover.next': [
                  { guard: and(['recoverFormFilled', 'recoverFormInvalid']), actions: { type: 'notify', params: messageOf(recoverFormError) } },
                  { guard: 'recoverFormFilled', target: 'verifying' },
                ],
                'ui.back': '#loginOverlay.open.password',
              },
            },
            verifying: {
              tags: 'busy',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ account: context.recoverPhone, phone_code: context.recoverCode }),
                onDone: [
                  { guard: { type: 'accepted', params: output }, target: '#loginOverlay.open.newPassword' },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: { type: 'reportFailure', params: output } },
                ],
                onError: { target: 'editing', actions: { type: 'reportFailure', params: rejected } },
              },
            },
          },
        },
        newPassword: {
          description: 'Panel 5: set a new password',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'ui.reset.password.change': { actions: { type: 'setNewPassword', params: value } },
                'ui.reset.confirm.change': { actions: { type: 'setConfirmPassword', params: value } },
                'ui.reset.submit': [
                  { guard: and(['resetFormFilled', 'newPasswordInvalid']), actions: { type: 'notify', params: messageOf(newPasswordError) } },
                  { guard: 'resetFormFilled', target: 'resetting' },
                ],
                'ui.back': '#loginOverlay.open.recover',
              },
            },
            resetting: {
              tags: 'busy',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ account: context.recoverPhone, phone_code: context.recoverCode, password: context.newPassword }),
                onDone: [
                  {
                    // SPEC §4: 5 → 3. The reset answers no session, so panel 3 waits with the phone filled in.
                    guard: { type: 'accepted', params: output },
                    target: '#loginOverlay.open.password',
                    actions: ['loginWithRecoveredPhone', 'clearRecovery', { type: 'notify', params: { message: LOGIN_MESSAGES.resetDone } }],
                  },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: ['clearNewPasswords', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'editing', actions: ['clearNewPasswords', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
        register: {
          description: 'Page /register: phone, SMS code (type 1, 60 s resend: the codeResend child), password → userRegister',
          exit: 'stopCodeCountdown',
          invoke: { id: 'codeResend', src: 'resendCode', input: {} },
          on: {
            'ui.close': '#loginOverlay.closed',
            'ui.register.sendCode': [
              { guard: and(['codeResendReady', 'registerPhoneUnsendable']), actions: { type: 'notify', params: messageOf(registerSendCodeError) } },
              {
                guard: 'codeResendReady',
                actions: { type: 'requestCode', params: ({ context }) => ({ request: { phone: context.phone, type: SEND_CODE_TYPE.login } }) },
              },
            ],
            'resend.changed': { actions: { type: 'showCodeResend', params: resendStatus } },
            'resend.failed': { actions: { type: 'reportFailure', params: resendOutcome } },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'ui.phone.change': { actions: { type: 'setPhone', params: value } },
                'ui.register.code.change': { actions: { type: 'setRegisterCode', params: value } },
                'ui.register.password.change': { actions: { type: 'setRegisterPassword', params: value } },
                'ui.agree.toggle': { actions: 'toggleAgreement' },
                'ui.register.submit': [
                  { guard: and(['registerFormFilled', not('agreed')]), target: 'consent' },
                  { guard: and(['registerFormFilled', 'registerFormInvalid']), actions: { type: 'notify', params: messageOf(registerFormError) } },
                  { guard: 'registerFormFilled', target: 'submitting' },
                ],
                'ui.toSms': '#loginOverlay.open.sms',
              },
            },
            consent: {
              description: "'Agree and continue' ticks the box and registers, as on the password panel",
              entry: 'askConsent',
              on: {
                'agreement.accepted': [
                  {
                    guard: 'registerFormInvalid',
                    target: 'editing',
                    actions: ['tickAgreement', { type: 'notify', params: messageOf(registerFormError) }],
                  },
                  { target: 'submitting', actions: 'tickAgreement' },
                ],
                'agreement.dismissed': 'editing',
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context: { phone, registerCode, registerPassword, bdVid } }) => ({
                  account: phone,
                  phone_code: registerCode,
                  password: registerPassword,
                  agree_agreement: AGREE_AGREEMENT,
                  ...(bdVid ? { bd_vid: bdVid } : {}),
                }),
                onDone: [
                  { guard: { type: 'loggedIn', params: output }, target: '#loginOverlay.closed', actions: signedInVia('register') },
                  { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
                  { target: 'editing', actions: ['clearRegisterCode', { type: 'reportFailure', params: output }] },
                ],
                onError: { target: 'editing', actions: ['clearRegisterCode', { type: 'reportFailure', params: rejected }] },
              },
            },
          },
        },
      },
    },
  },
});
