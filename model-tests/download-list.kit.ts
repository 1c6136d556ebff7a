import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { NativeDownloadStatus } from '../bridge/definitions.ts';
import { downloadListMachine } from '../machines/download-list.machine.ts';
import type { DownListEntry, DownloadGame, DownloadListInput, PersistDownListParams } from '../machines/download.types.ts';
import { createDeferredActors, flush } from './deferred-actors.ts';
import { emptyEffects, providedEntry, sampleEntry } from './download-entry.kit.ts';

/** Test helpers for the download list: games, a stored list, a list actor whose calls wait for the test. */

export function game(platformGameId: number, gameId = platformGameId * 10): DownloadGame {
  return { game_id: gameId, platform_game_id: platformGameId, platform_id: 3, platform_game_name: `游戏${platformGameId}(BT版)`, game_name: `游戏${platformGameId}` };
}

export const stored = (...entries: Array<Partial<DownListEntry>>): string => JSON.stringify(entries.map((entry) => sampleEntry(entry)));

export function startList(input: Partial<DownloadListInput> = {}) {
  const clock = new SimulatedClock();
  const effects = emptyEffects();
  const entryCalls = createDeferredActors(providedEntry(effects).machine, ['lookUpAddress', 'native']);
  const { machine: entryMachine } = providedEntry(effects, entryCalls);
  const persisted: PersistDownListParams['entries'][] = [];
  const deletePackage: string[] = [];
  const listUnsolicited: Array<{ reason: string }> = [];
  const pendingSync: Array<(statuses: NativeDownloadStatus[]) => void> = [];
  let syncCalls = 0;
  const actor = createActor(
    downloadListMachine.provide({
      actors: {
        downloadEntry: entryMachine,
        syncFromNative: fromPromise<NativeDownloadStatus[]>(
          () =>
            new Promise((resolve) => {
              syncCalls += 1;
              pendingSync.push(resolve);
            }),
        ),
      },
      actions: {
        persist: (_, params) => void persisted.push(params.entries),
        persistDeletePackage: (_, params) => void deletePackage.push(params.value),
        unsolicited: (_, params) => void listUnsolicited.push(params),
      },
    }),
    { clock, input: { insideWrapper: true, stored: null, deletePackage: null, ...input } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const entryOf = (platformGameId: number) => context().entries[platformGameId];
  return {
    actor,
    clock,
    effects,
    entryCalls,
    persisted,
    deletePackage,
    listUnsolicited,
    syncCalls: () => syncCalls,
    async answerSync(statuses: NativeDownloadStatus[]) {
      const resolve = pendingSync.shift();
      if (!resolve) throw new Error('no pending sync');
      resolve(statuses);
      await flush();
    },
    context,
    entryOf,
    stateOf: (platformGameId: number) => entryOf(platformGameId)?.getSnapshot().context.entry.down_state,
    lastPersisted: () => persisted.at(-1),
  };
}
