import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CACHE_MESSAGES, cacheClearMachine, type CacheClearContext } from '../machines/cache-clear.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The cache-clear machine's model: the bridge's answers to measure and clear, and the taps. */

export const CACHE_CALLS = ['measure', 'clear'] as const;

export const cacheEventTable: readonly AnyEventObject[] = [
  { type: 'ui.clear' },
  { type: 'ui.confirm' },
  { type: 'ui.cancel' },
  { type: 'ui.retry' },
  { type: 'xstate.done.actor.measure', output: { ok: true, size: '12.5M' } },
  { type: 'xstate.done.actor.measure', output: { ok: false, message: CACHE_MESSAGES.measureFailed } },
  { type: 'xstate.error.actor.measure', error: new Error('bridge threw') },
  { type: 'xstate.done.actor.clear', output: { ok: true } },
  { type: 'xstate.done.actor.clear', output: { ok: false, message: CACHE_MESSAGES.clearFailed } },
  { type: 'xstate.error.actor.clear', error: new Error('bridge threw') },
];

export function serializeCache(snapshot: AnyMachineSnapshot): string {
  const { size, error } = snapshot.context as CacheClearContext;
  return JSON.stringify([snapshot.value, size, error]);
}

let paths: MachinePath[] | undefined;

export function getCachePaths(): MachinePath[] {
  paths ??= generateCoveringPaths(cacheClearMachine, { events: cacheEventTable, serializeState: serializeCache });
  return paths;
}

export function describeCacheEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} answers ${JSON.stringify(event.output)}`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} fails`;
  return event.type;
}
