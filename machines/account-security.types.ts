import type { AccountCodeType } from './account-security.constants.ts';
import type { ResendCodeReply, ResendPhase } from './resend-code.types.ts';

/** Inputs of the invoked calls, in the server's field names. */
export interface AccountSendCodeInput {
  type: AccountCodeType;
  /** The new phone for type 4; type 3 goes to the account's own phone. */
  phone?: string;
}
export interface VerifyOldPhoneInput {
  phone_code: string;
}
export interface BindNewPhoneInput {
  phone: string;
  phone_code: string;
  ticket: string;
}
export type ChangePasswordInput = { password: string } & ({ old_password: string } | { phone_code: string });

/** changeUserTelOne's answer. */
export interface PhoneTicket {
  ticket: string;
  expires_in: number;
}
/** changeUserTelTwo's answer: the new phone, masked. */
export interface BoundPhone {
  phone: string;
}

export interface ToastParams {
  message: string;
}

// ---- Phone change (/phoneverify, /phoneverifynew) ----

/** Step 2 (phone-bind) starts with step 1's ticket; step 1 (phone-verify) takes nothing. */
export interface PhoneChangeInput {
  ticket?: string;
}

export interface PhoneChangeContext {
  /** Step 1 stores the ticket it got; step 2 sends the one it was given. */
  ticket: string | null;
  /** Step 2's new phone: digits only, at most 11. */
  phone: string;
  code: string;
  /** Seconds before 获取验证码 may be tapped again; 0 when not counting (the resend child's count). */
  countdown: number;
  resendPhase: ResendPhase;
  message: string | null;
}

export type PhoneChangeEvent =
  | { type: 'ui.phone.change'; value: string }
  | { type: 'ui.code.change'; value: string }
  | { type: 'ui.sendCode' }
  | { type: 'ui.submit' }
  | ResendCodeReply;

// ---- Password change (/editpassword) ----

export type PasswordChangeMethod = 'password' | 'code';

export interface PasswordChangeInput {
  /** An account without a password proves itself by code only. */
  hasPassword: boolean;
}

export interface PasswordChangeContext {
  hasPassword: boolean;
  method: PasswordChangeMethod;
  oldPassword: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
  /** The resend child's count and phase. */
  countdown: number;
  resendPhase: ResendPhase;
  message: string | null;
}

export type PasswordChangeEvent =
  | { type: 'ui.method'; method: PasswordChangeMethod }
  | { type: 'ui.oldPassword.change'; value: string }
  | { type: 'ui.code.change'; value: string }
  | { type: 'ui.newPassword.change'; value: string }
  | { type: 'ui.confirm.change'; value: string }
  | { type: 'ui.sendCode' }
  | { type: 'ui.submit' }
  | ResendCodeReply;
