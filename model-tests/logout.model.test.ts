import { describe, expect, it } from 'vitest';
import { logoutMachine } from '../machines/logout.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { getLogoutPaths, LOGOUT_CALLS } from './logout.paths.ts';
import { replayPath, summarizePath } from './replay.ts';

const paths = getLogoutPaths();
const runtime = createCoverageRecorder(logoutMachine);

describe('logout: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(logoutMachine, paths);
    console.log(`logout: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarizePath(path)}`, path] as const))('replays %s', async (_, path) => {
    let signOuts = 0;
    await replayPath(logoutMachine, path, {
      calls: LOGOUT_CALLS,
      recorder: runtime,
      actions: { signOut: () => void (signOuts += 1) },
      check: ({ index, snapshot, isPending }) => {
        // The server is asked only after the confirmation, and the device signs out whatever it answers.
        expect(isPending('logout')).toBe(snapshot.matches('loggingOut'));
        expect(signOuts).toBe(path.steps.slice(0, index + 1).filter((step) => step.event.type.endsWith('.actor.logout')).length);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`logout at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
