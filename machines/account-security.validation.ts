import type { ApiOutcome } from '../api/outcome.ts';
import { PHONE_PATTERN } from './constants.ts';
import { ACCOUNT_SECURITY_MESSAGES as MESSAGES, NEW_PASSWORD_PATTERN } from './account-security.constants.ts';
import type { ChangePasswordInput, PasswordChangeContext, PhoneChangeContext } from './account-security.types.ts';
import { isCodeComplete, newPasswordError } from './login-overlay.validation.ts';

/** Pure rules of the phone-change and password-change forms; the machines' guards wrap them. */

export function phoneError(phone: string): string | null {
  if (phone === '') return MESSAGES.phoneRequired;
  return PHONE_PATTERN.test(phone) ? null : MESSAGES.phoneInvalid;
}

export function codeError(code: string): string | null {
  if (code === '') return MESSAGES.codeRequired;
  return isCodeComplete(code) ? null : MESSAGES.codeIncomplete;
}

/** Step 1's 下一步: the code. */
export function verifyFormError({ code }: Pick<PhoneChangeContext, 'code'>): string | null {
  return codeError(code);
}

/** Step 2's 确定: the new phone, then the code. */
export function bindFormError({ phone, code }: Pick<PhoneChangeContext, 'phone' | 'code'>): string | null {
  return phoneError(phone) ?? codeError(code);
}

/** Step 2's 获取验证码 needs a valid new phone first. */
export function bindSendCodeError({ phone }: Pick<PhoneChangeContext, 'phone'>): string | null {
  return phoneError(phone);
}

/**
 * The new password, SPEC §5's checks and messages first (empty or short, confirm, mismatch), then
 * the composition the server requires (letters and digits), with the same rule message.
 */
export function newPasswordsError(context: Pick<PasswordChangeContext, 'newPassword' | 'confirmPassword'>): string | null {
  const spec = newPasswordError(context);
  if (spec !== null) return spec;
  return NEW_PASSWORD_PATTERN.test(context.newPassword) ? null : MESSAGES.newPasswordInvalid;
}

/** /editpassword's 确定: the proof of the chosen method, then the new password. */
export function passwordChangeError(context: PasswordChangeContext): string | null {
  const proof = context.method === 'password' ? (context.oldPassword === '' ? MESSAGES.oldPasswordRequired : null) : codeError(context.code);
  return proof ?? newPasswordsError(context);
}

export function passwordChangeInput(context: PasswordChangeContext): ChangePasswordInput {
  return context.method === 'password'
    ? { old_password: context.oldPassword, password: context.newPassword }
    : { phone_code: context.code, password: context.newPassword };
}

/** The server refused step 2's ticket (expired, used, another player's): back to step 1. */
export function isTicketRejected(outcome: ApiOutcome): boolean {
  return outcome.kind === 'toast' && outcome.msg === MESSAGES.ticketInvalid;
}

/** A ticket answer with a usable ticket; anything else is not a success. */
export function ticketOf(outcome: ApiOutcome): string | null {
  if (outcome.kind !== 'ok' || outcome.code !== 1) return null;
  const data = outcome.data as { ticket?: unknown } | null;
  return typeof data?.ticket === 'string' && data.ticket !== '' ? data.ticket : null;
}
