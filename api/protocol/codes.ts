/**
 * Response codes and the fixed messages both sides use (SPEC §5, §8; PROTOCOL §6).
 * SPEC gives several messages only in English translation; the Chinese texts below are the
 * product's wording and the single source for client and server.
 */

export const CODE = {
  ok: 1,
  loginOk: 200,
  refused: -1,
  badRequest: 101,
  signedInElsewhere: 102,
  tokenExpired: 104,
  tokenInvalid: 105,
  passwordChanged: 106,
  accountDisabled: 107,
  /** The server cannot reach what the call needs (Redis, …) right now; nothing was done. Any client retries later. */
  busy: 503,
} as const;

/** SPEC §5: codes treated as success. */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([1, 200, -1, 5, 6, 7, 8, -3]);
/** SPEC §8: clear credentials and reload after 1 s. */
export const REVOKED_CODES: ReadonlySet<number> = new Set([102, 107]);
/** SPEC §8: clear credentials, toast the server message, go to /login after 1.5 s. */
export const EXPIRED_CODES: ReadonlySet<number> = new Set([104, 105, 106]);

export const MSG = {
  badSign: '签名错误',
  expiredRequest: '请求已过期',
  /** Shown after any of the token messages below. */
  loginExpired: '登录信息已过期，请重新登录',
  tokenVerifyFailed: '用户token验证失败',
  longTimeNoLogin: '长时间未登录，请重新登录',
  notLoggedIn: '请先登录',
  signedInElsewhere: '您的账号已在其他设备登录',
  accountDisabled: '账号已被禁用',
  tokenExpired: '登录已过期，请重新登录',
  tokenInvalid: '登录状态无效，请重新登录',
  passwordChanged: '密码已修改，请重新登录',
  /** 106 for the other devices of an account whose phone was changed. */
  phoneChanged: '手机号已更换，请重新登录',
  paramError: '参数错误',
  tooFrequent: '请勿频繁请求',
  fetched: '获取成功',
  genericError: 'Error',
  downloadAddressError: '下载地址异常，请联系客服',
  /** With CODE.busy: a dependency (Redis) is unreachable; the call was not carried out. */
  busy: '系统繁忙，请稍后再试',
} as const;

/** SPEC §8: server messages that mean the session is gone, whatever the code. */
export const TOKEN_MESSAGES: ReadonlySet<string> = new Set([MSG.tokenVerifyFailed, MSG.loginExpired, MSG.longTimeNoLogin]);

/** SPEC §8: code -1 messages that are never shown as a toast. */
export const SUPPRESSED_MESSAGES: ReadonlySet<string> = new Set([
  '登录失败',
  MSG.fetched,
  '埋点成功',
  '已领取',
  '暂无活动',
  'token验证失败',
  MSG.paramError,
  MSG.tooFrequent,
]);

/**
 * Sign-in texts both sides show (SPEC §5 verbatim where SPEC gives them): the login overlay
 * validates with them locally and the server answers them as code -1 messages.
 */
export const AUTH_MSG = {
  loginOk: '登录成功',
  phoneRequired: '请输入手机号',
  phoneInvalid: '手机号码格式不正确',
  passwordRequired: '请输入密码',
  codeRequired: '请输入验证码',
  passwordRule: '请输入6-15位数字字母组合密码',
  passwordChangedOk: '修改成功',
  agreementRequired: '请阅读并同意《用户协议》和《隐私政策》',
  codeSent: '验证码已发送',
  codeVerified: '验证成功',
  phoneNotRegistered: '该手机号未注册',
  phoneRegistered: '该手机号已注册，请直接登录',
  badCredentials: '账号或密码错误',
  loggedOut: '退出成功',
  /** This address's password attempts on this account are used up for the window; the SMS code still works. */
  passwordLocked: '密码错误次数过多，请15分钟后再试或使用验证码登录',
  /** Too many wrong passwords for the account from many addresses: its password sign-in needs the SMS code now. */
  useSmsCode: '该账号密码错误次数过多，为保护账号安全，请使用验证码登录',
} as const;

/** Too many wrong passwords from this network: it may try again in about that many minutes. */
export function addressWaitMsg(waitMs: number): string {
  return `当前网络密码错误次数过多，请${Math.max(1, Math.ceil(waitMs / 60_000))}分钟后再试`;
}

/**
 * Why a password was not checked or what now applies (the refusal's data.reason), so the sign-in
 * forms can offer the way on: 'locked' this address's tries on this account are used up,
 * 'sms_required' the account asks for the SMS code, 'address_wait' this network must wait
 * (data.retry_after_s says how long).
 */
export const PASSWORD_REFUSALS = ['locked', 'sms_required', 'address_wait'] as const;
export type PasswordRefusalReason = (typeof PASSWORD_REFUSALS)[number];
export interface PasswordRefusalData {
  reason: PasswordRefusalReason;
  retry_after_s?: number;
}

/**
 * A refusal's declared reason: its data.reason when it is one of the call's declared `reasons`,
 * else null. Clients branch on this, never on the message text, so a reworded message changes
 * nothing but what is shown.
 */
export function declaredReason<const R extends string>(data: unknown, reasons: readonly R[]): R | null {
  const reason = typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && (reasons as readonly string[]).includes(reason) ? (reason as R) : null;
}

/** The refusal's declared reason, or null for any other answer. */
export function passwordRefusalOf(data: unknown): PasswordRefusalReason | null {
  return declaredReason(data, PASSWORD_REFUSALS);
}
