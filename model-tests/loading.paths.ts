import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { loadingMachine, type LoadingContext } from '../machines/loading.machine.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The loading overlay's model: pieces of work beginning and ending, and the overlay's delay passing. */

export const loadingEventTable: readonly AnyEventObject[] = [{ type: 'loading.begin' }, { type: 'loading.end' }, ...delayedEventsOf(loadingMachine)];

/** Counts above 2 behave as 2 (the guard only asks "is this the last one?"), which keeps the graph finite. */
export function serializeLoading(snapshot: AnyMachineSnapshot): string {
  const { count } = snapshot.context as LoadingContext;
  return JSON.stringify([snapshot.value, Math.min(count, 2)]);
}

let paths: MachinePath[] | undefined;

export function getLoadingPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(loadingMachine, { events: loadingEventTable, serializeState: serializeLoading });
  return paths;
}
