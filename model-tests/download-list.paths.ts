import { assign, setup, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { NativeDownloadStatus } from '../bridge/definitions.ts';
import { SPECIAL_GAME_ID } from '../machines/constants.ts';
import type { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import { downloadListMachine } from '../machines/download-list.machine.ts';
import { entryActorId, entryFromGame } from '../machines/download-list.setup.ts';
import type { DownloadEntryInput, DownloadGame, DownloadListContext, DownloadListInput } from '../machines/download.types.ts';
import { delayedEventsOf, generateCoveringPaths, pathFromEvents, type MachinePath } from './coverage.ts';
import { MB } from './download-entry.kit.ts';
import { game, stored } from './download-list.kit.ts';

/**
 * The download list's model. Its entries are stood in for by an inert machine that keeps the
 * stored fields and never answers, so the list's own chart is what the paths walk (the entries'
 * behaviour is download-entry's model; the two together are download-list.machine.test.ts).
 */

export const inertEntryMachine = setup({
  types: { input: {} as DownloadEntryInput, context: {} as { entry: DownloadEntryInput['entry'] } },
}).createMachine({
  id: 'inertDownloadEntry',
  context: ({ input }) => ({ entry: input.entry }),
}) as unknown as typeof downloadEntryMachine;

/**
 * The graph walk spawns every added entry in one mock actor system, where a second `entry-3`
 * from another vertex would collide; the model's addEntry therefore spawns without the systemId
 * (the real one is download-list.machine.test.ts's concern).
 */
export const modelListMachine = downloadListMachine.provide({
  actors: { downloadEntry: inertEntryMachine },
  actions: {
    addEntry: assign(({ context, spawn }, { game: added }: { game: DownloadGame }) => {
      const ref = spawn('downloadEntry', { id: entryActorId(added.platform_game_id), input: { entry: entryFromGame(added), deletePackage: context.deletePackage, reportsToParent: true } });
      return { order: [added.platform_game_id, ...context.order], entries: { ...context.entries, [added.platform_game_id]: ref } };
    }),
  },
});

export const LIST_CALLS = ['syncFromNative'] as const;

export const LIST_INPUTS: readonly DownloadListInput[] = [
  {
    insideWrapper: true,
    stored: stored({ platform_game_id: 1, game_id: SPECIAL_GAME_ID, down_state: '3' }, { platform_game_id: 2, down_state: '6' }),
    deletePackage: '0',
  },
  // One stored item is not an entry: the cleaned list is written at start.
  { insideWrapper: true, stored: JSON.stringify([{ platform_game_id: 'x' }]), deletePackage: null },
  { insideWrapper: false, stored: null, deletePackage: '1' },
];

const STATUSES: NativeDownloadStatus[] = [
  { platform_game_id: 2, state: '1', cur: MB, total: 50 * MB, speed: MB },
  { platform_game_id: 99, state: '3', cur: MB, total: MB, speed: 0 },
];

export const listEventTable: readonly AnyEventObject[] = [
  { type: 'ui.add', game: game(1, SPECIAL_GAME_ID) },
  { type: 'ui.add', game: game(4, SPECIAL_GAME_ID) },
  { type: 'ui.add', game: game(2) },
  { type: 'ui.add', game: game(3) },
  { type: 'bridge.event', event: { type: 'app.resume' } },
  { type: 'bridge.event', event: { type: 'download.progress', platform_game_id: 2, cur: MB, total: 50 * MB, speed: MB } },
  { type: 'bridge.event', event: { type: 'download.state', platform_game_id: 99, state: '3' } },
  { type: 'ui.setDeletePackage', value: true },
  { type: 'ui.setDeletePackage', value: false },
  { type: 'app.resumed' },
  { type: 'entry.changed', platformGameId: 2, immediate: true },
  { type: 'entry.changed', platformGameId: 2, immediate: false },
  { type: 'entry.removed', platformGameId: 2 },
  { type: 'entry.removed', platformGameId: 99 },
  // Raised by the list itself when entries come or go; in the table so both persistence states take it.
  { type: 'list.changed' },
  { type: 'xstate.done.actor.syncFromNative', output: STATUSES },
  { type: 'xstate.error.actor.syncFromNative', error: new Error('bridge failed') },
  ...delayedEventsOf(downloadListMachine),
];

/** The state value plus what guards read: which ids are listed (in order) and the preference. */
export function serializeList(snapshot: AnyMachineSnapshot): string {
  const { order, deletePackage } = snapshot.context as DownloadListContext;
  return JSON.stringify([snapshot.value, order, deletePackage]);
}

/** Adds the list ignores (outside the wrapper; 425346 already listed) change nothing, so `can()` hides them from the walk. */
const QUIET_PATHS: ReadonlyArray<{ input: DownloadListInput; events: AnyEventObject[] }> = [
  { input: LIST_INPUTS[2]!, events: [{ type: 'ui.add', game: game(3) }] },
  { input: LIST_INPUTS[0]!, events: [{ type: 'ui.add', game: game(4, SPECIAL_GAME_ID) }] },
];

let paths: Array<{ input: DownloadListInput; path: MachinePath }> | undefined;

export function getListPaths(): Array<{ input: DownloadListInput; path: MachinePath }> {
  paths ??= [
    ...LIST_INPUTS.flatMap((input) =>
      generateCoveringPaths(modelListMachine, { events: listEventTable, serializeState: serializeList, input }).map((path) => ({ input, path })),
    ),
    ...QUIET_PATHS.map(({ input, events }) => ({ input, path: pathFromEvents(modelListMachine, events, input) })),
  ];
  return paths;
}

export function describeListEvent(event: AnyEventObject): string {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return '0.5 s pass (persist throttle)';
  if (type === 'xstate.done.actor.syncFromNative') return 'getDownloadStates answers';
  if (type === 'xstate.error.actor.syncFromNative') return 'getDownloadStates fails';
  if (type === 'ui.add') {
    const added = event.game as { platform_game_id: number; game_id: number };
    return `add ${added.platform_game_id}${added.game_id === SPECIAL_GAME_ID ? ` (game ${SPECIAL_GAME_ID})` : ''}`;
  }
  if (type === 'bridge.event') {
    const native = event.event as { type: string; platform_game_id?: number };
    return `native ${native.type}${native.platform_game_id === undefined ? '' : ` ${native.platform_game_id}`}`;
  }
  if (type === 'entry.changed') return `entry ${String(event.platformGameId)} changed${event.immediate ? '' : ' (progress)'}`;
  if (type === 'entry.removed') return `entry ${String(event.platformGameId)} removed`;
  if (type === 'ui.setDeletePackage') return `ispackage ${event.value ? '1' : '0'}`;
  return type;
}

export function describeListInput(input: DownloadListInput): string {
  return input.insideWrapper ? `inside the wrapper, stored ${input.stored?.length ?? 0} chars` : 'outside the wrapper';
}
