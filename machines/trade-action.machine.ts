import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';

/** A network failure, as the player reads it. */
export const TRADE_ACTION_NETWORK_MESSAGE = '网络异常，请稍后再试';

export interface TradeActionContext {
  /** The payload of the running (or last) request. */
  payload: Record<string, unknown> | null;
  /** The decoded answer of the last success (null when the answer was unusable). */
  result: unknown;
  error: string | null;
}

export type TradeActionEvent = { type: 'ui.run'; payload: Record<string, unknown> } | { type: 'ui.reset' };

/** The call's answer, its data already decoded by the app (null: unusable). */
export type TradeActionOutcome = ApiOutcome<unknown>;

const refusalOf = (outcome: TradeActionOutcome): string | null => (outcome.kind === 'toast' ? outcome.msg || '操作失败' : null);
const failureOf = (outcome: TradeActionOutcome): string => (outcome.kind === 'sessionExpired' ? outcome.toast : outcome.kind === 'error' ? TRADE_ACTION_NETWORK_MESSAGE : '操作失败，请稍后再试');

type Answer = { outcome: TradeActionOutcome };
const answer = ({ event }: { event: { output: TradeActionOutcome } }): Answer => ({ outcome: event.output });

/**
 * One request of the trading pages that changes something: 申请售后 (openDispute) on
 * /tradingsuccess, 生成可出售小号 (makeTestSubAccount) and 跳过冷静期 (fastForwardTrade) on
 * /ceshiyemian. idle → running → done (the answer) | idle with the refusal or failure; done →
 * ui.reset → idle. One request at a time: a tap while running is ignored.
 */
export const tradeActionMachine = setup({
  types: {
    context: {} as TradeActionContext,
    events: {} as TradeActionEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Provided by the page: the call, its answer decoded. */
    run: fromPromise<TradeActionOutcome, Record<string, unknown>>(async () => {
      throw new Error('run is not provided');
    }),
  },
  actions: {
    /** Provided by the page: the request succeeded (reload what it changed). */
    succeeded: (_, _params: { result: unknown }) => {},
    start: assign(({ event }) => {
      assertEvent(event, 'ui.run');
      return { payload: event.payload, error: null };
    }),
    storeResult: assign((_, { outcome }: Answer) => ({ result: outcome.kind === 'ok' ? outcome.data : null, error: null })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    reset: assign({ result: null, error: null }),
  },
  guards: {
    isOk: (_, { outcome }: Answer) => outcome.kind === 'ok' && outcome.data !== null,
    isRefused: (_, { outcome }: Answer) => refusalOf(outcome) !== null,
  },
}).createMachine({
  id: 'tradeAction',
  context: { payload: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'ui.run': { target: 'running', actions: 'start' } },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.payload ?? {},
        onDone: [
          { guard: { type: 'isOk', params: answer }, target: 'done', actions: [{ type: 'storeResult', params: answer }, { type: 'succeeded', params: ({ event }) => ({ result: event.output.kind === 'ok' ? event.output.data : null }) }] },
          { guard: { type: 'isRefused', params: answer }, target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ message: refusalOf(event.output)! }) } },
          { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ message: failureOf(event.output) }) } },
        ],
        onError: { target: 'idle', actions: { type: 'fail', params: { message: TRADE_ACTION_NETWORK_MESSAGE } } },
      },
    },
    done: {
      on: {
        'ui.reset': { target: 'idle', actions: 'reset' },
        'ui.run': { target: 'running', actions: 'start' },
      },
    },
  },
});
