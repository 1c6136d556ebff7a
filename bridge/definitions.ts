/**
 * The typed contract between the web app and the native Android wrapper (SPEC §7 "Native bridge").
 * docs/bridge-protocol.md describes the same contract for the Android engineers; this file is the
 * source of truth for both the adapter (bridge/adapter.ts) and the wrapper simulator
 * (bridge/simulator.ts).
 *
 * Calls: the web calls a method of the native object `window.LewanNative` (a JavascriptInterface);
 * when the object is missing it sends the same call as a prompt message on the custom scheme
 * (PROMPT_SCHEME). Every argument is a string (JavascriptInterface passes strings reliably on
 * every Android version); every answer is a string or nothing.
 *
 * Events: native calls `window[EVENT_RECEIVER](json)` (evaluateJavascript) with one NativeEvent
 * as a JSON string. The web validates each event before a machine sees it.
 */

/** The object the wrapper injects with addJavascriptInterface. */
export const NATIVE_OBJECT_NAME = 'LewanNative';
/** The global function native calls with each event (a JSON string). */
export const EVENT_RECEIVER = '__lewanNativeEvent';
/** The global function native calls once its prompt channel is ready, with the page's secret. */
export const READY_RECEIVER = '__lewanBridgeReady';
/** Prompt messages: `lewan://call/<method>` with the JSON argument list in the prompt's default value. */
export const PROMPT_SCHEME = 'lewan:';
/** Calls made before the bridge is ready wait at most this long, then fail as 'unavailable'. */
export const BRIDGE_READY_TIMEOUT_MS = 10_000;

/** SPEC §4 down_state values, as strings. */
export type DownState = '0' | '1' | '2' | '3' | '4' | '5' | '6';
export const DOWN_STATES: readonly DownState[] = ['0', '1', '2', '3', '4', '5', '6'];

/**
 * Every native method: its string arguments and the meaning of its string answer.
 * The answer `"1"` means success where a call reports one (pause, install, delete, open, download).
 */
export interface NativeMethods {
  /** Pause the download of a platform game. Answer "1" if paused. */
  pauseDownload(platformGameId: string): string;
  /** Install the finished package. deletePackage "1" deletes the .apk after a successful install (SPEC ispackage). Answer "1" if the installer started. */
  installApp(platformGameId: string, deletePackage: string): string;
  /** Delete the download and its file. Answer "1" if deleted. */
  deleteDownload(platformGameId: string): string;
  /** Open an installed app by package name. Answer "1" if opened, "0" if not installed. */
  openApp(packageName: string): string;
  /**
   * Start (or resume, with HTTP Range from the bytes already on disk) downloading `url` for a
   * platform game. `options` is a JSON object with the expected `md5` and `size` (bytes), the
   * package name and the game name for the notification. Answer "1" if started.
   */
  downloadGame(url: string, platformGameId: string, options: string): string;
  disableScreenCapture(): string;
  enableScreenCapture(): string;
  /** Opens the system share sheet with a JSON payload { title, content, url, image }. */
  share(payload: string): string;
  /** Invite-a-friend share, JSON payload { title, content, url, image, invite_code }. */
  inviteShare(payload: string): string;
  /**
   * SPEC §3 device info as a JSON object string (StatusHeight present inside the wrapper), device
   * identifiers included: the web calls it only after the player agreed to the privacy policy.
   */
  getDeviceInfo(): string;
  /**
   * The same JSON without any identifier (no imei, mac, idfa, android_id, oaid, uid, address):
   * what the web reads at start before consent. Native must not read an identifier to answer it
   * (not in SPEC §7; docs/bridge-protocol.md "Privacy consent").
   */
  getBasicDeviceInfo(): string;
  /**
   * The player's privacy consent, "1" agreed or "0" not (never asked, refused, withdrawn). Native
   * keeps it, starts the SDKs that read identifiers only with "1", and on "0" stops them and
   * forgets what it read. Answer "1" when taken (not in SPEC §7).
   */
  setPrivacyConsent(granted: string): string;
  /** The network the device is on: "wifi", "cellular", "none" or "unknown" (not in SPEC §7; for Wi-Fi-only downloads). */
  getNetworkType(): string;
  /** The install channel as a JSON object string { channel, media_id }. */
  getChannelInfo(): string;
  /** The push service's user id, or "" (an identifier: only after consent). */
  getPushUserId(): string;
  /** Cache size as text, e.g. "12.5M": the bytes clearCache removes. */
  getCacheSize(): string;
  /** Clears the cache (the WebView's cache and the packages installed games left behind; not downloads still to install or paused). Answer "1" when done. */
  clearCache(): string;
  /**
   * Every download native knows, as a JSON array of NativeDownloadStatus: the web's list re-syncs
   * from it in one call after the app returns from the background (not in SPEC §7).
   */
  getDownloadStates(): string;
  /**
   * Downloads the app's own new package (the update dialog) and, once it is complete
   * and its MD5 matches, opens the system installer. `options` is a JSON object { version, md5,
   * size }. Progress and the outcome come as `update.progress` / `update.state` events; one update
   * download at a time (a second call while one runs answers "1" and changes nothing). Answer "1"
   * if started (not in SPEC §7).
   */
  updateApp(url: string, options: string): string;
  /**
   * The WebView is below the web's minimum (Chromium 66 / Safari 14) and the message page shows
   * instead of the app (src/boot/unsupported.js, a classic script: it calls the JavascriptInterface
   * directly, never through the adapter). `payload` is JSON { missing: string[], ua, url }. Log it
   * with the app's version and the WebView package version; answer "1". Optional: a wrapper without
   * it is simply not told.
   */
  reportUnsupportedWebView(payload: string): string;
}

export type NativeMethodName = keyof NativeMethods;
export const NATIVE_METHOD_NAMES: readonly NativeMethodName[] = [
  'pauseDownload',
  'installApp',
  'deleteDownload',
  'openApp',
  'downloadGame',
  'disableScreenCapture',
  'enableScreenCapture',
  'share',
  'inviteShare',
  'getDeviceInfo',
  'getBasicDeviceInfo',
  'setPrivacyConsent',
  'getNetworkType',
  'getChannelInfo',
  'getPushUserId',
  'getCacheSize',
  'clearCache',
  'getDownloadStates',
  'updateApp',
  'reportUnsupportedWebView',
];

/** One download as native reports it (getDownloadStates). Sizes in bytes, speed in bytes/s. */
export interface NativeDownloadStatus {
  platform_game_id: number;
  state: DownState;
  cur: number;
  total: number;
  speed: number;
}

/** Events native sends (validated by bridge/events.ts before any machine sees them). */
export type NativeEvent =
  /** The download's state changed (SPEC §4: 3 finished, 4 failed, 6 paused by native, 1 started). */
  | { type: 'download.state'; platform_game_id: number; state: DownState }
  /** Progress: bytes so far, total bytes, current speed in bytes/s. */
  | { type: 'download.progress'; platform_game_id: number; cur: number; total: number; speed: number }
  /** The installer's result: code 1 installed, anything else failed. */
  | { type: 'install.result'; platform_game_id: number; code: number }
  /** The app came back from the background (native also fires visibilitychange; either triggers a re-sync). */
  | { type: 'app.resume' }
  /** The app update's download progress (updateApp): bytes so far, total bytes, speed in bytes/s. */
  | { type: 'update.progress'; cur: number; total: number; speed: number }
  /** The app update's state: '1' started, '3' downloaded and the installer opened, '4' failed. */
  | { type: 'update.state'; state: UpdateState };

/** The app update's states (update.state events), a subset of the download states' meanings. */
export type UpdateState = '1' | '3' | '4';
export const UPDATE_STATES: readonly UpdateState[] = ['1', '3', '4'];

export type NativeEventType = NativeEvent['type'];

/** What a call answers, as the adapter reports it. Never throws. */
export type BridgeResult =
  | { ok: true; value: string }
  | { ok: false; reason: 'unavailable' | 'failed'; message: string };
