import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { playSessionMachine } from '../machines/play-session.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { countdownOf, describePlaySessionEvent, getPlaySessionPaths } from './play-session.paths.ts';

const paths = getPlaySessionPaths();
const runtime = createCoverageRecorder(playSessionMachine);

describe('play-session: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(playSessionMachine, paths);
    console.log(`play-session: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describePlaySessionEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s on a simulated clock', (_, path) => {
    const clock = new SimulatedClock();
    const actor = createActor(playSessionMachine, { clock, inspect: runtime.inspect });
    for (const [index, step] of path.steps.entries()) {
      const event = step.event;
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.after.')) {
        // One millisecond short of the countdown nothing happens; at it the session ends.
        const wait = countdownOf(actor.getSnapshot());
        if (wait > 0) {
          clock.increment(wait - 1);
          expect(actor.getSnapshot().hasTag('ended')).toBe(false);
        }
        clock.increment(wait > 0 ? 1 : 0);
      } else actor.send(event as Parameters<typeof actor.send>[0]);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${event.type}`).toEqual(step.state.context);
      // Ended exactly when the wall clock told is at or past the end — or the countdown ran out.
      if (snapshot.hasTag('ended') && event.type !== 'xstate.after.untilSessionEnd.playSession.counting') {
        expect(snapshot.context.now).toBeGreaterThanOrEqual(snapshot.context.end!.at);
      }
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`play-session at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
