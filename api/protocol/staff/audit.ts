import * as v from 'valibot';
import { field, instant, INT32_MAX, page, PAGE_FIELDS, positive, positiveInt, textOf } from '../call-spec.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

export const AuditEntry = v.object({
  id: positive,
  /** null: the system acted (an address braked after too many failed sign-ins). */
  staff_id: v.nullable(positive),
  staff_name: v.nullable(v.string()),
  /** e.g. 'accounts.create', 'auth.login'. */
  action: v.string(),
  /** What was acted on, e.g. 'staff:12'. */
  target: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  ip: v.string(),
  at: instant,
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

export const AUDIT_FILTER_MSG = '筛选条件错误';
export const AUDIT_ACTION_MAX = 64;

const staffFilter = field<number | string | undefined, number | undefined>({ type: 'id', required: false, rule: '只看该员工的操作', message: AUDIT_FILTER_MSG }, (value) => {
  const n = positiveInt(value);
  return n === null || (n !== undefined && n > INT32_MAX) ? { ok: false, message: AUDIT_FILTER_MSG } : { ok: true, value: n };
});

const actionFilter = field<string | undefined, string | undefined>({ type: 'string', required: false, rule: `只看该操作（如 accounts.create），最多 ${AUDIT_ACTION_MAX} 个字符`, message: AUDIT_FILTER_MSG }, (value) => {
  const t = textOf(value);
  if (t === '') return { ok: true, value: undefined };
  return t.length <= AUDIT_ACTION_MAX ? { ok: true, value: t } : { ok: false, message: AUDIT_FILTER_MSG };
});

export const list = defineStaffCall({
  path: '/staff/api/audit/list',
  roles: [],
  summary: '操作日志，新的在前，分页；可按员工和操作筛选',
  fields: { ...PAGE_FIELDS, staff_id: staffFilter, action: actionFilter },
  answer: staffAnswer(page(AuditEntry), '{ list: [{ id, staff_id, staff_name, action, target, before, after, ip, at }], total, page, limit }；系统所为（如某 IP 登录失败过多被限制）staff_id、staff_name 为 null'),
});
