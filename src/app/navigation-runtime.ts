import { createActor, type ActorRefFrom, type Subscription } from 'xstate';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { navigationMachine } from '../../machines/navigation.machine.ts';
import { HOME_PATH, type AppLocation, type RouteData } from '../../machines/navigation.types.ts';
import type { AppRuntime, RuntimeEnvironment } from './runtime.ts';
import { hrefOf, routeDataOf } from './route-data.ts';
import { NAVIGATION_RULES, normalizePath, TRANSIT_PATHS } from './routes.ts';

/**
 * Wires the navigation machine to the browser: the History API, the window's scroll, storage,
 * the login overlay and the session. Every URL change the machine did not make (back/forward, a
 * raw history push by other code) is reported to it as nav.popstate, so the guard sees them all.
 */

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type ScrollIntent = 'top' | 'restore';

/** A kept-alive page's identity: its path and its data (two game details are two pages). */
export function pageKey(location: AppLocation): string {
  return location.data ? `${location.path}?${JSON.stringify(location.data)}` : location.path;
}

/**
 * The window's scroll across page switches. The navigation actions say what the next page should
 * do (`request`); the app shell applies it once the page is on screen (`take`) and tells which
 * page is shown (`shown`); the position of the page being left is saved before the switch
 * (`leave`), while its content is still laid out.
 */
export interface ScrollKeeper {
  request(intent: ScrollIntent): void;
  take(): ScrollIntent | null;
  shown(key: string): void;
  leave(): void;
  saved(key: string): number;
  forget(key: string): void;
}

export function createScrollKeeper(scrollY: () => number): ScrollKeeper {
  const positions = new Map<string, number>();
  let intent: ScrollIntent | null = null;
  let shownKey: string | null = null;
  return {
    request: (next) => void (intent = next),
    take() {
      const next = intent;
      intent = null;
      return next;
    },
    shown: (key) => void (shownKey = key),
    leave() {
      if (shownKey !== null) positions.set(shownKey, scrollY());
    },
    saved: (key) => positions.get(key) ?? 0,
    forget: (key) => void positions.delete(key),
  };
}

/** The browser's side: history, location and scroll (tests pass a fake). */
export interface NavigationHost {
  location(): AppLocation;
  push(href: string): void;
  replace(href: string): void;
  back(): void;
  /** False on the entry the app was opened at: 'back' then goes home instead of leaving. */
  canGoBack(): boolean;
  /** Back/forward, and history pushes made by code that bypassed the machine. */
  onExternalChange(listener: () => void): () => void;
  scrollY(): number;
}

interface IndexedState {
  navIndex?: number;
}

/** History entries carry their depth, so 'back' knows whether there is an entry of the app before. */
export function browserNavigationHost(): NavigationHost {
  const state = () => (window.history.state ?? {}) as IndexedState & Record<string, unknown>;
  const index = () => state().navIndex;
  let applying = false;
  const apply = (change: () => void) => {
    applying = true;
    try {
      change();
    } finally {
      applying = false;
    }
  };
  // The browser must not fight the shell's own restoration (kept-alive pages restore theirs).
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  if (index() === undefined) window.history.replaceState({ ...state(), navIndex: 0 }, '');
  return {
    location: () => ({ path: normalizePath(window.location.pathname), data: routeDataOf(window.location.search, () => {}) }),
    push: (href) => apply(() => window.history.pushState({ navIndex: (index() ?? 0) + 1 }, '', href)),
    replace: (href) => apply(() => window.history.replaceState({ ...state(), navIndex: index() ?? 0 }, '', href)),
    back: () => window.history.back(),
    // An entry pushed by other code has no index but does have one before it.
    canGoBack: () => (index() ?? 1) > 0,
    onExternalChange(listener) {
      const onPush = () => {
        if (!applying) listener();
      };
      window.addEventListener('popstate', listener);
      // wouter's history patch (imported by the runtime) dispatches these.
      window.addEventListener('pushState', onPush);
      window.addEventListener('replaceState', onPush);
      return () => {
        window.removeEventListener('popstate', listener);
        window.removeEventListener('pushState', onPush);
        window.removeEventListener('replaceState', onPush);
      };
    },
    scrollY: () => window.scrollY,
  };
}

export interface NavigationFeature {
  actor: NavigationActor;
  scroll: ScrollKeeper;
  navigate(to: string, data?: RouteData | null, options?: { replace?: boolean }): void;
  /** Stops the actor and removes its listeners (tests; the app's runtime lives as long as the page). */
  dispose(): void;
}

type NavigationRuntime = Pick<AppRuntime, 'session' | 'inspect' | 'openLogin'> & Partial<Pick<AppRuntime, 'loginOverlay'>>;

/** Creates and starts the navigation actor; it listens to the login overlay once that is there. */
export function createNavigationFeature(
  runtime: NavigationRuntime,
  env: Pick<RuntimeEnvironment, 'storage'>,
  host: NavigationHost = browserNavigationHost(),
): NavigationFeature {
  const scroll = createScrollKeeper(host.scrollY);
  const signedIn = () => runtime.session.getSnapshot().hasTag('signedIn');

  const actor: NavigationActor = createActor(
    navigationMachine.provide({
      actions: {
        navigate: (_, { location, replace }) => {
          scroll.leave();
          if (replace) host.replace(hrefOf(location));
          else host.push(hrefOf(location));
        },
        replaceLocation: (_, { location }) => host.replace(hrefOf(location)),
        goBack: () => {
          if (host.canGoBack()) host.back();
          else actor.send({ type: 'nav.request', to: HOME_PATH, replace: true });
        },
        // Read at call time: the login feature replaces runtime.openLogin.
        openLogin: () => runtime.openLogin(),
        scrollToTop: () => scroll.request('top'),
        restoreScroll: () => scroll.request('restore'),
        rememberRoute: (_, { location }) => {
          // The auth pages and /reload send the player back to it, so they are not remembered themselves.
          if (TRANSIT_PATHS.has(location.path)) return;
          try {
            env.storage.setItem(STORAGE_KEYS.routerHistory, hrefOf(location));
          } catch {
            // A full or private storage: the route is only a convenience.
          }
        },
      },
    }),
    { input: { location: host.location(), signedIn: signedIn(), rules: NAVIGATION_RULES }, inspect: runtime.inspect },
  );

  const stopListening = host.onExternalChange(() => {
    // The URL has changed already; the page being left is still on screen.
    const next = host.location();
    const { current } = actor.getSnapshot().context;
    if (pageKey(next) !== pageKey(current)) scroll.leave();
    actor.send({ type: 'nav.popstate', path: next.path, data: next.data });
  });

  let wasSignedIn = signedIn();
  const sessionSubscription = runtime.session.subscribe((snapshot) => {
    const now = snapshot.hasTag('signedIn');
    if (now === wasSignedIn) return;
    wasSignedIn = now;
    actor.send({ type: 'session.changed', signedIn: now });
  });

  // The overlay closing without a sign-in is a dismissal; a sign-in reaches the session first,
  // and the check waits a microtask so that either order of the two notifications works.
  // The overlay loads after start (runtime.loginOverlay): it is watched from when it is there,
  // already open if it opened itself on /login.
  let overlayOpen = false;
  let overlaySubscription: Subscription | undefined;
  const watchOverlay = () => {
    const overlay = runtime.loginOverlay?.current();
    if (!overlay || overlaySubscription) return;
    overlayOpen = !overlay.getSnapshot().matches('closed');
    overlaySubscription = overlay.subscribe((snapshot) => {
      const open = !snapshot.matches('closed');
      if (overlayOpen && !open) queueMicrotask(() => !signedIn() && actor.send({ type: 'login.dismissed' }));
      overlayOpen = open;
    });
  };
  const stopWaitingForOverlay = runtime.loginOverlay?.subscribe(watchOverlay);
  watchOverlay();

  actor.start();
  actor.send({ type: 'nav.start' });
  return {
    actor,
    scroll,
    navigate: (to, data, options) => actor.send({ type: 'nav.request', to, data: data ?? null, replace: options?.replace ?? false }),
    dispose() {
      stopListening();
      sessionSubscription.unsubscribe();
      stopWaitingForOverlay?.();
      overlaySubscription?.unsubscribe();
      actor.stop();
    },
  };
}
