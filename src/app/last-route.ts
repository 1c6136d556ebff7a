import { STORAGE_KEYS } from '../../machines/constants.ts';
import type { AppLocation, RouteData } from '../../machines/navigation.types.ts';
import { routeDataOf } from './route-data.ts';
import { normalizePath, routeOf, TRANSIT_PATHS } from './routes.ts';

/**
 * Where the auth pages and /reload send the player back to: RouterHistoryAfter, the last route
 * (SPEC §2), which never holds those pages themselves (src/app/navigation-runtime.ts).
 */

/** The remembered route, or null when there is none usable (unknown, a transit page, unreadable storage). */
export function lastRoute(storage: Pick<Storage, 'getItem'>): AppLocation | null {
  let href: string | null;
  try {
    href = storage.getItem(STORAGE_KEYS.routerHistory);
  } catch {
    return null;
  }
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  const url = new URL(href, 'http://app.invalid');
  const path = normalizePath(url.pathname);
  if (!routeOf(path) || TRANSIT_PATHS.has(path)) return null;
  return { path, data: routeDataOf(url.search, () => {}) };
}

/** A `redirect` path in the route data wins (e.g. a page that sent the player to /login). */
function redirectOf(data: RouteData | null): AppLocation | null {
  const redirect = data?.redirect;
  if (typeof redirect !== 'string') return null;
  const path = normalizePath(redirect);
  return routeOf(path) && !TRANSIT_PATHS.has(path) ? { path, data: null } : null;
}

export const AFTER_SIGN_IN_FALLBACK = '/mine';

/** Where to go once signed in: the route data's redirect, the last route, else /mine. */
export function returnLocation(data: RouteData | null, storage: Pick<Storage, 'getItem'>): AppLocation {
  return redirectOf(data) ?? lastRoute(storage) ?? { path: AFTER_SIGN_IN_FALLBACK, data: null };
}
