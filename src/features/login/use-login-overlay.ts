import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AgreementDocument } from '../../../machines/agreement-sheet.machine.ts';
import {
  selectAgreementSheet,
  selectCanResendCode,
  selectCanResendRecoverCode,
  selectCanResendRegisterCode,
  selectCodeCountdown,
  selectIsOpen,
  selectIsPageOpen,
  selectIsSheetOpen,
  selectPanel,
  selectRecoverCountdown,
  type LoginOverlaySnapshot,
} from '../../../machines/login-overlay.selectors.ts';
import type { LoginOverlayEvent } from '../../../machines/login-overlay.types.ts';
import { safeHtml } from '../../app/sanitize.ts';
import type { LoginOverlayActor } from './login-runtime.ts';

/**
 * The login overlay's view model (ARCHITECTURE rule 6): narrow values, one useSelector each,
 * and intents that send. A control is enabled exactly when the machine would take its event
 * (`snapshot.can`), so the views hold no rule of their own.
 */

type Snapshot = LoginOverlaySnapshot;
type SheetRef = ReturnType<typeof selectAgreementSheet>;
type SheetSnapshot = ReturnType<NonNullable<SheetRef>['getSnapshot']>;

export type SheetMode = 'hidden' | 'asking' | 'viewing';
export type DocumentStatus = 'loading' | 'loaded' | 'failed';

export const DOCUMENT_NAMES: Record<AgreementDocument, string> = { agreement: '用户协议', privacy: '隐私政策' };
export const RESEND_LABEL = '重新获取';
export const GET_CODE_LABEL = '获取验证码';
export const countdownLabel = (seconds: number) => `${seconds}s后重新获取`;

/** '13800138000' → '138 0013 8000', as phones are read aloud and written in China. */
export function formatPhone(phone: string): string {
  return [phone.slice(0, 3), phone.slice(3, 7), phone.slice(7)].filter(Boolean).join(' ');
}

const accepts = (event: LoginOverlayEvent) => (snapshot: Snapshot) => snapshot.can(event);
const inState = (state: Parameters<Snapshot['matches']>[0]) => (snapshot: Snapshot) => snapshot.matches(state);

/** Selectors of this view, named once (useSelector compares their results by identity). */
const select = {
  phone: (s: Snapshot) => s.context.phone,
  code: (s: Snapshot) => s.context.code,
  password: (s: Snapshot) => s.context.password,
  recoverPhone: (s: Snapshot) => s.context.recoverPhone,
  recoverCode: (s: Snapshot) => s.context.recoverCode,
  newPassword: (s: Snapshot) => s.context.newPassword,
  confirmPassword: (s: Snapshot) => s.context.confirmPassword,
  registerCode: (s: Snapshot) => s.context.registerCode,
  registerPassword: (s: Snapshot) => s.context.registerPassword,
  presentation: (s: Snapshot) => s.context.presentation,
  agreed: (s: Snapshot) => s.context.agreed,
  /** SPEC §5: the action buttons look disabled until their required fields are non-empty. */
  passwordFormFilled: (s: Snapshot) => s.context.phone !== '' && s.context.password !== '',
  recoverFormFilled: (s: Snapshot) => s.context.recoverPhone !== '' && s.context.recoverCode !== '',
  resetFormFilled: (s: Snapshot) => s.context.newPassword !== '' && s.context.confirmPassword !== '',
  registerFormFilled: (s: Snapshot) => s.context.phone !== '' && s.context.registerCode !== '' && s.context.registerPassword !== '',
  canClose: accepts({ type: 'ui.close' }),
  canGoBack: accepts({ type: 'ui.back' }),
  canToggleAgreement: accepts({ type: 'ui.agree.toggle' }),
  canEditPhone: accepts({ type: 'ui.phone.change', value: '' }),
  canSendCode: accepts({ type: 'ui.sendCode' }),
  canSwitchToPassword: accepts({ type: 'ui.toPassword' }),
  canEditCode: accepts({ type: 'ui.code.change', value: '' }),
  canEditPassword: accepts({ type: 'ui.password.change', value: '' }),
  canPasswordLogin: accepts({ type: 'ui.passwordLogin' }),
  canSwitchToSms: accepts({ type: 'ui.toSms' }),
  canForgot: accepts({ type: 'ui.forgot' }),
  canEditRecover: accepts({ type: 'ui.recover.phone.change', value: '' }),
  canSendRecoverCode: accepts({ type: 'ui.recover.sendCode' }),
  canRecoverNext: accepts({ type: 'ui.recover.next' }),
  canEditReset: accepts({ type: 'ui.reset.password.change', value: '' }),
  canReset: accepts({ type: 'ui.reset.submit' }),
  canEditRegister: accepts({ type: 'ui.register.code.change', value: '' }),
  canSendRegisterCode: accepts({ type: 'ui.register.sendCode' }),
  canRegister: accepts({ type: 'ui.register.submit' }),
  sendingCode: inState({ open: { sms: 'sending' } }),
  submittingCode: inState({ open: { code: { boxes: 'submitting' } } }),
  resendingCode: inState({ open: { code: { resend: 'sending' } } }),
  loggingIn: inState({ open: { password: 'submitting' } }),
  sendingRecoverCode: inState({ open: { recover: { resend: 'sending' } } }),
  verifying: inState({ open: { recover: { form: 'verifying' } } }),
  resetting: inState({ open: { newPassword: 'resetting' } }),
  sendingRegisterCode: inState({ open: { register: { resend: 'sending' } } }),
  registering: inState({ open: { register: { form: 'submitting' } } }),
};

const selectSheet = {
  mode: (s: SheetSnapshot | undefined): SheetMode => (s?.matches('asking') ? 'asking' : s?.matches('viewing') ? 'viewing' : 'hidden'),
  status: (s: SheetSnapshot | undefined): DocumentStatus =>
    s?.matches({ viewing: 'failed' }) ? 'failed' : s?.matches({ viewing: 'loaded' }) ? 'loaded' : 'loading',
  doc: (s: SheetSnapshot | undefined) => s?.context.doc ?? null,
  title: (s: SheetSnapshot | undefined) => s?.context.title ?? '',
  html: (s: SheetSnapshot | undefined) => s?.context.html ?? '',
  error: (s: SheetSnapshot | undefined) => s?.context.error ?? null,
};

function useIntents(overlay: LoginOverlayActor, sheet: SheetRef) {
  return useMemo(() => {
    const send = (event: LoginOverlayEvent) => overlay.send(event);
    const sendSheet = (event: Parameters<NonNullable<SheetRef>['send']>[0]) => sheet?.send(event);
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
      acceptAgreement: () => sendSheet({ type: 'ui.agreement.accept' }),
      dismissAgreement: () => sendSheet({ type: 'ui.agreement.dismiss' }),
      openDocument: (doc: AgreementDocument) => sendSheet({ type: 'ui.doc.open', doc }),
      closeDocument: () => sendSheet({ type: 'ui.doc.close' }),
      retryDocument: () => sendSheet({ type: 'ui.doc.retry' }),
    };
  }, [overlay, sheet]);
}

export function useLoginOverlay(overlay: LoginOverlayActor) {
  const isOpen = useSelector(overlay, selectIsOpen);
  const isSheetOpen = useSelector(overlay, selectIsSheetOpen);
  const isPageOpen = useSelector(overlay, selectIsPageOpen);
  const presentation = useSelector(overlay, select.presentation);
  const registerCode = useSelector(overlay, select.registerCode);
  const registerPassword = useSelector(overlay, select.registerPassword);
  const registerFormFilled = useSelector(overlay, select.registerFormFilled);
  const canResendRegisterCode = useSelector(overlay, selectCanResendRegisterCode);
  const canEditRegister = useSelector(overlay, select.canEditRegister);
  const canSendRegisterCode = useSelector(overlay, select.canSendRegisterCode);
  const canRegister = useSelector(overlay, select.canRegister);
  const sendingRegisterCode = useSelector(overlay, select.sendingRegisterCode);
  const registering = useSelector(overlay, select.registering);
  const panel = useSelector(overlay, selectPanel);
  const phone = useSelector(overlay, select.phone);
  const code = useSelector(overlay, select.code);
  const password = useSelector(overlay, select.password);
  const recoverPhone = useSelector(overlay, select.recoverPhone);
  const recoverCode = useSelector(overlay, select.recoverCode);
  const newPassword = useSelector(overlay, select.newPassword);
  const confirmPassword = useSelector(overlay, select.confirmPassword);
  const agreed = useSelector(overlay, select.agreed);
  const codeCountdown = useSelector(overlay, selectCodeCountdown);
  const recoverCountdown = useSelector(overlay, selectRecoverCountdown);
  const canResendCode = useSelector(overlay, selectCanResendCode);
  const canResendRecoverCode = useSelector(overlay, selectCanResendRecoverCode);
  const passwordFormFilled = useSelector(overlay, select.passwordFormFilled);
  const recoverFormFilled = useSelector(overlay, select.recoverFormFilled);
  const resetFormFilled = useSelector(overlay, select.resetFormFilled);
  const canClose = useSelector(overlay, select.canClose);
  const canGoBack = useSelector(overlay, select.canGoBack);
  const canToggleAgreement = useSelector(overlay, select.canToggleAgreement);
  const canEditPhone = useSelector(overlay, select.canEditPhone);
  const canSendCode = useSelector(overlay, select.canSendCode);
  const canSwitchToPassword = useSelector(overlay, select.canSwitchToPassword);
  const canEditCode = useSelector(overlay, select.canEditCode);
  const canEditPassword = useSelector(overlay, select.canEditPassword);
  const canPasswordLogin = useSelector(overlay, select.canPasswordLogin);
  const canSwitchToSms = useSelector(overlay, select.canSwitchToSms);
  const canForgot = useSelector(overlay, select.canForgot);
  const canEditRecover = useSelector(overlay, select.canEditRecover);
  const canSendRecoverCode = useSelector(overlay, select.canSendRecoverCode);
  const canRecoverNext = useSelector(overlay, select.canRecoverNext);
  const canEditReset = useSelector(overlay, select.canEditReset);
  const canReset = useSelector(overlay, select.canReset);
  const sendingCode = useSelector(overlay, select.sendingCode);
  const submittingCode = useSelector(overlay, select.submittingCode);
  const resendingCode = useSelector(overlay, select.resendingCode);
  const loggingIn = useSelector(overlay, select.loggingIn);
  const sendingRecoverCode = useSelector(overlay, select.sendingRecoverCode);
  const verifying = useSelector(overlay, select.verifying);
  const resetting = useSelector(overlay, select.resetting);

  const sheet = useSelector(overlay, selectAgreementSheet);
  const sheetMode = useSelector(sheet, selectSheet.mode);
  const documentStatus = useSelector(sheet, selectSheet.status);
  const documentName = useSelector(sheet, selectSheet.doc);
  const documentTitle = useSelector(sheet, selectSheet.title);
  const documentHtml = useSelector(sheet, selectSheet.html);
  const documentError = useSelector(sheet, selectSheet.error);
  const safeDocumentHtml = useMemo(() => (documentHtml ? safeHtml(documentHtml) : ''), [documentHtml]);
  const intents = useIntents(overlay, sheet);

  return {
    isOpen,
    isSheetOpen,
    isPageOpen,
    presentation,
    registerCode,
    registerPassword,
    registerFormFilled,
    registerCodeLabel: codeCountdown > 0 && !canResendRegisterCode ? countdownLabel(codeCountdown) : GET_CODE_LABEL,
    canEditRegister,
    canSendRegisterCode,
    canRegister,
    sendingRegisterCode,
    registering,
    panel,
    phone,
    code,
    password,
    recoverPhone,
    recoverCode,
    newPassword,
    confirmPassword,
    agreed,
    codeSentTo: formatPhone(phone),
    resendCodeLabel: canResendCode || resendingCode ? RESEND_LABEL : countdownLabel(codeCountdown),
    recoverCodeLabel: recoverCountdown > 0 ? countdownLabel(recoverCountdown) : GET_CODE_LABEL,
    canResendCode,
    canResendRecoverCode,
    passwordFormFilled,
    recoverFormFilled,
    resetFormFilled,
    canClose,
    canGoBack,
    canToggleAgreement,
    canEditPhone,
    canSendCode,
    canSwitchToPassword,
    canEditCode,
    canEditPassword,
    canPasswordLogin,
    canSwitchToSms,
    canForgot,
    canEditRecover,
    canSendRecoverCode,
    canRecoverNext,
    canEditReset,
    canReset,
    sendingCode,
    submittingCode,
    resendingCode,
    loggingIn,
    sendingRecoverCode,
    verifying,
    resetting,
    sheetMode,
    documentStatus,
    documentTitle: documentTitle || (documentName ? DOCUMENT_NAMES[documentName] : ''),
    documentHtml: safeDocumentHtml,
    documentError,
    ...intents,
  };
}

export type LoginOverlayView = ReturnType<typeof useLoginOverlay>;
