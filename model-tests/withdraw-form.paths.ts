import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { WITHDRAW_MSG, type WithdrawDraft } from '../api/protocol/withdraw-rules.ts';
import { withdrawFormMachine, type ValidateOutcome, type WithdrawFormContext, type WithdrawSubmitAnswer } from '../machines/withdraw-form.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The withdrawal form's model: event table, generated paths, and what each event means outside. */

export const WITHDRAW_CALLS = ['validate', 'submit'] as const;
export const INPUT = { requestBase: 'wdtest0000000000' };

export const GOOD_DRAFT: WithdrawDraft = { source: 'income', amount: '20', account: '13800138000', payeeName: '张三' };
export const SHORT_DRAFT: WithdrawDraft = { source: 'income', amount: '5', account: '13800138000', payeeName: '张三' };

const VIEW = { id: 7, source: 'income', amount_cents: 2000, alipay_account: '138****8000', status: 'submitted', status_text: '审核中', reject_reason: null, created_at: '2026-03-02T02:00:00.000Z', updated_at: '2026-03-02T02:00:00.000Z' } as const;

export const VALIDATIONS = {
  valid: { ok: true, value: { source: 'income', amount_cents: 2000, alipay_account: '13800138000', payee_name: '张三' } },
  tooSmall: { ok: false, message: WITHDRAW_MSG.amountMin },
} satisfies Record<string, ValidateOutcome>;

export const OUTCOMES = {
  accepted: { kind: 'ok', code: 1, msg: WITHDRAW_MSG.submitted, data: { withdrawal: VIEW, created: true } },
  incomeShort: { kind: 'toast', code: -1, msg: WITHDRAW_MSG.incomeShort, data: null, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, ApiOutcome<WithdrawSubmitAnswer>>;

export const withdrawEventTable: readonly AnyEventObject[] = [
  { type: 'ui.submit', draft: GOOD_DRAFT, availableCents: 5000 },
  { type: 'ui.edit' },
  { type: 'ui.retry' },
  { type: 'ui.again' },
  ...Object.values(VALIDATIONS).map((output) => ({ type: 'xstate.done.actor.validate', output })),
  { type: 'xstate.error.actor.validate', error: new Error('validate failed') },
  ...Object.values(OUTCOMES).map((output) => ({ type: 'xstate.done.actor.submit', output })),
  { type: 'xstate.error.actor.submit', error: new Error('network') },
];

/** The state, and what the page shows: a message, a result. (Not the serial: it only grows.) */
export function serializeWithdraw(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as WithdrawFormContext;
  return JSON.stringify([snapshot.value, context.message !== null, context.result !== null]);
}

let paths: MachinePath[] | undefined;

export function getWithdrawPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(withdrawFormMachine, { events: withdrawEventTable, serializeState: serializeWithdraw, input: INPUT });
  return paths;
}

export function describeWithdrawEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.validate') return (event.output as ValidateOutcome).ok ? 'the form passes its checks' : 'the form breaks a rule';
  if (event.type === 'xstate.error.actor.validate') return 'the check throws';
  if (event.type === 'xstate.done.actor.submit') {
    const output = event.output as ApiOutcome;
    return `server answers ${output.kind} ${output.msg}`;
  }
  if (event.type === 'xstate.error.actor.submit') return 'submit fails (network)';
  if (event.type === 'ui.submit') return "tap '申请提现'";
  if (event.type === 'ui.edit') return 'edit the form';
  if (event.type === 'ui.retry') return "tap '重试'";
  if (event.type === 'ui.again') return "tap '再提一笔'";
  return event.type;
}
