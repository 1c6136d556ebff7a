import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { agreementSheetMachine } from './agreement-sheet.machine.ts';
import type {
  LoginData,
  LoginOverlayContext,
  LoginOverlayEvent,
  LoginOverlayInput,
  PagePanel,
  PasswordLoginInput,
  RegisterInput,
  ResetPasswordInput,
  SendCodeInput,
  SignedInParams,
  ToastParams,
  TrendRegisterInput,
  VerifyCodeInput,
} from './login-overlay.types.ts';
import {
  asksForSmsCode,
  canRequestCode,
  failureMessage,
  isAccepted,
  isCodeComplete,
  isLoggedIn,
  isSessionEnded,
  loginFailureMessage,
  newPasswordError,
  passwordFormFilled,
  passwordLoginError,
  recoverFormError,
  recoverFormFilled,
  recoverSendCodeError,
  registerFormError,
  registerFormFilled,
  registerSendCodeError,
  rejectionOutcome,
  resetFormFilled,
  sanitizeCode,
  sanitizeNewPassword,
  sanitizePhone,
  toSignedIn,
} from './login-overlay.validation.ts';
import { RESEND_IDLE_PHASE } from './resend-code.constants.ts';
import { resendCodeMachine } from './resend-code.machine.ts';
import type { ResendPhase, ResendRequest } from './resend-code.types.ts';

/**
 * The implementations behind login-overlay.machine.ts: the chart names these, the app
 * replaces the call stubs and `showToast` / `signedIn` with .provide().
 */

function notProvided(name: string) {
  return async (): Promise<never> => {
    throw new Error(`${name} is not provided`);
  };
}

export function initialLoginOverlayContext(bdVid: string | null): LoginOverlayContext {
  return {
    phone: '',
    code: '',
    password: '',
    recoverPhone: '',
    recoverCode: '',
    newPassword: '',
    confirmPassword: '',
    registerCode: '',
    registerPassword: '',
    agreed: false,
    codeCountdown: 0,
    codeResendPhase: RESEND_IDLE_PHASE,
    recoverCountdown: 0,
    recoverResendPhase: RESEND_IDLE_PHASE,
    bdVid,
    presentation: 'sheet',
    message: null,
  };
}

type OutcomeParams = { outcome: ApiOutcome };
type ValueParams = { value: string };
type ResendParams = { phase: ResendPhase; count: number };
type RequestParams = { request: ResendRequest };
type ShowToastAction = { type: 'showToast'; params: ToastParams };

/** Remembers the message and hands it to the app's `showToast`; a null message shows nothing. */
function showMessage<TParams extends OutcomeParams | ToastParams>(pick: (params: TParams) => string | null) {
  return enqueueActions<LoginOverlayContext, LoginOverlayEvent, TParams, LoginOverlayEvent, never, ShowToastAction, never, never, never>(
    ({ enqueue }, params) => {
      const message = pick(params);
      if (message === null) return;
      enqueue.assign({ message });
      enqueue({ type: 'showToast', params: { message } });
    },
  );
}

/** Params readers the chart uses: an input's value, a call's outcome, a rule's message. */
export const value = ({ event }: { event: { value: string } }) => ({ value: event.value });
export const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
export const rejected = () => ({ outcome: rejectionOutcome() });
export const messageOf =
  (rule: (context: LoginOverlayContext) => string | null) =>
  ({ context }: { context: LoginOverlayContext }) => ({ message: rule(context) ?? '' });
export const signedInVia = (via: SignedInParams['via']) => ({
  type: 'signedIn' as const,
  params: ({ event }: { event: { output: ApiOutcome<LoginData> } }) => toSignedIn(event.output, via),
});

export const loginOverlaySetup = setup({
  types: {
    context: {} as LoginOverlayContext,
    events: {} as LoginOverlayEvent,
    input: {} as LoginOverlayInput,
    tags: {} as 'busy',
    children: {} as {
      agreement: 'agreementSheet';
      codeResend: 'resendCode';
      recoverResend: 'resendCode';
      sendCode: 'sendCode';
      verifyCode: 'verifyCode';
      trendRegister: 'trendRegister';
      passwordLogin: 'passwordLogin';
      resetPassword: 'resetPassword';
      register: 'register';
    },
  },
  actors: {
    agreementSheet: agreementSheetMachine,
    resendCode: resendCodeMachine,
    sendCode: fromPromise<ApiOutcome, SendCodeInput>(notProvided('sendCode')),
    verifyCode: fromPromise<ApiOutcome, VerifyCodeInput>(notProvided('verifyCode')),
    trendRegister: fromPromise<ApiOutcome<LoginData>, TrendRegisterInput>(notProvided('trendRegister')),
    passwordLogin: fromPromise<ApiOutcome<LoginData>, PasswordLoginInput>(notProvided('passwordLogin')),
    resetPassword: fromPromise<ApiOutcome, ResetPasswordInput>(notProvided('resetPassword')),
    register: fromPromise<ApiOutcome<LoginData>, RegisterInput>(notProvided('register')),
  },
  actions: {
    /** Provided by the app: an antd-mobile Toast. */
    showToast: (_, _params: ToastParams) => {},
    /** Provided by the app: store the session and run SPEC §4's after-login follow-ups. */
    signedIn: (_, _params: SignedInParams) => {},
    notify: showMessage((params: ToastParams) => params.message),
    reportFailure: showMessage((params: OutcomeParams) => failureMessage(params.outcome)),
    reportLoginFailure: showMessage((params: OutcomeParams) => loginFailureMessage(params.outcome)),
    askConsent: sendTo('agreement', { type: 'overlay.consent.ask' }),
    resetForm: assign(({ context }) => initialLoginOverlayContext(context.bdVid)),
    presentAsPage: assign({ presentation: 'page' as const }),
    toggleAgreement: assign({ agreed: ({ context }) => !context.agreed }),
    tickAgreement: assign({ agreed: true }),
    setPhone: assign((_, params: ValueParams) => ({ phone: sanitizePhone(params.value) })),
    clearPhone: assign({ phone: '' }),
    setCode: assign((_, params: ValueParams) => ({ code: sanitizeCode(params.value) })),
    clearCode: assign({ code: '' }),
    setPassword: assign((_, params: ValueParams) => ({ password: params.value })),
    setRecoverPhone: assign((_, params: ValueParams) => ({ recoverPhone: sanitizePhone(params.value) })),
    clearRecoverPhone: assign({ recoverPhone: '' }),
    setRecoverCode: assign((_, params: ValueParams) => ({ recoverCode: sanitizeCode(params.value) })),
    setNewPassword: assign((_, params: ValueParams) => ({ newPassword: sanitizeNewPassword(params.value) })),
    setConfirmPassword: assign((_, params: ValueParams) => ({ confirmPassword: sanitizeNewPassword(params.value) })),
    clearNewPasswords: assign({ newPassword: '', confirmPassword: '' }),
    setRegisterCode: assign((_, params: ValueParams) => ({ registerCode: sanitizeCode(params.value) })),
    clearRegisterCode: assign({ registerCode: '' }),
    setRegisterPassword: assign((_, params: ValueParams) => ({ registerPassword: sanitizeNewPassword(params.value) })),
    clearRecovery: assign({ recoverCode: '', newPassword: '', confirmPassword: '' }),
    loginWithRecoveredPhone: assign(({ context }) => ({ phone: context.recoverPhone, password: '' })),
    requestCode: sendTo('codeResend', (_, params: RequestParams) => ({ type: 'resend.send' as const, request: params.request })),
    requestRecoverCode: sendTo('recoverResend', (_, params: RequestParams) => ({ type: 'resend.send' as const, request: params.request })),
    showCodeResend: assign((_, params: ResendParams) => ({ codeResendPhase: params.phase, codeCountdown: params.count })),
    showRecoverResend: assign((_, params: ResendParams) => ({ recoverResendPhase: params.phase, recoverCountdown: params.count })),
    stopCodeCountdown: assign({ codeCountdown: 0, codeResendPhase: RESEND_IDLE_PHASE }),
    stopRecoverCountdown: assign({ recoverCountdown: 0, recoverResendPhase: RESEND_IDLE_PHASE }),
  },
  guards: {
    agreed: ({ context }) => context.agreed,
    phoneComplete: ({ context }) => canRequestCode(context),
    codeCompletes: (_, params: ValueParams) => isCodeComplete(sanitizeCode(params.value)),
    passwordFormFilled: ({ context }) => passwordFormFilled(context),
    recoverFormFilled: ({ context }) => recoverFormFilled(context),
    resetFormFilled: ({ context }) => resetFormFilled(context),
    registerFormFilled: ({ context }) => registerFormFilled(context),
    passwordLoginInvalid: ({ context }) => passwordLoginError(context) !== null,
    recoverFormInvalid: ({ context }) => recoverFormError(context) !== null,
    recoverPhoneUnsendable: ({ context }) => recoverSendCodeError(context) !== null,
    newPasswordInvalid: ({ context }) => newPasswordError(context) !== null,
    registerFormInvalid: ({ context }) => registerFormError(context) !== null,
    registerPhoneUnsendable: ({ context }) => registerSendCodeError(context) !== null,
    shownAsPage: ({ context }) => context.presentation === 'page',
    opensAt: ({ event }, params: { panel: PagePanel }) => event.type === 'ui.page.open' && event.panel === params.panel,
    codeResendReady: ({ context }) => context.codeResendPhase === 'ready',
    recoverResendReady: ({ context }) => context.recoverResendPhase === 'ready',
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    loggedIn: (_, params: OutcomeParams) => isLoggedIn(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
    asksForSmsCode: (_, params: OutcomeParams) => asksForSmsCode(params.outcome),
  },
});
