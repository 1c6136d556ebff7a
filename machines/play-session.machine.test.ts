import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PLAY_SESSION_MAX_MS, playSessionMachine, type PlayEnd } from './play-session.machine.ts';

const MESSAGE = '根据国家防沉迷规定，未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏，当前时段无法进入游戏';
// 2026-03-06 (a Friday) 20:40 China time; the window closes at 21:00.
const NOW = Date.parse('2026-03-06T20:40:00+08:00');
const NINE: PlayEnd = { at: Date.parse('2026-03-06T21:00:00+08:00'), message: MESSAGE };

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(playSessionMachine, { clock }).start();
  const ended = () => actor.getSnapshot().hasTag('ended');
  return { actor, clock, ended };
}

describe('play session machine (a minor’s hard end)', () => {
  it('counts down to the grant’s end and ends exactly then', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: NINE, now: NOW });
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(NINE.at - NOW - 1);
    expect(ended()).toBe(false);
    clock.increment(1);
    expect(ended()).toBe(true);
    expect(actor.getSnapshot().context.end?.message).toBe(MESSAGE);
  });

  it('a grant already past its end ends at once', () => {
    const { actor, ended } = start();
    actor.send({ type: 'play.grant', end: NINE, now: NINE.at });
    expect(ended()).toBe(true);
  });

  it('without a hard end (an adult) nothing ends, however long', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: null, now: NOW });
    clock.increment(PLAY_SESSION_MAX_MS * 2);
    expect(actor.getSnapshot().value).toBe('open');
    expect(ended()).toBe(false);
  });

  it('a page that slept: the wall clock told on waking ends it, though the timer has not fired', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: NINE, now: NOW });
    // The phone was locked from 20:45 to 21:05: the page's timers barely advanced.
    clock.increment(5 * 60_000);
    actor.send({ type: 'play.clock', now: Date.parse('2026-03-06T21:05:00+08:00') });
    expect(ended()).toBe(true);
  });

  it('the wall clock told before the end re-arms the countdown from there (never later than the server’s end)', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: NINE, now: NOW });
    // Woken at 20:58 after the timer lost time: 2 minutes are left, not 20.
    clock.increment(60_000);
    actor.send({ type: 'play.clock', now: NINE.at - 2 * 60_000 });
    clock.increment(2 * 60_000 - 1);
    expect(ended()).toBe(false);
    clock.increment(1);
    expect(ended()).toBe(true);
  });

  it('a refresh with a new grant restarts the count from the new end', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: NINE, now: NOW });
    clock.increment(NINE.at - NOW);
    expect(ended()).toBe(true);
    // A later window (another play day's grant): playing again until its end.
    const next = { ...NINE, at: NINE.at + 7 * 86_400_000 };
    actor.send({ type: 'play.grant', end: next, now: next.at - 30 * 60_000 });
    expect(ended()).toBe(false);
    clock.increment(30 * 60_000);
    expect(ended()).toBe(true);
  });

  it('an implausibly far end is armed for at most a day: it ends early, never late', () => {
    const { actor, clock, ended } = start();
    actor.send({ type: 'play.grant', end: { at: NOW + 40 * 86_400_000, message: MESSAGE }, now: NOW });
    clock.increment(PLAY_SESSION_MAX_MS);
    expect(ended()).toBe(true);
  });
});
