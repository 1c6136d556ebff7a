import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { ACCOUNT_MSG } from '../api/protocol/account-security-messages.ts';
import { MSG } from '../api/protocol/codes.ts';
import type { PasswordChangeContext, PasswordChangeInput, PhoneChangeContext, PhoneChangeInput } from '../machines/account-security.types.ts';
import { passwordChangeMachine } from '../machines/password-change.machine.ts';
import { phoneBindMachine } from '../machines/phone-bind.machine.ts';
import { phoneVerifyMachine } from '../machines/phone-verify.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';
import { describeResendReport, resendReports } from './resend-code.kit.ts';

/**
 * The models of the phone-change and password-change forms: event tables, generated paths (one
 * set per input: each page starts the chart on its own step), and what each event is outside.
 */

/** The forms' own calls; sendCode is the resend child's, whose reports the paths play. */
export const PHONE_CHANGE_CALLS = ['verifyOldPhone', 'bindNewPhone'] as const;
export const PASSWORD_CHANGE_CALLS = ['changePassword'] as const;

export const OUTCOMES = {
  accepted: { kind: 'ok', code: 1, msg: '验证码已发送', data: null },
  ticket: { kind: 'ok', code: 1, msg: ACCOUNT_MSG.verified, data: { ticket: 'ticket-model', expires_in: 600 } },
  bound: { kind: 'ok', code: 1, msg: ACCOUNT_MSG.phoneChanged, data: { phone: '139****9000' } },
  refused: { kind: 'toast', code: -1, msg: '验证码错误', data: null, show: true },
  ticketRejected: { kind: 'toast', code: -1, msg: ACCOUNT_MSG.ticketInvalid, data: null, show: true },
  /** The account's password is not checked now (declared reason sms_required): the form switches to the code. */
  smsRequired: { kind: 'toast', code: -1, msg: ACCOUNT_MSG.useCodeInstead, data: { reason: 'sms_required' }, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  expired: { kind: 'sessionExpired', code: 106, msg: MSG.passwordChanged, toast: MSG.passwordChanged },
} satisfies Record<string, ApiOutcome>;

const answers = (call: string, outcomes: readonly ApiOutcome[]): AnyEventObject[] => [
  ...outcomes.map((output) => ({ type: `xstate.done.actor.${call}`, output })),
  { type: `xstate.error.actor.${call}`, error: new Error(`${call} failed`) },
];

const failures = [OUTCOMES.refused, OUTCOMES.serverError, OUTCOMES.expired];

/** Step 2 starts with a ticket. */
export const PHONE_BIND_INPUT: PhoneChangeInput = { ticket: 'ticket-model' };

const phoneChangeEvents: readonly AnyEventObject[] = [
  ...['', '1238001380', '13900139000'].map((value) => ({ type: 'ui.phone.change', value })),
  ...['', '12', '1234'].map((value) => ({ type: 'ui.code.change', value })),
  { type: 'ui.sendCode' },
  { type: 'ui.submit' },
  ...resendReports(OUTCOMES.serverError),
  // An ok without a ticket is a bad answer, not a success.
  ...answers('verifyOldPhone', [OUTCOMES.ticket, OUTCOMES.accepted, ...failures]),
  ...answers('bindNewPhone', [OUTCOMES.bound, OUTCOMES.ticketRejected, ...failures]),
];
export const phoneVerifyEventTable: readonly AnyEventObject[] = phoneChangeEvents;
export const phoneBindEventTable: readonly AnyEventObject[] = phoneChangeEvents;

export function serializePhoneChange(snapshot: AnyMachineSnapshot): string {
  const { phone, code, countdown, resendPhase, ticket } = snapshot.context as PhoneChangeContext;
  return JSON.stringify([snapshot.value, phone, code, countdown, resendPhase, ticket !== null]);
}

export const PASSWORD_CHANGE_INPUTS: readonly PasswordChangeInput[] = [{ hasPassword: true }, { hasPassword: false }];

export const passwordChangeEventTable: readonly AnyEventObject[] = [
  { type: 'ui.method', method: 'password' },
  { type: 'ui.method', method: 'code' },
  ...['', 'old123'].map((value) => ({ type: 'ui.oldPassword.change', value })),
  ...['', '1234'].map((value) => ({ type: 'ui.code.change', value })),
  ...['', 'new456'].map((value) => ({ type: 'ui.newPassword.change', value })),
  ...['new456', 'new457'].map((value) => ({ type: 'ui.confirm.change', value })),
  { type: 'ui.sendCode' },
  { type: 'ui.submit' },
  ...resendReports(OUTCOMES.serverError),
  ...answers('changePassword', [OUTCOMES.accepted, OUTCOMES.smsRequired, ...failures]),
];

export function serializePasswordChange(snapshot: AnyMachineSnapshot): string {
  const { method, oldPassword, code, newPassword, confirmPassword, countdown, resendPhase, hasPassword } = snapshot.context as PasswordChangeContext;
  return JSON.stringify([snapshot.value, method, oldPassword, code, newPassword, confirmPassword, countdown, resendPhase, hasPassword]);
}

export interface InputPath<TInput> {
  input: TInput;
  path: MachinePath;
}

let verifyPaths: InputPath<PhoneChangeInput>[] | undefined;
let bindPaths: InputPath<PhoneChangeInput>[] | undefined;
let passwordPaths: InputPath<PasswordChangeInput>[] | undefined;

export function getPhoneVerifyPaths(): InputPath<PhoneChangeInput>[] {
  verifyPaths ??= generateCoveringPaths(phoneVerifyMachine, { events: phoneVerifyEventTable, serializeState: serializePhoneChange, input: {} }).map((path) => ({ input: {}, path }));
  return verifyPaths;
}

export function getPhoneBindPaths(): InputPath<PhoneChangeInput>[] {
  const input = PHONE_BIND_INPUT;
  bindPaths ??= generateCoveringPaths(phoneBindMachine, { events: phoneBindEventTable, serializeState: serializePhoneChange, input }).map((path) => ({ input, path }));
  return bindPaths;
}

export function getPasswordChangePaths(): InputPath<PasswordChangeInput>[] {
  passwordPaths ??= PASSWORD_CHANGE_INPUTS.flatMap((input) =>
    generateCoveringPaths(passwordChangeMachine, { events: passwordChangeEventTable, serializeState: serializePasswordChange, input }).map((path) => ({ input, path })),
  );
  return passwordPaths;
}

const USER_ACTIONS: Record<string, string> = {
  'ui.phone.change': 'type into the new-phone field',
  'ui.code.change': 'type into the code field',
  'ui.sendCode': "tap '获取验证码'",
  'ui.submit': "tap '下一步' / '确定'",
  'ui.method': "tap the tab '原密码验证' / '短信验证码验证'",
  'ui.oldPassword.change': 'type into the old-password field',
  'ui.newPassword.change': 'type into the new-password field',
  'ui.confirm.change': 'type into the confirm field',
};

/** How a path event happens outside the machine: a tap, a server answer or a clock tick. */
export function describeAccountSecurityEvent(event: AnyEventObject): { actor: 'user' | 'server' | 'clock'; action: string } {
  const { type } = event;
  const report = describeResendReport(event);
  if (report) return report;
  const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `${call} answers ${output.kind} ${output.code ?? ''} ${output.msg}`.trim() };
  }
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${call} rejects (network failure)` };
  const action = USER_ACTIONS[type];
  if (!action) throw new Error(`no user action for ${type}`);
  const detail = 'value' in event ? ` "${String(event.value)}"` : 'method' in event ? ` (${String(event.method)})` : '';
  return { actor: 'user', action: action + detail };
}
