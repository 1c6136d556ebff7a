import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { RedeemRecord } from '../api/protocol/calls/store.ts';
import { STORE_MSG, STORE_REFUSALS, type StoreRefusal } from '../api/protocol/store.ts';

/**
 * One redemption in the coin store (/coinstore): idle → confirming (the confirm sheet) →
 * redeeming → done | refused(reason) | failed. The page makes a request id when the player
 * confirms (a new attempt); a failure (network, server error) keeps it, so 重试 sends the same
 * request id and the server answers the first result if the first request did land. Closing a
 * failed attempt forgets the id: the next confirm is a new attempt. A refusal (code -1) carries
 * the server's reason (积分不足 → the page offers 去赚积分).
 */

export const REDEEM_FAILED = '兑换失败，请稍后重试';

export interface RedeemItem {
  id: number;
  title: string;
  points_price: number;
}

export interface RedeemContext {
  item: RedeemItem | null;
  requestId: string | null;
  record: RedeemRecord | null;
  /** Points after the redemption. */
  points: number | null;
  reason: StoreRefusal | null;
  message: string | null;
}

export interface RedeemRequest {
  itemId: number;
  requestId: string;
}

export type RedeemAnswer = { record?: unknown; points?: unknown; reason?: unknown } | null;

export type StoreRedeemEvent =
  | { type: 'ui.open'; item: RedeemItem }
  | { type: 'ui.confirm'; requestId: string }
  | { type: 'ui.retry' }
  | { type: 'ui.close' };

const dataOf = (outcome: ApiOutcome<RedeemAnswer>): Record<string, unknown> =>
  (outcome.kind === 'ok' || outcome.kind === 'toast') && typeof outcome.data === 'object' && outcome.data !== null ? (outcome.data as Record<string, unknown>) : {};

/** The refusal's reason: the server's data.reason, else read from its words, else 'missing'. */
export function refusalOf(outcome: ApiOutcome<RedeemAnswer>): StoreRefusal {
  const reason = dataOf(outcome).reason;
  if (typeof reason === 'string' && (STORE_REFUSALS as readonly string[]).includes(reason)) return reason as StoreRefusal;
  return 'msg' in outcome && outcome.msg === STORE_MSG.pointsShort ? 'points' : 'missing';
}

const recordOf = (outcome: ApiOutcome<RedeemAnswer>): RedeemRecord | null => {
  const record = dataOf(outcome).record;
  return typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'number' ? (record as RedeemRecord) : null;
};

const pointsOf = (outcome: ApiOutcome<RedeemAnswer>): number | null => {
  const points = dataOf(outcome).points;
  return typeof points === 'number' && Number.isSafeInteger(points) ? points : null;
};

const failureOf = (outcome: ApiOutcome<RedeemAnswer>): string => (outcome.kind === 'error' && outcome.msg ? outcome.msg : REDEEM_FAILED);

const EMPTY = { record: null, points: null, reason: null, message: null } as const;

export const storeRedeemMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as StoreRedeemEvent,
    tags: {} as 'busy',
  },
  actors: {
    redeem: fromPromise<ApiOutcome<RedeemAnswer>, RedeemRequest>(async () => {
      throw new Error('storeRedeem: provide the redeem actor');
    }),
  },
  actions: {
    /** The page reloads the items and the balance. */
    redeemed: () => {},
  },
  guards: {
    redeemedAnswer: (_, params: { output: ApiOutcome<RedeemAnswer> }) => params.output.kind === 'ok' && recordOf(params.output) !== null,
    refusedAnswer: (_, params: { output: ApiOutcome<RedeemAnswer> }) => params.output.kind === 'toast',
  },
}).createMachine({
  id: 'storeRedeem',
  context: { item: null, requestId: null, ...EMPTY },
  initial: 'idle',
  states: {
    idle: {
      on: { 'ui.open': { target: 'confirming', actions: assign(({ event }) => ({ item: event.item, requestId: null, ...EMPTY })) } },
    },
    confirming: {
      on: {
        'ui.confirm': { target: 'redeeming', actions: assign(({ event }) => ({ requestId: event.requestId })) },
        'ui.close': { target: 'idle', actions: assign({ item: null }) },
      },
    },
    redeeming: {
      tags: ['busy'],
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ itemId: context.item!.id, requestId: context.requestId! }),
        onDone: [
          {
            guard: { type: 'redeemedAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: [assign(({ event }) => ({ record: recordOf(event.output), points: pointsOf(event.output), message: null })), 'redeemed'],
          },
          {
            guard: { type: 'refusedAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'refused',
            actions: assign(({ event }) => ({ reason: refusalOf(event.output), message: event.output.kind === 'toast' ? event.output.msg : null })),
          },
          { target: 'failed', actions: assign(({ event }) => ({ message: failureOf(event.output) })) },
        ],
        onError: { target: 'failed', actions: assign({ message: REDEEM_FAILED }) },
      },
    },
    done: {
      on: { 'ui.close': { target: 'idle', actions: assign({ item: null, requestId: null }) } },
    },
    refused: {
      on: { 'ui.close': { target: 'idle', actions: assign({ item: null, requestId: null }) } },
    },
    failed: {
      on: {
        // The same attempt again: the same request id.
        'ui.retry': { target: 'redeeming', actions: assign({ message: null }) },
        'ui.close': { target: 'idle', actions: assign({ item: null, requestId: null }) },
      },
    },
  },
});
