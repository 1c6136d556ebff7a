import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { NativeDownloadStatus, NativeEvent } from '../bridge/definitions.ts';
import { SPECIAL_GAME_ID } from './constants.ts';
import { downloadEntryMachine } from './download-entry.machine.ts';
import { speedText } from './download-entry.setup.ts';
import { parseDownList, uniqueEntries } from './down-list-storage.ts';
import type {
  DownListEntry,
  DownloadEntryActor,
  DownloadEntryEvent,
  DownloadGame,
  DownloadListContext,
  DownloadListEvent,
  DownloadListInput,
  PersistDeletePackageParams,
  PersistDownListParams,
  UnsolicitedParams,
} from './download.types.ts';

/**
 * The implementations behind download-list.machine.ts. The app provides `downloadEntry`
 * (downloadEntryMachine.provide({...}) with its calls), `syncFromNative`, `persist`,
 * `persistDeletePackage` and `unsolicited`.
 */

/** Progress changes are written at most this often; state changes and membership at once. */
export const PERSIST_THROTTLE_MS = 500;

/** Entry actors are children `entry-<platform_game_id>`, with the same systemId. */
export const entryActorId = (platformGameId: number): string => `entry-${platformGameId}`;

/** A new entry (SPEC §3 fields) for a game the user asked to download: queued, nothing known yet. */
export function entryFromGame(game: DownloadGame): DownListEntry {
  return {
    game_id: game.game_id,
    platform_game_id: game.platform_game_id,
    platform_id: game.platform_id,
    platform_game_name: game.platform_game_name,
    url: '',
    down_type_carder: game.down_type_carder ?? '',
    game_name: game.game_name,
    down_state: '0',
    gameid: game.platform_game_id,
    gamecopy_id: game.game_id,
    Package_name: game.package_name ?? '',
    curSize: 0,
    totalSize: 0,
    spent: speedText(0),
    game_daixoa_state: game.game_daixoa_state ?? '',
  };
}

/** The list as it is persisted: every entry's current fields, in display order. */
export function listEntries(context: Pick<DownloadListContext, 'order' | 'entries'>): DownListEntry[] {
  return uniqueEntries(context.order.flatMap((id) => {
    const ref = context.entries[id];
    return ref ? [ref.getSnapshot().context.entry] : [];
  }));
}

/** The entry event a native event means, for the entry it names; null for events that name none. */
export function entryEventOf(event: NativeEvent): DownloadEntryEvent | null {
  if (event.type === 'download.state') return { type: 'bridge.download.state', state: event.state };
  if (event.type === 'download.progress') return { type: 'bridge.download.progress', cur: event.cur, total: event.total, speed: event.speed };
  if (event.type === 'install.result') return { type: 'bridge.install.result', code: event.code };
  return null;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`downloadList: provide ${name}`);
};

type Ctx = { context: DownloadListContext };
type GameParams = { game: DownloadGame };
type NativeParams = { event: NativeEvent };
type AppAction = { type: 'unsolicited'; params: UnsolicitedParams } | { type: 'persistDeletePackage'; params: PersistDeletePackageParams };
type Enqueue<TParams> = Parameters<
  typeof enqueueActions<DownloadListContext, DownloadListEvent, TParams, DownloadListEvent, never, AppAction, never, never, never>
>[0];

/** After a return from the background: each entry hears native's view of it. */
const applySync: Enqueue<{ statuses: NativeDownloadStatus[] }> = ({ context, enqueue }, { statuses }) => {
  for (const status of statuses) {
    const ref = context.entries[status.platform_game_id];
    if (ref) enqueue.sendTo(ref, { type: 'list.sync', status });
    else {
      const reason = `native reports platform_game_id ${status.platform_game_id}, which the list does not hold`;
      enqueue({ type: 'unsolicited', params: { reason, event: { type: 'native.status', ...status } } });
    }
  }
};

const setDeletePackage: Enqueue<{ value: boolean }> = ({ context, enqueue }, { value }) => {
  enqueue.assign({ deletePackage: value });
  enqueue({ type: 'persistDeletePackage', params: { value: value ? '1' : '0' } });
  for (const id of context.order) {
    const ref = context.entries[id];
    if (ref) enqueue.sendTo(ref, { type: 'list.deletePackage', value });
  }
};

export const downloadListSetup = setup({
  types: {
    context: {} as DownloadListContext,
    events: {} as DownloadListEvent,
    input: {} as DownloadListInput,
    tags: {} as 'busy',
  },
  actors: {
    downloadEntry: downloadEntryMachine,
    /** Provided by the app: native getDownloadStates (the adapter validates the answer). */
    syncFromNative: fromPromise<NativeDownloadStatus[]>(notProvided('syncFromNative')),
  },
  actions: {
    /** Provided by the app: write DownList (serializeDownList of these entries). */
    persist: (_, _params: PersistDownListParams) => {},
    /** Provided by the app: write ispackage. */
    persistDeletePackage: (_, _params: PersistDeletePackageParams) => {},
    /** Provided by the app: logs a native event or status the list cannot place. */
    unsolicited: (_, _params: UnsolicitedParams) => {},
    changed: raise({ type: 'list.changed' }),
    resumed: raise({ type: 'app.resumed' }),
    /** SPEC §4 first refresh after start: every restored entry hears list.restored once. */
    restoreEntries: enqueueActions(({ context, enqueue }) => {
      for (const id of context.order) {
        const ref = context.entries[id];
        if (ref) enqueue.sendTo(ref, { type: 'list.restored' });
      }
      enqueue.assign({ restored: true });
      if (context.dropped > 0) enqueue.raise({ type: 'list.changed' });
    }),
    addEntry: assign(({ context, spawn }, { game }: GameParams) => {
      const id = entryActorId(game.platform_game_id);
      const ref = spawn('downloadEntry', { id, systemId: id, input: { entry: entryFromGame(game), deletePackage: context.deletePackage, reportsToParent: true } });
      return { order: [game.platform_game_id, ...context.order], entries: { ...context.entries, [game.platform_game_id]: ref } };
    }),
    startEntry: enqueueActions(({ context, enqueue }, { game }: GameParams) => {
      const ref = context.entries[game.platform_game_id];
      if (ref) enqueue.sendTo(ref, { type: 'list.start' });
    }),
    continueEntry: enqueueActions(({ context, enqueue }, { game }: GameParams) => {
      const ref = context.entries[game.platform_game_id];
      if (ref) enqueue.sendTo(ref, { type: 'list.continue' });
    }),
    removeEntry: enqueueActions(({ context, enqueue }, { platformGameId }: { platformGameId: number }) => {
      const ref = context.entries[platformGameId];
      if (ref) enqueue.stopChild(ref);
      const entries = { ...context.entries };
      delete entries[platformGameId];
      enqueue.assign({ order: context.order.filter((id) => id !== platformGameId), entries });
    }),
    routeToEntry: enqueueActions(({ context, enqueue }, { event }: NativeParams) => {
      const entryEvent = entryEventOf(event);
      const ref = 'platform_game_id' in event ? context.entries[event.platform_game_id] : undefined;
      if (ref && entryEvent) enqueue.sendTo(ref, entryEvent);
    }),
    applySync: enqueueActions(applySync),
    setDeletePackage: enqueueActions(setDeletePackage),
  },
  guards: {
    insideWrapper: ({ context }) => context.insideWrapper,
    outsideWrapper: ({ context }) => !context.insideWrapper,
    /** SPEC §4: adding game 425346 is skipped when the list already holds it (any platform version). */
    specialListed: ({ context }, { game }: GameParams) =>
      game.game_id === SPECIAL_GAME_ID && listEntries(context).some((entry) => entry.game_id === SPECIAL_GAME_ID),
    listed: ({ context }, { game }: GameParams) => context.entries[game.platform_game_id] !== undefined,
    isResume: (_, { event }: NativeParams) => event.type === 'app.resume',
    knownEntry: ({ context }, { event }: NativeParams) => 'platform_game_id' in event && context.entries[event.platform_game_id] !== undefined,
    knownRemoval: ({ context }, { platformGameId }: { platformGameId: number }) => context.entries[platformGameId] !== undefined,
    immediate: (_, params: { immediate: boolean }) => params.immediate,
  },
  delays: {
    persistThrottle: PERSIST_THROTTLE_MS,
  },
});

/** The list's first context: the stored DownList decoded (down-list-storage.ts), one entry actor each. */
export function initialListContext(
  input: DownloadListInput,
  spawnEntry: (entry: DownListEntry, deletePackage: boolean) => DownloadEntryActor,
): DownloadListContext {
  const { entries: stored, dropped } = parseDownList(input.stored);
  const deletePackage = input.deletePackage === '1';
  const entries: Record<number, DownloadEntryActor> = {};
  for (const entry of stored) entries[entry.platform_game_id] = spawnEntry(entry, deletePackage);
  return { order: stored.map((entry) => entry.platform_game_id), entries, deletePackage, insideWrapper: input.insideWrapper, restored: false, dropped };
}

/** Params readers the chart uses. */
export const gameOf = ({ event }: { event: GameParams }): GameParams => ({ game: event.game });
export const nativeOf = ({ event }: { event: NativeParams }): NativeParams => ({ event: event.event });
export const persistParams = ({ context }: Ctx): PersistDownListParams => ({ entries: listEntries(context) });
export const unplacedParams = ({ event }: { event: NativeParams }): UnsolicitedParams => ({
  reason: `native ${event.event.type} names no entry of the list`,
  event: event.event,
});
