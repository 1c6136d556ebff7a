import { assign, fromPromise, setup } from 'xstate';
import { refusalReason, type ApiOutcome } from '../api/outcome.ts';
import { CHECK_IN_REFUSALS, type CheckInRefusalData } from '../api/protocol/claim-refusals.ts';
import type { SettleView } from '../api/protocol/calls/tasks.ts';

/**
 * The check-in strip of /dailymission: load the 7-day table (getSettle), then either
 * open (签到 and, when the server says so, 补签) or checked (today done). A check-in or makeup
 * answers the new table; the refusal 'already' (checked in on another device; its declared reason,
 * api/protocol/claim-refusals.ts) reloads it; any other refusal keeps
 * the strip as it was with the message (the session machine toasts -1 messages).
 */

export const CHECK_IN_MESSAGES = {
  failed: '签到失败，请稍后重试',
  loadFailed: '加载失败，请稍后重试',
} as const;

export interface CheckInAnswer {
  settle?: SettleView;
  streak_day?: number;
  points?: number;
}

/** A check-in's or makeup's answer data: the new table, or a refusal's declared reason. */
export type CheckInResult = CheckInAnswer | CheckInRefusalData | null;

export interface CheckInContext {
  settle: SettleView | null;
  error: string | null;
  /** The last check-in's reward words ('签到成功 +5 积分'). */
  notice: string | null;
}

export type CheckInEvent = { type: 'ui.checkIn' } | { type: 'ui.makeup' } | { type: 'ui.retry' } | { type: 'ui.refresh' };

const isSettle = (value: unknown): value is SettleView =>
  typeof value === 'object' && value !== null && Array.isArray((value as SettleView).days) && typeof (value as SettleView).checked_today === 'boolean';

const settleOfLoad = (outcome: ApiOutcome<unknown>): SettleView | null => (outcome.kind === 'ok' && isSettle(outcome.data) ? outcome.data : null);

const settleOfAction = (outcome: ApiOutcome<CheckInResult>): SettleView | null => {
  if (outcome.kind !== 'ok' || !outcome.data || !('settle' in outcome.data)) return null;
  return isSettle(outcome.data.settle) ? outcome.data.settle : null;
};

const failure = (outcome: ApiOutcome<unknown>, fallback: string): string => ('msg' in outcome && outcome.msg ? outcome.msg : fallback);

const noticeOf = (outcome: ApiOutcome<CheckInResult>): string => {
  if (outcome.kind !== 'ok') return '';
  const points = outcome.data && 'points' in outcome.data ? (outcome.data.points ?? 0) : 0;
  return points > 0 ? `${outcome.msg} +${points} 积分` : outcome.msg;
};

export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    load: fromPromise<ApiOutcome<unknown>>(async () => {
      throw new Error('checkIn: provide the load actor');
    }),
    checkIn: fromPromise<ApiOutcome<CheckInResult>>(async () => {
      throw new Error('checkIn: provide the checkIn actor');
    }),
    makeup: fromPromise<ApiOutcome<CheckInResult>>(async () => {
      throw new Error('checkIn: provide the makeup actor');
    }),
  },
  actions: {
    /** A check-in or makeup landed: the page refreshes the balance and the task list. */
    changed: (_, _params: { message: string }) => {},
    storeSettle: assign((_, params: { settle: SettleView; notice: string | null }) => ({ settle: params.settle, error: null, notice: params.notice })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    checkedToday: (_, params: { settle: SettleView | null }) => params.settle?.checked_today === true,
    makeupAvailable: ({ context }) => context.settle?.makeup.available === true,
  },
}).createMachine({
  id: 'checkIn',
  context: { settle: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: ({ event }) => settleOfLoad(event.output)?.checked_today === true,
            target: 'checked',
            actions: { type: 'storeSettle', params: ({ event, context }) => ({ settle: settleOfLoad(event.output)!, notice: context.notice }) },
          },
          {
            guard: ({ event }) => settleOfLoad(event.output) !== null,
            target: 'open',
            actions: { type: 'storeSettle', params: ({ event, context }) => ({ settle: settleOfLoad(event.output)!, notice: context.notice }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: failure(event.output, CHECK_IN_MESSAGES.loadFailed) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { message: CHECK_IN_MESSAGES.loadFailed } } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'ui.retry': 'loading' },
    },
    open: {
      on: {
        'ui.checkIn': 'checkingIn',
        'ui.makeup': { guard: 'makeupAvailable', target: 'makingUp' },
        'ui.refresh': 'loading',
      },
    },
    checkingIn: {
      tags: ['busy'],
      invoke: {
        id: 'checkIn',
        src: 'checkIn',
        onDone: [
          {
            guard: ({ event }) => settleOfAction(event.output) !== null,
            target: 'checked',
            actions: [
              { type: 'storeSettle', params: ({ event }) => ({ settle: settleOfAction(event.output)!, notice: noticeOf(event.output) }) },
              { type: 'changed', params: ({ event }) => ({ message: noticeOf(event.output) }) },
            ],
          },
          { guard: ({ event }) => refusalReason(event.output, CHECK_IN_REFUSALS) === 'already', target: 'loading' },
          { target: 'open', actions: { type: 'storeError', params: ({ event }) => ({ message: failure(event.output, CHECK_IN_MESSAGES.failed) }) } },
        ],
        onError: { target: 'open', actions: { type: 'storeError', params: { message: CHECK_IN_MESSAGES.failed } } },
      },
    },
    makingUp: {
      tags: ['busy'],
      invoke: {
        id: 'makeup',
        src: 'makeup',
        onDone: [
          {
            guard: ({ event }) => settleOfAction(event.output) !== null,
            target: 'open',
            actions: [
              { type: 'storeSettle', params: ({ event }) => ({ settle: settleOfAction(event.output)!, notice: noticeOf(event.output) }) },
              { type: 'changed', params: ({ event }) => ({ message: noticeOf(event.output) }) },
            ],
          },
          { target: 'open', actions: { type: 'storeError', params: ({ event }) => ({ message: failure(event.output, CHECK_IN_MESSAGES.failed) }) } },
        ],
        onError: { target: 'open', actions: { type: 'storeError', params: { message: CHECK_IN_MESSAGES.failed } } },
      },
    },
    checked: {
      on: { 'ui.refresh': 'loading' },
    },
  },
});
