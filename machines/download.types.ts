import type { ActorRefFrom } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { BridgeResult, DownState, NativeDownloadStatus, NativeEvent, NativeMethodName } from '../bridge/definitions.ts';
import type { downloadEntryMachine } from './download-entry.machine.ts';

export type { DownState } from '../bridge/definitions.ts';

/**
 * SPEC §3 download-list entry, exactly the fields persisted under the DownList key.
 * Sizes are bytes; `spent` is the speed text ("0M/s"). `gameid` copies platform_game_id and
 * `gamecopy_id` copies game_id (SPEC). `down_type_carder` and `game_daixoa_state` are carried from
 * the game's data unchanged (the product reads them; their meaning is the catalogue's).
 */
export interface DownListEntry {
  game_id: number;
  platform_game_id: number;
  platform_id: number;
  platform_game_name: string;
  url: string;
  down_type_carder: string;
  game_name: string;
  down_state: DownState;
  gameid: number;
  gamecopy_id: number;
  Package_name: string;
  curSize: number;
  totalSize: number;
  spent: string;
  game_daixoa_state: string;
}

/** What the web knows of a game when a download starts (a game card or page). */
export interface DownloadGame {
  game_id: number;
  platform_game_id: number;
  platform_id: number;
  platform_game_name: string;
  game_name: string;
  icon?: string;
  /** Package name, if the card knows it already (getDownUrl answers it too). */
  package_name?: string;
  down_type_carder?: string;
  game_daixoa_state?: string;
}

/** getDownUrl's data (docs/catalog.md). */
export interface DownloadAddressData {
  url: string;
  package_name?: string;
  size?: number;
  md5?: string | null;
}

/** What the download-URL lookup answers (SPEC §7, PROTOCOL §7 getDownUrl). */
export type DownloadAddressOutcome = ApiOutcome<DownloadAddressData>;

/** Events of one entry (downloadEntry). Bridge events are already validated and routed by id. */
export type DownloadEntryEvent =
  | { type: 'bridge.download.state'; state: DownState }
  | { type: 'bridge.download.progress'; cur: number; total: number; speed: number }
  | { type: 'bridge.install.result'; code: number }
  | { type: 'ui.download' } // download again / continue
  | { type: 'ui.pause' }
  | { type: 'ui.install' }
  | { type: 'ui.open' }
  | { type: 'ui.delete' }
  /** SPEC §4: the first list refresh after app start; a stored 1 or 2 (or 0) becomes 6. */
  | { type: 'list.restored' }
  /** The list just added this game: look its address up and start it. */
  | { type: 'list.start' }
  /** Re-sync from native after a return from the background. */
  | { type: 'list.sync'; status: NativeDownloadStatus }
  /** The list was asked to add a game it already holds: continue it when paused or failed, else nothing. */
  | { type: 'list.continue' }
  /** The ispackage preference changed (SPEC §3); installApp reads it. */
  | { type: 'list.deletePackage'; value: boolean }
  /** Raised by the entry itself while applying list.sync: native's sizes, without a state change. */
  | { type: 'sync.sizes'; cur: number; total: number; speed: number };

/** What the list tells a new entry actor. */
export interface DownloadEntryInput {
  entry: DownListEntry;
  deletePackage: boolean;
  /** Spawned by the download list, which persists DownList on entry.changed / entry.removed; an entry on its own tells no one. */
  reportsToParent: boolean;
}

/** What the entry expects the package to be (getDownUrl's md5 and size), passed to native downloadGame. */
export interface ExpectedPackage {
  md5: string | null;
  size: number;
}

export interface DownloadEntryContext {
  entry: DownListEntry;
  /** Native answered downloadGame 'unavailable': the browser downloads it (SPEC §4 fallback mode). */
  fallback: boolean;
  /** recordGameSize has been sent for this entry (restored as totalSize > 0: only a progress sets a total). */
  sizeReported: boolean;
  /** SPEC §3 ispackage: installApp deletes the package after a successful install. */
  deletePackage: boolean;
  expected: ExpectedPackage;
  /** From the input: send entry.changed / entry.removed to the parent (the list). */
  reportsToParent: boolean;
}

export type DownloadEntryTag = 'busy';

/** The one native actor's input: a method of bridge/definitions.ts NativeMethods and its string arguments. */
export interface NativeCall {
  method: NativeMethodName;
  args: string[];
}
export type NativeAnswer = BridgeResult;

export interface LookUpAddressInput {
  platformGameId: number;
}

/** Params of the app-provided actions (server field names where they are api calls). */
export interface RecordDownParams {
  platform_game_id: number;
  game_id: number;
}
export interface ReportAddressParams {
  platform_game_id: number;
  game_id: number;
  /** The url with every '&' escaped as '%26' (PROTOCOL §7): pass it to the call as is. */
  address: string;
}
export interface RecordGameSizeParams {
  game_id: number;
  /** Bytes. */
  game_size: number;
}
export interface TrackPointParams {
  point_id: number;
  point_title: string;
  game_id: number;
  platform_game_id: number;
  platform_id: number;
}
export interface DownloadToastParams {
  message: string;
  durationMs: number;
}
export interface OpenInBrowserParams {
  url: string;
}
export interface UnsolicitedParams {
  reason: string;
  event: { type: string };
}
export interface PersistDownListParams {
  /** The whole list in display order, newest first, one entry per platform_game_id. */
  entries: DownListEntry[];
}
export interface PersistDeletePackageParams {
  /** The ispackage value to store: '1' delete the package after install, '0' keep it. */
  value: '1' | '0';
}

/** Events of the list (downloadList). */
export type DownloadListEvent =
  | { type: 'ui.add'; game: DownloadGame }
  | { type: 'bridge.event'; event: NativeEvent }
  | { type: 'ui.setDeletePackage'; value: boolean }
  | { type: 'app.resumed' }
  | { type: 'entry.removed'; platformGameId: number }
  /** An entry's persisted fields changed; `immediate` false for progress (persisted at most every 500 ms). */
  | { type: 'entry.changed'; platformGameId: number; immediate: boolean }
  /** Raised by the list when entries come or go: persist now. */
  | { type: 'list.changed' };

export interface DownloadListInput {
  /** SPEC §4: the list works only inside the native wrapper (StatusHeight present). */
  insideWrapper: boolean;
  /** The raw DownList storage value. */
  stored: string | null;
  /** The raw ispackage storage value ('1' = delete the package after install). */
  deletePackage: string | null;
}

export type DownloadEntryActor = ActorRefFrom<typeof downloadEntryMachine>;

export interface DownloadListContext {
  /** platform_game_ids in display order, newest first. */
  order: number[];
  entries: Record<number, DownloadEntryActor>;
  deletePackage: boolean;
  insideWrapper: boolean;
  /** The first-refresh rule (SPEC §4) has been applied. */
  restored: boolean;
  /** Stored entries dropped when decoding (invalid, duplicate, over the cap), for the app's log. */
  dropped: number;
}
