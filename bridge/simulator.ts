import {
  EVENT_RECEIVER,
  NATIVE_METHOD_NAMES,
  NATIVE_OBJECT_NAME,
  PROMPT_SCHEME,
  READY_RECEIVER,
  type NativeDownloadStatus,
  type NativeEvent,
  type NativeMethodName,
  type NativeMethods,
} from './definitions.ts';
import { md5Hex } from './sim-md5.ts';
import { abortError, ByteSink, bytesKey, CONSENT_KEY, IDENTITY_KEY, installKey, parseId, parseOptions, randomHex, recordKey, sizeText, type DownloadRecord, type InstallRecord } from './sim-support.ts';
import { createIdbSimStore, type SimStore } from './sim-store.ts';

/**
 * The wrapper simulator: plays the Android wrapper in a real browser (`?wrapper=sim`, see
 * bridge/simulator-activation.ts) and in node tests, so the download feature runs end to end
 * without a phone. It answers every NativeMethods call synchronously (from an in-memory mirror of
 * its store, as a JavascriptInterface does), really downloads the package with fetch, resumes
 * with HTTP Range, checks the MD5, and "installs" into its store. docs/bridge-protocol.md
 * describes the real wrapper it stands in for.
 */

export type { SimStore } from './sim-store.ts';
export { createMemorySimStore } from './sim-store.ts';

export type SimFailure = 'install' | 'md5' | 'download' | 'address';

export interface SimulatorOptions {
  /** The page's global object (window); a plain object in node tests. */
  host: object;
  fetch?: typeof fetch;
  /** Default: the simulator's own IndexedDB store. */
  store?: SimStore;
  /** Simulated network speed; Infinity (or 0) downloads as fast as the server sends. Default 1.5 MB/s. */
  speedBytesPerSecond?: number;
  /** Forces one kind of failure (tests, e2e). */
  fail?: SimFailure | null;
  /** 'direct' injects window.LewanNative; 'prompt' answers `lewan://call/<method>` prompts instead. */
  channel?: 'direct' | 'prompt';
  /** Default: console.info, so a developer sees what the "wrapper" did. */
  log?: (message: string, detail?: unknown) => void;
  /** What getNetworkType answers; default: the browser's navigator.connection, else "wifi". */
  network?: SimNetwork | null;
  /** The wrapper's own version name (device info `version`; `version_code` is its digits). Default SIM_APP_VERSION. */
  version?: string;
}

/** The simulated wrapper is the released one (server/db/seed-content.ts): no update at start unless a test asks for an older one. */
export const SIM_APP_VERSION = '3.4.0';

export type SimNetwork = 'wifi' | 'cellular' | 'none';

export interface WrapperSimulator {
  readonly native: NativeMethods;
  readonly channel: 'direct' | 'prompt';
  /** The prompt channel's per-page secret (null on the direct channel). */
  readonly secret: string | null;
  lastShare(): { method: 'share' | 'inviteShare'; payload: string } | null;
  /** What the web last told it with setPrivacyConsent (kept in its store, as native keeps it). */
  privacyConsent(): boolean;
  /** Changes the simulated network (tests). */
  setNetwork(network: SimNetwork): void;
  /** Resolves once every store write made so far has landed. */
  flush(): Promise<void>;
  /** Stops downloads and timers and removes what it installed, like a page unload: nothing more is written. */
  dispose(): void;
}

export const DEFAULT_SIM_SPEED = 1_500_000;
/** The simulator's own timings (not SPEC values), named so tests and docs can point at them. */
export const SIM_PROGRESS_INTERVAL_MS = 100;
export const SIM_PERSIST_INTERVAL_MS = 1_000;
export const SIM_INSTALL_DELAY_MS = 800;
export const SIM_OPEN_OVERLAY_MS = 2_000;
const RECEIVER_POLL_MS = 50;

interface Live {
  record: DownloadRecord;
  /** The bytes, once loaded from the store or downloaded in this page. */
  sink: ByteSink | null;
  controller: AbortController | null;
  /** The running download: a resume waits for the paused run to finish writing. */
  run: Promise<void>;
  speed: number;
}

type HostRecord = Record<string, unknown>;

/**
 * Why a download stopped when the device lost its network (the browser's `offline` event): a
 * failure (state 4, docs/bridge-protocol.md "network error"), not a pause, and the bytes already
 * received are kept for the Range resume.
 */
export class SimNetworkLost extends Error {
  constructor() {
    super('network lost');
    this.name = 'SimNetworkLost';
  }
}

/** The page's navigator says it is offline (navigator.onLine false): the simulated device has no network. */
function hostOffline(host: HostRecord): boolean {
  return (host.navigator as { onLine?: unknown } | undefined)?.onLine === false;
}

export async function installWrapperSimulator(options: SimulatorOptions): Promise<WrapperSimulator> {
  const host = options.host as HostRecord;
  const store = options.store ?? (await createIdbSimStore());
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const speedOption = options.speedBytesPerSecond ?? DEFAULT_SIM_SPEED;
  const speedLimit = Number.isFinite(speedOption) && speedOption > 0 ? speedOption : Infinity;
  const fail = options.fail ?? null;
  const channel = options.channel ?? 'direct';
  const secret = channel === 'prompt' ? randomHex(16) : null;

  const records = new Map<number, Live>();
  const installs = new Map<string, InstallRecord>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;
  let writes: Promise<void> = Promise.resolve();
  let share: { method: 'share' | 'inviteShare'; payload: string } | null = null;
  const version = typeof options.version === 'string' && /^\d{1,4}(\.\d{1,4}){1,3}$/.test(options.version) ? options.version : SIM_APP_VERSION;
  let update: AbortController | null = null;

  const log = options.log ?? ((message: string, detail?: unknown) => console.info(`[wrapper-sim] ${message}`, detail ?? ''));

  function later(fn: () => void, ms: number): void {
    if (disposed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!disposed) fn();
    }, ms);
    timers.add(timer);
  }

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      const timer = setTimeout(() => {
        timers.delete(timer);
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      timers.add(timer);
      const onAbort = () => {
        clearTimeout(timer);
        timers.delete(timer);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Store writes run one after another, so an older snapshot never lands after a newer one. */
  function write(task: () => Promise<void>): void {
    if (disposed) return;
    writes = writes.then(task).catch((error: unknown) => log('store write failed', error));
  }

  // ---- loading the "disk" ----
  let stored = (await store.get(IDENTITY_KEY)) as Record<string, string> | undefined;
  if (!stored || typeof stored.imei !== 'string') {
    const digits = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(13)), (b) => String(b % 10)).join('');
    stored = { imei: `86${digits}`, android_id: randomHex(8), oaid: randomHex(16), push_id: `sim-${randomHex(6)}` };
    await store.set(IDENTITY_KEY, stored);
  }
  const identity = stored;
  // The consent the web last gave (docs/bridge-protocol.md "Privacy consent"): identifiers only with it.
  let consent = (await store.get(CONSENT_KEY)) === '1';
  let network: SimNetwork | null = options.network ?? null;
  for (const key of await store.keys()) {
    const value = (await store.get(key)) as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object') continue;
    if (key.startsWith('download:')) {
      const record = value as unknown as DownloadRecord;
      // The page died mid-download: what is kept is a paused download, as after a wrapper restart.
      if (record.state === '1' || record.state === '2') record.state = '6';
      records.set(record.platform_game_id, { record, sink: null, controller: null, run: Promise.resolve(), speed: 0 });
    } else if (key.startsWith('install:')) {
      const install = value as unknown as InstallRecord;
      installs.set(install.package_name, install);
    }
  }

  // ---- events to the web ----
  const outbox: string[] = [];
  let readyPending = secret !== null;
  let drainScheduled = false;

  function drain(): void {
    drainScheduled = false;
    const ready = host[READY_RECEIVER];
    if (readyPending && typeof ready === 'function') {
      readyPending = false;
      try {
        ready(secret);
      } catch (error) {
        log('ready receiver threw', error);
      }
    }
    const receiver = host[EVENT_RECEIVER];
    while (outbox.length > 0 && typeof receiver === 'function') {
      try {
        receiver(outbox.shift());
      } catch (error) {
        log('event receiver threw', error);
      }
    }
    // The web installs its receivers when its bridge starts, which may be after us.
    if (outbox.length > 0 || readyPending) scheduleDrain(RECEIVER_POLL_MS);
  }

  function scheduleDrain(ms = 0): void {
    if (drainScheduled || disposed) return;
    drainScheduled = true;
    later(drain, ms);
  }

  function emit(event: NativeEvent): void {
    outbox.push(JSON.stringify(event));
    scheduleDrain();
  }

  // ---- downloads ----
  function persist(live: Live, bytes: 'keep' | 'snapshot' | 'delete'): void {
    const id = live.record.platform_game_id;
    if (live.sink) live.record.have = live.sink.length;
    const record = { ...live.record };
    const snapshot = bytes === 'snapshot' && live.sink ? live.sink.snapshot() : null;
    write(async () => {
      if (records.get(id) !== live) return;
      if (snapshot) await store.set(bytesKey(id), snapshot);
      if (bytes === 'delete') await store.del(bytesKey(id));
      await store.set(recordKey(id), record);
    });
  }

  async function loadSink(live: Live): Promise<ByteSink> {
    if (live.sink) return live.sink;
    const stored = await store.get(bytesKey(live.record.platform_game_id));
    const bytes = stored instanceof Uint8Array ? stored : stored instanceof ArrayBuffer ? new Uint8Array(stored) : null;
    live.sink = new ByteSink(bytes, live.record.total);
    return live.sink;
  }

  function isComplete(live: Live): boolean {
    const { state, have, total } = live.record;
    return (state === '3' || state === '5') && total > 0 && have === total;
  }

  async function download(live: Live, signal: AbortSignal): Promise<void> {
    const record = live.record;
    const id = record.platform_game_id;
    const sink = await loadSink(live);
    if (signal.aborted) throw abortError();
    if (record.total > 0 && sink.length >= record.total) {
      // Every byte is already here (paused at the very end): only the check is left.
      sink.length = record.total;
      return verify(live, sink);
    }
    const have = sink.length;
    const response = await fetchFn(record.url, { signal, cache: 'no-store', headers: have > 0 ? { range: `bytes=${have}-` } : {} });
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
    if (response.status === 206 && range && Number(range[1]) === have) {
      record.total = Number(range[3]);
    } else if (response.status === 200) {
      // The server ignored the Range (or there were no bytes yet): start over.
      sink.length = 0;
      record.total = Number(response.headers.get('content-length')) || record.total;
    } else {
      // A 416 or a range we did not ask for: the kept bytes no longer match the file.
      if (response.status === 206 || response.status === 416) sink.length = 0;
      throw new Error(`HTTP ${response.status}`);
    }
    const header = response.headers.get('x-content-md5')?.toLowerCase() ?? '';
    if (record.md5 === null && /^[0-9a-f]{32}$/.test(header)) record.md5 = header;
    sink.reserve(record.total);
    record.have = sink.length;
    if (!response.body) throw new Error('no body');

    const reader = response.body.getReader();
    const started = Date.now();
    const startedWith = sink.length;
    // Pieces small enough that a slow simulated network still moves every progress tick.
    const piece = Number.isFinite(speedLimit) ? Math.max(1024, Math.floor((speedLimit * SIM_PROGRESS_INTERVAL_MS) / 1000)) : Infinity;
    let lastProgressAt = 0;
    let lastProgressBytes = sink.length;
    let lastPersistAt = started;
    let progressEvents = 0;

    const progress = () => {
      const now = Date.now();
      const seconds = Math.max(0.01, (now - (lastProgressAt || started)) / 1000);
      live.speed = Math.round((sink.length - lastProgressBytes) / seconds);
      lastProgressAt = now;
      lastProgressBytes = sink.length;
      record.state = '2';
      record.have = sink.length;
      progressEvents++;
      emit({ type: 'download.progress', platform_game_id: id, cur: sink.length, total: Math.max(record.total, sink.length), speed: live.speed });
    };

    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let offset = 0; offset < value.length; offset += piece) {
          sink.append(value.subarray(offset, offset + piece));
          if (Number.isFinite(speedLimit)) {
            const due = started + ((sink.length - startedWith) / speedLimit) * 1000;
            if (due > Date.now()) await sleep(due - Date.now(), signal);
          }
          const now = Date.now();
          if (now - lastProgressAt >= SIM_PROGRESS_INTERVAL_MS) progress();
          if (now - lastPersistAt >= SIM_PERSIST_INTERVAL_MS) {
            lastPersistAt = now;
            persist(live, 'snapshot');
          }
          if (fail === 'download' && progressEvents > 0) throw new Error('simulated network failure');
        }
      }
    } finally {
      reader.cancel().catch(() => {});
    }
    if (record.total > 0 && sink.length < record.total) throw new Error('connection closed early');
    if (record.total === 0) record.total = sink.length;
    // The last progress shows 100% (once), still at most one progress event per interval.
    if (lastProgressBytes < sink.length || progressEvents === 0) {
      const wait = lastProgressAt + SIM_PROGRESS_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait, signal);
      progress();
    }
    live.speed = 0;
    verify(live, sink);
  }

  function verify(live: Live, sink: ByteSink): void {
    const record = live.record;
    const id = record.platform_game_id;
    const expected = record.md5;
    const actual = md5Hex(sink.view());
    if ((expected !== null && actual !== expected) || fail === 'md5') {
      log(`md5 mismatch for ${id}: expected ${expected}, got ${actual}`);
      // A corrupt file is worthless: the next attempt starts from zero.
      live.sink = new ByteSink(null);
      record.state = '4';
      persist(live, 'delete');
      emit({ type: 'download.state', platform_game_id: id, state: '4' });
      return;
    }
    record.state = '3';
    persist(live, 'snapshot');
    emit({ type: 'download.state', platform_game_id: id, state: '3' });
  }

  function start(live: Live): void {
    const controller = new AbortController();
    live.controller = controller;
    live.record.state = '1';
    live.speed = 0;
    persist(live, 'keep');
    const previous = live.run;
    live.run = previous.then(async () => {
      if (controller.signal.aborted) return;
      emit({ type: 'download.state', platform_game_id: live.record.platform_game_id, state: '1' });
      try {
        await download(live, controller.signal);
      } catch (error) {
        if (disposed || records.get(live.record.platform_game_id) !== live) return;
        live.speed = 0;
        if (controller.signal.aborted && !(controller.signal.reason instanceof SimNetworkLost)) {
          // Paused: keep every byte for the Range resume.
          persist(live, 'snapshot');
          return;
        }
        log(`download ${live.record.platform_game_id} failed`, error);
        live.record.state = '4';
        persist(live, 'snapshot');
        emit({ type: 'download.state', platform_game_id: live.record.platform_game_id, state: '4' });
      } finally {
        if (live.controller === controller) live.controller = null;
      }
    });
  }

  // ---- the app's own update (updateApp) ----
  async function runUpdate(url: string, md5: string | null, size: number, signal: AbortSignal): Promise<void> {
    emit({ type: 'update.state', state: '1' });
    const response = await fetchFn(url, { signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const total = Number(response.headers.get('content-length')) || size;
    const sink = new ByteSink(null, total);
    const reader = response.body.getReader();
    const started = Date.now();
    const piece = Number.isFinite(speedLimit) ? Math.max(1024, Math.floor((speedLimit * SIM_PROGRESS_INTERVAL_MS) / 1000)) : Infinity;
    let lastAt = 0;
    let lastBytes = 0;
    const progress = () => {
      const now = Date.now();
      const speed = Math.round((sink.length - lastBytes) / Math.max(0.01, (now - (lastAt || started)) / 1000));
      lastAt = now;
      lastBytes = sink.length;
      emit({ type: 'update.progress', cur: sink.length, total: Math.max(total, sink.length), speed });
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let offset = 0; offset < value.length; offset += piece) {
          sink.append(value.subarray(offset, offset + piece));
          if (Number.isFinite(speedLimit)) {
            const due = started + (sink.length / speedLimit) * 1000;
            if (due > Date.now()) await sleep(due - Date.now(), signal);
          }
          if (Date.now() - lastAt >= SIM_PROGRESS_INTERVAL_MS) progress();
          if (fail === 'download' && lastBytes > 0) throw new Error('simulated network failure');
        }
      }
    } finally {
      reader.cancel().catch(() => {});
    }
    if (lastBytes < sink.length) progress();
    if ((md5 !== null && md5Hex(sink.view()) !== md5) || fail === 'md5') throw new Error('md5 mismatch');
    emit({ type: 'update.state', state: '3' });
    showOverlay('已打开安装程序');
  }

  function resolveUrl(url: string): string | null {
    try {
      const base = (host.location as { href?: unknown } | undefined)?.href;
      const resolved = new URL(url, typeof base === 'string' ? base : undefined);
      return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
    } catch {
      return null;
    }
  }

  function dropBytes(live: Live): void {
    live.sink = null;
    live.record.have = 0;
  }

  function showOverlay(text: string): void {
    const page = host.document as Document | undefined;
    if (!page?.body) return;
    page.getElementById('wrapper-sim-overlay')?.remove();
    const overlay = page.createElement('div');
    overlay.id = 'wrapper-sim-overlay';
    overlay.setAttribute('role', 'status');
    overlay.textContent = text;
    overlay.style.cssText =
      'position:fixed;left:50%;bottom:96px;transform:translateX(-50%);z-index:2147483647;padding:10px 16px;border-radius:8px;background:rgba(0,0,0,.8);color:#fff;font-size:14px;pointer-events:none';
    page.body.append(overlay);
    later(() => overlay.remove(), SIM_OPEN_OVERLAY_MS);
  }

  const native: NativeMethods = {
    pauseDownload(platformGameId) {
      const live = records.get(parseId(String(platformGameId)) ?? 0);
      if (!live?.controller || live.controller.signal.aborted) return '0';
      live.record.state = '6';
      live.controller.abort();
      return '1';
    },
    installApp(platformGameId, deletePackage) {
      const live = records.get(parseId(String(platformGameId)) ?? 0);
      if (!live || !isComplete(live)) return '0';
      later(() => {
        if (records.get(live.record.platform_game_id) !== live) return;
        const code = fail === 'install' ? 2 : 1;
        if (code === 1) {
          const packageName = live.record.package_name;
          const install: InstallRecord = { package_name: packageName, platform_game_id: live.record.platform_game_id, installed_at: Date.now() };
          installs.set(packageName, install);
          write(() => store.set(installKey(packageName), install));
          live.record.state = '5';
          if (String(deletePackage) === '1') {
            dropBytes(live);
            persist(live, 'delete');
          } else persist(live, 'keep');
        }
        emit({ type: 'install.result', platform_game_id: live.record.platform_game_id, code });
      }, SIM_INSTALL_DELAY_MS);
      return '1';
    },
    deleteDownload(platformGameId) {
      const id = parseId(String(platformGameId));
      if (id === null) return '0';
      records.get(id)?.controller?.abort();
      records.delete(id);
      write(async () => {
        await store.del(bytesKey(id));
        await store.del(recordKey(id));
      });
      return '1';
    },
    openApp(packageName) {
      if (!installs.has(String(packageName))) return '0';
      showOverlay(`已打开 ${packageName}`);
      return '1';
    },
    downloadGame(url, platformGameId, optionsJson) {
      const id = parseId(String(platformGameId));
      const resolved = resolveUrl(String(url));
      if (id === null || resolved === null || fail === 'address') return '0';
      const extras = parseOptions(String(optionsJson ?? ''));
      let live = records.get(id);
      if (live?.controller && !live.controller.signal.aborted) return '1';
      if (!live) {
        const fallbackName = /([\w.]+)\.apk$/.exec(new URL(resolved).pathname)?.[1] ?? `game.${id}`;
        live = {
          record: { platform_game_id: id, url: resolved, md5: extras.md5, package_name: extras.package_name || fallbackName, game_name: extras.game_name, state: '0', have: 0, total: extras.size },
          sink: null,
          controller: null,
          run: Promise.resolve(),
          speed: 0,
        };
        records.set(id, live);
      } else {
        live.record.url = resolved;
        live.record.md5 = extras.md5;
        if (extras.package_name) live.record.package_name = extras.package_name;
        if (extras.game_name) live.record.game_name = extras.game_name;
      }
      if (isComplete(live)) {
        // Already on disk and checked: say so again rather than download twice.
        emit({ type: 'download.state', platform_game_id: id, state: '3' });
        return '1';
      }
      if (live.record.state === '5' || live.record.state === '4') live.record.total = extras.size || live.record.total;
      start(live);
      return '1';
    },
    disableScreenCapture: () => '1',
    enableScreenCapture: () => '1',
    share(payload) {
      share = { method: 'share', payload: String(payload) };
      return '1';
    },
    inviteShare(payload) {
      share = { method: 'inviteShare', payload: String(payload) };
      return '1';
    },
    getDeviceInfo() {
      // A real wrapper must not read an identifier before consent; neither does this one.
      if (!consent) return native.getBasicDeviceInfo();
      return JSON.stringify({
        ...JSON.parse(native.getBasicDeviceInfo()),
        imei: identity.imei,
        android_id: identity.android_id,
        oaid: identity.oaid,
        mac: '02:00:00:00:00:00',
      });
    },
    getBasicDeviceInfo() {
      const navigator = host.navigator as { userAgent?: unknown } | undefined;
      return JSON.stringify({
        StatusHeight: 24,
        system: 'Android 13',
        version,
        version_code: version.replaceAll('.', ''),
        phone_type: 'Simulator Pixel',
        media_id: '1',
        tg: 'sim',
        dychannel: 'sim',
        ua: typeof navigator?.userAgent === 'string' ? navigator.userAgent : 'wrapper-sim',
        simular: '1',
      });
    },
    setPrivacyConsent(granted) {
      consent = String(granted) === '1';
      write(() => store.set(CONSENT_KEY, consent ? '1' : '0'));
      return '1';
    },
    getNetworkType() {
      if (network) return network;
      // ConnectivityManager has no active network: what a browser that went offline means.
      if (hostOffline(host)) return 'none';
      const connection = (host.navigator as { connection?: { type?: unknown } } | undefined)?.connection;
      const type = connection?.type;
      if (type === 'cellular' || type === 'none') return type;
      return type === 'wifi' || type === 'ethernet' || type === undefined ? 'wifi' : 'unknown';
    },
    getChannelInfo: () => JSON.stringify({ channel: 'sim', media_id: '1' }),
    getPushUserId: () => (consent ? identity.push_id ?? '' : ''),
    getCacheSize() {
      // What clearCache removes: the packages installed games left behind.
      let bytes = 0;
      for (const live of records.values()) {
        if (live.record.state === '5') bytes += live.sink?.length ?? live.record.have;
      }
      return sizeText(bytes);
    },
    clearCache() {
      // The packages of installed games (kept when ispackage is off); a finished download not yet
      // installed is the player's, not cache, and stays, as do paused ones.
      for (const live of [...records.values()]) {
        if (live.record.state === '5' && (live.sink?.length ?? live.record.have) > 0) {
          dropBytes(live);
          persist(live, 'delete');
        }
      }
      return '1';
    },
    updateApp(url, optionsJson) {
      const resolved = resolveUrl(String(url));
      if (resolved === null || fail === 'address') return '0';
      if (update) return '1';
      const extras = parseOptions(String(optionsJson ?? ''));
      const controller = new AbortController();
      update = controller;
      void runUpdate(resolved, extras.md5, extras.size, controller.signal)
        .catch((error: unknown) => {
          if (disposed) return;
          log('app update failed', error);
          emit({ type: 'update.state', state: '4' });
        })
        .finally(() => {
          if (update === controller) update = null;
        });
      return '1';
    },
    reportUnsupportedWebView(payload) {
      // The web calls it only from the message page below the minimum, where no module (and so no simulator) runs.
      log('unsupported WebView reported', String(payload));
      return '1';
    },
    getDownloadStates() {
      const list: NativeDownloadStatus[] = [...records.values()].map((live) => ({
        platform_game_id: live.record.platform_game_id,
        state: live.record.state,
        cur: live.sink?.length ?? live.record.have,
        total: live.record.total,
        speed: live.controller ? live.speed : 0,
      }));
      return JSON.stringify(list);
    },
  };

  // ---- channels ----
  const originalPrompt = host.prompt;
  const callPrefix = `${PROMPT_SCHEME}//call/`;
  if (channel === 'direct') {
    host[NATIVE_OBJECT_NAME] = native;
  } else {
    host.prompt = function simulatedPrompt(message?: unknown, value?: unknown): string | null {
      if (typeof message !== 'string' || !message.startsWith(callPrefix)) {
        return typeof originalPrompt === 'function' ? (originalPrompt.call(host, message, value) as string | null) : null;
      }
      const method = message.slice(callPrefix.length) as NativeMethodName;
      let payload: { args?: unknown; secret?: unknown } = {};
      try {
        payload = JSON.parse(String(value)) as typeof payload;
      } catch {
        return null;
      }
      if (payload?.secret !== secret) {
        log(`prompt ${method}: wrong secret, refused`);
        return null;
      }
      if (!NATIVE_METHOD_NAMES.includes(method) || !Array.isArray(payload.args) || !payload.args.every((a) => typeof a === 'string')) return null;
      return (native[method] as (...args: string[]) => string)(...(payload.args as string[]));
    };
  }
  scheduleDrain();

  const page = host.document as Document | undefined;
  const onVisibility = () => {
    if (page?.visibilityState === 'visible') emit({ type: 'app.resume' });
  };
  page?.addEventListener?.('visibilitychange', onVisibility);

  // The simulated network is the browser's: its throttle holds back bytes fetch already has, so
  // when the browser goes offline the running downloads must lose the network too, at the byte
  // the simulation had reached (a real wrapper's socket fails the same way). Each fails with
  // state 4, its bytes kept; the next downloadGame resumes them with Range once the network is back.
  const events = typeof host.addEventListener === 'function' ? (host as unknown as EventTarget) : null;
  const onOffline = () => {
    for (const live of records.values()) {
      if (live.controller && !live.controller.signal.aborted) live.controller.abort(new SimNetworkLost());
    }
    update?.abort(new SimNetworkLost());
  };
  events?.addEventListener('offline', onOffline);

  log(`installed (${channel} channel, ${Number.isFinite(speedLimit) ? `${speedLimit} B/s` : 'unthrottled'}${fail ? `, failing ${fail}` : ''})`);

  return {
    native,
    channel,
    secret,
    lastShare: () => share,
    privacyConsent: () => consent,
    setNetwork(next) {
      network = next;
    },
    async flush() {
      // Writes queued while flushing are waited for too.
      let seen: Promise<void> | null = null;
      while (seen !== writes) {
        seen = writes;
        await seen;
      }
    },
    dispose() {
      disposed = true;
      for (const live of records.values()) live.controller?.abort();
      update?.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      page?.removeEventListener?.('visibilitychange', onVisibility);
      events?.removeEventListener('offline', onOffline);
      if (channel === 'direct' && host[NATIVE_OBJECT_NAME] === native) delete host[NATIVE_OBJECT_NAME];
      if (channel === 'prompt') host.prompt = originalPrompt;
    },
  };
}
