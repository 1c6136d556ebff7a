import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sharedBridge, type Bridge } from '../../../bridge/adapter.ts';
import { parseDownloadStates } from '../../../bridge/events.ts';
import type { NativeDownloadStatus } from '../../../bridge/definitions.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { downloadEntryMachine } from '../../../machines/download-entry.machine.ts';
import { downloadListMachine } from '../../../machines/download-list.machine.ts';
import { serializeDownList } from '../../../machines/down-list-storage.ts';
import type { DownloadAddressData, LookUpAddressInput, NativeCall } from '../../../machines/download.types.ts';
import type { AppRuntime, RuntimeEnvironment } from '../../app/runtime.ts';
import { showToast } from '../../app/toast.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

export type DownloadListActor = ActorRefFrom<typeof downloadListMachine>;
export type DownloadEntryActor = ActorRefFrom<typeof downloadEntryMachine>;

/** The calls of the download flow (PROTOCOL §7, docs/catalog.md). */
export const DOWNLOAD_CALLS = {
  address: calls.game.getDownUrl,
  record: calls.game.recordDown,
  reportAddress: calls.game.reportAddress,
  gameSize: calls.game.recordGameSize,
  point: calls.point.point,
} as const;

/** What the feature needs of the runtime (a narrow slice, so tests can pass a fake). */
export type DownloadRuntime = Pick<AppRuntime, 'api' | 'inspect' | 'device'>;

/**
 * The download list inside the native wrapper (SPEC §4 "Download state"): the machines of
 * machines/download-*.ts wired to the bridge (bridge/adapter.ts), the api and storage. Native
 * events go to the list validated; a return from the background re-syncs in one call.
 * Loaded in its own chunk, only inside the wrapper (runtime.downloads).
 */
export function createDownloadFeature(
  runtime: DownloadRuntime,
  env: Pick<RuntimeEnvironment, 'storage' | 'host'>,
  bridge: Bridge = sharedBridge(env.host, (message, detail) => console.warn(`[bridge] ${message}`, detail ?? '')),
): DownloadListActor {
  const native = fromPromise<Awaited<ReturnType<Bridge['call']>>, NativeCall>(({ input }) =>
    // The contract's methods take strings only; the machine sends each method its own arguments.
    (bridge.call as (method: string, ...args: string[]) => ReturnType<Bridge['call']>)(input.method, ...input.args),
  );
  const entry = downloadEntryMachine.provide({
    actors: {
      native,
      lookUpAddress: fromPromise(({ input }: { input: LookUpAddressInput }) => // getDownUrl's answer is declared without a type yet: the machine reads it as an address
        request(runtime.api, DOWNLOAD_CALLS.address, { id: input.platformGameId }) as Promise<ApiOutcome<DownloadAddressData>>),
    },
    actions: {
      // The device variant (PROTOCOL §2.3): identifiers only with the privacy consent (src/app/device-source.ts).
      recordDown: (_, params) => void request(runtime.api, DOWNLOAD_CALLS.record, { ...params }, { device: true }),
      reportAddress: (_, params) => void request(runtime.api, DOWNLOAD_CALLS.reportAddress, { ...params }),
      recordGameSize: (_, params) => void request(runtime.api, DOWNLOAD_CALLS.gameSize, { ...params }),
      trackPoint: (_, params) => void request(runtime.api, DOWNLOAD_CALLS.point, { ...params }, { device: true }),
      showToast: (_, params) => showToast(params.message, params.durationMs),
      openInBrowser: (_, params) => {
        const location = (env.host as { location?: Location }).location;
        location?.assign(new URL(params.url, location.origin).href);
      },
      unsolicited: (_, params) => logUnsolicited(params),
    },
  });
  const list = createActor(
    downloadListMachine.provide({
      actors: {
        downloadEntry: entry,
        syncFromNative: fromPromise<NativeDownloadStatus[]>(async () => {
          const answer = await bridge.call('getDownloadStates');
          if (!answer.ok) return [];
          const { list: statuses, dropped } = parseDownloadStates(answer.value);
          if (dropped > 0) console.warn(`[downloads] getDownloadStates: ${dropped} malformed item(s) dropped`);
          return statuses;
        }),
      },
      actions: {
        persist: (_, params) => writeStorage(env.storage, STORAGE_KEYS.downList, serializeDownList(params.entries)),
        persistDeletePackage: (_, params) => writeStorage(env.storage, STORAGE_KEYS.deletePackage, params.value),
        unsolicited: (_, params) => logUnsolicited(params),
      },
    }),
    {
      input: { insideWrapper: true, stored: readStorage(env.storage, STORAGE_KEYS.downList), deletePackage: readStorage(env.storage, STORAGE_KEYS.deletePackage) },
      inspect: runtime.inspect,
    },
  );
  list.start();
  bridge.onEvent((event) => {
    // The app update's events are the update dialog's (src/features/update/update-runtime.ts).
    if (event.type !== 'update.progress' && event.type !== 'update.state') list.send({ type: 'bridge.event', event });
  });
  const document = (env.host as { document?: Document }).document;
  document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') list.send({ type: 'app.resumed' });
  });
  return list;
}

/** Events and statuses the machines could not place (SPEC §4: they change nothing). */
function logUnsolicited(params: { reason: string; event: unknown }): void {
  console.warn(`[downloads] ignored: ${params.reason}`, params.event);
}

function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** A full or refused storage loses this write only; the list in memory stays right. */
function writeStorage(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    console.warn(`[downloads] ${key} not saved`, error);
  }
}
