import type { DownState, NativeDownloadStatus, NativeEvent } from '../bridge/definitions.ts';

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
  /** SPEC §4: the first list refresh after app start resets 1/2 to 6. */
  | { type: 'list.restored' }
  /** Re-sync from native after a return from the background. */
  | { type: 'list.sync'; status: NativeDownloadStatus };

/** Events of the list (downloadList). */
export type DownloadListEvent =
  | { type: 'ui.add'; game: DownloadGame }
  | { type: 'bridge.event'; event: NativeEvent }
  | { type: 'ui.setDeletePackage'; value: boolean }
  | { type: 'app.resumed' }
  | { type: 'entry.removed'; platformGameId: number };
