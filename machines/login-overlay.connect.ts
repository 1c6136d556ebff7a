import type { LoginOverlayEvent } from './login-overlay.types.ts';
import {
  selectAgreementSheet,
  selectCanResendCode,
  selectCanResendRegisterCode,
  selectResendingCode,
  selectSendingRecoverCode,
  selectSendingRegisterCode,
  selectIsOpen,
  selectIsPageOpen,
  selectIsSheetOpen,
  selectPanel,
  type LoginOverlaySnapshot,
} from './login-overlay.selectors.ts';

/**
 * The login overlay's view model (zag's `connect(snapshot, send)`; ARCHITECTURE style rule 6):
 * what the panels show and the intents they may send. A control is enabled exactly when the
 * machine would take its event (`snapshot.can`), so the views hold no rule of their own.
 * Pure: the same snapshot gives an equal view model, and the intents of one `send` are the same
 * functions every time, so the view's one selector compares the result shallowly.
 */

type Send = (event: LoginOverlayEvent) => void;

export const RESEND_LABEL = '重新获取';
export const GET_CODE_LABEL = '获取验证码';
export const countdownLabel = (seconds: number) => `${seconds}s后重新获取`;

/** '13800138000' → '138 0013 8000', as phones are read aloud and written in China. */
export function formatPhone(phone: string): string {
  return [phone.slice(0, 3), phone.slice(3, 7), phone.slice(7)].filter(Boolean).join(' ');
}

function createIntents(send: Send) {
  return {
    close: () => send({ type: 'ui.close' }),
    back: () => send({ type: 'ui.back' }),
    toPassword: () => send({ type: 'ui.toPassword' }),
    toSms: () => send({ type: 'ui.toSms' }),
    forgot: () => send({ type: 'ui.forgot' }),
    toggleAgreement: () => send({ type: 'ui.agree.toggle' }),
    changePhone: (value: string) => send({ type: 'ui.phone.change', value }),
    sendCode: () => send({ type: 'ui.sendCode' }),
    changeCode: (value: string) => send({ type: 'ui.code.change', value }),
    resendCode: () => send({ type: 'ui.code.resend' }),
    changePassword: (value: string) => send({ type: 'ui.password.change', value }),
    passwordLogin: () => send({ type: 'ui.passwordLogin' }),
    changeRecoverPhone: (value: string) => send({ type: 'ui.recover.phone.change', value }),
    changeRecoverCode: (value: string) => send({ type: 'ui.recover.code.change', value }),
    sendRecoverCode: () => send({ type: 'ui.recover.sendCode' }),
    recoverNext: () => send({ type: 'ui.recover.next' }),
    changeNewPassword: (value: string) => send({ type: 'ui.reset.password.change', value }),
    changeConfirmPassword: (value: string) => send({ type: 'ui.reset.confirm.change', value }),
    submitReset: () => send({ type: 'ui.reset.submit' }),
    changeRegisterCode: (value: string) => send({ type: 'ui.register.code.change', value }),
    changeRegisterPassword: (value: string) => send({ type: 'ui.register.password.change', value }),
    sendRegisterCode: () => send({ type: 'ui.register.sendCode' }),
    submitRegister: () => send({ type: 'ui.register.submit' }),
  };
}

const intentsBySend = new WeakMap<Send, ReturnType<typeof createIntents>>();

function intentsOf(send: Send) {
  let intents = intentsBySend.get(send);
  if (!intents) intentsBySend.set(send, (intents = createIntents(send)));
  return intents;
}

export function connectLoginOverlay(snapshot: LoginOverlaySnapshot, send: Send) {
  const { context } = snapshot;
  const can = (event: LoginOverlayEvent) => snapshot.can(event);
  const inState = (state: Parameters<LoginOverlaySnapshot['matches']>[0]) => snapshot.matches(state);
  const canResendCode = selectCanResendCode(snapshot);
  const resendingCode = selectResendingCode(snapshot);
  return {
    isOpen: selectIsOpen(snapshot),
    isSheetOpen: selectIsSheetOpen(snapshot),
    isPageOpen: selectIsPageOpen(snapshot),
    presentation: context.presentation,
    panel: selectPanel(snapshot),
    /** The consent sheet / document viewer child while open; the view connects it on its own. */
    agreementSheet: selectAgreementSheet(snapshot),

    phone: context.phone,
    code: context.code,
    password: context.password,
    recoverPhone: context.recoverPhone,
    recoverCode: context.recoverCode,
    newPassword: context.newPassword,
    confirmPassword: context.confirmPassword,
    registerCode: context.registerCode,
    registerPassword: context.registerPassword,
    agreed: context.agreed,

    codeSentTo: formatPhone(context.phone),
    resendCodeLabel: canResendCode || resendingCode ? RESEND_LABEL : countdownLabel(context.codeCountdown),
    recoverCodeLabel: context.recoverCountdown > 0 ? countdownLabel(context.recoverCountdown) : GET_CODE_LABEL,
    registerCodeLabel: context.codeCountdown > 0 && !selectCanResendRegisterCode(snapshot) ? countdownLabel(context.codeCountdown) : GET_CODE_LABEL,

    canClose: can({ type: 'ui.close' }),
    canGoBack: can({ type: 'ui.back' }),
    canToggleAgreement: can({ type: 'ui.agree.toggle' }),
    canEditPhone: can({ type: 'ui.phone.change', value: '' }),
    canSendCode: can({ type: 'ui.sendCode' }),
    canSwitchToPassword: can({ type: 'ui.toPassword' }),
    canEditCode: can({ type: 'ui.code.change', value: '' }),
    canResendCode,
    canEditPassword: can({ type: 'ui.password.change', value: '' }),
    canPasswordLogin: can({ type: 'ui.passwordLogin' }),
    canSwitchToSms: can({ type: 'ui.toSms' }),
    canForgot: can({ type: 'ui.forgot' }),
    canEditRecover: can({ type: 'ui.recover.phone.change', value: '' }),
    canSendRecoverCode: can({ type: 'ui.recover.sendCode' }),
    canRecoverNext: can({ type: 'ui.recover.next' }),
    canEditReset: can({ type: 'ui.reset.password.change', value: '' }),
    canReset: can({ type: 'ui.reset.submit' }),
    canEditRegister: can({ type: 'ui.register.code.change', value: '' }),
    canSendRegisterCode: can({ type: 'ui.register.sendCode' }),
    canRegister: can({ type: 'ui.register.submit' }),

    sendingCode: inState({ open: { sms: 'sending' } }),
    submittingCode: inState({ open: { code: 'submitting' } }),
    resendingCode,
    loggingIn: inState({ open: { password: 'submitting' } }),
    sendingRecoverCode: selectSendingRecoverCode(snapshot),
    verifying: inState({ open: { recover: 'verifying' } }),
    resetting: inState({ open: { newPassword: 'resetting' } }),
    sendingRegisterCode: selectSendingRegisterCode(snapshot),
    registering: inState({ open: { register: 'submitting' } }),
    ...intentsOf(send),
  };
}

export type LoginOverlayConnected = ReturnType<typeof connectLoginOverlay>;
