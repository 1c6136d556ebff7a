import type { Fields } from '../../api/protocol/wire.ts';
import type { RouteData } from '../../machines/navigation.types.ts';
import { gameIdsOf } from '../components/game/game-ids.ts';
import { routeDataOf } from './route-data.ts';
import type { ComponentType } from 'react';
import { routeOf, type PageProps } from './routes.ts';
import type { AppRuntime } from './runtime.ts';
import * as calls from '../../api/protocol/call-refs.ts';

/**
 * A cold start's critical path is entry chunk → page chunk → the page's data call → its images.
 * main.tsx calls loadFirstPage and prefetchFirstCall before React mounts, so the page chunk and the
 * page's first call download while the entry finishes.
 */

export interface FirstCall {
  path: string;
  payload: Fields;
}

const gameDetailCall = (data: RouteData | null): FirstCall | null => {
  const ids = gameIdsOf(data);
  return ids ? { path: calls.game.getGameDetail, payload: ids } : null;
};

/**
 * The call each page makes first, exactly as the page makes it (same path and payload: the page
 * only takes the early answer when both match; route-prefetch.test.ts holds them to it). Pages
 * the players land on from outside: the home page and the game pages that links are shared to.
 */
const FIRST_CALLS: Record<string, (data: RouteData | null) => FirstCall | null> = {
  '/': () => ({ path: calls.down.getAppIndexContent, payload: {} }),
  '/gamedetail': gameDetailCall,
  '/gamedetailfold': gameDetailCall,
};

export function firstCallOf(path: string, data: RouteData | null): FirstCall | null {
  return FIRST_CALLS[path]?.(data) ?? null;
}

/** The element server/first-paint.ts embeds a page's first answer in. */
export const EMBEDDED_ANSWER_ID = 'first-answer';

/**
 * The answer the server embedded for exactly this call (its text, as the wire would bring it), if
 * it did. An answer the server gave as to a signed-out player (`data-for="signed-out"`: the call's
 * answer depends on the player) is only for one.
 */
export function embeddedAnswer(call: FirstCall, signedIn: boolean, doc: Document = document): string | undefined {
  const element = doc.getElementById(EMBEDDED_ANSWER_ID);
  if (!element || element.dataset.path !== call.path || element.dataset.payload !== JSON.stringify(call.payload)) return undefined;
  // Taken once; the text need not stay in the document.
  element.remove();
  if (signedIn && element.dataset.for !== 'anyone') return undefined;
  return element.textContent ?? undefined;
}

/** Page modules loaded by loadFirstPage, by route path. */
const started = new Map<string, ComponentType<PageProps>>();

/**
 * The page loadFirstPage loaded, if it has arrived: the shell renders it directly instead of through
 * lazy(), so the first page never shows a Suspense fallback, and React does not hold back the
 * reveal that follows one (its fallback throttling waits up to 300 ms).
 */
export function startedPage(path: string): ComponentType<PageProps> | undefined {
  return started.get(path);
}

type Here = { pathname: string; search: string };

/** The current page, when it may be started early (login-only pages wait for the navigation guard). */
const startable = (location: Here) => {
  const route = routeOf(location.pathname);
  return route?.page && !route.needsLogin ? route : null;
};

/**
 * Starts the current page's chunk. main.tsx calls it first, before the runtime starts the chunks of
 * its own (event-log recorder, late features), so on a phone's few connections the page the
 * player waits for is fetched first. Resolves once the module is there (at once when there is
 * nothing to load; a failed load also resolves: the shell's lazy() loads it again and shows the failure).
 */
export function loadFirstPage(location: Here = window.location): Promise<void> {
  const route = startable(location);
  if (!route?.page) return Promise.resolve();
  return route.page().then(
    (module) => void started.set(route.path, module.default),
    () => {},
  );
}

/** Starts the current page's first call (or takes the answer the server embedded for it). */
export function prefetchFirstCall(
  prefetch: AppRuntime['prefetch'],
  { signedIn, location = window.location, doc = document }: { signedIn: boolean; location?: Here; doc?: Document },
): void {
  const route = startable(location);
  if (!route) return;
  // The app warns about unusable route data when it renders; once is enough.
  const call = firstCallOf(route.path, routeDataOf(location.search, () => {}));
  if (call) prefetch(call.path, call.payload, embeddedAnswer(call, signedIn, doc));
}
