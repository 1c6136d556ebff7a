import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { ACCOUNT_CODE_TYPE, ACCOUNT_SECURITY_MESSAGES as MESSAGES } from './account-security.constants.ts';
import type {
  ChangePasswordInput,
  PasswordChangeContext,
  PasswordChangeEvent,
  PasswordChangeInput,
  PasswordChangeMethod,
  ToastParams,
} from './account-security.types.ts';
import { passwordChangeError, passwordChangeInput } from './account-security.validation.ts';
import { asksForSmsCode, failureMessage, isAccepted, isSessionEnded, rejectionOutcome, sanitizeCode, sanitizeNewPassword } from './login-overlay.validation.ts';
import { RESEND_IDLE_PHASE } from './resend-code.constants.ts';
import { resendCodeMachine, resendOutcome, resendStatus } from './resend-code.machine.ts';
import type { ResendPhase, ResendRequest } from './resend-code.types.ts';

/**
 * /editpassword: prove the owner by the old password or by a type-3 code to the
 * account's phone (the only way for an account without a password), then the new password twice
 * with SPEC §5's messages. The resend countdown (the invoked 'resend' child) runs beside the form
 * whichever method is shown.
 */

type OutcomeParams = { outcome: ApiOutcome };
type ValueParams = { value: string };
type ShowToastAction = { type: 'showToast'; params: ToastParams };

const value = ({ event }: { event: { value: string } }) => ({ value: event.value });
const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
const rejected = () => ({ outcome: rejectionOutcome() });

function notProvided(name: string) {
  return async (): Promise<never> => {
    throw new Error(`${name} is not provided`);
  };
}

function showMessage<TParams extends OutcomeParams | ToastParams>(pick: (params: TParams) => string | null) {
  return enqueueActions<PasswordChangeContext, PasswordChangeEvent, TParams, PasswordChangeEvent, never, ShowToastAction, never, never, never>(({ enqueue }, params) => {
    const message = pick(params);
    if (message === null) return;
    enqueue.assign({ message });
    enqueue({ type: 'showToast', params: { message } });
  });
}

export function initialPasswordChangeContext(input: PasswordChangeInput): PasswordChangeContext {
  return {
    hasPassword: input.hasPassword,
    method: input.hasPassword ? 'password' : 'code',
    oldPassword: '',
    code: '',
    newPassword: '',
    confirmPassword: '',
    countdown: 0,
    resendPhase: RESEND_IDLE_PHASE,
    message: null,
  };
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput,
    tags: {} as 'busy',
    children: {} as { resend: 'resendCode'; changePassword: 'changePassword' },
  },
  actors: {
    resendCode: resendCodeMachine,
    changePassword: fromPromise<ApiOutcome, ChangePasswordInput>(notProvided('changePassword')),
  },
  actions: {
    /** Provided by the app: a toast. */
    showToast: (_, _params: ToastParams) => {},
    /** Provided by the app: the password is changed, leave the form. */
    changed: () => {},
    notify: showMessage((params: ToastParams) => params.message),
    reportFailure: showMessage((params: OutcomeParams) => failureMessage(params.outcome)),
    setMethod: assign((_, params: { method: PasswordChangeMethod }) => ({ method: params.method })),
    setOldPassword: assign((_, params: ValueParams) => ({ oldPassword: sanitizeNewPassword(params.value) })),
    setCode: assign((_, params: ValueParams) => ({ code: sanitizeCode(params.value) })),
    setNewPassword: assign((_, params: ValueParams) => ({ newPassword: sanitizeNewPassword(params.value) })),
    setConfirmPassword: assign((_, params: ValueParams) => ({ confirmPassword: sanitizeNewPassword(params.value) })),
    /** A refused change mostly means a wrong proof: that field is typed again, the new password kept. */
    clearProof: assign({ oldPassword: '', code: '' }),
    requestCode: sendTo('resend', (_, params: { request: ResendRequest }) => ({ type: 'resend.send' as const, request: params.request })),
    showResend: assign((_, params: { phase: ResendPhase; count: number }) => ({ resendPhase: params.phase, countdown: params.count })),
  },
  guards: {
    hasPassword: ({ context }) => context.hasPassword,
    choosesCode: ({ event }) => event.type === 'ui.method' && event.method === 'code',
    formInvalid: ({ context }) => passwordChangeError(context) !== null,
    resendReady: ({ context }) => context.resendPhase === 'ready',
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
    asksForSmsCode: (_, params: OutcomeParams) => asksForSmsCode(params.outcome),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => initialPasswordChangeContext(input),
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
        'ui.method': [
          // 原密码验证 exists only for an account with a password.
          { guard: 'choosesCode', actions: { type: 'setMethod', params: { method: 'code' } } },
          { guard: 'hasPassword', actions: { type: 'setMethod', params: { method: 'password' } } },
        ],
        'ui.oldPassword.change': { actions: { type: 'setOldPassword', params: value } },
        'ui.code.change': { actions: { type: 'setCode', params: value } },
        'ui.newPassword.change': { actions: { type: 'setNewPassword', params: value } },
        'ui.confirm.change': { actions: { type: 'setConfirmPassword', params: value } },
        'ui.submit': [
          { guard: 'formInvalid', actions: { type: 'notify', params: ({ context }) => ({ message: passwordChangeError(context) ?? '' }) } },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => passwordChangeInput(context),
        onDone: [
          { guard: { type: 'accepted', params: output }, target: 'changed', actions: { type: 'notify', params: { message: MESSAGES.passwordChanged } } },
          { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
          // Too many wrong passwords for the account: the old password is not checked now, the code is the way.
          { guard: { type: 'asksForSmsCode', params: output }, target: 'editing', actions: ['clearProof', { type: 'setMethod', params: { method: 'code' } }, { type: 'reportFailure', params: output }] },
          { target: 'editing', actions: ['clearProof', { type: 'reportFailure', params: output }] },
        ],
        onError: { target: 'editing', actions: ['clearProof', { type: 'reportFailure', params: rejected }] },
      },
    },
    changed: { type: 'final', entry: 'changed' },
  },
});
