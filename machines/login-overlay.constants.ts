import { AUTH_MSG } from '../api/protocol/codes.ts';

/**
 * The login overlay's toasts (SPEC §5, verbatim). Texts the server answers too come from the
 * shared AUTH_MSG; the rest are the overlay's own.
 */
export const LOGIN_MESSAGES = {
  phoneRequired: AUTH_MSG.phoneRequired,
  phoneInvalid: AUTH_MSG.phoneInvalid,
  passwordRequired: AUTH_MSG.passwordRequired,
  codeRequired: AUTH_MSG.codeRequired,
  recoverPhoneRequired: '请输入手机号后重新发送',
  newPasswordInvalid: AUTH_MSG.passwordRule,
  confirmPasswordInvalid: '请再次输入6-15位数字字母组合密码',
  passwordMismatch: '两次输入的密码不同',
  resetDone: AUTH_MSG.passwordChangedOk,
} as const;

/** The resend countdowns tick once a second (SPEC §4: 60 s, shown second by second). */
export const COUNTDOWN_TICK_MS = 1_000;

/** sendCode `type`: '1' login, '2' password recovery (SPEC §3). */
export const SEND_CODE_TYPE = { login: '1', recovery: '2' } as const;
export type SendCodeType = (typeof SEND_CODE_TYPE)[keyof typeof SEND_CODE_TYPE];

/** trendRegister always carries agree_agreement 1: the overlay only calls it once the box is ticked. */
export const AGREE_AGREEMENT = 1;
