import { describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '../machines/rating.constants.ts';
import { ratingMachine } from '../machines/rating.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describeRatingEvent, getRatingPaths, RATING_CALLS } from './rating.paths.ts';
import { replayPath } from './replay.ts';

const paths = getRatingPaths();
const runtime = createCoverageRecorder(ratingMachine);

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
    const toasts: string[] = [];
    const removed: string[] = [];
    await replayPath(ratingMachine, path, {
      calls: RATING_CALLS,
      recorder: runtime,
      actions: {
        showToast: (_: unknown, params: { message: string }) => void toasts.push(params.message),
        removePending: (_: unknown, params: { order_number: string }) => void removed.push(params.order_number),
      },
      check: ({ event, before, snapshot, lastInput }) => {
        if (!before) return;
        // An offered dialog opens only once the receipt was read; leaving the page drops it.
        if (event.type === 'rating.offer' && before.matches('closed')) expect(snapshot.value).toBe('offered');
        if (event.type === 'page.left' && (before.matches('offered') || before.matches('open'))) expect(snapshot.context).toEqual({ stars: 0, game: null });
        if (snapshot.matches('submitting') && !before.matches('submitting')) {
          const { game, stars } = before.context;
          expect(lastInput('subEvaluate')).toEqual({ game_id: game!.game_id, platform_game_id: game!.platform_game_id, order_id: game!.order_number, score: stars });
        }
        // SPEC §5: a submit without the ids says so; success says 评价成功 and removes the entry.
        if (event.type === 'ui.submit' && before.matches('open') && !before.context.game?.game_id) expect(toasts.at(-1)).toBe(RATING_MESSAGES.missingData);
        if (event.type === 'xstate.done.actor.subEvaluate' && (event.output as { kind: string }).kind === 'ok') {
          expect(toasts.at(-1)).toBe(RATING_MESSAGES.rated);
          expect(removed.at(-1)).toBe(before.context.game!.order_number);
          expect(snapshot.context.stars).toBe(0);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`rating at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
