import { AUTH_MSG } from './codes.ts';

/**
 * Texts of the account-security calls (api/protocol/calls/account-security.ts), in their own
 * module so the client's forms can show the same words without loading the call schemas.
 */

/** How long a phone-change ticket (step 1's proof) lasts: 10 minutes. */
export const PHONE_TICKET_TTL_S = 600;

export const ACCOUNT_MSG = {
  codeRequired: AUTH_MSG.codeRequired,
  codeWrong: '验证码错误',
  phoneRequired: AUTH_MSG.phoneRequired,
  phoneInvalid: AUTH_MSG.phoneInvalid,
  /** Step 2 without a live ticket of this player: verify the current phone again. */
  ticketInvalid: '验证已失效，请重新验证原手机号',
  samePhone: '新手机号不能与当前手机号相同',
  phoneTaken: '该手机号已被其他账号绑定',
  verified: '验证成功',
  phoneChanged: '手机号更换成功',
  passwordRule: AUTH_MSG.passwordRule,
  oldPasswordRequired: '请输入原密码',
  oldPasswordWrong: '原密码错误',
  oldPasswordLocked: '原密码错误次数过多，请15分钟后再试或使用短信验证码验证',
  /** The account's password failures from many networks: the old password is not checked now. */
  useCodeInstead: '该账号密码错误次数过多，请使用短信验证码验证',
  noPasswordUseCode: '该账号未设置密码，请使用短信验证码验证',
  samePassword: '新密码不能与原密码相同',
  passwordChanged: AUTH_MSG.passwordChangedOk,
} as const;
