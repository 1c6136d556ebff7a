import { describe, expect, it, vi } from 'vitest';
import type { AppRuntime } from '../../app/runtime.ts';
import type { PromptEnvironment } from '../payment/first-recharge-prompt.ts';
import { createNoticePrompt, NOTICE_DIALOG_PATH } from './notice-prompt.ts';

type Snap = { hasTag: (tag: string) => boolean; context: { credentials: { token: string } | null } };

function fakeSession(token: string | null) {
  let current = token;
  const listeners = new Set<(snapshot: Snap) => void>();
  const snapshot = (): Snap => ({ hasTag: (tag) => tag === 'signedIn' && current !== null, context: { credentials: current ? { token: current } : null } });
  return {
    getSnapshot: snapshot,
    subscribe(listener: (snapshot: Snap) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(next: string | null) {
      current = next;
      listeners.forEach((listener) => listener(snapshot()));
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function setup({ token = 'a' as string | null, path = '/', pop = { id: 3, title: '公告' } as unknown, first = true } = {}) {
  const session = fakeSession(token);
  const navigate = vi.fn();
  const idles: Array<() => void> = [];
  const env: PromptEnvironment & { path: string; overlay: boolean } = {
    path,
    overlay: false,
    whenIdle: () => new Promise<void>((resolve) => idles.push(resolve)),
    pathname: () => env.path,
    overlayShown: () => env.overlay,
  };
  const api = {
    call: vi.fn(async (path: string) => (path === '/api/user/getIsPop' ? { kind: 'ok', code: 1, msg: '', data: pop } : { kind: 'ok', code: 1, msg: '', data: { id: 3, first } })),
  };
  createNoticePrompt({ api, session, navigate } as unknown as Pick<AppRuntime, 'api' | 'session' | 'navigate'>, env);
  return { session, api, navigate, env, idle: async () => (idles.splice(0).forEach((resolve) => resolve()), await flush()) };
}

describe('the pop-up notice the app shows by itself', () => {
  it('started signed in on home: asks once when idle, claims it, opens /noticedialog with its id', async () => {
    const t = setup();
    expect(t.api.call).not.toHaveBeenCalled();
    await t.idle();
    expect(t.api.call.mock.calls.map((c) => c[0])).toEqual(['/api/user/getIsPop', '/api/user/markNoticeSeen']);
    expect(t.navigate).toHaveBeenCalledWith(NOTICE_DIALOG_PATH, { id: 3 });
    // The same account again in this run: not asked again.
    t.session.set(null);
    t.session.set('a');
    await t.idle();
    expect(t.api.call).toHaveBeenCalledTimes(2);
    // Another account signs in: asked for it.
    t.session.set('b');
    await t.idle();
    expect(t.api.call).toHaveBeenCalledTimes(4);
  });

  it('stays away: signed out, not on home, another dialog, no pop-up, or another device claimed it first', async () => {
    const out = setup({ token: null });
    await out.idle();
    expect(out.api.call).not.toHaveBeenCalled();
    const elsewhere = setup({ path: '/mine' });
    await elsewhere.idle();
    expect(elsewhere.api.call).not.toHaveBeenCalled();
    const covered = setup();
    covered.env.overlay = true;
    await covered.idle();
    expect(covered.api.call).not.toHaveBeenCalled();
    const none = setup({ pop: null });
    await none.idle();
    expect(none.api.call).toHaveBeenCalledTimes(1);
    expect(none.navigate).not.toHaveBeenCalled();
    const claimed = setup({ first: false });
    await claimed.idle();
    expect(claimed.api.call).toHaveBeenCalledTimes(2);
    expect(claimed.navigate).not.toHaveBeenCalled();
  });
});
