import { describe, expect, it, vi } from 'vitest';
import type { AppRuntime } from '../../app/runtime.ts';
import { createFirstRechargePrompt, FIRST_RECHARGE_PATH, type PromptEnvironment } from './first-recharge-prompt.ts';

function fakeSession(signedIn: boolean) {
  let state = signedIn;
  const listeners = new Set<(snapshot: { hasTag: (tag: string) => boolean }) => void>();
  const snapshot = () => ({ hasTag: (tag: string) => tag === 'signedIn' && state });
  return {
    getSnapshot: snapshot,
    subscribe(listener: (snapshot: { hasTag: (tag: string) => boolean }) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(next: boolean) {
      state = next;
      listeners.forEach((listener) => listener(snapshot()));
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup({ showDialog = true, path = '/mine', overlay = false, startSignedIn = false } = {}) {
  const session = fakeSession(startSignedIn);
  const call = vi.fn(async () => ({ code: 1, msg: 'success', data: { is_promote: 1, first_recharge: { eligible: true, show_dialog: showDialog, bonus_pct: 10, max_bonus_cents: 5000 } } }));
  const navigate = vi.fn();
  let idle: () => void = () => {};
  const env: PromptEnvironment & { path: string; overlay: boolean } = {
    path,
    overlay,
    whenIdle: () => new Promise<void>((resolve) => (idle = resolve)),
    pathname: () => env.path,
    overlayShown: () => env.overlay,
  };
  const api = { call: vi.fn(async (...args: unknown[]) => ({ kind: 'ok', ...(await call(...(args as []))) })) };
  createFirstRechargePrompt({ api, session, navigate } as unknown as Pick<AppRuntime, 'api' | 'session' | 'navigate'>, env);
  return { session, api, navigate, env, idle: async () => (idle(), await flush(), await flush()) };
}

describe('first-recharge offer after sign-in', () => {
  it('opens /firstrechargedialog once after a sign-in, when idle, on /mine, with show_dialog', async () => {
    const t = setup();
    t.session.set(true);
    expect(t.api.call).not.toHaveBeenCalled();
    await t.idle();
    expect(t.api.call).toHaveBeenCalledWith('/api/user/getIsPromote', {});
    expect(t.navigate).toHaveBeenCalledWith(FIRST_RECHARGE_PATH);
    t.session.set(false);
    t.session.set(true);
    await t.idle();
    expect(t.api.call).toHaveBeenCalledTimes(1);
  });

  it('stays away: started signed in, another dialog on screen, another page, or show_dialog false', async () => {
    const started = setup({ startSignedIn: true });
    await started.idle();
    expect(started.api.call).not.toHaveBeenCalled();

    const overlay = setup({ overlay: true });
    overlay.session.set(true);
    await overlay.idle();
    expect(overlay.api.call).not.toHaveBeenCalled();

    const elsewhere = setup({ path: '/gamedetail' });
    elsewhere.session.set(true);
    await elsewhere.idle();
    expect(elsewhere.navigate).not.toHaveBeenCalled();

    const seen = setup({ showDialog: false });
    seen.session.set(true);
    await seen.idle();
    expect(seen.api.call).toHaveBeenCalledTimes(1);
    expect(seen.navigate).not.toHaveBeenCalled();
  });
});
