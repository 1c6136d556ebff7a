import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import { browserCrypto } from '../../api/crypto-browser.ts';
import type { DeviceInfo } from '../../api/device.ts';
import { readDeviceInfo } from '../../bridge/device-info.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ActiveRecordInput } from '../../machines/session.types.ts';
import { readCredentials, writeCredentials } from './credentials-storage.ts';
import { apiBase, encryptRequests, secrets } from './env.ts';
import { showToast } from './toast.ts';

export type Inspector = (event: InspectionEvent) => void;

/**
 * The app's long-lived actors and services. Views read them through hooks (useRuntime);
 * feature modules add their own actors in createRuntime below, each passing `inspect` so the
 * event log sees every event of every actor.
 */
export interface AppRuntime {
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The wrapper's device info; null in a plain browser. */
  device: DeviceInfo | null;
  /** Pass to every createActor / useMachine: fans out to the registered inspectors. */
  inspect: Inspector;
  addInspector(inspector: Inspector): () => void;
  /** Opens the login overlay at panel 1 (the navigation guard and protected actions call it). */
  openLogin(): void;
  /**
   * SPEC §4 "reloads the page" after login: the current page remounts and refetches with the
   * new token (a soft reload, so a cheap phone does not download and parse the app again).
   */
  reloadView(): void;
  viewEpoch: { get(): number; subscribe(listener: () => void): () => void };
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
  const device = readDeviceInfo(env.host);

  let session: AppRuntime['session'] | null = null;
  const api = createApiClient({
    baseUrl: apiBase,
    secrets,
    crypto: browserCrypto,
    encrypt: encryptRequests,
    getCredentials: () => {
      const credentials = session?.getSnapshot().context.credentials;
      return credentials ? { token: credentials.token, uuid: credentials.uuid } : null;
    },
    getDevice: () => device,
    onOutcome: (outcome) => session?.send({ type: 'api.outcome', outcome }),
  });

  session = createActor(
    sessionMachine.provide({
      actions: {
        persistCredentials: (_, params) => writeCredentials(env.storage, params.credentials),
        showToast: (_, params) => env.toast(params.message),
        reloadPage: () => env.reload(),
        navigateTo: (_, params) => env.navigate(params.path),
      },
      actors: {
        activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => {
          await api.call('/api/user/changeActiveRecord');
        }),
      },
    }),
    { input: { credentials: readCredentials(env.storage) }, inspect },
  );

  let epoch = 0;
  const epochListeners = new Set<() => void>();
  const runtime: AppRuntime = {
    api,
    session,
    device,
    inspect,
    addInspector(inspector) {
      inspectors.add(inspector);
      return () => inspectors.delete(inspector);
    },
    openLogin: () => env.navigate('/login'),
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
  session.start();
  return runtime;
}
