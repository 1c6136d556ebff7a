import { describe, expect, it } from 'vitest';
import { navigationMachine } from '../machines/navigation.machine.ts';
import type { AppLocation, NavigationContext, NavigationEvent, NavigationInput } from '../machines/navigation.types.ts';
import { hrefOf } from '../src/app/route-data.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getNavigationPaths, type NavigationModelPath } from './navigation.paths.ts';
import { replayPath } from './replay.ts';

const paths = getNavigationPaths();
const runtime = createCoverageRecorder(navigationMachine);

/**
 * A browser stand-in: the URL the machine's actions leave behind, and what each step did.
 * A popstate event first changes the URL (the browser already moved), as in the app.
 */
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

  it.each(paths.map((model) => [model.name, model] as const))('replays %s', async (_, { input, path }: NavigationModelPath) => {
    let url = hrefOf(input.location);
    let remembered: string | null = null;
    let effects: string[] = [];
    await replayPath(navigationMachine, path, {
      input,
      recorder: runtime,
      actions: {
        navigate: (_: unknown, { location }: { location: AppLocation }) => {
          effects.push('navigate');
          url = hrefOf(location);
        },
        replaceLocation: (_: unknown, { location }: { location: AppLocation }) => {
          effects.push('replaceLocation');
          url = hrefOf(location);
        },
        goBack: () => void effects.push('goBack'),
        openLogin: () => void effects.push('openLogin'),
        scrollToTop: () => void effects.push('scrollToTop'),
        restoreScroll: () => void effects.push('restoreScroll'),
        rememberRoute: (_: unknown, { location }: { location: AppLocation }) => {
          effects.push('rememberRoute');
          remembered = hrefOf(location);
        },
      },
      beforeStep: () => void (effects = []),
      // A popstate is the browser's: its URL has changed before the machine hears of it.
      perform: (event, { actor }) => {
        const nav = event as NavigationEvent;
        if (nav.type === 'nav.popstate') url = hrefOf({ path: nav.path, data: nav.data });
        actor.send(nav);
        return true;
      },
      check: ({ index, event, before: beforeSnapshot, snapshot }) => {
        const before = beforeSnapshot ? (beforeSnapshot.context as NavigationContext) : null;
        const after = snapshot.context as NavigationContext;
        const label = `step ${index}: ${JSON.stringify(event)}`;
        // The URL always shows the machine's location once its actions have run.
        expect(url, label).toBe(hrefOf(after.current));
        if (!before) return;
        const moved = !sameLocation(before.current, after.current);
        // The login popup opens exactly when a move is cancelled for want of a token.
        const cancelled = after.pending !== null && after.pending !== before.pending;
        expect(effects.includes('openLogin'), label).toBe(cancelled);
        // The player stays where they were; a cancelled deep link has nowhere to stay but home.
        if (cancelled) expect(after.current.path, label).toBe(event.type === 'nav.start' ? '/' : before.current.path);
        if (moved) {
          // Never into a protected page without a token, never from /circle to /orderpay.
          if (protectedPaths(input).includes(after.current.path)) expect(after.signedIn, label).toBe(true);
          expect(before.current.path === '/circle' && after.current.path === '/orderpay', label).toBe(false);
          // Every move is remembered and, once the app runs, settles the scroll one way: back and
          // forward too, top unless SPEC's keep-scroll list names the target.
          expect(remembered, label).toBe(hrefOf(after.current));
          if (event.type === 'nav.start') return;
          expect(effects.filter((effect) => effect === 'scrollToTop' || effect === 'restoreScroll'), label).toHaveLength(1);
          const keepsScroll = input.rules.keepScrollPaths.includes(after.current.path);
          expect(effects.includes('scrollToTop'), label).toBe(!keepsScroll);
        } else {
          expect(effects.includes('navigate'), label).toBe(false);
        }
      },
    });
  });

  it('took every transition in the running actors too', () => {
    const report = runtime.report();
    console.log(`navigation at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
