import { describe, expect, it } from 'vitest';
import { playSessionMachine } from '../machines/play-session.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { countdownOf, describePlaySessionEvent, getPlaySessionPaths } from './play-session.paths.ts';
import { replayPath } from './replay.ts';

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

  it.each(named)('replays %s on a simulated clock', async (_, path) => {
    await replayPath(playSessionMachine, path, {
      recorder: runtime,
      perform: (event, { actor, clock }) => {
        if (!event.type.startsWith('xstate.after.')) return false;
        // One millisecond short of the countdown nothing happens; at it the session ends.
        const wait = countdownOf(actor.getSnapshot() as Parameters<typeof countdownOf>[0]);
        if (wait > 0) {
          clock!.increment(wait - 1);
          expect((actor.getSnapshot() as { hasTag: (tag: string) => boolean }).hasTag('ended')).toBe(false);
        }
        clock!.increment(wait > 0 ? 1 : 0);
        return true;
      },
      check: ({ event, snapshot }) => {
        // Ended exactly when the wall clock told is at or past the end — or the countdown ran out.
        if (snapshot.hasTag('ended') && event.type !== 'xstate.after.untilSessionEnd.playSession.counting') {
          expect(snapshot.context.now).toBeGreaterThanOrEqual(snapshot.context.end!.at);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`play-session at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
