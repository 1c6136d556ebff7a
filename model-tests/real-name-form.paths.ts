import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { idCardCheckChar, REAL_NAME_MSG } from '../api/protocol/real-name.ts';
import { formProblem, realNameFormMachine } from '../machines/real-name-form.machine.ts';
import type { RealNameFormContext, RealNameFormEvent } from '../machines/real-name-form.types.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The real-name form's model: event table, generated paths, and what each event means outside. */

export const REAL_NAME_CALLS = ['realNameAuth'] as const;
export const TODAY = '2026-03-06';

const first17 = '11010519900101123';
export const VALID_ID = first17 + idCardCheckChar(first17);
export const BAD_CHECK_ID = first17 + (VALID_ID.endsWith('0') ? '1' : '0');

export const OUTCOMES = {
  verified: { kind: 'ok', code: 1, msg: REAL_NAME_MSG.verified, data: { status: 1, real_name: '张*', id_card: '1101**********1234', age_band: 'adult' } },
  identityFull: { kind: 'toast', code: -1, msg: REAL_NAME_MSG.identityFull, data: null, show: true },
  alreadyVerified: { kind: 'toast', code: -1, msg: REAL_NAME_MSG.alreadyVerified, data: null, show: true },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期，请重新登录', toast: '登录已过期，请重新登录' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ApiOutcome<unknown>>;

const userEvents: RealNameFormEvent[] = [
  { type: 'ui.name', value: '张三' },
  { type: 'ui.name', value: 'Tom' },
  { type: 'ui.idCard', value: VALID_ID },
  { type: 'ui.idCard', value: BAD_CHECK_ID },
  { type: 'ui.submit' },
];

export const realNameFormEventTable: readonly AnyEventObject[] = [
  ...userEvents,
  ...Object.values(OUTCOMES).map((output) => ({ type: 'xstate.done.actor.realNameAuth', output })),
  { type: 'xstate.error.actor.realNameAuth', error: new Error('realNameAuth failed') },
];

/** The state value plus what the guards read: whether the form passes its checks. */
export function serializeRealNameForm(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as RealNameFormContext;
  return JSON.stringify([snapshot.value, formProblem(context), context.message]);
}

let paths: MachinePath[] | undefined;

export function getRealNameFormPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(realNameFormMachine, { events: realNameFormEventTable, serializeState: serializeRealNameForm, input: { today: TODAY } });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'ui.name': 'type the name',
  'ui.idCard': 'type the ID number',
  'ui.submit': "tap '提交'",
};

export function describeRealNameFormEvent(event: AnyEventObject): { actor: 'user' | 'server'; action: string } {
  if (event.type === 'xstate.done.actor.realNameAuth') {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `realNameAuth answers ${output.kind} ${output.code ?? ''} ${output.msg}` };
  }
  if (event.type === 'xstate.error.actor.realNameAuth') return { actor: 'server', action: 'realNameAuth rejects (network failure)' };
  const action = ACTIONS[event.type];
  if (!action) throw new Error(`no action for ${event.type}`);
  return { actor: 'user', action: 'value' in event ? `${action} ${String(event.value)}` : action };
}
