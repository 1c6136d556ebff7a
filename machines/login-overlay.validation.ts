import type { ApiOutcome } from '../api/outcome.ts';
import { CODE, MSG, passwordRefusalOf } from '../api/protocol/codes.ts';
import { CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH, PHONE_PATTERN } from './constants.ts';
import { LOGIN_MESSAGES } from './login-overlay.constants.ts';
import type { LoginData, LoginOverlayContext, SignedInParams } from './login-overlay.types.ts';

/**
 * Pure rules of the login overlay (SPEC §5, §8): input sanitising, form validation and the
 * reading of call outcomes. The machine's guards and actions are thin wrappers around these.
 */

const NON_DIGITS = /\D/g;

/** Phone inputs keep digits only and stop at 11 (SPEC §5 "input max 11"); pasted '138 0013-8000' works. */
export function sanitizePhone(raw: string): string {
  return raw.replace(NON_DIGITS, '').slice(0, PHONE_LENGTH);
}

/** Code inputs keep digits only and stop at 4 (SPEC §5, §9). */
export function sanitizeCode(raw: string): string {
  return raw.replace(NON_DIGITS, '').slice(0, CODE_LENGTH);
}

/** New-password inputs stop at 15 characters (SPEC §9 "Password 6-15 characters"). */
export function sanitizeNewPassword(raw: string): string {
  return raw.slice(0, PASSWORD_MAX_LENGTH);
}

export function isCodeComplete(code: string): boolean {
  return code.length === CODE_LENGTH;
}

/** Panel 1's get-code button is enabled only for 11 digits (SPEC §5); the server checks the pattern. */
export function canRequestCode({ phone }: Pick<LoginOverlayContext, 'phone'>): boolean {
  return phone.length === PHONE_LENGTH;
}

function phoneError(phone: string): string | null {
  if (phone === '') return LOGIN_MESSAGES.phoneRequired;
  if (!PHONE_PATTERN.test(phone)) return LOGIN_MESSAGES.phoneInvalid;
  return null;
}

/** Password login after the agreement check (SPEC §5): account, pattern, password. */
/** SPEC §5: an action button is disabled until its required fields are non-empty. */
export const passwordFormFilled = ({ phone, password }: Pick<LoginOverlayContext, 'phone' | 'password'>) => phone !== '' && password !== '';
export const recoverFormFilled = ({ recoverPhone, recoverCode }: Pick<LoginOverlayContext, 'recoverPhone' | 'recoverCode'>) => recoverPhone !== '' && recoverCode !== '';
export const resetFormFilled = ({ newPassword, confirmPassword }: Pick<LoginOverlayContext, 'newPassword' | 'confirmPassword'>) => newPassword !== '' && confirmPassword !== '';
export const registerFormFilled = ({ phone, registerCode, registerPassword }: Pick<LoginOverlayContext, 'phone' | 'registerCode' | 'registerPassword'>) =>
  phone !== '' && registerCode !== '' && registerPassword !== '';

export function passwordLoginError({ phone, password }: Pick<LoginOverlayContext, 'phone' | 'password'>): string | null {
  return phoneError(phone) ?? (password === '' ? LOGIN_MESSAGES.passwordRequired : null);
}

/** Recovery step 1, 'next' (SPEC §5): phone required and pattern-checked, code required. */
export function recoverFormError({ recoverPhone, recoverCode }: Pick<LoginOverlayContext, 'recoverPhone' | 'recoverCode'>): string | null {
  return phoneError(recoverPhone) ?? (recoverCode === '' ? LOGIN_MESSAGES.codeRequired : null);
}

/** Recovery step 1, 'get code' (SPEC §5): an empty phone has its own message. */
export function recoverSendCodeError({ recoverPhone }: Pick<LoginOverlayContext, 'recoverPhone'>): string | null {
  if (recoverPhone === '') return LOGIN_MESSAGES.recoverPhoneRequired;
  return PHONE_PATTERN.test(recoverPhone) ? null : LOGIN_MESSAGES.phoneInvalid;
}

/** The register page's 'get code': as recovery's (an empty phone has its own message). */
export function registerSendCodeError({ phone }: Pick<LoginOverlayContext, 'phone'>): string | null {
  return recoverSendCodeError({ recoverPhone: phone });
}

/** The register page's '注册': phone, then code, then a 6-15 character password (SPEC §5's messages). */
export function registerFormError({ phone, registerCode, registerPassword }: Pick<LoginOverlayContext, 'phone' | 'registerCode' | 'registerPassword'>): string | null {
  return (
    phoneError(phone) ??
    (registerCode === '' ? LOGIN_MESSAGES.codeRequired : null) ??
    (registerPassword.length < PASSWORD_MIN_LENGTH ? LOGIN_MESSAGES.newPasswordInvalid : null)
  );
}

/**
 * New password (SPEC §5). SPEC notes the original tested "under 5"; the rule it states is 6-15,
 * so a password shorter than PASSWORD_MIN_LENGTH (6) is refused.
 */
export function newPasswordError({
  newPassword,
  confirmPassword,
}: Pick<LoginOverlayContext, 'newPassword' | 'confirmPassword'>): string | null {
  if (newPassword.length < PASSWORD_MIN_LENGTH) return LOGIN_MESSAGES.newPasswordInvalid;
  if (confirmPassword.length < PASSWORD_MIN_LENGTH) return LOGIN_MESSAGES.confirmPasswordInvalid;
  if (newPassword !== confirmPassword) return LOGIN_MESSAGES.passwordMismatch;
  return null;
}

/** sendCode, verifyCode and resetPassword succeed with code 1 (SPEC §9). */
export function isAccepted(outcome: ApiOutcome): boolean {
  return outcome.kind === 'ok' && outcome.code === CODE.ok;
}

/** trendRegister and userlogin succeed with code 200 (SPEC §5, §9). */
export function isLoggedIn(outcome: ApiOutcome): boolean {
  return outcome.kind === 'ok' && outcome.code === CODE.loginOk;
}

/**
 * The server asks for the SMS code instead of the password (too many wrong passwords for the
 * account from many networks): read from the refusal's declared reason, never its words.
 */
export function asksForSmsCode(outcome: ApiOutcome): boolean {
  return outcome.kind === 'toast' && passwordRefusalOf(outcome.data) === 'sms_required';
}

/** Revoked or expired sessions belong to the session machine: the overlay only stops waiting. */
export function isSessionEnded(outcome: ApiOutcome): boolean {
  return outcome.kind === 'sessionRevoked' || outcome.kind === 'sessionExpired';
}

/**
 * The message the overlay itself shows for a failed call, or null. Code -1 answers ('toast')
 * are shown by the session machine (SPEC §8, suppressions included), so the overlay stays quiet
 * about them; errors and unexpected codes have no one else to show them.
 */
export function failureMessage(outcome: ApiOutcome): string | null {
  if (outcome.kind === 'toast' || isSessionEnded(outcome)) return null;
  return outcome.msg || MSG.genericError;
}

/** Password-login failure shows the server msg whatever its kind (SPEC §8), '登录失败' included. */
export function loginFailureMessage(outcome: ApiOutcome): string | null {
  if (isSessionEnded(outcome)) return null;
  return outcome.msg || MSG.genericError;
}

/** A rejected call (the api layer normally resolves every outcome) reads as a generic error. */
export function rejectionOutcome(): ApiOutcome {
  return { kind: 'error', reason: 'network', code: null, msg: MSG.genericError };
}

export function toSignedIn(outcome: ApiOutcome<LoginData>, via: SignedInParams['via']): SignedInParams {
  if (outcome.kind !== 'ok') throw new Error(`signedIn needs an ok outcome, got ${outcome.kind}`);
  const { token, user_uuid: uuid, nickname } = outcome.data;
  return { token, uuid, nickname, via };
}
