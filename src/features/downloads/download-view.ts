import type { DownState } from '../../../bridge/definitions.ts';

/**
 * How a download entry reads on screen. The states are SPEC §4's 0–6; the words are ours
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
