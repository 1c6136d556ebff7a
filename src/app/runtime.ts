import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { deferApiClient } from '../../api/lazy-client.ts';
import type { DeviceInfo } from '../../api/device.ts';
import type { ApiOutcome } from '../../api/outcome.ts';
import { isInsideWrapper } from '../../bridge/device-info.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ActiveRecordInput } from '../../machines/session.types.ts';
import { readCredentials, writeCredentials } from './credentials-storage.ts';
import { createConsentStore, policyVersionOf, PRIVACY_POLICY_CALL, watchStorageKey, type ConsentStore } from './privacy-consent.ts';
import { createDeviceSource } from './device-source.ts';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { showToast } from './toast.ts';
import type { EventLog } from './event-log.ts';
import { createDeferredEventLog } from './event-log-deferred.ts';
import type { LoginOverlayActor } from '../features/login/login-runtime.ts';
import type { RouteData } from '../../machines/navigation.types.ts';
import { createLoading, type LoadingActor } from './loading.ts';
import { withPrefetch, type PrefetchingClient } from './prefetch.ts';
import { withLastSeen } from './offline/last-seen-client.ts';
import { ownerOf } from './offline/owner.ts';
import { trackCalls } from './startup.ts';
import { createNavigationFeature, type NavigationActor, type ScrollKeeper } from './navigation-runtime.ts';
import type { ServicePollActor } from '../features/service/service-runtime.ts';
import type { RatingActor } from '../features/rating/rating-runtime.ts';
import type { DownloadListActor } from '../features/downloads/download-runtime.ts';
import { CHUNK_FAILED_MESSAGE, deferActor, lazyActor, type DeferredActor } from '../features/deferred-actor.ts';
import * as calls from '../../api/protocol/call-refs.ts';
import { request } from '../../api/typed-call.ts';

export type Inspector = (event: InspectionEvent) => void;

/**
 * The app's long-lived actors and services. Views read them through hooks (useRuntime);
 * feature modules add their own actors in createRuntime below, each passing `inspect` so the
 * event log sees every event of every actor.
 */
export interface AppRuntime {
  api: ApiClient;
  /** Starts a call ahead of the page that makes it (or takes the answer the server embedded); that page's call gets the answer (src/app/prefetch.ts). */
  prefetch: PrefetchingClient['prefetch'];
  session: ActorRefFrom<typeof sessionMachine>;
  /** The wrapper's device info without identifiers (src/app/device-source.ts); null in a plain browser. */
  device: DeviceInfo | null;
  /** The privacy-policy consent (src/app/privacy-consent.ts): device identifiers are read and sent only with it. */
  privacy: ConsentStore;
  /** Pass to every createActor / useMachine: fans out to the registered inspectors. */
  inspect: Inspector;
  addInspector(inspector: Inspector): () => void;
  /** Every event of every actor, redacted and persisted, for /testview, export and replay (src/app/event-log.ts). */
  eventLog: EventLog;
  /**
   * Opens the login overlay at panel 1 (the navigation guard and protected actions call it);
   * before the login chunk is there, the open waits for it.
   */
  openLogin(): void;
  /**
   * The login overlay (SPEC §2, src/features/login/login-runtime.ts): the overlay's views read it;
   * openLogin sends it 'ui.open'. Loads on the first openLogin, or when the browser is idle after start.
   */
  loginOverlay: DeferredActor<LoginOverlayActor> & { load?(): Promise<LoginOverlayActor> };
  /**
   * SPEC §4 "reloads the page" after login: the current page remounts and refetches with the
   * new token (a soft reload, so a cheap phone does not download and parse the app again).
   */
  reloadView(): void;
  viewEpoch: { get(): number; subscribe(listener: () => void): () => void };
  /** SPEC §2 navigation rules: every in-app move goes through it (src/app/navigation-runtime.ts). */
  navigation: NavigationActor;
  /** Asks for a move ('back' goes back); the guard may cancel it and open the login popup. */
  navigate(to: string, data?: RouteData | null, options?: { replace?: boolean }): void;
  /** Window scroll across page switches (kept-alive pages get theirs back). */
  scroll: ScrollKeeper;
  /** The global loading overlay: wrap work with withLoading (src/app/loading.ts). */
  loading: LoadingActor;
  /** Customer-service poll and the '客服消息' banner (src/features/service/service-runtime.ts); loads after start. */
  servicePoll: DeferredActor<ServicePollActor>;
  /** The game rating dialog (src/features/rating/rating-runtime.ts); loads after start. */
  rating: DeferredActor<RatingActor>;
  /**
   * The download list (src/features/downloads/download-runtime.ts): only inside the native
   * wrapper (SPEC §4), null elsewhere; its chunk loads at start.
   */
  downloads: DeferredActor<DownloadListActor> | null;
}

export interface RuntimeEnvironment {
  storage: Storage;
  reload(): void;
  navigate(path: string): void;
  toast(message: string): void;
  host: Record<string, unknown>;
}

const browserEnvironment = (): RuntimeEnvironment => ({
  storage: window.localStorage,
  reload: () => window.location.reload(),
  navigate: (path) => navigate(path),
  toast: (message) => showToast(message),
  host: window as unknown as Record<string, unknown>,
});

/**
 * Wires the pure machines to the world: storage, toasts, navigation, reload and the api client.
 * Created once at start-up (src/main.tsx); tests pass their own environment.
 */
export function createRuntime(env: RuntimeEnvironment = browserEnvironment()): AppRuntime {
  const inspectors = new Set<Inspector>();
  const inspect: Inspector = (event) => {
    for (const inspector of inspectors) inspector(event);
  };
  // Registered before any actor exists, so the log holds every actor's xstate.init (replay starts there).
  // The recorder loads at once: a crash in the first seconds is exactly what QA needs the log for.
  const eventLog = createDeferredEventLog();
  inspectors.add(eventLog.inspect);
  const privacy = createConsentStore(env.storage, { watch: watchStorageKey(env.host, STORAGE_KEYS.privacyConsent) });
  let loadPolicyVersion = () => {};
  const deviceSource = createDeviceSource(env.host, privacy, () => loadPolicyVersion());
  const device = deviceSource.basic;

  let session: AppRuntime['session'] | null = null;
  const onOutcome = (outcome: ApiOutcome) => session?.send({ type: 'api.outcome', outcome });
  // The client's code (ky, crypto-js, the wire protocol) is its own chunk, fetched from here on,
  // beside the first page's: the first paint needs none of it (api/lazy-client.ts).
  const client = deferApiClient(
    () =>
      import('./browser-api-client.ts').then((m) =>
        m.createBrowserApiClient({
          getCredentials: () => {
            const credentials = session?.getSnapshot().context.credentials;
            return credentials ? { token: credentials.token, uuid: credentials.uuid } : null;
          },
          getDevice: () => deviceSource.forRequest(),
          onOutcome,
        }),
      ),
    onOutcome,
  );
  // The privacy policy's current version (its text's `version`, server-side): until it is known no
  // consent counts, so no identifier is read. Asked at start, and again by the first device-variant
  // call after a failure (deduplicated while one is under way).
  let askingPolicyVersion: Promise<unknown> | null = null;
  loadPolicyVersion = () => {
    if (privacy.policyVersion() !== null || askingPolicyVersion) return;
    askingPolicyVersion = request(client, PRIVACY_POLICY_CALL, {})
      .then((outcome) => {
        const version = outcome.kind === 'ok' ? policyVersionOf(outcome.data?.version) : null;
        if (version) privacy.setPolicyVersion(version);
      })
      .finally(() => {
        askingPolicyVersion = null;
      });
  };
  loadPolicyVersion();
  // Calls count as start-up work until it settles (src/app/startup.ts: warm-ups wait for it).
  // The lists last seen answer offline, for the same player only (src/app/offline/last-seen-client.ts).
  const api = withLastSeen(withPrefetch(trackCalls(client), { accept: client.accept }), () => (session ? ownerOf(session) : ''));

  session = createActor(
    sessionMachine.provide({
      actions: {
        persistCredentials: (_, params) => writeCredentials(env.storage, params.credentials),
        showToast: (_, params) => env.toast(params.message),
        reloadPage: () => env.reload(),
        // Through the navigation machine: an expired session lands on the full-page /login (SPEC §8).
        navigateTo: (_, params) => runtime.navigate(params.path),
        // Signing in needs the box 《用户协议》和《隐私政策》 ticked: that is the player's consent.
        onSignedIn: () => privacy.grant('login'),
      },
      actors: {
        activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => {
          await request(api, calls.user.changeActiveRecord, {});
        }),
      },
    }),
    { input: { credentials: readCredentials(env.storage) }, inspect },
  );

  let epoch = 0;
  const epochListeners = new Set<() => void>();
  const runtime: AppRuntime = {
    api,
    prefetch: (path, payload, embedded) => api.prefetch(path, payload, embedded),
    session,
    device,
    privacy,
    inspect,
    eventLog,
    addInspector(inspector) {
      inspectors.add(inspector);
      return () => inspectors.delete(inspector);
    },
    openLogin() {
      const overlay = loginOverlay.current();
      if (overlay) overlay.send({ type: 'ui.open' });
      // The first open loads the chunk (its files fetched ahead when idle: src/app/warm-up.ts) and waits for it.
      else void loginOverlay.load().then((loaded) => loaded.send({ type: 'ui.open' }), () => env.toast(CHUNK_FAILED_MESSAGE));
    },
    // Created under FEATURES below (it needs this runtime's api and session).
    get loginOverlay() {
      return loginOverlay;
    },
    get navigation() {
      return navigation.actor;
    },
    navigate: (to, data, options) => navigation.navigate(to, data, options),
    get scroll() {
      return navigation.scroll;
    },
    get loading() {
      return loading;
    },
    get servicePoll() {
      return servicePoll;
    },
    get rating() {
      return rating;
    },
    get downloads() {
      return downloads;
    },
    reloadView() {
      epoch++;
      for (const listener of epochListeners) listener();
    },
    viewEpoch: {
      get: () => epoch,
      subscribe(listener) {
        epochListeners.add(listener);
        return () => epochListeners.delete(listener);
      },
    },
  };
  // FEATURES: each feature inserts its block below this line (create with { inspect }, attach to runtime).
  // The login machines and their wiring load in their own chunk (entry budget) on the first
  // openLogin (a cold start at /login asks at once, through the navigation guard); their files are
  // fetched ahead when the browser is idle (LoginOverlayHost: warmUp('login')), so the first tap
  // finds them in the cache. The overlay reads the session and the location when created
  // (openOnLoginRoute), so nothing is lost by starting it later.
  const loginOverlay = lazyActor(() => import('../features/login/login-runtime.ts').then((m) => m.createLoginFeature(runtime, env)));
  // Navigation listens to the overlay for dismissals once the overlay is there.
  const navigation = createNavigationFeature(runtime, env);
  const loading = createLoading(inspect);
  // Service poll and rating load in one chunk right after start (entry budget) and follow the
  // session from then on. Not after start-up settles: the poll's 20 s (SPEC §9) count from start.
  const late = import('../features/late-features.ts').then((m) => m.createLateFeatures(runtime, env));
  const servicePoll = deferActor(() => late.then((features) => features.servicePoll));
  const rating = deferActor(() => late.then((features) => features.rating));
  // Inside the wrapper only. Native keeps its events until the chunk's receiver is there (docs/bridge-protocol.md §3).
  const downloads = isInsideWrapper(device)
    ? deferActor(() => import('../features/downloads/download-runtime.ts').then((m) => m.createDownloadFeature(runtime, env)))
    : null;
  session.start();
  return runtime;
}
