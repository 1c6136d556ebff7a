import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { STAR_MAX, STAR_MIN } from './constants.ts';
import { RATING_MESSAGES, RATING_OFFER_DELAY_MS } from './rating.constants.ts';
import type {
  RatingContext,
  RatingEvent,
  RatingGame,
  RatingToastParams,
  RemovePendingParams,
  SubEvaluateInput,
  SubEvaluateOutcome,
} from './rating.types.ts';

/** SPEC §5: submitting needs the ids; the name is only shown. */
export function hasRatingData(game: RatingGame | null): game is RatingGame {
  return game !== null && game.game_id !== '' && game.platform_game_id !== '' && game.order_number !== '';
}

export function isStarValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= STAR_MIN && value <= STAR_MAX;
}

type OutcomeParams = { outcome: SubEvaluateOutcome };
const output = ({ event }: { event: { output: SubEvaluateOutcome } }): OutcomeParams => ({ outcome: event.output });

/**
 * The game rating dialog (SPEC §2 "Other UI", §4 "Rating", §5): closed → open (stars 0–5) →
 * submitting. A refusal (code -1) is toasted by the session machine, so it only returns to the
 * dialog here; success closes, resets the stars, toasts '评价成功' and removes the pending entry.
 * After a payment the dialog is offered: it opens once the receipt has been on screen for
 * RATING_OFFER_DELAY_MS, and on that page only: leaving it (page.left) before or while the dialog
 * is open closes it, the entry staying pending for the next start.
 */
export const ratingMachine = setup({
  types: {
    context: {} as RatingContext,
    events: {} as RatingEvent,
    tags: {} as 'busy',
    children: {} as { subEvaluate: 'subEvaluate' },
  },
  actors: {
    /** Replaced by the app with .provide(): /api/user/subEvaluate. */
    subEvaluate: fromPromise<SubEvaluateOutcome, SubEvaluateInput>(async () => {
      throw new Error('subEvaluate is not provided');
    }),
  },
  actions: {
    /** Provided by the app: an antd-mobile Toast. */
    showToast: (_, _params: RatingToastParams) => {},
    /** Provided by the app: drop the entry from RechargepingList (SPEC §3). */
    removePending: (_, _params: RemovePendingParams) => {},
    storeGame: assign(({ event }) => {
      assertEvent(event, ['rating.open', 'rating.offer']);
      const { game_name, game_id, platform_game_id, order_number } = event;
      return { game: { game_name, game_id, platform_game_id, order_number }, stars: 0 };
    }),
    setStars: assign((_, params: { value: number }) => ({ stars: params.value })),
    reset: assign({ stars: 0, game: null }),
  },
  guards: {
    isStarValue: ({ event }) => event.type === 'ui.star' && isStarValue(event.value),
    lacksGameData: ({ context }) => !hasRatingData(context.game),
    hasStars: ({ context }) => context.stars >= STAR_MIN,
    isRated: (_, params: OutcomeParams) => params.outcome.kind === 'ok',
    isSessionEnded: (_, params: OutcomeParams) => params.outcome.kind === 'sessionRevoked' || params.outcome.kind === 'sessionExpired',
    isRefused: (_, params: OutcomeParams) => params.outcome.kind === 'toast',
  },
  delays: {
    receiptRead: RATING_OFFER_DELAY_MS,
  },
}).createMachine({
  id: 'rating',
  context: { stars: 0, game: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'rating.open': { target: 'open', actions: 'storeGame' },
        'rating.offer': { target: 'offered', actions: 'storeGame' },
      },
    },
    // Nothing on screen yet: the receipt is being read.
    offered: {
      after: { receiptRead: 'open' },
      on: {
        'page.left': { target: 'closed', actions: 'reset' },
      },
    },
    open: {
      on: {
        'page.left': { target: 'closed', actions: 'reset' },
        'ui.star': {
          guard: 'isStarValue',
          actions: {
            type: 'setStars',
            params: ({ event }) => {
              assertEvent(event, 'ui.star');
              return { value: event.value };
            },
          },
        },
        'ui.submit': [
          { guard: 'lacksGameData', actions: { type: 'showToast', params: { message: RATING_MESSAGES.missingData } } },
          // With no star the submit button is disabled; a stray submit does nothing.
          { guard: 'hasStars', target: 'submitting' },
        ],
        'ui.close': { target: 'closed', actions: 'reset' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'subEvaluate',
        src: 'subEvaluate',
        input: ({ context }) => ({
          game_id: context.game!.game_id,
          platform_game_id: context.game!.platform_game_id,
          order_id: context.game!.order_number,
          score: context.stars,
        }),
        onDone: [
          {
            guard: { type: 'isRated', params: output },
            target: 'closed',
            actions: [
              { type: 'removePending', params: ({ context }) => ({ order_number: context.game!.order_number }) },
              { type: 'showToast', params: { message: RATING_MESSAGES.rated } },
              'reset',
            ],
          },
          // The session machine reloads or redirects; the dialog gets out of the way.
          { guard: { type: 'isSessionEnded', params: output }, target: 'closed', actions: 'reset' },
          // The session machine toasts the server's message (SPEC §8 code -1).
          { guard: { type: 'isRefused', params: output }, target: 'open' },
          {
            target: 'open',
            actions: {
              type: 'showToast',
              params: ({ event }) => {
                const outcome = event.output;
                return { message: outcome.kind === 'error' && outcome.msg ? outcome.msg : RATING_MESSAGES.failed };
              },
            },
          },
        ],
        onError: { target: 'open', actions: { type: 'showToast', params: { message: RATING_MESSAGES.failed } } },
      },
    },
  },
});
