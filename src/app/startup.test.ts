import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiOutcome } from '../../api/outcome.ts';
import { createStartup, STARTUP_MAX_WAIT_MS, STARTUP_QUIET_MS, type StartupEnvironment } from './startup.ts';

const ok: ApiOutcome = { kind: 'ok', code: 1, msg: 'success', data: null };

describe('start-up settles', () => {
  let loaded: boolean;
  let onResource: () => void;
  let env: StartupEnvironment;
  beforeEach(() => {
    vi.useFakeTimers();
    loaded = true;
    onResource = () => {};
    env = { now: () => Date.now(), loaded: () => loaded, observeResources: (listener) => ((onResource = listener), () => (onResource = () => {})) };
  });
  afterEach(() => vi.useRealTimers());

  const settledFlag = (startup: ReturnType<typeof createStartup>) => {
    const flag = { settled: false };
    void startup.settled().then(() => (flag.settled = true));
    return flag;
  };

  it('once loaded, with no call in flight and no resource arriving for the quiet time', async () => {
    const startup = createStartup(env);
    loaded = false;
    const flag = settledFlag(startup);
    await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS * 2);
    expect(flag.settled).toBe(false);
    onResource(); // an image arrives: the quiet time starts again
    loaded = true;
    await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS / 2);
    expect(flag.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS);
    expect(flag.settled).toBe(true);
  });

  it('not while a call is in flight', async () => {
    const startup = createStartup(env);
    let answer!: (outcome: ApiOutcome) => void;
    const api = startup.trackCalls({ call: () => new Promise<ApiOutcome>((resolve) => (answer = resolve)) as never });
    const call = api.call('/api/down/getAppIndexContent');
    const flag = settledFlag(startup);
    await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS * 3);
    expect(flag.settled).toBe(false);
    answer(ok);
    await expect(call).resolves.toBe(ok);
    await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS + 250);
    expect(flag.settled).toBe(true);
  });

  it('at the latest after the longest wait', async () => {
    const startup = createStartup(env);
    loaded = false;
    const flag = settledFlag(startup);
    await vi.advanceTimersByTimeAsync(STARTUP_MAX_WAIT_MS + 250);
    expect(flag.settled).toBe(true);
  });
});
