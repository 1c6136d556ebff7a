import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { logoutMachine } from './logout.machine.ts';

function start(fails = false) {
  const calls = vi.fn();
  const signOut = vi.fn();
  let settle: () => void = () => {};
  const actor = createActor(
    logoutMachine.provide({
      actors: {
        logout: fromPromise(
          () =>
            new Promise<unknown>((resolve, reject) => {
              calls();
              settle = () => (fails ? reject(new Error('network')) : resolve(null));
            }),
        ),
      },
      actions: { signOut },
    }),
  ).start();
  return { actor, calls, signOut, settle: () => settle() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('logout machine', () => {
  it('asks first; cancelling makes no call', () => {
    const { actor, calls } = start();
    actor.send({ type: 'ui.logout' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'ui.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).not.toHaveBeenCalled();
  });

  it.each([false, true])('signs out after the call settles (call fails: %s)', async (fails) => {
    const { actor, calls, signOut, settle } = start(fails);
    actor.send({ type: 'ui.logout' });
    actor.send({ type: 'ui.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls).toHaveBeenCalledOnce();
    expect(signOut).not.toHaveBeenCalled();
    settle();
    await flush();
    expect(signOut).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
