import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { accountCancelMachine, type AccountCancelContext, type AccountCancelEvent } from '../machines/account-cancel.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';
import { resendReports } from './resend-code.kit.ts';

/** The cancellation flow's model: the event table its graph is walked with, and the generated paths. */

/** The flow's own calls; sendCode is the resend child's, whose reports the paths play. */
export const ACCOUNT_CANCEL_CALLS = ['loadStatus', 'loadConditions', 'applyCancel', 'revokeCancel'] as const;
export type AccountCancelCall = (typeof ACCOUNT_CANCEL_CALLS)[number];

const CANCELLATION = { requested_at: '2026-03-02T02:00:00.000Z', effective_at: '2026-03-17T02:00:00.000Z' };
const condition = (passed: boolean) => ({ key: 'balance', title: '账号内无乐玩币余额', passed, reason: passed ? '' : '账号内还有30乐玩币，请使用完毕后再申请注销' });

/** One answer per distinct behaviour of each call. */
export const OUTCOMES = {
  statusNone: { kind: 'ok', code: 1, msg: 'success', data: { status: 'none', cancellation: null } },
  statusPending: { kind: 'ok', code: 1, msg: 'success', data: { status: 'pending', cancellation: CANCELLATION } },
  emptyAnswer: { kind: 'ok', code: 1, msg: 'success', data: null },
  passing: { kind: 'ok', code: 1, msg: 'success', data: { conditions: [condition(true)], all_passed: true, phone: '138****8000' } },
  blocked: { kind: 'ok', code: 1, msg: 'success', data: { conditions: [condition(false)], all_passed: false, phone: '138****8000' } },
  sent: { kind: 'ok', code: 1, msg: '验证码已发送', data: null },
  applied: { kind: 'ok', code: 1, msg: '注销申请已提交', data: CANCELLATION },
  revoked: { kind: 'ok', code: 1, msg: '已撤销注销', data: null },
  refused: { kind: 'toast', code: -1, msg: '验证码错误', data: null, show: true },
  expired: { kind: 'sessionExpired', code: 105, msg: '账号已注销', toast: '账号已注销' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ApiOutcome<unknown>>;

const answers = (call: AccountCancelCall, outputs: ReadonlyArray<ApiOutcome<unknown>>): AnyEventObject[] => [
  ...outputs.map((output) => ({ type: `xstate.done.actor.${call}`, output })),
  { type: `xstate.error.actor.${call}`, error: new Error(`${call} failed`) },
];

const userEvents: AccountCancelEvent[] = [
  { type: 'ui.retry' },
  { type: 'ui.agree.toggle' },
  { type: 'ui.next' },
  { type: 'ui.visit.rules' },
  { type: 'ui.visit.conditions' },
  { type: 'ui.sendCode' },
  { type: 'ui.code.change', value: '12' },
  { type: 'ui.code.change', value: '1234' },
  { type: 'ui.submit' },
  { type: 'ui.confirm' },
  { type: 'ui.cancel' },
  { type: 'ui.revoke' },
];

export const accountCancelEventTable: readonly AnyEventObject[] = [
  ...userEvents,
  ...answers('loadStatus', [OUTCOMES.statusNone, OUTCOMES.statusPending, OUTCOMES.emptyAnswer, OUTCOMES.serverError]),
  ...answers('loadConditions', [OUTCOMES.passing, OUTCOMES.blocked, OUTCOMES.refused]),
  ...resendReports(OUTCOMES.serverError),
  { type: 'resend.sent', outcome: OUTCOMES.sent },
  ...answers('applyCancel', [OUTCOMES.applied, OUTCOMES.refused, OUTCOMES.expired]),
  ...answers('revokeCancel', [OUTCOMES.revoked, OUTCOMES.refused]),
];

/** The state value and what the guards read. */
export function serializeAccountCancel(snapshot: AnyMachineSnapshot): string {
  const { agreed, allPassed, code, countdown, resendPhase, codeSent } = snapshot.context as AccountCancelContext;
  return JSON.stringify([snapshot.value, agreed, allPassed, code.length, countdown, resendPhase, codeSent]);
}

let paths: MachinePath[] | undefined;

export function getAccountCancelPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(accountCancelMachine, { events: accountCancelEventTable, serializeState: serializeAccountCancel });
  return paths;
}
