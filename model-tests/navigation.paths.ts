import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { navigationMachine } from '../machines/navigation.machine.ts';
import type { AppLocation, NavigationContext, NavigationEvent, NavigationInput } from '../machines/navigation.types.ts';
import { NAVIGATION_RULES } from '../src/app/routes.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/**
 * The navigation machine's model: the real route table's rules, one target of each kind the
 * guards tell apart, and the two ways the app can start (a public page, a protected deep link).
 */

/** Each kind of target: public scroll-to-top, public keep-scroll, protected, blocked from /circle, /login, with data, 'back'. */
export const TARGETS = {
  home: { path: '/', data: null },
  about: { path: '/aboutus', data: null },
  mine: { path: '/mine', data: null },
  circle: { path: '/circle', data: null },
  protectedPage: { path: '/dailymission', data: null },
  orderpay: { path: '/orderpay', data: null },
  login: { path: '/login', data: null },
  gameWithData: { path: '/gamedetail', data: { id: 7 } },
} satisfies Record<string, AppLocation>;

export interface NavigationModelPath {
  name: string;
  input: NavigationInput;
  path: MachinePath;
}

export const STARTS: Record<string, NavigationInput> = {
  'public page': { location: TARGETS.home, signedIn: false, rules: NAVIGATION_RULES },
  'protected deep link': { location: TARGETS.protectedPage, signedIn: false, rules: NAVIGATION_RULES },
};

const locations = Object.values(TARGETS);

export const navigationEventTable: readonly NavigationEvent[] = [
  { type: 'nav.start' },
  ...locations.map((location): NavigationEvent => ({ type: 'nav.request', to: location.path, data: location.data })),
  { type: 'nav.request', to: TARGETS.about.path, replace: true },
  { type: 'nav.request', to: 'back' },
  { type: 'nav.back' },
  ...locations.map((location): NavigationEvent => ({ type: 'nav.popstate', path: location.path, data: location.data })),
  { type: 'session.changed', signedIn: true },
  { type: 'session.changed', signedIn: false },
  { type: 'login.dismissed' },
];

const where = (location: AppLocation | null) => (location ? `${location.path}${location.data ? JSON.stringify(location.data) : ''}` : '-');

/** State value plus every field a guard reads (current, pending, signedIn); the rules never change. */
export function serializeNavigation(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as NavigationContext;
  return JSON.stringify([snapshot.value, where(context.current), where(context.pending), context.signedIn]);
}

export function getNavigationPaths(): NavigationModelPath[] {
  return Object.entries(STARTS).flatMap(([start, input]) =>
    generateCoveringPaths(navigationMachine, {
      events: navigationEventTable as readonly AnyEventObject[],
      serializeState: serializeNavigation,
      input,
    }).map((path, index) => ({ name: `${start} #${index + 1}: ${describePath(path)}`, input, path })),
  );
}

function describeEvent(event: AnyEventObject): string {
  const nav = event as NavigationEvent;
  switch (nav.type) {
    case 'nav.request':
      return `go ${nav.to}${nav.data ? JSON.stringify(nav.data) : ''}${nav.replace ? ' (replace)' : ''}`;
    case 'nav.popstate':
      return `browser ${nav.path}${nav.data ? JSON.stringify(nav.data) : ''}`;
    case 'session.changed':
      return nav.signedIn ? 'sign in' : 'sign out';
    case 'login.dismissed':
      return 'dismiss popup';
    case 'nav.back':
      return 'back';
    case 'nav.start':
      return 'start';
    default:
      return event.type;
  }
}

export function describePath(path: MachinePath): string {
  return path.steps
    .slice(1)
    .map((step) => describeEvent(step.event))
    .join(' → ');
}
