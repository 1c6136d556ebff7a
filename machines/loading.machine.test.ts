import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { LOADING_OVERLAY_DELAY_MS, loadingMachine } from './loading.machine.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(loadingMachine, { clock }).start();
  const visible = () => actor.getSnapshot().hasTag('visible');
  const begin = () => actor.send({ type: 'loading.begin' });
  const end = () => actor.send({ type: 'loading.end' });
  return { actor, clock, visible, begin, end };
}

describe('loading overlay machine', () => {
  it('shows only after the app has been busy for the delay', () => {
    const { clock, visible, begin } = start();
    begin();
    clock.increment(LOADING_OVERLAY_DELAY_MS - 1);
    expect(visible()).toBe(false);
    clock.increment(1);
    expect(visible()).toBe(true);
  });

  it('never flashes for work shorter than the delay', () => {
    const { actor, clock, visible, begin, end } = start();
    begin();
    clock.increment(LOADING_OVERLAY_DELAY_MS - 50);
    end();
    clock.increment(LOADING_OVERLAY_DELAY_MS);
    expect(visible()).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('stays up until the last of several pieces of work ends', () => {
    const { actor, clock, visible, begin, end } = start();
    begin();
    begin();
    clock.increment(LOADING_OVERLAY_DELAY_MS);
    begin();
    end();
    end();
    expect(visible()).toBe(true);
    end();
    expect(visible()).toBe(false);
    expect(actor.getSnapshot().context.count).toBe(0);
  });

  it('counts overlapping work while waiting, and ignores an unmatched end', () => {
    const { actor, clock, visible, begin, end } = start();
    end();
    expect(actor.getSnapshot().context.count).toBe(0);
    begin();
    begin();
    end();
    clock.increment(LOADING_OVERLAY_DELAY_MS);
    expect(visible()).toBe(true);
    end();
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
