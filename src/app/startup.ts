import type { ApiClient, CallOptions } from '../../api/client.ts';
import type { Fields } from '../../api/protocol/wire.ts';

/**
 * The end of a cold start. Warm-ups (the login overlay's and the toast kit's files, the route
 * titles' chunk) wait for it, so that on a slow phone they take neither bandwidth nor main-thread
 * time from the first page, its data and its images. Settled means:
 * the document has loaded, no api call is in flight, and no resource (chunk, image, call) has
 * arrived for STARTUP_QUIET_MS; at the latest STARTUP_MAX_WAIT_MS after start. The document's
 * load event alone is no such sign in a single-page app: it fires before the page's data
 * arrives and before the images that data names are even requested.
 */

export const STARTUP_QUIET_MS = 1_000;
export const STARTUP_MAX_WAIT_MS = 10_000;
const CHECK_EVERY_MS = 250;

export interface Startup {
  /** The client whose calls count as start-up work (the runtime's: every page call goes through it). */
  trackCalls(api: ApiClient): ApiClient;
  /** Resolves once start-up has settled (the first call starts watching). */
  settled(): Promise<void>;
}

export interface StartupEnvironment {
  now(): number;
  loaded(): boolean;
  /** Calls back on every resource that arrives; returns a stop. */
  observeResources(onResource: () => void): () => void;
}

const browserStartupEnvironment = (): StartupEnvironment => ({
  now: () => performance.now(),
  // No document (a test environment torn down under a pending check) counts as loaded: never throw from a timer.
  loaded: () => typeof document === 'undefined' || document.readyState === 'complete',
  observeResources(onResource) {
    try {
      const observer = new PerformanceObserver(onResource);
      observer.observe({ type: 'resource' });
      return () => observer.disconnect();
    } catch {
      // No resource timing (an old WebView): the calls and the load event still count.
      return () => {};
    }
  },
});

export function createStartup(env: StartupEnvironment = browserStartupEnvironment()): Startup {
  const createdAt = env.now();
  let callsInFlight = 0;
  let lastActivity = createdAt;
  const touch = () => void (lastActivity = env.now());
  let settled: Promise<void> | null = null;
  return {
    trackCalls: (api) => ({
      call<T>(path: string, payload?: Fields, options?: CallOptions) {
        callsInFlight++;
        touch();
        return api.call<T>(path, payload, options).finally(() => {
          callsInFlight--;
          touch();
        });
      },
    }),
    settled: () =>
      (settled ??= new Promise<void>((resolve) => {
        const stop = env.observeResources(touch);
        const check = () => {
          const now = env.now();
          const quiet = env.loaded() && callsInFlight === 0 && now - lastActivity >= STARTUP_QUIET_MS;
          if (quiet || now - createdAt >= STARTUP_MAX_WAIT_MS) {
            stop();
            resolve();
          } else setTimeout(check, CHECK_EVERY_MS);
        };
        check();
      })),
  };
}

/** The app's one start-up (created when the entry chunk runs). */
const startup = createStartup();
export const trackCalls = startup.trackCalls;
export const startupSettled = startup.settled;
