import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { taskClaimMachine, type TaskClaimAnswer, type TaskClaimContext, type TaskClaimInput } from '../machines/task-claim.machine.ts';
import { generateCoveringPaths, pathFromEvents, type MachinePath, type NotOnPaths } from './coverage.ts';

/** The task-claim machine's model: one path set per state the list found the task in. */

export const TASK_CLAIM_CALLS = ['claim'] as const;

export const TASK_OUTCOMES = {
  claimed: { kind: 'ok', code: 1, msg: '领取成功', data: { points: 10, balance: 15 } },
  claimedNoPoints: { kind: 'ok', code: 1, msg: '领取成功', data: { points: 0, balance: 5 } },
  already: { kind: 'toast', code: -1, msg: '已领取', data: { reason: 'already' }, show: false },
  notDone: { kind: 'toast', code: -1, msg: '任务尚未完成', data: { reason: 'notDone' }, show: true },
  missing: { kind: 'toast', code: -1, msg: '任务不存在', data: { reason: 'missing' }, show: true },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, ApiOutcome<TaskClaimAnswer>>;

export const taskClaimEventTable: readonly AnyEventObject[] = [
  { type: 'ui.go' },
  { type: 'ui.claim' },
  ...Object.values(TASK_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.claim', output })),
  { type: 'xstate.error.actor.claim', error: new Error('claim failed') },
];

export const TASK_CLAIM_INPUTS: readonly TaskClaimInput[] = [{ state: 0 }, { state: 1 }, { state: 2 }];

export function serializeTaskClaim(snapshot: AnyMachineSnapshot): string {
  const { start, error } = snapshot.context as TaskClaimContext;
  return JSON.stringify([snapshot.value, start, error !== null]);
}

/** The start-up choice by the task's state runs at xstate.init: no path step shows it. */
export const TASK_CLAIM_NOT_ON_PATHS: NotOnPaths = {
  'taskClaim.todo always #0': 'start-up choice by the task state',
  'taskClaim.todo always #1': 'start-up choice by the task state',
};

let paths: Array<{ input: TaskClaimInput; path: MachinePath }> | undefined;

export function getTaskClaimPaths(): Array<{ input: TaskClaimInput; path: MachinePath }> {
  paths ??= TASK_CLAIM_INPUTS.flatMap((input) => {
    const generated = generateCoveringPaths(taskClaimMachine, { events: taskClaimEventTable, serializeState: serializeTaskClaim, input });
    return (generated.length > 0 ? generated : [pathFromEvents(taskClaimMachine, [], input)]).map((path) => ({ input, path }));
  });
  return paths;
}

export function describeTaskClaimEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.claim') {
    const output = event.output as ApiOutcome;
    return `server answers ${output.kind} ${output.msg}`;
  }
  if (event.type === 'xstate.error.actor.claim') return 'claim call fails (network)';
  if (event.type === 'ui.go') return "tap '去完成'";
  if (event.type === 'ui.claim') return "tap '领取'";
  return event.type;
}
