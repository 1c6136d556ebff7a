/**
 * The staff console's roles, answer codes and messages: no imports, so the console's bundle takes
 * them without the declarations' schemas (api/protocol/staff-call-spec.ts re-exports them).
 */

export const STAFF_ROLES = ['admin', 'agent', 'reviewer', 'finance', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  admin: '管理员',
  agent: '客服',
  reviewer: '审核',
  finance: '财务',
  operator: '运营',
};

/** Every role: calls any signed-in staff member may make (admin may make every call anyway). */
export const ANY_STAFF: readonly StaffRole[] = STAFF_ROLES;

export const STAFF_API_PREFIX = '/staff/api/';

/**
 * Answer codes. 1 ok, -1 refused (msg says why, in Chinese); 401 not signed in or the session has
 * ended (the console goes to its sign-in page); 403 the role may not make this call; 419 the CSRF
 * header is missing or wrong (the console reloads its token with auth/me and tries once more).
 */
export const STAFF_CODE = {
  ok: 1,
  refused: -1,
  notSignedIn: 401,
  forbidden: 403,
  csrf: 419,
} as const;

export const STAFF_MSG = {
  notSignedIn: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  sessionIdle: '长时间未操作，请重新登录',
  sessionEnded: '登录状态已失效，请重新登录',
  accountDisabled: '账号已停用',
  forbidden: '无权限执行此操作',
  csrf: '安全校验失败，请刷新页面后重试',
  badCredentials: '账号或密码错误',
  totpWrong: '动态验证码错误',
  totpUsed: '该动态验证码已使用，请等待下一个验证码',
  locked: '登录失败次数过多，请15分钟后再试',
  ipLocked: '当前网络登录失败次数过多，请15分钟后再试',
  loginOk: '登录成功',
  loggedOut: '已退出登录',
  nameRequired: '请输入账号',
  passwordRequired: '请输入密码',
  totpRequired: '请输入6位动态验证码',
  totpFormat: '动态验证码为6位数字',
  notJson: '请求格式错误',
} as const;

/** Staff account names: 2–32 letters, digits, '.', '_' or '-', starting with a letter or digit. */
export const STAFF_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,31}$/;
export const STAFF_NAME_RULE = '2–32 位字母、数字、. _ -，以字母或数字开头';
export const STAFF_NAME_MSG = '账号名为2–32位字母、数字或 . _ -，以字母或数字开头';
export const TOTP_DIGITS = 6;
/** Passwords are compared as sent (no trimming), at most this long (scrypt's input stays small). */
export const STAFF_PASSWORD_MAX = 128;

