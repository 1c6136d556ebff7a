import { assign, fromPromise, setup } from 'xstate';
import { refusalReason, type ApiOutcome } from '../api/outcome.ts';
import { TASK_CLAIM_MSG, TASK_CLAIM_REFUSALS, type TaskClaimRefusalData } from '../api/protocol/claim-refusals.ts';

/**
 * One task row of /dailymission or /rookiemission: the button says 去完成 (todo: go to
 * the task's page), 领取 (claimable: achieveTask) or 已领取 (claimed). A claim refused as
 * 'already' (another device claimed) ends claimed; as 'notDone' (the period turned at China
 * midnight) goes back to todo; anything else fails with the message and may be tried again.
 * The refusals are told apart by their declared reason (api/protocol/claim-refusals.ts).
 */

export const TASK_CLAIM_MESSAGES = {
  already: TASK_CLAIM_MSG.already,
  notDone: TASK_CLAIM_MSG.notDone,
  failed: '领取失败，请稍后重试',
  claimed: '领取成功',
} as const;

export interface TaskClaimInput {
  /** The list's state: 0 去完成, 1 领取, 2 已领取. */
  state: 0 | 1 | 2;
}

export interface TaskClaimContext {
  start: 0 | 1 | 2;
  error: string | null;
}

export type TaskClaimAnswer = { points?: number; balance?: number } | TaskClaimRefusalData | null;

export type TaskClaimEvent = { type: 'ui.go' } | { type: 'ui.claim' };

const claimedAnswer = (outcome: ApiOutcome<TaskClaimAnswer>) => outcome.kind === 'ok' || refusalReason(outcome, TASK_CLAIM_REFUSALS) === 'already';

const announcement = (outcome: ApiOutcome<TaskClaimAnswer>): string => {
  if (outcome.kind !== 'ok') return TASK_CLAIM_MESSAGES.already;
  const points = outcome.data && 'points' in outcome.data ? (outcome.data.points ?? 0) : 0;
  return points > 0 ? `${outcome.msg || TASK_CLAIM_MESSAGES.claimed} +${points} 积分` : outcome.msg || TASK_CLAIM_MESSAGES.claimed;
};

export const taskClaimMachine = setup({
  types: {
    context: {} as TaskClaimContext,
    events: {} as TaskClaimEvent,
    input: {} as TaskClaimInput,
    tags: {} as 'busy',
  },
  actors: {
    claim: fromPromise<ApiOutcome<TaskClaimAnswer>>(async () => {
      throw new Error('taskClaim: provide the claim actor');
    }),
  },
  actions: {
    /** 去完成: the page navigates to the task's link. */
    openTask: () => {},
    /** A reward landed: the page toasts and refreshes the balance. */
    announce: (_, _params: { message: string }) => {},
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'taskClaim',
  context: ({ input }) => ({ start: input.state, error: null }),
  initial: 'todo',
  states: {
    todo: {
      // Where the list found the task: no transient start state, so every state is observable.
      always: [
        { guard: ({ context }) => context.start === 1, target: 'claimable' },
        { guard: ({ context }) => context.start === 2, target: 'claimed' },
      ],
      on: { 'ui.go': { actions: 'openTask' } },
    },
    claimable: {
      on: { 'ui.claim': 'claiming' },
    },
    claiming: {
      tags: ['busy'],
      invoke: {
        id: 'claim',
        src: 'claim',
        onDone: [
          { guard: ({ event }) => claimedAnswer(event.output), target: 'claimed', actions: { type: 'announce', params: ({ event }) => ({ message: announcement(event.output) }) } },
          {
            guard: ({ event }) => refusalReason(event.output, TASK_CLAIM_REFUSALS) === 'notDone',
            target: 'todo',
            actions: assign({ start: 0, error: TASK_CLAIM_MESSAGES.notDone }),
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: 'msg' in event.output && event.output.msg ? event.output.msg : TASK_CLAIM_MESSAGES.failed }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { message: TASK_CLAIM_MESSAGES.failed } } },
      },
    },
    claimed: {},
    failed: {
      on: { 'ui.claim': 'claiming' },
    },
  },
});
