import { assertEvent, assign, enqueueActions, raise, setup } from 'xstate';
import {
  BACK_TARGET,
  HOME_PATH,
  type AppLocation,
  type IgnoreMoveParams,
  type LocationParams,
  type NavigateParams,
  type NavigationContext,
  type NavigationEvent,
  type NavigationInput,
} from './navigation.types.ts';

/**
 * SPEC §2 "Navigation rules": every in-app move and every URL change the app did not make passes
 * through here. Protected routes without a token open the login popup and the move is cancelled
 * (remembered, and completed after login); /circle → /orderpay is refused; after a move the page
 * scrolls to top unless the target keeps its scroll; the last route is remembered.
 *
 * Reading of SPEC §8 "users are sent to /login": /login is the full-page login, a public
 * route, so the session's redirect takes the player there (docs/decisions.md "Accounts: auth pages").
 *
 * The URL is changed only by the app-provided actions (navigate, replaceLocation, goBack), so the
 * machine never touches `window`; the app reports URL changes it did not ask for as nav.popstate.
 */

/** The location an event asks for; the current one for events that carry none. */
function targetOf(context: NavigationContext, event: NavigationEvent): AppLocation {
  if (event.type === 'nav.request') return { path: event.to, data: event.data ?? null };
  if (event.type === 'nav.popstate') return { path: event.path, data: event.data };
  return context.current;
}

function sameLocation(a: AppLocation, b: AppLocation): boolean {
  return a.path === b.path && JSON.stringify(a.data) === JSON.stringify(b.data);
}

type GuardArgs = { context: NavigationContext; event: NavigationEvent };

const isProtected = (context: NavigationContext, location: AppLocation) =>
  !context.signedIn && context.rules.protectedPaths.includes(location.path);

const targetParams = ({ context, event }: GuardArgs) => ({ location: targetOf(context, event) });
const currentParams = ({ context }: { context: NavigationContext }) => ({ location: context.current });
const homeParams = { location: { path: HOME_PATH, data: null } };

/**
 * After a move, back and forward included: top, unless the new current location is one of SPEC's
 * keep-scroll paths. Kept alive is not keeping scroll: /ranking, /routine and /hotbt keep their
 * state but open at the top.
 */
const keepsScroll = (context: NavigationContext) => context.rules.keepScrollPaths.includes(context.current.path);


export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as NavigationInput,
  },
  actions: {
    storeCurrent: assign((_, params: LocationParams) => ({ current: params.location })),
    storePending: assign((_, params: LocationParams) => ({ pending: params.location })),
    clearPending: assign({ pending: null }),
    storeSignedIn: assign(({ event }) => {
      assertEvent(event, 'session.changed');
      return { signedIn: event.signedIn };
    }),
    /** Hands an event over to `ready` after leaving `awaitingLogin`. */
    redispatch: raise(({ event }) => event),
    requestPending: raise(({ context }) => ({ type: 'nav.request' as const, to: context.pending!.path, data: context.pending!.data })),
    // Supplied by the app with .provide():
    navigate: (_, _params: NavigateParams) => {},
    replaceLocation: (_, _params: LocationParams) => {},
    goBack: () => {},
    openLogin: () => {},
    scrollToTop: () => {},
    /** Puts back the scroll a keep-scroll page had when it is still kept alive, else the top. */
    restoreScroll: (_, _params: LocationParams) => {},
    /** SPEC §2: the last route is kept in storage (RouterHistoryAfter). */
    rememberRoute: (_, _params: LocationParams) => {},
    /** A move that changes nothing, named so the event log says why (a no-op in the app). */
    ignoreMove: (_, _params: IgnoreMoveParams) => {},
  },
  guards: {
    isBackRequest: ({ event }) => event.type === 'nav.request' && event.to === BACK_TARGET,
    isCurrent: ({ context, event }) => sameLocation(targetOf(context, event), context.current),
    isBlocked: ({ context, event }) => {
      const to = targetOf(context, event).path;
      return context.rules.blockedMoves.some((move) => move.from === context.current.path && move.to === to);
    },
    needsLogin: ({ context, event }) => isProtected(context, targetOf(context, event)),
    entryNeedsLogin: ({ context }) => isProtected(context, context.current),
    isSignIn: ({ event }) => event.type === 'session.changed' && event.signedIn,
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({ current: input.location, pending: null, signedIn: input.signedIn, rules: input.rules }),
  initial: 'starting',
  on: {
    'session.changed': { actions: 'storeSignedIn' },
  },
  states: {
    // Waits for the app to have its listeners in place, then checks the page it was opened at.
    starting: {
      on: {
        'nav.start': [
          // A deep link to a protected route: nothing to stay on, so home, with the popup over it.
          {
            guard: 'entryNeedsLogin',
            target: 'awaitingLogin',
            actions: [
              { type: 'storePending', params: currentParams },
              { type: 'storeCurrent', params: homeParams },
              { type: 'replaceLocation', params: homeParams },
              { type: 'rememberRoute', params: homeParams },
              'openLogin',
            ],
          },
          { target: 'ready', actions: { type: 'rememberRoute', params: currentParams } },
        ],
      },
    },
    ready: {
      on: {
        'nav.request': [
          { guard: 'isBackRequest', actions: 'goBack' },
          { guard: 'isBlocked', actions: { type: 'ignoreMove', params: { reason: 'blocked' } } },
          { guard: 'isCurrent', actions: { type: 'ignoreMove', params: { reason: 'alreadyShown' } } },
          { guard: 'needsLogin', target: 'awaitingLogin', actions: [{ type: 'storePending', params: targetParams }, 'openLogin'] },
          {
            actions: [
              { type: 'storeCurrent', params: targetParams },
              {
                type: 'navigate',
                params: ({ context, event }) => {
                  assertEvent(event, 'nav.request');
                  return { location: context.current, replace: event.replace ?? false };
                },
              },
              enqueueActions(({ context, enqueue }) => {
                if (keepsScroll(context)) enqueue({ type: 'restoreScroll', params: { location: context.current } });
                else enqueue('scrollToTop');
              }),
              { type: 'rememberRoute', params: currentParams },
            ],
          },
        ],
        'nav.back': { actions: 'goBack' },
        // The URL has already changed: a refused change is put back without a new history entry.
        'nav.popstate': [
          { guard: 'isCurrent', actions: { type: 'ignoreMove', params: { reason: 'alreadyShown' } } },
          { guard: 'isBlocked', actions: { type: 'replaceLocation', params: currentParams } },
          {
            guard: 'needsLogin',
            target: 'awaitingLogin',
            actions: [{ type: 'storePending', params: targetParams }, { type: 'replaceLocation', params: currentParams }, 'openLogin'],
          },
          {
            actions: [
              { type: 'storeCurrent', params: targetParams },
              enqueueActions(({ context, enqueue }) => {
                if (keepsScroll(context)) enqueue({ type: 'restoreScroll', params: { location: context.current } });
                else enqueue('scrollToTop');
              }),
              { type: 'rememberRoute', params: currentParams },
            ],
          },
        ],
      },
    },
    // The login popup is open for a cancelled move (context.pending).
    awaitingLogin: {
      on: {
        'session.changed': [
          // The cancelled move is asked for again, and meets every rule again, in `ready`.
          { guard: 'isSignIn', target: 'ready', actions: ['storeSignedIn', 'requestPending', 'clearPending'] },
        ],
        'login.dismissed': { target: 'ready', actions: 'clearPending' },
        // Any other move while the popup is open supersedes the pending one.
        'nav.request': { target: 'ready', actions: ['clearPending', 'redispatch'] },
        'nav.back': { target: 'ready', actions: ['clearPending', 'redispatch'] },
        'nav.popstate': [
          { guard: 'isCurrent', actions: { type: 'ignoreMove', params: { reason: 'alreadyShown' } } },
          { target: 'ready', actions: ['clearPending', 'redispatch'] },
        ],
      },
    },
  },
});
