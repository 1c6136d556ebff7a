import * as v from 'valibot';
import { instant, NULL_ANSWER, positive } from '../call-spec.ts';
import { ANY_STAFF, STAFF_ROLES, defineStaffCall, signInName, signInPassword, totpCode, staffAnswer } from '../staff-call-spec.ts';

/** The signed-in staff member, with the session's CSRF token for the X-CSRF-Token header. */
export const StaffMe = v.object({
  id: positive,
  name: v.string(),
  role: v.picklist(STAFF_ROLES),
  csrf_token: v.string(),
  /** When the session ends at the latest; it ends earlier after 30 minutes without a call. */
  expires_at: instant,
});
export type StaffMe = v.InferOutput<typeof StaffMe>;

export const login = defineStaffCall({
  path: '/staff/api/auth/login',
  roles: 'public',
  csrf: false,
  summary:
    '员工登录：账号 + 密码 + 身份验证器的6位动态验证码（30 秒一换，前后各容 1 步，每个验证码只能用一次）。同一账号在同一 IP（或同一已知设备）15 分钟内失败 10 次，即在该 IP（该设备）上锁定 15 分钟，别处不受影响；同一 IP 15 分钟内失败 50 次即限制该 IP，但不限制该账号的已知设备；管理员可解除账号的锁定（accounts/unlock）。每次尝试先计数后处理。成功后设置 staff_session Cookie（HttpOnly、SameSite=Strict、Path=/staff）和已知设备 Cookie staff_device（与该账号绑定的签名值，HttpOnly、SameSite=Strict、Path=/staff/api/auth/login，90 天，每次登录续期）',
  fields: { name: signInName(), password: signInPassword(), code: totpCode() },
  answer: staffAnswer(StaffMe, 'code 1 登录成功：{ id, name, role, csrf_token, expires_at }；拒绝：账号或密码错误 / 动态验证码错误 / 该动态验证码已使用… / 账号已停用 / 登录失败次数过多，请15分钟后再试 / 当前网络登录失败次数过多，请15分钟后再试'),
});

export const logout = defineStaffCall({
  path: '/staff/api/auth/logout',
  roles: ANY_STAFF,
  summary: '退出登录：结束当前会话并清除 Cookie',
  fields: {},
  answer: staffAnswer(NULL_ANSWER, 'code 1 已退出登录'),
});

export const me = defineStaffCall({
  path: '/staff/api/auth/me',
  roles: ANY_STAFF,
  // The console calls it after a reload, before it has the token; it changes nothing.
  csrf: false,
  summary: '当前登录的员工与会话的 CSRF 令牌（刷新页面后由此取回）；不需要 X-CSRF-Token',
  fields: {},
  answer: staffAnswer(StaffMe, '{ id, name, role, csrf_token, expires_at }'),
});
