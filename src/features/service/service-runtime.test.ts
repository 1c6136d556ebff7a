import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { SERVICE_OFFLINE_CHECK_MS, SERVICE_POLL_MS, STORAGE_KEYS } from '../../../machines/constants.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import type { ActiveRecordInput, Credentials } from '../../../machines/session.types.ts';
import { createServiceFeature, SERVICE_CALLS, type ServiceEnvironment } from './service-runtime.ts';

const CREDS: Credentials = { token: 'token-aaaaaaaaaaaaaaaa', uuid: 'uuid-aaaaaaaa', nickname: '玩家' };

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  } as unknown as Storage & { values: Map<string, string> };
}

function setup(options: { credentials?: Credentials | null; storage?: Record<string, string>; answers?: Record<string, ApiOutcome> } = {}) {
  const session = createActor(
    sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => null) } }),
    { input: { credentials: options.credentials === undefined ? CREDS : options.credentials } },
  );
  const answers: Record<string, ApiOutcome> = {
    [SERVICE_CALLS.unread]: { kind: 'ok', code: 1, msg: 'success', data: { id: 11, content: '欢迎来到乐玩游戏盒！' } },
    [SERVICE_CALLS.status]: { kind: 'ok', code: 1, msg: 'success', data: 'offline' },
    ...options.answers,
  };
  const api = { call: vi.fn(async (path: string) => answers[path]!) };
  const navigate = vi.fn();
  const reload = vi.fn();
  const storage = memoryStorage(options.storage);
  let hidden = false;
  let path = '/';
  const listeners = new Set<() => void>();
  const browser: ServiceEnvironment = {
    isHidden: () => hidden,
    onVisibilityChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    pathname: () => path,
  };
  const poll = createServiceFeature({ api: api as never, session, inspect: () => {}, navigate }, { storage, reload }, browser);
  session.start();
  const setVisibility = (nextHidden: boolean, nextPath = path) => {
    hidden = nextHidden;
    path = nextPath;
    for (const listener of listeners) listener();
  };
  const calls = (p: string) => api.call.mock.calls.filter(([called]) => called === p).length;
  return { session, poll, api, navigate, reload, storage, setVisibility, calls };
}

describe('service runtime wiring', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a stored session polls at 20 s; a new message is stored under serviceID and shown', async () => {
    const { poll, storage, calls } = setup();
    expect(poll.getSnapshot().matches({ session: 'signedIn' })).toBe(true);
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS - 1);
    expect(calls(SERVICE_CALLS.unread)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(SERVICE_CALLS.unread)).toBe(1);
    expect(storage.values.get(STORAGE_KEYS.serviceId)).toBe('11');
    expect(poll.getSnapshot().context.notice).toEqual({ id: '11', content: '欢迎来到乐玩游戏盒！' });
    expect(poll.getSnapshot().matches({ session: { signedIn: { notice: 'shown' } } })).toBe(true);
  });

  it('the stored serviceID is not announced again', async () => {
    const { poll } = setup({ storage: { [STORAGE_KEYS.serviceId]: '11' } });
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS);
    expect(poll.getSnapshot().context.notice).toBeNull();
  });

  it('signed out: no polling until sign-in; sign-out stops it', async () => {
    const { session, poll, calls } = setup({ credentials: null });
    await vi.advanceTimersByTimeAsync(3 * SERVICE_POLL_MS);
    expect(calls(SERVICE_CALLS.unread)).toBe(0);
    session.send({ type: 'session.signedIn', credentials: CREDS });
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS);
    expect(calls(SERVICE_CALLS.unread)).toBe(1);
    session.send({ type: 'session.signedOut' });
    expect(poll.getSnapshot().matches({ session: 'signedOut' })).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * SERVICE_POLL_MS);
    expect(calls(SERVICE_CALLS.unread)).toBe(1);
  });

  it('the page’s visibility pauses polling; returning to /service checks the status 2 s later and reloads when offline', async () => {
    const { reload, setVisibility, calls } = setup();
    setVisibility(true);
    await vi.advanceTimersByTimeAsync(3 * SERVICE_POLL_MS);
    expect(calls(SERVICE_CALLS.unread)).toBe(0);
    setVisibility(false, '/service');
    expect(calls(SERVICE_CALLS.unread)).toBe(1);
    await vi.advanceTimersByTimeAsync(SERVICE_OFFLINE_CHECK_MS - 1);
    expect(calls(SERVICE_CALLS.status)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(SERVICE_CALLS.status)).toBe(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tapping the banner navigates to /service through the runtime', async () => {
    const { poll, navigate } = setup();
    await vi.advanceTimersByTimeAsync(SERVICE_POLL_MS);
    poll.send({ type: 'ui.notice.open' });
    expect(navigate).toHaveBeenCalledWith('/service');
  });
});
