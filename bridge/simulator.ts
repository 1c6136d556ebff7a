import { NATIVE_METHOD_NAMES, NATIVE_OBJECT_NAME, PROMPT_SCHEME, type NativeDownloadStatus, type NativeMethodName, type NativeMethods } from './definitions.ts';
import { createDownloadEngine, SimNetworkLost, type DownloadEngine, type SimFailure } from './sim-download.ts';
import { createSimInstalls, type SimInstalls } from './sim-installs.ts';
import { createSimRuntime, type SimLog, type SimRuntime } from './sim-runtime.ts';
import { createIdbSimStore, type SimStore } from './sim-store.ts';
import { CONSENT_KEY, IDENTITY_KEY, parseId, parseOptions, randomHex, sizeText, type DownloadRecord, type InstallRecord } from './sim-support.ts';

/**
 * The wrapper simulator: plays the Android wrapper in a real browser (`?wrapper=sim`, see
 * bridge/simulator-activation.ts) and in node tests, so the download feature runs end to end
 * without a phone. It answers every NativeMethods call synchronously (from an in-memory mirror of
 * its store, as a JavascriptInterface does), really downloads the package with fetch, resumes
 * with HTTP Range, checks the MD5 (bridge/sim-download.ts), and "installs" into its store
 * (bridge/sim-installs.ts). This file is the façade: the bridge methods, the channels and the
 * page's events. docs/bridge-protocol.md describes the real wrapper it stands in for.
 */

export type { SimStore } from './sim-store.ts';
export { createMemorySimStore } from './sim-store.ts';
export { SIM_PERSIST_INTERVAL_MS, SIM_PROGRESS_INTERVAL_MS, SimNetworkLost, type SimFailure } from './sim-download.ts';

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
  log?: SimLog;
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
export const SIM_INSTALL_DELAY_MS = 800;
export const SIM_OPEN_OVERLAY_MS = 2_000;

type HostRecord = Record<string, unknown>;

/** What the bridge methods share beyond the engine: the simulated device's own state. */
interface Device {
  host: HostRecord;
  runtime: SimRuntime;
  store: SimStore;
  engine: DownloadEngine;
  installs: SimInstalls;
  fail: SimFailure | null;
  version: string;
  identity: Record<string, string>;
  consent: boolean;
  network: SimNetwork | null;
  share: { method: 'share' | 'inviteShare'; payload: string } | null;
  /** The app update running, if any. */
  update: AbortController | null;
}

/** The page's navigator says it is offline (navigator.onLine false): the simulated device has no network. */
function hostOffline(host: HostRecord): boolean {
  return (host.navigator as { onLine?: unknown } | undefined)?.onLine === false;
}

function resolveUrl(host: HostRecord, url: string): string | null {
  try {
    const base = (host.location as { href?: unknown } | undefined)?.href;
    const resolved = new URL(url, typeof base === 'string' ? base : undefined);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

function showOverlay(device: Device, text: string): void {
  const page = device.host.document as Document | undefined;
  if (!page?.body) return;
  page.getElementById('wrapper-sim-overlay')?.remove();
  const overlay = page.createElement('div');
  overlay.id = 'wrapper-sim-overlay';
  overlay.setAttribute('role', 'status');
  overlay.textContent = text;
  overlay.style.cssText =
    'position:fixed;left:50%;bottom:96px;transform:translateX(-50%);z-index:2147483647;padding:10px 16px;border-radius:8px;background:rgba(0,0,0,.8);color:#fff;font-size:14px;pointer-events:none';
  page.body.append(overlay);
  device.runtime.later(() => overlay.remove(), SIM_OPEN_OVERLAY_MS);
}

/** The made-up device ids, made once and kept, as a phone keeps its own. */
async function loadIdentity(store: SimStore): Promise<Record<string, string>> {
  let stored = (await store.get(IDENTITY_KEY)) as Record<string, string> | undefined;
  if (!stored || typeof stored.imei !== 'string') {
    const digits = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(13)), (b) => String(b % 10)).join('');
    stored = { imei: `86${digits}`, android_id: randomHex(8), oaid: randomHex(16), push_id: `sim-${randomHex(6)}` };
    await store.set(IDENTITY_KEY, stored);
  }
  return stored;
}

/** The downloads and installs an earlier page left on the "disk". */
async function loadDisk(store: SimStore, engine: DownloadEngine, installs: SimInstalls): Promise<void> {
  for (const key of await store.keys()) {
    const value = (await store.get(key)) as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object') continue;
    // The page died mid-download: what is kept is a paused download, as after a wrapper restart.
    if (key.startsWith('download:')) engine.restore(value as unknown as DownloadRecord);
    else if (key.startsWith('install:')) installs.restore(value as unknown as InstallRecord);
  }
}

type DownloadMethodName = 'pauseDownload' | 'installApp' | 'deleteDownload' | 'openApp' | 'downloadGame' | 'getCacheSize' | 'clearCache' | 'getDownloadStates';

function downloadMethods(device: Device): Pick<NativeMethods, DownloadMethodName> {
  const { engine, installs, runtime, fail } = device;
  return {
    pauseDownload(platformGameId) {
      const live = engine.get(parseId(String(platformGameId)) ?? 0);
      if (!live?.controller || live.controller.signal.aborted) return '0';
      live.record.state = '6';
      live.controller.abort();
      return '1';
    },
    installApp(platformGameId, deletePackage) {
      const live = engine.get(parseId(String(platformGameId)) ?? 0);
      if (!live || !engine.isComplete(live)) return '0';
      runtime.later(() => {
        if (engine.get(live.record.platform_game_id) !== live) return;
        const code = fail === 'install' ? 2 : 1;
        if (code === 1) {
          installs.add(live.record.package_name, live.record.platform_game_id);
          live.record.state = '5';
          if (String(deletePackage) === '1') {
            engine.dropBytes(live);
            engine.persist(live, 'delete');
          } else engine.persist(live, 'keep');
        }
        runtime.emit({ type: 'install.result', platform_game_id: live.record.platform_game_id, code });
      }, SIM_INSTALL_DELAY_MS);
      return '1';
    },
    deleteDownload(platformGameId) {
      const id = parseId(String(platformGameId));
      if (id === null) return '0';
      engine.remove(id);
      return '1';
    },
    openApp(packageName) {
      if (!installs.has(String(packageName))) return '0';
      showOverlay(device, `已打开 ${packageName}`);
      return '1';
    },
    downloadGame(url, platformGameId, optionsJson) {
      const id = parseId(String(platformGameId));
      const resolved = resolveUrl(device.host, String(url));
      if (id === null || resolved === null || fail === 'address') return '0';
      const extras = parseOptions(String(optionsJson ?? ''));
      let live = engine.get(id);
      if (live?.controller && !live.controller.signal.aborted) return '1';
      if (!live) {
        const fallbackName = /([\w.]+)\.apk$/.exec(new URL(resolved).pathname)?.[1] ?? `game.${id}`;
        live = engine.add({ platform_game_id: id, url: resolved, md5: extras.md5, package_name: extras.package_name || fallbackName, game_name: extras.game_name, state: '0', have: 0, total: extras.size });
      } else {
        live.record.url = resolved;
        live.record.md5 = extras.md5;
        if (extras.package_name) live.record.package_name = extras.package_name;
        if (extras.game_name) live.record.game_name = extras.game_name;
      }
      if (engine.isComplete(live)) {
        // Already on disk and checked: say so again rather than download twice.
        runtime.emit({ type: 'download.state', platform_game_id: id, state: '3' });
        return '1';
      }
      if (live.record.state === '5' || live.record.state === '4') live.record.total = extras.size || live.record.total;
      engine.start(live);
      return '1';
    },
    getCacheSize() {
      // What clearCache removes: the packages installed games left behind.
      let bytes = 0;
      for (const live of engine.records.values()) {
        if (live.record.state === '5') bytes += live.sink?.length ?? live.record.have;
      }
      return sizeText(bytes);
    },
    clearCache() {
      // The packages of installed games (kept when ispackage is off); a finished download not yet
      // installed is the player's, not cache, and stays, as do paused ones.
      for (const live of [...engine.records.values()]) {
        if (live.record.state === '5' && (live.sink?.length ?? live.record.have) > 0) {
          engine.dropBytes(live);
          engine.persist(live, 'delete');
        }
      }
      return '1';
    },
    getDownloadStates() {
      const list: NativeDownloadStatus[] = [...engine.records.values()].map((live) => ({
        platform_game_id: live.record.platform_game_id,
        state: live.record.state,
        cur: live.sink?.length ?? live.record.have,
        total: live.record.total,
        speed: live.controller ? live.speed : 0,
      }));
      return JSON.stringify(list);
    },
  };
}

function deviceMethods(device: Device): Omit<NativeMethods, DownloadMethodName> {
  const { host, runtime } = device;
  const methods: Omit<NativeMethods, DownloadMethodName> = {
    disableScreenCapture: () => '1',
    enableScreenCapture: () => '1',
    share(payload) {
      device.share = { method: 'share', payload: String(payload) };
      return '1';
    },
    inviteShare(payload) {
      device.share = { method: 'inviteShare', payload: String(payload) };
      return '1';
    },
    getDeviceInfo() {
      // A real wrapper must not read an identifier before consent; neither does this one.
      if (!device.consent) return methods.getBasicDeviceInfo();
      const { identity } = device;
      return JSON.stringify({ ...JSON.parse(methods.getBasicDeviceInfo()), imei: identity.imei, android_id: identity.android_id, oaid: identity.oaid, mac: '02:00:00:00:00:00' });
    },
    getBasicDeviceInfo() {
      const navigator = host.navigator as { userAgent?: unknown } | undefined;
      const { version } = device;
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
      const consent = String(granted) === '1';
      device.consent = consent;
      runtime.write(() => device.store.set(CONSENT_KEY, consent ? '1' : '0'));
      return '1';
    },
    getNetworkType() {
      if (device.network) return device.network;
      // ConnectivityManager has no active network: what a browser that went offline means.
      if (hostOffline(host)) return 'none';
      const connection = (host.navigator as { connection?: { type?: unknown } } | undefined)?.connection;
      const type = connection?.type;
      if (type === 'cellular' || type === 'none') return type;
      return type === 'wifi' || type === 'ethernet' || type === undefined ? 'wifi' : 'unknown';
    },
    getChannelInfo: () => JSON.stringify({ channel: 'sim', media_id: '1' }),
    getPushUserId: () => (device.consent ? device.identity.push_id ?? '' : ''),
    updateApp(url, optionsJson) {
      const resolved = resolveUrl(host, String(url));
      if (resolved === null || device.fail === 'address') return '0';
      if (device.update) return '1';
      const extras = parseOptions(String(optionsJson ?? ''));
      const controller = new AbortController();
      device.update = controller;
      void device.engine
        .update(resolved, extras.md5, extras.size, controller.signal)
        .then(() => showOverlay(device, '已打开安装程序'))
        .catch((error: unknown) => {
          if (runtime.disposed) return;
          runtime.log('app update failed', error);
          runtime.emit({ type: 'update.state', state: '4' });
        })
        .finally(() => {
          if (device.update === controller) device.update = null;
        });
      return '1';
    },
    reportUnsupportedWebView(payload) {
      // The web calls it only from the message page below the minimum, where no module (and so no simulator) runs.
      runtime.log('unsupported WebView reported', String(payload));
      return '1';
    },
  };
  return methods;
}

/** Puts `native` where the web looks for it; the returned function takes it away again. */
function installChannel(host: HostRecord, channel: 'direct' | 'prompt', secret: string | null, native: NativeMethods, log: SimLog): () => void {
  if (channel === 'direct') {
    host[NATIVE_OBJECT_NAME] = native;
    return () => {
      if (host[NATIVE_OBJECT_NAME] === native) delete host[NATIVE_OBJECT_NAME];
    };
  }
  const originalPrompt = host.prompt;
  const callPrefix = `${PROMPT_SCHEME}//call/`;
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
  return () => {
    host.prompt = originalPrompt;
  };
}

/** Listens to the page as the wrapper hears the phone; the returned function stops listening. */
function watchHost(device: Device): () => void {
  const { host, runtime } = device;
  const page = host.document as Document | undefined;
  const onVisibility = () => {
    if (page?.visibilityState === 'visible') runtime.emit({ type: 'app.resume' });
  };
  page?.addEventListener?.('visibilitychange', onVisibility);

  // The simulated network is the browser's: its throttle holds back bytes fetch already has, so
  // when the browser goes offline the running downloads must lose the network too, at the byte
  // the simulation had reached (a real wrapper's socket fails the same way). Each fails with
  // state 4, its bytes kept; the next downloadGame resumes them with Range once the network is back.
  const events = typeof host.addEventListener === 'function' ? (host as unknown as EventTarget) : null;
  const onOffline = () => {
    device.engine.abortAll(new SimNetworkLost());
    device.update?.abort(new SimNetworkLost());
  };
  events?.addEventListener('offline', onOffline);
  return () => {
    page?.removeEventListener?.('visibilitychange', onVisibility);
    events?.removeEventListener('offline', onOffline);
  };
}

export async function installWrapperSimulator(options: SimulatorOptions): Promise<WrapperSimulator> {
  const host = options.host as HostRecord;
  const store = options.store ?? (await createIdbSimStore());
  const speedOption = options.speedBytesPerSecond ?? DEFAULT_SIM_SPEED;
  const speedLimit = Number.isFinite(speedOption) && speedOption > 0 ? speedOption : Infinity;
  const fail = options.fail ?? null;
  const channel = options.channel ?? 'direct';
  const secret = channel === 'prompt' ? randomHex(16) : null;
  const log = options.log ?? ((message: string, detail?: unknown) => console.info(`[wrapper-sim] ${message}`, detail ?? ''));
  const runtime = createSimRuntime(host, secret, log);
  const engine = createDownloadEngine({ store, fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)), speedLimit, fail, runtime });
  const installs = createSimInstalls(store, runtime);

  // ---- loading the "disk" ----
  const identity = await loadIdentity(store);
  // The consent the web last gave (docs/bridge-protocol.md "Privacy consent"): identifiers only with it.
  const consent = (await store.get(CONSENT_KEY)) === '1';
  await loadDisk(store, engine, installs);
  const version = typeof options.version === 'string' && /^\d{1,4}(\.\d{1,4}){1,3}$/.test(options.version) ? options.version : SIM_APP_VERSION;
  const device: Device = { host, runtime, store, engine, installs, fail, version, identity, consent, network: options.network ?? null, share: null, update: null };

  const native: NativeMethods = { ...downloadMethods(device), ...deviceMethods(device) };
  const removeChannel = installChannel(host, channel, secret, native, log);
  runtime.drainSoon();
  const unwatch = watchHost(device);

  log(`installed (${channel} channel, ${Number.isFinite(speedLimit) ? `${speedLimit} B/s` : 'unthrottled'}${fail ? `, failing ${fail}` : ''})`);

  return {
    native,
    channel,
    secret,
    lastShare: () => device.share,
    privacyConsent: () => device.consent,
    setNetwork(next) {
      device.network = next;
    },
    flush: () => runtime.flush(),
    dispose() {
      runtime.dispose();
      engine.abortAll();
      device.update?.abort();
      unwatch();
      removeChannel();
    },
  };
}
