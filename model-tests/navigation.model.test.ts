import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { navigationMachine } from '../machines/navigation.machine.ts';
import type { AppLocation, NavigationContext, NavigationEvent, NavigationInput } from '../machines/navigation.types.ts';
import { hrefOf } from '../src/app/route-data.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getNavigationPaths, type NavigationModelPath } from './navigation.paths.ts';

const paths = getNavigationPaths();
const runtime = createCoverageRecorder(navigationMachine);

/**
 * A browser stand-in: the URL the machine's actions leave behind, and what each step did.
 * A popstate event first changes the URL (the browser already moved), as in the app.
 */
function createReplay(input: NavigationInput) {
  let url = hrefOf(input.location);
  let remembered: string | null = null;
  let effects: string[] = [];
  const actor = createActor(
    navigationMachine.provide({
      actions: {
        navigate: (_, { location }) => {
          effects.push('navigate');
          url = hrefOf(location);
        },
        replaceLocation: (_, { location }) => {
          effects.push('replaceLocation');
          url = hrefOf(location);
        },
        goBack: () => void effects.push('goBack'),
        openLogin: () => void effects.push('openLogin'),
        scrollToTop: () => void effects.push('scrollToTop'),
        restoreScroll: () => void effects.push('restoreScroll'),
        rememberRoute: (_, { location }) => {
          effects.push('rememberRoute');
          remembered = hrefOf(location);
        },
      },
    }),
    { input, inspect: runtime.inspect },
  );

  function perform(event: AnyEventObject): string[] {
    effects = [];
    if (event.type === 'xstate.init') actor.start();
    else {
      const nav = event as NavigationEvent;
      if (nav.type === 'nav.popstate') url = hrefOf({ path: nav.path, data: nav.data });
      actor.send(nav);
    }
    return effects;
  }
  return { actor, perform, url: () => url, remembered: () => remembered };
}

const protectedPaths = (input: NavigationInput) => input.rules.protectedPaths;
const sameLocation = (a: AppLocation, b: AppLocation) => hrefOf(a) === hrefOf(b);

describe('navigation: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(
      navigationMachine,
      paths.map(({ path }) => path),
    );
    console.log(`navigation: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((model) => [model.name, model] as const))('replays %s', (_, { input, path }: NavigationModelPath) => {
    const { actor, perform, url, remembered } = createReplay(input);
    for (const [index, step] of path.steps.entries()) {
      const before = index > 0 ? (actor.getSnapshot().context as NavigationContext) : null;
      const effects = perform(step.event);
      const snapshot = actor.getSnapshot();
      const after = snapshot.context as NavigationContext;
      const label = `step ${index}: ${JSON.stringify(step.event)}`;
      expect(snapshot.value, label).toEqual(step.state.value);
      expect(after, label).toEqual(step.state.context);

      // The URL always shows the machine's location once its actions have run.
      expect(url(), label).toBe(hrefOf(after.current));
      if (!before) continue;
      const moved = !sameLocation(before.current, after.current);
      // The login popup opens exactly when a move is cancelled for want of a token.
      const cancelled = after.pending !== null && after.pending !== before.pending;
      expect(effects.includes('openLogin'), label).toBe(cancelled);
      // The player stays where they were; a cancelled deep link has nowhere to stay but home.
      if (cancelled) expect(after.current.path, label).toBe(step.event.type === 'nav.start' ? '/' : before.current.path);
      if (moved) {
        // Never into a protected page without a token, never from /circle to /orderpay.
        if (protectedPaths(input).includes(after.current.path)) expect(after.signedIn, label).toBe(true);
        expect(before.current.path === '/circle' && after.current.path === '/orderpay', label).toBe(false);
        // Every move is remembered and, once the app runs, settles the scroll one way: back and
        // forward too, top unless SPEC's keep-scroll list names the target.
        expect(remembered(), label).toBe(hrefOf(after.current));
        if (step.event.type === 'nav.start') continue;
        expect(effects.filter((effect) => effect === 'scrollToTop' || effect === 'restoreScroll'), label).toHaveLength(1);
        const keepsScroll = input.rules.keepScrollPaths.includes(after.current.path);
        expect(effects.includes('scrollToTop'), label).toBe(!keepsScroll);
      } else {
        expect(effects.includes('navigate'), label).toBe(false);
      }
    }
    actor.stop();
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`navigation at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
