/**
 * Types of the navigation machine (SPEC §2 "Navigation rules"). Routes carry no parameters:
 * a location is a path plus the optional JSON object of the `data` query value.
 */

/** The decoded `data` query value: a plain JSON object. */
export type RouteData = { readonly [key: string]: unknown };

export interface AppLocation {
  path: string;
  data: RouteData | null;
}

/** SPEC §2: the special target that goes back. */
export const BACK_TARGET = 'back';

/** Where a cancelled deep link lands while the login popup is open. */
export const HOME_PATH = '/';

/** A move the app refuses (SPEC §2: /circle → /orderpay). */
export interface BlockedMove {
  from: string;
  to: string;
}

/**
 * The route flags the machine needs, injected by the app from its route table (src/app/routes.ts),
 * so the machine stays pure and the model tests can walk it with the real table.
 */
export interface NavigationRules {
  /** SPEC §2 "Routes requiring login", canonical paths. */
  protectedPaths: readonly string[];
  /** SPEC §2: paths that do not scroll to top after a navigation. */
  keepScrollPaths: readonly string[];
  blockedMoves: readonly BlockedMove[];
  /** SPEC §8: where an invalidated session is sent; a pending navigation to it completes as "stay". */
  loginPath: string;
}

export interface NavigationInput {
  /** The location the page was opened at (a deep link), already normalised by the app. */
  location: AppLocation;
  signedIn: boolean;
  rules: NavigationRules;
}

export interface NavigationContext {
  /** The location being shown: the URL always equals it once an action has run. */
  current: AppLocation;
  /** A protected navigation cancelled for want of a token; it completes after login. */
  pending: AppLocation | null;
  signedIn: boolean;
  rules: NavigationRules;
}

/**
 * Everything the machine hears. `nav.start`: the app's listeners are in place, check the page the
 * app was opened at. `nav.popstate` is any URL change the machine did not make: browser
 * back/forward, or a raw history push by code that bypassed `nav.request`.
 */
export type NavigationEvent =
  | { type: 'nav.start' }
  | { type: 'nav.request'; to: string; data?: RouteData | null; replace?: boolean }
  | { type: 'nav.back' }
  | { type: 'nav.popstate'; path: string; data: RouteData | null }
  | { type: 'session.changed'; signedIn: boolean }
  | { type: 'login.dismissed' };

/** Params of the app-provided `navigate` action: push (or replace) the URL of `location`. */
export interface NavigateParams {
  location: AppLocation;
  replace: boolean;
}

/** Params of `replaceLocation`: put the URL back to `location` without a new history entry. */
export interface LocationParams {
  location: AppLocation;
}

/** Params of `ignoreMove`: a refused move (SPEC's /circle → /orderpay) or one to the page already shown. */
export interface IgnoreMoveParams {
  reason: 'blocked' | 'alreadyShown';
}
