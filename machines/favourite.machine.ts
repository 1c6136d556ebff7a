import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';

/**
 * The favourite button of a game page (收藏 / 已收藏): loading (getCollectStatus; signed out it
 * answers 0) → idle; a tap while signed out asks for login; otherwise saving (collectGame with the
 * opposite of what is shown) → idle with the server's answer. The server's toggle is idempotent,
 * so a repeated tap can never leave two favourites.
 */

export const FAVOURITE_MESSAGES = {
  failed: '操作失败，请稍后重试',
} as const;

/** getCollectStatus and collectGame answer `{ game_id, collected: 0 | 1 }`. */
export type CollectAnswer = { collected?: unknown } | null;

export interface SaveInput {
  collect: 0 | 1;
}

export interface FavouriteContext {
  collected: boolean;
}

export type FavouriteEvent = { type: 'ui.toggle'; signedIn: boolean };

const collectedOf = (outcome: ApiOutcome<CollectAnswer>): boolean | null => {
  if (outcome.kind !== 'ok' || outcome.code !== 1) return null;
  const collected = outcome.data?.collected;
  return collected === 1 ? true : collected === 0 ? false : null;
};

type OutcomeParams = { outcome: ApiOutcome<CollectAnswer> };
const output = ({ event }: { event: { output: ApiOutcome<CollectAnswer> } }) => ({ outcome: event.output });

export const favouriteMachine = setup({
  types: {
    context: {} as FavouriteContext,
    events: {} as FavouriteEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadStatus: fromPromise<ApiOutcome<CollectAnswer>>(async () => {
      throw new Error('favourite: provide loadStatus');
    }),
    save: fromPromise<ApiOutcome<CollectAnswer>, SaveInput>(async () => {
      throw new Error('favourite: provide save');
    }),
  },
  actions: {
    /** Provided by the app: the login popup. */
    requestLogin: () => {},
    /** Provided by the app: a toast ('收藏成功' / '已取消收藏', or why it failed). */
    announce: (_, _params: { message: string }) => {},
    storeCollected: assign((_, params: OutcomeParams) => ({ collected: collectedOf(params.outcome) ?? false })),
  },
  guards: {
    signedOut: ({ event }) => !event.signedIn,
    answered: (_, params: OutcomeParams) => collectedOf(params.outcome) !== null,
    /** A -1 refusal is toasted by the session machine (SPEC §8); a revoked or expired session by it too. */
    toastedElsewhere: (_, params: OutcomeParams) => ['toast', 'sessionRevoked', 'sessionExpired'].includes(params.outcome.kind),
  },
}).createMachine({
  id: 'favourite',
  context: { collected: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [{ guard: { type: 'answered', params: output }, target: 'idle', actions: { type: 'storeCollected', params: output } }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    idle: {
      on: {
        'ui.toggle': [{ guard: 'signedOut', actions: 'requestLogin' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ collect: context.collected ? 0 : 1 }),
        onDone: [
          {
            guard: { type: 'answered', params: output },
            target: 'idle',
            actions: [{ type: 'storeCollected', params: output }, { type: 'announce', params: ({ event }) => ({ message: event.output.kind === 'ok' ? event.output.msg : '' }) }],
          },
          { guard: { type: 'toastedElsewhere', params: output }, target: 'idle' },
          { target: 'idle', actions: { type: 'announce', params: ({ event }) => ({ message: ('msg' in event.output && event.output.msg) || FAVOURITE_MESSAGES.failed }) } },
        ],
        onError: { target: 'idle', actions: { type: 'announce', params: { message: FAVOURITE_MESSAGES.failed } } },
      },
    },
  },
});
