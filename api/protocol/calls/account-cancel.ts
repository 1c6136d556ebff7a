import * as v from 'valibot';
import { AUTH_MSG } from '../codes.ts';
import { answer, defineCall, field, textOf, int, NULL_ANSWER } from '../call-spec.ts';

/**
 * Account cancellation (注销账号, SPEC /accountdestoryone…four, /accountdestoryrule):
 * the agreement, the conditions the server checks, the type-5 SMS confirmation, a 15-day
 * cooling-off that signing in offers to revoke, then a scheduled job anonymises the account.
 */

export const COOLING_OFF_DAYS = 15;
export const COOLING_OFF_MS = COOLING_OFF_DAYS * 24 * 3600 * 1000;

export const CANCEL_MSG = {
  applied: '注销申请已提交',
  revoked: '已撤销注销',
  conditionsUnmet: '当前账号不满足注销条件',
  alreadyPending: '账号已在注销中',
  notPending: '当前没有进行中的注销申请',
  noRule: '暂无内容',
  /** What a token of an anonymised account answers (code 105: the client toasts it and goes to /login). */
  accountCancelled: '账号已注销',
  codeWrong: '验证码错误',
} as const;

/** One condition as the server lists it: `reason` says why it blocks ('' when it passes). */
export const CancelConditionView = v.object({
  key: v.string(),
  title: v.string(),
  passed: v.boolean(),
  reason: v.string(),
});
export type CancelConditionView = v.InferOutput<typeof CancelConditionView>;

export const CancellationView = v.object({
  /** ISO 8601 instants. */
  requested_at: v.string(),
  effective_at: v.string(),
});
export type CancellationView = v.InferOutput<typeof CancellationView>;

export const CancelStatus = v.object({
  /** 'none': no cancellation in progress; 'pending': in the cooling-off. */
  status: v.picklist(['none', 'pending']),
  cancellation: v.nullable(CancellationView),
});
export type CancelStatus = v.InferOutput<typeof CancelStatus>;

const PHONE_CODE = /^\d{4}$/;

/** A 4-digit code (a JSON number keeps its leading zeros padded back). */
const phoneCode = field<string | number, string>({ type: 'string', required: true, rule: '4 位数字（sendCode type 5）', message: [AUTH_MSG.codeRequired, CANCEL_MSG.codeWrong] }, (value) => {
  const code = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value).padStart(4, '0') : textOf(value);
  if (code === '') return { ok: false, message: AUTH_MSG.codeRequired };
  return PHONE_CODE.test(code) ? { ok: true, value: code } : { ok: false, message: CANCEL_MSG.codeWrong };
});

export const getCancelRule = defineCall({
  path: '/api/user/getCancelRule',
  auth: 'none',
  summary: '注销协议：删除什么、依法保留什么、15 天冷静期（site_content，HTML，客户端净化后显示）',
  fields: {},
  answer: answer(v.object({
    title: v.string(),
    content: v.string(),
    cooling_off_days: int,
  }), '{title, content (HTML), cooling_off_days}'),
});

export const getCancelConditions = defineCall({
  path: '/api/user/getCancelConditions',
  auth: 'required',
  summary: '注销条件：服务器逐项检查，列出每项是否通过及原因',
  fields: {},
  answer: answer(v.object({
    conditions: v.array(CancelConditionView),
    all_passed: v.boolean(),
    phone: v.string(),
  }), '{conditions: [{key, title, passed, reason}], all_passed, phone (masked)}'),
});

export const applyCancel = defineCall({
  path: '/api/user/applyCancel',
  auth: 'required',
  summary: '申请注销：type 5 验证码 + 全部条件通过 → 进入 15 天冷静期',
  fields: { phone_code: phoneCode },
  answer: answer(CancellationView, '{requested_at, effective_at}; msg 注销申请已提交'),
});

export const revokeCancel = defineCall({
  path: '/api/user/revokeCancel',
  auth: 'required',
  summary: '撤销注销：结束冷静期，账号恢复正常',
  fields: {},
  answer: answer(NULL_ANSWER, 'null; msg 已撤销注销'),
});

export const getCancelStatus = defineCall({
  path: '/api/user/getCancelStatus',
  auth: 'required',
  summary: '注销状态：none 或 pending（冷静期中，附生效时间）',
  fields: {},
  answer: answer(CancelStatus, '{status, cancellation: {requested_at, effective_at} | null}'),
});
