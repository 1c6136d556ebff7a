import { shallowEqual, useSelector } from '@xstate/react';
import { connectDownloadEntry, type DownloadEntryView } from '../../../machines/download-entry.connect.ts';
import type { DownloadGame } from '../../../machines/download.types.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useDeferredActor } from '../deferred-actor.ts';
import type { DownloadEntryActor, DownloadListActor } from './download-runtime.ts';
import type { GameItem } from '../../components/game/game-item.ts';
import { confirmDownloadNetwork } from './wifi-gate.ts';

/**
 * The download list's view hooks. Rows read their own entry actor, so a progress event
 * re-renders one row; the list itself re-renders only when entries come or go.
 */

/** The list actor; undefined while its chunk loads, null outside the wrapper (SPEC §4). */
export function useDownloadList(): DownloadListActor | undefined | null {
  const runtime = useRuntime();
  const list = useDeferredActor(runtime.downloads ?? NEVER);
  return runtime.downloads ? list : null;
}

const NEVER = { current: () => undefined, subscribe: () => () => {}, ready: new Promise<never>(() => {}) };

export function useDownloadOrder(list: DownloadListActor): readonly number[] {
  return useSelector(list, (snapshot) => snapshot.context.order);
}

export function useDeletePackage(list: DownloadListActor): boolean {
  return useSelector(list, (snapshot) => snapshot.context.deletePackage);
}

export function useEntryActor(list: DownloadListActor, platformGameId: number): DownloadEntryActor | undefined {
  return useSelector(list, (snapshot) => snapshot.context.entries[platformGameId]);
}

/** An entry's view model (machines/download-entry.connect.ts), read with one selector. */
export function useEntryView(entry: DownloadEntryActor): DownloadEntryView {
  return useSelector(entry, (snapshot) => connectDownloadEntry(snapshot, entry.send), shallowEqual);
}

/** The one thing a tap on an entry's action does in its state. */
export function runEntryAction(view: DownloadEntryView): void {
  // Continue / 重新下载 uses the network again: 仅Wi-Fi下载 may ask first.
  if (view.action === 'download') void confirmDownloadNetwork().then((go) => go && view.download());
  else if (view.action !== 'none') view[view.action]();
}

/** What the list needs to know of a catalogue game to download it. */
export function downloadGameOf(game: Pick<GameItem, 'game_id' | 'platform_game_id' | 'platform_id' | 'name' | 'icon' | 'package_name'>): DownloadGame {
  return {
    game_id: game.game_id,
    platform_game_id: game.platform_game_id,
    platform_id: game.platform_id ?? 0,
    platform_game_name: game.name,
    game_name: game.name,
    icon: game.icon,
    ...(game.package_name ? { package_name: game.package_name } : {}),
  };
}
