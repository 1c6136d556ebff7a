import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { MSG } from '../api/protocol/codes.ts';
import type { NativeDownloadStatus } from '../bridge/definitions.ts';
import { DOWNLOAD_ADDRESS_TOAST_MS, DOWNLOAD_FINISH_POINT_ID, FAILED_ENTRY_REMOVAL_MS } from './constants.ts';
import type {
  DownListEntry,
  DownloadAddressData,
  DownloadAddressOutcome,
  DownloadEntryContext,
  DownloadEntryEvent,
  DownloadEntryInput,
  DownloadEntryTag,
  DownloadToastParams,
  DownState,
  LookUpAddressInput,
  NativeAnswer,
  NativeCall,
  OpenInBrowserParams,
  RecordDownParams,
  RecordGameSizeParams,
  ReportAddressParams,
  TrackPointParams,
  UnsolicitedParams,
} from './download.types.ts';

/**
 * The implementations behind download-entry.machine.ts. The app replaces the stubs (calls,
 * toasts, the browser hand-off, the unsolicited-event log) with .provide().
 */

export const DOWNLOAD_FINISH_POINT_TITLE = '下载完成';
const BYTES_PER_MB = 1024 * 1024;

/** Speed text of the list (SPEC §3 'spent'): bytes/s as megabytes with one decimal, '0M/s' when nothing moves. */
export function speedText(bytesPerSecond: number): string {
  const megabytes = Number.isFinite(bytesPerSecond) && bytesPerSecond > 0 ? Math.round((bytesPerSecond / BYTES_PER_MB) * 10) / 10 : 0;
  return megabytes === 0 ? '0M/s' : `${megabytes.toFixed(1)}M/s`;
}

/** PROTOCOL §7 report-address: every '&' of the url escaped as '%26'. */
export function escapeAddress(url: string): string {
  return url.replaceAll('&', '%26');
}

const bytes = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

export interface Sizes {
  cur: number;
  total: number;
  speed: number;
}

/** A progress (or a synced status) applied to an entry: a total of 0 means unknown and keeps the last one. */
export function withProgress(entry: DownListEntry, sizes: Sizes): DownListEntry {
  const total = bytes(sizes.total);
  return { ...entry, curSize: bytes(sizes.cur), totalSize: total > 0 ? total : entry.totalSize, spent: speedText(sizes.speed) };
}

export function initialEntryContext(input: DownloadEntryInput): DownloadEntryContext {
  return {
    entry: input.entry,
    fallback: false,
    // Only a progress with a total sets totalSize, and that progress reported the size.
    sizeReported: input.entry.totalSize > 0,
    deletePackage: input.deletePackage,
    expected: { md5: null, size: input.entry.totalSize },
    reportsToParent: input.reportsToParent,
  };
}

export function downloadOptions(context: DownloadEntryContext): string {
  const { entry, expected } = context;
  return JSON.stringify({ md5: expected.md5, size: expected.size, package_name: entry.Package_name, game_name: entry.game_name });
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`downloadEntry: provide ${name}`);
};

type Args = { context: DownloadEntryContext };
type NotifyAction = { type: 'notify'; params: { immediate: boolean } };
type RecordGameSizeAction = { type: 'recordGameSize'; params: RecordGameSizeParams };
type Enqueue<TParams, TAction extends { type: string }> = Parameters<
  typeof enqueueActions<DownloadEntryContext, DownloadEntryEvent, TParams, DownloadEntryEvent, never, TAction, never, never, never>
>[0];

const applyProgress: Enqueue<Sizes, NotifyAction | RecordGameSizeAction> = ({ context, enqueue }, sizes) => {
  const entry = withProgress(context.entry, sizes);
  const reportSize = !context.sizeReported && entry.totalSize > 0;
  enqueue.assign({ entry, sizeReported: context.sizeReported || reportSize });
  if (reportSize) enqueue({ type: 'recordGameSize', params: { game_id: entry.game_id, game_size: entry.totalSize } });
  enqueue({ type: 'notify', params: { immediate: false } });
};

const enterDownState: Enqueue<{ state: DownState }, NotifyAction> = ({ context, enqueue }, { state }) => {
  if (context.entry.down_state === state) return;
  enqueue.assign({ entry: { ...context.entry, down_state: state } });
  enqueue({ type: 'notify', params: { immediate: true } });
};

const storeAddress: Enqueue<{ address: DownloadAddressData }, NotifyAction> = ({ context, enqueue }, { address }) => {
  const size = typeof address.size === 'number' && address.size > 0 ? address.size : context.entry.totalSize;
  enqueue.assign({
    entry: { ...context.entry, url: address.url, Package_name: address.package_name || context.entry.Package_name },
    expected: { md5: typeof address.md5 === 'string' && address.md5 !== '' ? address.md5 : null, size },
  });
  enqueue({ type: 'notify', params: { immediate: true } });
};

/** list.sync, as the events native would have sent: its state, then its sizes for an in-flight download. */
const replaySync: Enqueue<NativeDownloadStatus, never> = ({ enqueue }, status) => {
  enqueue.raise({ type: 'bridge.download.state', state: status.state });
  if (status.state === '1' || status.state === '2' || status.state === '6') {
    enqueue.raise({ type: 'sync.sizes', cur: status.cur, total: status.total, speed: status.speed });
  }
};

export const downloadEntrySetup = setup({
  types: {
    context: {} as DownloadEntryContext,
    events: {} as DownloadEntryEvent,
    input: {} as DownloadEntryInput,
    tags: {} as DownloadEntryTag,
  },
  actors: {
    /** Provided by the app: getDownUrl { id }. */
    lookUpAddress: fromPromise<DownloadAddressOutcome, LookUpAddressInput>(notProvided('lookUpAddress')),
    /** Provided by the app: the bridge adapter's call(method, ...args); never rejects. */
    native: fromPromise<NativeAnswer, NativeCall>(notProvided('native')),
  },
  actions: {
    /** Provided by the app: recordDown (SPEC §7 record-download). */
    recordDown: (_, _params: RecordDownParams) => {},
    /** Provided by the app: reportAddress with the already escaped address. */
    reportAddress: (_, _params: ReportAddressParams) => {},
    /** Provided by the app: /api/game/recordGameSize. */
    recordGameSize: (_, _params: RecordGameSizeParams) => {},
    /** Provided by the app: the /point tracking call. */
    trackPoint: (_, _params: TrackPointParams) => {},
    /** Provided by the app: a toast. */
    showToast: (_, _params: DownloadToastParams) => {},
    /** Provided by the app: the browser downloads the package (fallback mode). */
    openInBrowser: (_, _params: OpenInBrowserParams) => {},
    /** Provided by the app: logs an event the entry's state does not accept. */
    unsolicited: (_, _params: UnsolicitedParams) => {},
    /** Tells the list (when there is one) that persisted fields changed. */
    notify: enqueueActions(({ context, enqueue }, params: { immediate: boolean }) => {
      if (context.reportsToParent) enqueue.sendParent({ type: 'entry.changed', platformGameId: context.entry.platform_game_id, immediate: params.immediate });
    }),
    notifyRemoved: enqueueActions(({ context, enqueue }) => {
      if (context.reportsToParent) enqueue.sendParent({ type: 'entry.removed', platformGameId: context.entry.platform_game_id });
    }),
    enterDownState: enqueueActions(enterDownState),
    applyProgress: enqueueActions(applyProgress),
    storeAddress: enqueueActions(storeAddress),
    replaySync: enqueueActions(replaySync),
    /** SPEC §4: a finish sets the size to the total and the speed to zero. */
    finish: assign(({ context }) => ({ entry: { ...context.entry, curSize: context.entry.totalSize, spent: speedText(0) } })),
    markFallback: assign({ fallback: true }),
    setDeletePackage: assign((_, params: { value: boolean }) => ({ deletePackage: params.value })),
  },
  guards: {
    storedAs: ({ context }, params: { state: DownState }) => context.entry.down_state === params.state,
    hasUrl: ({ context }) => context.entry.url !== '',
    nativeStateIs: ({ event }, params: { state: DownState }) => event.type === 'bridge.download.state' && event.state === params.state,
    failedInFallback: ({ context, event }) => context.fallback && event.type === 'bridge.download.state' && event.state === '4',
    installSucceeded: ({ event }) => event.type === 'bridge.install.result' && event.code === 1,
    hasAddress: (_, params: { outcome: DownloadAddressOutcome }) =>
      params.outcome.kind === 'ok' && typeof params.outcome.data?.url === 'string' && params.outcome.data.url !== '',
    answeredOne: (_, params: { answer: NativeAnswer }) => params.answer.ok && params.answer.value === '1',
    unavailable: (_, params: { answer: NativeAnswer }) => !params.answer.ok && params.answer.reason === 'unavailable',
  },
  delays: {
    failedEntryRemoval: FAILED_ENTRY_REMOVAL_MS,
  },
});

/** Params readers the chart uses. */
export const answer = ({ event }: { event: { output: NativeAnswer } }) => ({ answer: event.output });
export const outcome = ({ event }: { event: { output: DownloadAddressOutcome } }) => ({ outcome: event.output });
export const addressOf = ({ event }: { event: { output: DownloadAddressOutcome } }) => ({ address: (event.output as { data: DownloadAddressData }).data });
export const sizesOf = ({ event }: { event: Sizes }) => ({ cur: event.cur, total: event.total, speed: event.speed });
export const lookUpInput = ({ context }: Args): LookUpAddressInput => ({ platformGameId: context.entry.platform_game_id });
export const recordDownParams = ({ context }: Args): RecordDownParams => ({
  platform_game_id: context.entry.platform_game_id,
  game_id: context.entry.game_id,
});
export const reportAddressParams = ({ context }: Args): ReportAddressParams => ({
  platform_game_id: context.entry.platform_game_id,
  game_id: context.entry.game_id,
  address: escapeAddress(context.entry.url),
});
export const finishPoint = ({ context }: Args): TrackPointParams => ({
  point_id: DOWNLOAD_FINISH_POINT_ID,
  point_title: DOWNLOAD_FINISH_POINT_TITLE,
  game_id: context.entry.game_id,
  platform_game_id: context.entry.platform_game_id,
  platform_id: context.entry.platform_id,
});
export const addressToast: DownloadToastParams = { message: MSG.downloadAddressError, durationMs: DOWNLOAD_ADDRESS_TOAST_MS };
export const unsolicitedParams = ({ context, event }: { context: DownloadEntryContext; event: DownloadEntryEvent }): UnsolicitedParams => ({
  reason: `${event.type} is not accepted in down_state ${context.entry.down_state}`,
  event,
});
