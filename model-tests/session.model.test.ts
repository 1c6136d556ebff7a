import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../machines/session.machine.ts';
import { LOGIN_PATH } from '../machines/session.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { replayPath, summarizePath } from './replay.ts';
import { CREDENTIALS, EMPTY_ERROR_TRANSITION, getSessionPaths, SESSION_CALLS, SESSION_NOT_ON_PATHS } from './session.paths.ts';

const paths = getSessionPaths();

/**
 * A failed active record has an empty transition (it only keeps the failure from escalating), so
 * no replay takes it either: 'a failed active record changes nothing' below shows it.
 */
const NOT_RUN = { [EMPTY_ERROR_TRANSITION]: SESSION_NOT_ON_PATHS[EMPTY_ERROR_TRANSITION]! };
const runtime = createCoverageRecorder(sessionMachine);

describe('session: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(sessionMachine, paths.map(({ path }) => path));
    console.log(`session: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(unexplained(report, SESSION_NOT_ON_PATHS)).toEqual([]);
  });

  it.each(paths.map(({ input, path }, index) => [`#${index + 1} ${input.credentials ? 'stored' : 'anonymous'}: ${summarizePath(path)}`, { input, path }] as const))(
    'replays %s',
    async (_, { input, path }) => {
      const effects: string[] = [];
      await replayPath(sessionMachine, path, {
        calls: SESSION_CALLS,
        input,
        recorder: runtime,
        actions: {
          persistCredentials: (_: unknown, params: { credentials: unknown }) => void effects.push(params.credentials ? 'persist' : 'forget'),
          showToast: (_: unknown, params: { message: string }) => void effects.push(`toast ${params.message}`),
          reloadPage: () => void effects.push('reload'),
          navigateTo: (_: unknown, params: { path: string }) => void effects.push(`navigate ${params.path}`),
          onSignedIn: () => void effects.push('signedIn'),
        },
        check: ({ event, before, snapshot, isPending }) => {
          // Storage follows the context: a session that ends forgets the credentials at once.
          if (snapshot.hasTag('ending')) expect(snapshot.context.credentials).toBeNull();
          expect(snapshot.hasTag('signedIn')).toBe(snapshot.context.credentials !== null);
          // One active record per throttle window, and only while signed in.
          expect(isPending('activeRecord')).toBe(snapshot.matches({ signedIn: 'recording' }) && event.type !== 'xstate.error.actor.activeRecord');
          // An expiry's redirect goes to the login page; a revoke reloads instead.
          if (event.type.startsWith('xstate.after.') && before?.matches('expiring')) expect(effects.at(-1)).toBe(`navigate ${LOGIN_PATH}`);
          if (event.type.startsWith('xstate.after.') && before?.matches('revoking')) expect(effects.at(-1)).toBe('reload');
        },
      });
    },
  );

  it('a failed active record changes nothing', async () => {
    const failing = createActor(sessionMachine.provide({ actors: { activeRecord: fromPromise(() => Promise.reject(new Error('network'))) } }), { input: { credentials: CREDENTIALS } });
    const errors: unknown[] = [];
    failing.subscribe({ error: (error) => void errors.push(error) });
    failing.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing.getSnapshot().value).toEqual({ signedIn: { recording: 'quiet' } });
    expect(failing.getSnapshot().context.credentials).toEqual(CREDENTIALS);
    expect(errors).toEqual([]);
    failing.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`session at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(unexplained(report, NOT_RUN)).toEqual([]);
  });
});
