import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { favouriteMachine, type CollectAnswer, type FavouriteContext } from '../machines/favourite.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The favourite button's model: the server's answers that the guards tell apart, and taps signed in and out. */

export const FAVOURITE_CALLS = ['loadStatus', 'save'] as const;

export const OUTCOMES = {
  collected: { kind: 'ok', code: 1, msg: '收藏成功', data: { collected: 1 } },
  uncollected: { kind: 'ok', code: 1, msg: '已取消收藏', data: { collected: 0 } },
  malformed: { kind: 'ok', code: 1, msg: 'success', data: null },
  refused: { kind: 'toast', code: -1, msg: '游戏不存在', data: null, show: true },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ApiOutcome<CollectAnswer>>;

const answers = (call: (typeof FAVOURITE_CALLS)[number]): AnyEventObject[] => [
  ...Object.values(OUTCOMES).map((output) => ({ type: `xstate.done.actor.${call}`, output })),
  { type: `xstate.error.actor.${call}`, error: new Error(`${call} failed`) },
];

export const favouriteEventTable: readonly AnyEventObject[] = [
  { type: 'ui.toggle', signedIn: false },
  { type: 'ui.toggle', signedIn: true },
  ...answers('loadStatus'),
  ...answers('save'),
];

export function serializeFavourite(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify([snapshot.value, (snapshot.context as FavouriteContext).collected]);
}

let paths: MachinePath[] | undefined;

export function getFavouritePaths(): MachinePath[] {
  paths ??= generateCoveringPaths(favouriteMachine, { events: favouriteEventTable, serializeState: serializeFavourite, input: undefined });
  return paths;
}

export function describeFavouriteEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as ApiOutcome;
    return `${event.type.slice('xstate.done.actor.'.length)} answers ${output.kind} ${output.msg}`;
  }
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} fails (network)`;
  if (event.type === 'ui.toggle') return `tap 收藏 (${event.signedIn ? 'signed in' : 'signed out'})`;
  return event.type;
}
