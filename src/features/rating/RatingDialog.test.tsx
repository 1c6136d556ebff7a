import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RATING_MESSAGES } from '../../../machines/rating.constants.ts';
import { ratingMachine } from '../../../machines/rating.machine.ts';
import type { SubEvaluateOutcome } from '../../../machines/rating.types.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../deferred-actor.ts';
import { RatingOverlay } from './RatingOverlay.tsx';

const GAME = { game_name: '斗罗大陆', game_id: '1001', platform_game_id: '2001', order_number: 'LW1' };

function renderOverlay(answer: SubEvaluateOutcome = { kind: 'ok', code: 1, msg: '评价成功', data: null }) {
  const toasts: string[] = [];
  const rating = createActor(
    ratingMachine.provide({
      actors: { subEvaluate: fromPromise(async () => answer) },
      actions: { showToast: (_, { message }) => void toasts.push(message) },
    }),
  ).start();
  render(
    <RuntimeProvider runtime={{ rating: readyActor(rating) } as unknown as AppRuntime}>
      <RatingOverlay />
    </RuntimeProvider>,
  );
  return { rating, toasts };
}

describe('rating dialog', () => {
  it('renders nothing while closed; opens with the game name and five labelled stars', async () => {
    const { rating } = renderOverlay();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => rating.send({ type: 'rating.open', ...GAME }));
    expect(await screen.findByRole('dialog', { name: '游戏评价' })).toBeTruthy();
    expect(screen.getByText('斗罗大陆')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((star) => star.getAttribute('aria-label'))).toEqual(['1星', '2星', '3星', '4星', '5星']);
  });

  it('submit is disabled at 0 stars; a tap enables it; success closes and toasts 评价成功', async () => {
    const { rating, toasts } = renderOverlay();
    act(() => rating.send({ type: 'rating.open', ...GAME }));
    const submit = (await screen.findByRole('button', { name: '提交评价' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '4星' }));
    expect(screen.getByRole('radio', { name: '4星' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('满意')).toBeTruthy();
    expect(submit.disabled).toBe(false);
    await act(async () => fireEvent.click(submit));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts).toEqual([RATING_MESSAGES.rated]);
    expect(rating.getSnapshot().context.stars).toBe(0);
  });

  it('without the ids, submit says 数据异常，请稍后再试; close closes', async () => {
    const { rating, toasts } = renderOverlay();
    act(() => rating.send({ type: 'rating.open', ...GAME, game_id: '' }));
    fireEvent.click(await screen.findByRole('radio', { name: '2星' }));
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    expect(toasts).toEqual([RATING_MESSAGES.missingData]);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
