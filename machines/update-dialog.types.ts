import { compareVersions } from '../api/protocol/versions.ts';

/** The update dialog's types and rules (machines/update-dialog.machine.ts). */

/** The latest published version, as the dialog needs it (decoded from /down/appVersion). */
export interface AppUpdate {
  versionName: string;
  versionCode: string;
  /** Versions below this must update. */
  minSupported: string;
  url: string;
  size: number;
  md5: string;
  notes: string;
}

export type UpdateCheckOutcome = { ok: true; latest: AppUpdate } | { ok: false; message: string };

export type UpdateKind = 'none' | 'optional' | 'forced';

/** Forced below the minimum supported version, optional below the latest, else none. */
export function updateKindOf(running: string, latest: AppUpdate): UpdateKind {
  if (compareVersions(running, latest.versionCode) >= 0) return 'none';
  return compareVersions(running, latest.minSupported) < 0 ? 'forced' : 'optional';
}

export const UPDATE_MESSAGES = {
  checkFailed: '检查更新失败，请稍后再试',
  downloadFailed: '下载失败，请检查网络后重试',
  startFailed: '暂时无法下载，请稍后再试',
} as const;

export interface UpdateDialogInput {
  /** The running app's version (api/protocol/versions.ts runningVersion). */
  running: string;
  /** Inside the wrapper 立即更新 downloads through the bridge; in a browser it opens the URL. */
  insideWrapper: boolean;
  /** The optional version the player said 以后再说 to (stored). */
  dismissedVersion: string | null;
}

export interface UpdateDialogContext extends UpdateDialogInput {
  /** The start-up check skips a dismissed optional version; the /updatedialog page shows it anyway. */
  respectDismissed: boolean;
  latest: AppUpdate | null;
  progress: { cur: number; total: number } | null;
  error: string | null;
}

export type UpdateDialogEvent =
  | { type: 'ui.check'; respectDismissed: boolean }
  | { type: 'ui.retry' }
  | { type: 'ui.update' }
  | { type: 'ui.dismiss' }
  | { type: 'bridge.update.progress'; cur: number; total: number }
  | { type: 'bridge.update.installerOpened' }
  | { type: 'bridge.update.failed'; message: string };

/** What the download actor is given: the package to fetch. */
export interface UpdateDownloadInput {
  url: string;
  md5: string;
  size: number;
  version: string;
}

/** Not in SPEC §3: the optional version the player dismissed (以后再说). */
export const UPDATE_DISMISSED_STORAGE_KEY = 'UpdateDismissedVersion';
/** The page of the dialog. */
export const UPDATE_DIALOG_PATH = '/updatedialog';
