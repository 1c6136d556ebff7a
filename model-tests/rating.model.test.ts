import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { RATING_MESSAGES } from '../machines/rating.constants.ts';
import { ratingMachine } from '../machines/rating.machine.ts';
import { coverageOfPaths, createCoverageRecorder, delayOf, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeRatingEvent, getRatingPaths, RATING_CALLS } from './rating.paths.ts';

const paths = getRatingPaths();
const runtime = createCoverageRecorder(ratingMachine);

function createReplay() {
  const calls = createDeferredActors(ratingMachine, RATING_CALLS);
  const toasts: string[] = [];
  const removed: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    ratingMachine.provide({
      actors: calls.actors,
      actions: {
        showToast: (_, params) => void toasts.push(params.message),
        removePending: (_, params) => void removed.push(params.order_number),
      },
    }),
    { clock, inspect: runtime.inspect },
  );

  async function perform(event: AnyEventObject) {
    if (event.type === 'xstate.init') actor.start();
    else if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(ratingMachine, event.type));
    else if (event.type === 'xstate.done.actor.subEvaluate') await calls.resolve('subEvaluate', event.output);
    else if (event.type === 'xstate.error.actor.subEvaluate') await calls.reject('subEvaluate', event.error);
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, toasts, removed, calls };
}

describe('rating dialog: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(ratingMachine, paths);
    console.log(`rating: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.covered).toBe(report.states.total);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describeRatingEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)('replays %s', async (_, path) => {
    const { actor, perform, toasts, removed, calls } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // An offered dialog opens only once the receipt was read; leaving the page drops it.
      if (step.event.type === 'rating.offer' && before.matches('closed')) expect(snapshot.value).toBe('offered');
      if (step.event.type === 'page.left' && (before.matches('offered') || before.matches('open'))) expect(snapshot.context).toEqual({ stars: 0, game: null });
      if (snapshot.matches('submitting') && !before.matches('submitting')) {
        const { game, stars } = before.context;
        expect(calls.lastInput('subEvaluate')).toEqual({ game_id: game!.game_id, platform_game_id: game!.platform_game_id, order_id: game!.order_number, score: stars });
      }
      // SPEC §5: a submit without the ids says so; success says 评价成功 and removes the entry.
      if (step.event.type === 'ui.submit' && before.matches('open') && !before.context.game?.game_id) expect(toasts.at(-1)).toBe(RATING_MESSAGES.missingData);
      if (step.event.type === 'xstate.done.actor.subEvaluate' && (step.event.output as { kind: string }).kind === 'ok') {
        expect(toasts.at(-1)).toBe(RATING_MESSAGES.rated);
        expect(removed.at(-1)).toBe(before.context.game!.order_number);
        expect(snapshot.context.stars).toBe(0);
      }
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`rating at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
