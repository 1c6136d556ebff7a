import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { SettleView } from '../api/protocol/calls/tasks.ts';
import { checkInMachine, type CheckInContext, type CheckInResult } from '../machines/check-in.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The check-in machine's model: the server's tables and answers it can meet. */

export const CHECK_IN_CALLS = ['load', 'checkIn', 'makeup'] as const;

const settle = (checked: boolean, makeup: boolean, today: number): SettleView => ({
  days: [5, 5, 10, 10, 15, 15, 30].map((points, i) => ({ day: i + 1, points, done: i + 1 < today || (checked && i + 1 === today) })),
  today_day: today,
  checked_today: checked,
  makeup: { available: makeup, date: '2026-11-25', cost: 20, left_this_month: makeup ? 3 : 0, reason: makeup ? '' : '本月补签次数已用完（每月3次）' },
  total_days: today,
});

export const SETTLES = { openMakeup: settle(false, true, 1), openNoMakeup: settle(false, false, 3), checked: settle(true, false, 3), afterMakeup: settle(false, false, 2) };

export const LOAD_OUTCOMES = {
  open: { kind: 'ok', code: 1, msg: '', data: SETTLES.openMakeup },
  openNoMakeup: { kind: 'ok', code: 1, msg: '', data: SETTLES.openNoMakeup },
  checked: { kind: 'ok', code: 1, msg: '', data: SETTLES.checked },
  broken: { kind: 'ok', code: 1, msg: '', data: { nonsense: true } },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: 'Internal Server Error' },
} satisfies Record<string, ApiOutcome<unknown>>;

export const ACTION_OUTCOMES = {
  checkedIn: { kind: 'ok', code: 1, msg: '签到成功', data: { streak_day: 3, points: 10, settle: SETTLES.checked } },
  already: { kind: 'toast', code: -1, msg: '今日已签到', data: { reason: 'already' }, show: true },
  madeUp: { kind: 'ok', code: 1, msg: '补签成功', data: { streak_day: 1, points: 0, settle: SETTLES.afterMakeup } },
  short: { kind: 'toast', code: -1, msg: '积分不足，补签需要20积分', data: { reason: 'makeupPoints' }, show: true },
} satisfies Record<string, ApiOutcome<CheckInResult>>;

export const checkInEventTable: readonly AnyEventObject[] = [
  { type: 'ui.checkIn' },
  { type: 'ui.makeup' },
  { type: 'ui.retry' },
  { type: 'ui.refresh' },
  ...Object.values(LOAD_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.load', output })),
  { type: 'xstate.error.actor.load', error: new Error('load failed') },
  ...Object.values(ACTION_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.checkIn', output })),
  { type: 'xstate.error.actor.checkIn', error: new Error('check-in failed') },
  ...Object.values(ACTION_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.makeup', output })),
  { type: 'xstate.error.actor.makeup', error: new Error('makeup failed') },
];

export function serializeCheckIn(snapshot: AnyMachineSnapshot): string {
  const { settle: s, error, notice } = snapshot.context as CheckInContext;
  return JSON.stringify([snapshot.value, s?.checked_today ?? null, s?.makeup.available ?? null, error !== null, notice !== null]);
}

let paths: MachinePath[] | undefined;

export function getCheckInPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(checkInMachine, { events: checkInEventTable, serializeState: serializeCheckIn });
  return paths;
}

export function describeCheckInEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const output = event.output as ApiOutcome;
    return `${done[1]} answers ${output.kind} ${'msg' in output ? output.msg : ''}`.trim();
  }
  const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (error) return `${error[1]} call fails (network)`;
  return event.type;
}
