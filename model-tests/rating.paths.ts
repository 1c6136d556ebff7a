import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { hasRatingData, ratingMachine } from '../machines/rating.machine.ts';
import type { RatingContext, RatingEvent, RatingGame } from '../machines/rating.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The rating dialog's model: event table, generated paths, and what each event means outside. */

export const RATING_CALLS = ['subEvaluate'] as const;

export const GAME: RatingGame = { game_name: '斗罗大陆', game_id: '1001', platform_game_id: '2001', order_number: 'LW202603020001' };
/** A pending entry without its ids (SPEC §5 "without game data"). */
export const GAME_WITHOUT_IDS: RatingGame = { game_name: '斗罗大陆', game_id: '', platform_game_id: '', order_number: 'LW202603020002' };

/** One server answer per behaviour of the machine. */
export const OUTCOMES = {
  rated: { kind: 'ok', code: 1, msg: '评价成功', data: null },
  refused: { kind: 'toast', code: -1, msg: '该订单已评价', data: null, show: true },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期，请重新登录', toast: '登录已过期，请重新登录' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ApiOutcome<null>>;

const userEvents: RatingEvent[] = [
  { type: 'rating.open', ...GAME },
  { type: 'rating.open', ...GAME_WITHOUT_IDS },
  { type: 'rating.offer', ...GAME },
  { type: 'page.left' },
  { type: 'ui.star', value: 0 },
  { type: 'ui.star', value: 1 },
  { type: 'ui.star', value: 5 },
  { type: 'ui.submit' },
  { type: 'ui.close' },
];

export const ratingEventTable: readonly AnyEventObject[] = [
  ...userEvents,
  ...delayedEventsOf(ratingMachine),
  ...Object.values(OUTCOMES).map((output) => ({ type: 'xstate.done.actor.subEvaluate', output })),
  { type: 'xstate.error.actor.subEvaluate', error: new Error('subEvaluate failed') },
];

/** The state value plus what the guards read: the stars and whether the game data is complete. */
export function serializeRating(snapshot: AnyMachineSnapshot): string {
  const { stars, game } = snapshot.context as RatingContext;
  return JSON.stringify([snapshot.value, stars, hasRatingData(game)]);
}

let paths: MachinePath[] | undefined;

export function getRatingPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(ratingMachine, { events: ratingEventTable, serializeState: serializeRating });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'rating.open': 'start the app signed in with a pending recharge entry',
  'rating.offer': 'pay a game top-up (its receipt on screen)',
  'page.left': 'move to another page',
  'ui.star': 'tap a star',
  'ui.submit': "tap '提交'",
  'ui.close': 'tap the close button',
};

export function describeRatingEvent(event: AnyEventObject): { actor: 'app' | 'user' | 'server'; action: string } {
  if (event.type === 'xstate.done.actor.subEvaluate') {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `subEvaluate answers ${output.kind} ${output.code ?? ''} ${output.msg}` };
  }
  if (event.type === 'xstate.error.actor.subEvaluate') return { actor: 'server', action: 'subEvaluate rejects (network failure)' };
  if (event.type.startsWith('xstate.after.')) return { actor: 'app', action: 'the receipt was read (its delay passes)' };
  const action = ACTIONS[event.type];
  if (!action) throw new Error(`no action for ${event.type}`);
  const detail = event.type === 'ui.star' ? ` (${String(event.value)})` : event.type === 'rating.open' ? (event.game_id ? '' : ' (without ids)') : '';
  return { actor: event.type === 'rating.open' || event.type === 'rating.offer' ? 'app' : 'user', action: action + detail };
}
