import { ACCOUNT_MSG } from '../api/protocol/account-security-messages.ts';
import { CODE_LENGTH } from './constants.ts';
import { LOGIN_MESSAGES } from './login-overlay.constants.ts';

/**
 * Texts and call constants of the phone-change and password-change forms. SPEC §5's texts come
 * from the login overlay's list (the same words everywhere); the server's from ACCOUNT_MSG.
 */
export const ACCOUNT_SECURITY_MESSAGES = {
  phoneRequired: LOGIN_MESSAGES.phoneRequired,
  phoneInvalid: LOGIN_MESSAGES.phoneInvalid,
  codeRequired: LOGIN_MESSAGES.codeRequired,
  codeIncomplete: `请输入${CODE_LENGTH}位验证码`,
  samePhone: ACCOUNT_MSG.samePhone,
  oldPasswordRequired: ACCOUNT_MSG.oldPasswordRequired,
  newPasswordInvalid: LOGIN_MESSAGES.newPasswordInvalid,
  confirmPasswordInvalid: LOGIN_MESSAGES.confirmPasswordInvalid,
  passwordMismatch: LOGIN_MESSAGES.passwordMismatch,
  passwordChanged: LOGIN_MESSAGES.resetDone,
  phoneChanged: ACCOUNT_MSG.phoneChanged,
  /** /phoneverifynew opened without step 1's ticket. */
  verifyFirst: '请先验证原手机号',
  /** The server's answer to a ticket that expired, was used or is not this player's. */
  ticketInvalid: ACCOUNT_MSG.ticketInvalid,
} as const;

/** sendCode `type`: '3' the account's current phone, '4' the new phone. */
export const ACCOUNT_CODE_TYPE = { verifyPhone: '3', bindPhone: '4' } as const;
export type AccountCodeType = (typeof ACCOUNT_CODE_TYPE)[keyof typeof ACCOUNT_CODE_TYPE];

/** SPEC §5/§9 "6-15 位数字字母组合": letters and digits, at least one of each (as the server checks). */
export const NEW_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/;
