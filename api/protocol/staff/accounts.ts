import * as v from 'valibot';
import { field, id, instant, lenientList, positive, textOf } from '../call-spec.ts';
import { defineStaffCall, STAFF_ROLES, staffAnswer, staffName, staffRole } from '../staff-call-spec.ts';

export const StaffAccountView = v.object({
  id: positive,
  name: v.string(),
  role: v.picklist(STAFF_ROLES),
  disabled: v.boolean(),
  created_at: instant,
  last_login_at: v.nullable(instant),
});
export type StaffAccountView = v.InferOutput<typeof StaffAccountView>;

/** Shown once, when an account is created or its password or second factor is reset. */
export const StaffCredentials = v.object({
  account: StaffAccountView,
  /** The new password (create, resetPassword). */
  password: v.nullable(v.string()),
  /** The new TOTP secret, base32, and its otpauth:// URI for the authenticator app (create, resetTotp). */
  totp_secret: v.nullable(v.string()),
  otpauth_uri: v.nullable(v.string()),
});
export type StaffCredentials = v.InferOutput<typeof StaffCredentials>;

export const ACCOUNTS_MSG = {
  nameTaken: '该账号名已存在',
  notFound: '账号不存在',
  selfDisable: '不能停用自己的账号',
  created: '账号已创建',
  disabled: '账号已停用',
  enabled: '账号已启用',
  passwordReset: '密码已重置',
  totpReset: '动态验证码密钥已重置',
  unlocked: '已解除登录锁定',
  disabledFlag: '参数错误',
} as const;

export const list = defineStaffCall({
  path: '/staff/api/accounts/list',
  roles: [],
  summary: '员工账号列表（按创建顺序）',
  fields: {},
  answer: staffAnswer(v.object({ list: lenientList(StaffAccountView) }), '{ list: [{ id, name, role, disabled, created_at, last_login_at }] }'),
});

export const create = defineStaffCall({
  path: '/staff/api/accounts/create',
  roles: [],
  summary: '新建员工账号：生成初始密码和 TOTP 密钥，只在这次回答里给出一次',
  fields: { name: staffName(), role: staffRole() },
  answer: staffAnswer(StaffCredentials, '{ account, password, totp_secret, otpauth_uri }；拒绝：该账号名已存在'),
});

const disabledFlag = field<'1' | '0' | 1 | 0 | boolean, boolean>({ type: '"1" | "0"', required: true, rule: '1 停用，0 启用', message: ACCOUNTS_MSG.disabledFlag }, (value) => {
  const t = typeof value === 'boolean' ? (value ? '1' : '0') : textOf(value);
  return t === '1' || t === '0' ? { ok: true, value: t === '1' } : { ok: false, message: ACCOUNTS_MSG.disabledFlag };
});

export const disable = defineStaffCall({
  path: '/staff/api/accounts/disable',
  roles: [],
  summary: '停用（disabled 1）或重新启用（0）员工账号；停用即结束该账号的所有会话。不能停用自己',
  fields: { id: id(ACCOUNTS_MSG.notFound), disabled: disabledFlag },
  answer: staffAnswer(StaffAccountView, '更新后的账号；拒绝：账号不存在 / 不能停用自己的账号'),
});

export const resetPassword = defineStaffCall({
  path: '/staff/api/accounts/resetPassword',
  roles: [],
  summary: '重置员工密码：生成新密码（只给出一次），结束该账号的所有会话',
  fields: { id: id(ACCOUNTS_MSG.notFound) },
  answer: staffAnswer(StaffCredentials, '{ account, password, totp_secret: null, otpauth_uri: null }'),
});

export const resetTotp = defineStaffCall({
  path: '/staff/api/accounts/resetTotp',
  roles: [],
  summary: '重置员工的动态验证码密钥：生成新密钥（只给出一次），结束该账号的所有会话',
  fields: { id: id(ACCOUNTS_MSG.notFound) },
  answer: staffAnswer(StaffCredentials, '{ account, password: null, totp_secret, otpauth_uri }'),
});

export const unlock = defineStaffCall({
  path: '/staff/api/accounts/unlock',
  roles: [],
  summary: '解除员工账号的登录锁定：该账号在各 IP、各设备上的登录失败计数全部清零（不解除某个 IP 的整体限制）；写入操作日志',
  fields: { id: id(ACCOUNTS_MSG.notFound) },
  answer: staffAnswer(StaffAccountView, '该账号；拒绝：账号不存在'),
});
