import type { Fields } from '../../api/protocol/wire.ts';
import type { RouteData } from '../../machines/navigation.types.ts';
import { gameIdsOf } from '../components/game/game-ids.ts';
import { routeDataOf } from './route-data.ts';
import { routeOf } from './routes.ts';
import type { AppRuntime } from './runtime.ts';

/**
 * A cold start's critical path is entry chunk → page chunk → the page's data call → its images.
 * main.tsx calls startRoute before React mounts, so the page chunk and the page's first call
 * download while the entry still runs and React renders the shell.
 */

export interface FirstCall {
  path: string;
  payload: Fields;
}

const gameDetailCall = (data: RouteData | null): FirstCall | null => {
  const ids = gameIdsOf(data);
  return ids ? { path: '/api/game/getGameDetail', payload: ids } : null;
};

/**
 * The call each page makes first, exactly as the page makes it (same path and payload: the page
 * only takes the early answer when both match; route-prefetch.test.ts holds them to it). Pages
 * the players land on from outside: the home page and the game pages that links are shared to.
 */
const FIRST_CALLS: Record<string, (data: RouteData | null) => FirstCall | null> = {
  '/': () => ({ path: '/api/down/getAppIndexContent', payload: {} }),
  '/gamedetail': gameDetailCall,
  '/gamedetailfold': gameDetailCall,
};

export function firstCallOf(path: string, data: RouteData | null): FirstCall | null {
  return FIRST_CALLS[path]?.(data) ?? null;
}

/** Starts the current page's chunk and first call (login-only pages wait for the navigation guard). */
export function startRoute(prefetch: AppRuntime['prefetch'], location: { pathname: string; search: string } = window.location): void {
  const route = routeOf(location.pathname);
  if (!route?.page || route.needsLogin) return;
  // The page's lazy() runs the same import and finds it loading or loaded; a failure shows there.
  route.page().catch(() => {});
  // The app warns about unusable route data when it renders; once is enough.
  const call = firstCallOf(route.path, routeDataOf(location.search, () => {}));
  if (call) prefetch(call.path, call.payload);
}
