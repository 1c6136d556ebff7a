import type { SnapshotFrom } from 'xstate';
import type { DownState } from '../bridge/definitions.ts';
import type { browserDownloadMachine, BrowserDownloadEvent } from './browser-download.machine.ts';
import type { downloadEntryMachine } from './download-entry.machine.ts';
import type { DownloadEntryEvent } from './download.types.ts';

/**
 * How a download entry reads on screen, and the view models of the download button and the
 * /downlist row (zag's `connect(snapshot, send)`; ARCHITECTURE style rule 6), so the views hold no
 * rule of their own. The states are SPEC §4's 0–6; the words are ours
 * (SPEC shows none): the row's status line and the one action a game card's button offers.
 */

export const STATE_TEXT: Record<DownState, string> = {
  '0': '等待下载',
  '1': '下载中',
  '2': '下载中',
  '3': '下载完成',
  '4': '下载失败',
  '5': '已安装',
  '6': '已暂停',
};

/** The next thing a tap does in each state. `none` while the state waits for native (0). */
export type DownloadAction = 'pause' | 'download' | 'install' | 'open' | 'none';

export const ACTION_BY_STATE: Record<DownState, DownloadAction> = {
  '0': 'none',
  '1': 'pause',
  '2': 'pause',
  '3': 'install',
  '4': 'download',
  '5': 'open',
  '6': 'download',
};

const ACTION_TEXT: Record<Exclude<DownloadAction, 'none'>, string> = { pause: '暂停', download: '继续', install: '安装', open: '打开' };

/** The text of an entry's action button: the percentage while downloading (tap pauses). */
export function actionLabel(state: DownState, percent: number): string {
  if (state === '0') return '等待中';
  if (state === '1' || state === '2') return `${percent}%`;
  if (state === '4') return '重试';
  return ACTION_TEXT[ACTION_BY_STATE[state] as Exclude<DownloadAction, 'none'>];
}

/** Whole percent of cur/total, 0 when the total is unknown, never above 100. */
export function percentOf(cur: number, total: number): number {
  // An infinite total is no more known than a zero one (and Infinity/Infinity would be NaN).
  if (!(total > 0) || !Number.isFinite(total) || !(cur > 0)) return 0;
  return Math.min(100, Math.floor((cur / total) * 100));
}

/** The 0–1 fraction a progress bar scales by. */
export function fractionOf(cur: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(total) || !(cur > 0)) return 0;
  return Math.min(1, cur / total);
}

const MB = 1024 * 1024;

/** Bytes as the product writes sizes: megabytes with one decimal ("12.5M"), kilobytes below 1 MB. */
export function formatBytes(bytes: number): string {
  if (!(bytes > 0)) return '0M';
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))}K`;
  return `${(bytes / MB).toFixed(1)}M`;
}

export type DownloadEntrySnapshot = SnapshotFrom<typeof downloadEntryMachine>;
type EntrySend = (event: DownloadEntryEvent) => void;

function createEntryIntents(send: EntrySend) {
  return {
    pause: () => send({ type: 'ui.pause' }),
    /** Continue / 重新下载: uses the network again, so the view may ask about Wi-Fi first. */
    download: () => send({ type: 'ui.download' }),
    install: () => send({ type: 'ui.install' }),
    open: () => send({ type: 'ui.open' }),
  };
}

const entryIntentsBySend = new WeakMap<EntrySend, ReturnType<typeof createEntryIntents>>();

function entryIntentsOf(send: EntrySend) {
  let intents = entryIntentsBySend.get(send);
  if (!intents) entryIntentsBySend.set(send, (intents = createEntryIntents(send)));
  return intents;
}

/**
 * One download entry as a game card's button and a /downlist row show it. Pure: the same
 * snapshot gives an equal view model and one `send` the same intents, so a progress event
 * re-renders only what changed under a shallow compare.
 */
export function connectDownloadEntry(snapshot: DownloadEntrySnapshot, send: EntrySend) {
  const { entry } = snapshot.context;
  const state = entry.down_state;
  const percent = percentOf(entry.curSize, entry.totalSize);
  const downloading = state === '1' || state === '2';
  const busy = snapshot.hasTag('busy');
  const label = actionLabel(state, percent);
  return {
    state,
    name: entry.game_name,
    gameId: entry.game_id,
    platformGameId: entry.platform_game_id,
    /** The platform's name of the game (its version line on the detail page). */
    version: entry.platform_game_name,
    packageName: entry.Package_name || '—',
    /** What a tap on the action does now. */
    action: ACTION_BY_STATE[state],
    busy,
    /** Nothing to do while busy or while native has not taken the entry yet (0). */
    disabled: busy || state === '0',
    downloading,
    percent,
    fraction: fractionOf(entry.curSize, entry.totalSize),
    /** A game card's button: the percentage while downloading, else the next action. */
    buttonLabel: label,
    /** What a screen reader hears for the card's button: a tap while downloading pauses. */
    buttonAction: downloading ? ACTION_TEXT.pause : label,
    /** The /downlist row's action button says what a tap does: 暂停 while downloading. */
    rowLabel: downloading ? ACTION_TEXT.pause : label,
    statusText: STATE_TEXT[state],
    sizeText: `${formatBytes(entry.curSize)}/${formatBytes(entry.totalSize)}`,
    /** The speed, only while downloading. */
    speed: downloading ? entry.spent : null,
    ...entryIntentsOf(send),
  };
}

export type DownloadEntryView = ReturnType<typeof connectDownloadEntry>;

export type BrowserDownloadSnapshot = SnapshotFrom<typeof browserDownloadMachine>;
type BrowserSend = (event: BrowserDownloadEvent) => void;

const browserIntentsBySend = new WeakMap<BrowserSend, { download: () => void }>();

/** The browser's download button (outside the wrapper): 下载, or 开始玩 for an H5 game; 请稍候 while the address is asked for. */
export function connectBrowserDownload(snapshot: BrowserDownloadSnapshot, send: BrowserSend) {
  const busy = snapshot.hasTag('busy');
  const isH5 = snapshot.context.isH5;
  let intents = browserIntentsBySend.get(send);
  if (!intents) browserIntentsBySend.set(send, (intents = { download: () => send({ type: 'ui.download' }) }));
  const action = isH5 ? '开始玩' : '下载';
  return {
    busy,
    isH5,
    /** The button's words. */
    label: busy ? '请稍候' : action,
    /** What a tap does, for the button's accessible name. */
    action,
    /** 仅Wi-Fi下载 may ask first before a package download; an H5 game downloads nothing. */
    asksNetwork: !isH5,
    ...intents,
  };
}

export type BrowserDownloadView = ReturnType<typeof connectBrowserDownload>;
