import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import { RATING_MESSAGES } from './rating.constants.ts';
import { hasRatingData, isStarValue, ratingMachine } from './rating.machine.ts';
import type { RatingEvent, RatingGame, SubEvaluateInput, SubEvaluateOutcome } from './rating.types.ts';

const GAME: RatingGame = { game_name: '斗罗大陆', game_id: '1001', platform_game_id: '2001', order_number: 'LW202603020001' };
const OPEN: RatingEvent = { type: 'rating.open', ...GAME };

const answers = {
  rated: classifyResponse({ code: 1, msg: '评价成功', data: null }),
  refused: classifyResponse({ code: -1, msg: '该订单已评价', data: null }),
  expired: classifyResponse({ code: 104, msg: '登录已过期，请重新登录', data: null }),
  serverError: classifyResponse({ code: 500, msg: '服务器繁忙', data: null }),
} satisfies Record<string, SubEvaluateOutcome>;

/** A rating actor whose subEvaluate answers what the test says, when the test says. */
function start() {
  const spies = {
    showToast: vi.fn<(message: string) => void>(),
    removePending: vi.fn<(orderNumber: string) => void>(),
    subEvaluate: vi.fn<(input: SubEvaluateInput) => void>(),
  };
  let settle: { resolve: (outcome: SubEvaluateOutcome) => void; reject: (error: Error) => void } | null = null;
  const actor = createActor(
    ratingMachine.provide({
      actions: {
        showToast: (_, params) => spies.showToast(params.message),
        removePending: (_, params) => spies.removePending(params.order_number),
      },
      actors: {
        subEvaluate: fromPromise<SubEvaluateOutcome, SubEvaluateInput>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              spies.subEvaluate(input);
              settle = { resolve, reject };
            }),
        ),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  const answer = async (outcome: SubEvaluateOutcome | Error) => {
    if (outcome instanceof Error) settle!.reject(outcome);
    else settle!.resolve(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, spies, answer };
}

describe('rating machine', () => {
  it('starts closed with no stars and no game', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ stars: 0, game: null });
  });

  it('rating.open stores the game and opens at 0 stars; stars 1–5 are taken, anything else ignored', () => {
    const { actor } = start();
    actor.send(OPEN);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toEqual({ stars: 0, game: GAME });
    for (const value of [0, 6, 2.5, -1, Number.NaN]) actor.send({ type: 'ui.star', value });
    expect(actor.getSnapshot().context.stars).toBe(0);
    for (const value of [1, 5, 3]) {
      actor.send({ type: 'ui.star', value });
      expect(actor.getSnapshot().context.stars).toBe(value);
    }
  });

  it('submit at 0 stars does nothing (the button is disabled)', () => {
    const { actor, spies } = start();
    actor.send(OPEN);
    actor.send({ type: 'ui.submit' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(spies.subEvaluate).not.toHaveBeenCalled();
    expect(spies.showToast).not.toHaveBeenCalled();
  });

  it.each([
    ['game_id', { ...GAME, game_id: '' }],
    ['platform_game_id', { ...GAME, platform_game_id: '' }],
    ['order_number', { ...GAME, order_number: '' }],
  ])('without %s, submit shows 数据异常，请稍后再试 and calls nothing', (_, game) => {
    const { actor, spies } = start();
    actor.send({ type: 'rating.open', ...game });
    actor.send({ type: 'ui.star', value: 4 });
    actor.send({ type: 'ui.submit' });
    expect(spies.showToast.mock.calls).toEqual([[RATING_MESSAGES.missingData]]);
    expect(spies.subEvaluate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('success: subEvaluate gets the SPEC fields, then the dialog closes, stars reset, 评价成功, entry removed', async () => {
    const { actor, spies, answer } = start();
    actor.send(OPEN);
    actor.send({ type: 'ui.star', value: 4 });
    actor.send({ type: 'ui.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(spies.subEvaluate.mock.calls).toEqual([[{ game_id: '1001', platform_game_id: '2001', order_id: 'LW202603020001', score: 4 }]]);
    // Taps while the call runs change nothing.
    actor.send({ type: 'ui.star', value: 1 });
    actor.send({ type: 'ui.close' });
    actor.send({ type: 'ui.submit' });
    expect(spies.subEvaluate).toHaveBeenCalledTimes(1);
    await answer(answers.rated);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ stars: 0, game: null });
    expect(spies.showToast.mock.calls).toEqual([[RATING_MESSAGES.rated]]);
    expect(spies.removePending.mock.calls).toEqual([[GAME.order_number]]);
  });

  it('a refusal (-1) returns to the dialog with the stars kept; the session machine shows the message', async () => {
    const { actor, spies, answer } = start();
    actor.send(OPEN);
    actor.send({ type: 'ui.star', value: 2 });
    actor.send({ type: 'ui.submit' });
    await answer(answers.refused);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.stars).toBe(2);
    expect(spies.showToast).not.toHaveBeenCalled();
    expect(spies.removePending).not.toHaveBeenCalled();
  });

  it('a server error or a failed call returns to the dialog with a message', async () => {
    const { actor, spies, answer } = start();
    actor.send(OPEN);
    actor.send({ type: 'ui.star', value: 5 });
    actor.send({ type: 'ui.submit' });
    await answer(answers.serverError);
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'ui.submit' });
    await answer(new Error('boom'));
    expect(actor.getSnapshot().value).toBe('open');
    expect(spies.showToast.mock.calls).toEqual([['服务器繁忙'], [RATING_MESSAGES.failed]]);
  });

  it('an ended session closes the dialog without a toast (the session machine redirects)', async () => {
    const { actor, spies, answer } = start();
    actor.send(OPEN);
    actor.send({ type: 'ui.star', value: 5 });
    actor.send({ type: 'ui.submit' });
    await answer(answers.expired);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ stars: 0, game: null });
    expect(spies.showToast).not.toHaveBeenCalled();
  });

  it('close resets; a second rating.open while open is ignored', () => {
    const { actor } = start();
    actor.send(OPEN);
    actor.send({ type: 'rating.open', ...GAME, order_number: 'OTHER' });
    expect(actor.getSnapshot().context.game).toEqual(GAME);
    actor.send({ type: 'ui.star', value: 3 });
    actor.send({ type: 'ui.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ stars: 0, game: null });
  });

  it('helpers: isStarValue and hasRatingData', () => {
    expect([1, 2, 3, 4, 5].every(isStarValue)).toBe(true);
    expect([0, 6, 1.5, '3', null].some(isStarValue)).toBe(false);
    expect(hasRatingData(GAME)).toBe(true);
    expect(hasRatingData({ ...GAME, game_name: '' })).toBe(true);
    expect(hasRatingData(null)).toBe(false);
  });
});
