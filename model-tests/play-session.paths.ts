import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PLAY_SESSION_MAX_MS, playSessionMachine, type PlaySessionContext } from '../machines/play-session.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The play-session machine's model: grants with and without a hard end, the wall clock told, the countdown. */

const MESSAGE = '根据国家防沉迷规定，未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏，当前时段无法进入游戏';
export const NINE_PM = Date.parse('2026-03-06T21:00:00+08:00');

export const playSessionEventTable: readonly AnyEventObject[] = [
  { type: 'play.grant', end: { at: NINE_PM, message: MESSAGE }, now: NINE_PM - 20 * 60_000 },
  { type: 'play.grant', end: { at: NINE_PM, message: MESSAGE }, now: NINE_PM },
  { type: 'play.grant', end: null, now: NINE_PM - 20 * 60_000 },
  { type: 'play.clock', now: NINE_PM - 60_000 },
  { type: 'play.clock', now: NINE_PM + 5 * 60_000 },
  { type: 'xstate.after.untilSessionEnd.playSession.counting' },
];

export function serializePlaySession(snapshot: AnyMachineSnapshot): string {
  const { end, now } = snapshot.context as PlaySessionContext;
  return JSON.stringify([snapshot.value, end?.at ?? null, now]);
}

/** What the countdown armed in this snapshot waits (the machine's own delay, read from its context). */
export function countdownOf(snapshot: AnyMachineSnapshot): number {
  const { end, now } = snapshot.context as PlaySessionContext;
  return Math.min(PLAY_SESSION_MAX_MS, Math.max(0, (end?.at ?? 0) - now));
}

let paths: MachinePath[] | undefined;

export function getPlaySessionPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(playSessionMachine, { events: playSessionEventTable, serializeState: serializePlaySession });
  return paths;
}

export function describePlaySessionEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return 'the countdown runs out';
  if (event.type === 'play.grant') return event.end ? `grant ending ${event.end.at - event.now} ms later` : 'grant without an end';
  if (event.type === 'play.clock') return `page shown at end${event.now - NINE_PM >= 0 ? '+' : ''}${event.now - NINE_PM} ms`;
  return event.type;
}
