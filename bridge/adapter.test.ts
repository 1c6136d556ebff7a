import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge, EVENT_BUFFER_MAX } from './adapter.ts';
import { BRIDGE_READY_TIMEOUT_MS, EVENT_RECEIVER, NATIVE_METHOD_NAMES, READY_RECEIVER, type NativeEvent } from './definitions.ts';

type Host = Record<string, unknown>;
const SECRET = 'page-secret-0123456789abcdef';

function quietBridge(host: Host) {
  const logs: string[] = [];
  const bridge = createBridge({ host, log: (message) => logs.push(message) });
  return { bridge, logs };
}

const send = (host: Host, raw: unknown) => (host[EVENT_RECEIVER] as (raw: unknown) => void)(raw);
const ready = (host: Host, secret: unknown) => (host[READY_RECEIVER] as (secret: unknown) => void)(secret);
const flushMicrotasks = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('bridge calls', () => {
  it('calls the direct object first, with this = the object, and reads non-strings as ""', async () => {
    const prompt = vi.fn(() => 'from prompt');
    const native = {
      tag: 'native',
      pauseDownload(this: { tag: string }, id: string) {
        return `${this.tag}:${id}`;
      },
      getPushUserId: () => undefined,
      clearCache: () => 1,
    };
    const host: Host = { LewanNative: native, prompt };
    const { bridge } = quietBridge(host);
    ready(host, SECRET);
    expect(bridge.channel()).toBe('direct');
    expect(await bridge.call('pauseDownload', '42')).toEqual({ ok: true, value: 'native:42' });
    expect(await bridge.call('getPushUserId')).toEqual({ ok: true, value: '' });
    expect(await bridge.call('clearCache')).toEqual({ ok: true, value: '' });
    expect(prompt).not.toHaveBeenCalled();
  });

  it('answers failed when the native method throws', async () => {
    const host: Host = {
      LewanNative: {
        installApp() {
          throw new Error('installer crashed');
        },
      },
    };
    const { bridge, logs } = quietBridge(host);
    expect(await bridge.call('installApp', '1', '0')).toMatchObject({ ok: false, reason: 'failed' });
    expect(logs.some((l) => l.includes('installApp threw'))).toBe(true);
  });

  it('an object without the method answers unavailable unless the prompt channel is there', async () => {
    const host: Host = { LewanNative: {}, prompt: () => 'p' };
    const { bridge } = quietBridge(host);
    expect(await bridge.call('getCacheSize')).toMatchObject({ ok: false, reason: 'unavailable' });
    ready(host, SECRET);
    expect(await bridge.call('getCacheSize')).toEqual({ ok: true, value: 'p' });
  });

  it('falls back to the prompt channel with the secret in the payload', async () => {
    const prompt = vi.fn((message: string, value: string) => (message === 'lewan://call/getCacheSize' ? '3.2M' : JSON.parse(value).secret === SECRET ? null : 'x'));
    const host: Host = { prompt };
    const { bridge } = quietBridge(host);
    ready(host, SECRET);
    expect(bridge.channel()).toBe('prompt');
    expect(await bridge.call('getCacheSize')).toEqual({ ok: true, value: '3.2M' });
    expect(await bridge.call('downloadGame', 'https://x/a.apk', '9', '{"md5":"m"}')).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(prompt).toHaveBeenLastCalledWith('lewan://call/downloadGame', JSON.stringify({ args: ['https://x/a.apk', '9', '{"md5":"m"}'], secret: SECRET }));
    expect(prompt.mock.contexts[0]).toBe(host);
  });

  it('queues calls until ready, then runs them in order', async () => {
    const seen: string[] = [];
    const host: Host = { prompt: (message: string, value: string) => (seen.push(`${message} ${JSON.parse(value).args.join(',')}`), 'ok') };
    const { bridge } = quietBridge(host);
    expect(bridge.isReady()).toBe(false);
    const first = bridge.call('downloadGame', 'u', '1', '{}');
    const second = bridge.call('pauseDownload', '1');
    await flushMicrotasks();
    expect(seen).toEqual([]);
    ready(host, SECRET);
    expect(await first).toEqual({ ok: true, value: 'ok' });
    expect(await second).toEqual({ ok: true, value: 'ok' });
    expect(seen).toEqual(['lewan://call/downloadGame u,1,{}', 'lewan://call/pauseDownload 1']);
    expect(bridge.isReady()).toBe(true);
  });

  it('flushes the queue when the native object appears (checked on the next call)', async () => {
    const host: Host = {};
    const { bridge } = quietBridge(host);
    const order: string[] = [];
    const queued = bridge.call('openApp', 'com.a');
    host.LewanNative = { openApp: (p: string) => (order.push(p), '1') };
    const later = await bridge.call('openApp', 'com.b');
    expect(await queued).toEqual({ ok: true, value: '1' });
    expect(later).toEqual({ ok: true, value: '1' });
    expect(order).toEqual(['com.a', 'com.b']);
  });

  it('ignores a second, different secret and malformed ones', async () => {
    const prompt = vi.fn((_message: string, value: string) => JSON.parse(value).secret as string);
    const host: Host = { prompt };
    const { bridge, logs } = quietBridge(host);
    ready(host, 'short');
    expect(bridge.isReady()).toBe(false);
    ready(host, SECRET);
    ready(host, 'another-secret-0123456789');
    expect(await bridge.call('getPushUserId')).toEqual({ ok: true, value: SECRET });
    expect(logs).toContain('ready: a second, different secret ignored');
    expect(logs).toContain('ready: malformed secret ignored');
  });

  it('queued calls answer unavailable after the ready timeout', async () => {
    vi.useFakeTimers();
    const host: Host = {};
    const { bridge } = quietBridge(host);
    const pending = bridge.call('getDeviceInfo');
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(BRIDGE_READY_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('uses injected timers', async () => {
    const timers: Array<() => void> = [];
    const host: Host = {};
    const bridge = createBridge({ host, log: () => {}, setTimeout: (fn) => timers.push(fn), clearTimeout: () => {} });
    const pending = bridge.call('getChannelInfo');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(await pending).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('bridge events', () => {
  const progress = (cur: number): NativeEvent => ({ type: 'download.progress', platform_game_id: 3, cur, total: 100, speed: 10 });

  it('buffers events until the first listener, then delivers them in order', async () => {
    const host: Host = {};
    const { bridge } = quietBridge(host);
    send(host, JSON.stringify(progress(1)));
    send(host, progress(2));
    const got: NativeEvent[] = [];
    bridge.onEvent((e) => got.push(e));
    expect(got).toEqual([]);
    send(host, JSON.stringify(progress(3)));
    await flushMicrotasks();
    expect(got).toEqual([progress(1), progress(2), progress(3)]);
  });

  it(`keeps at most ${EVENT_BUFFER_MAX} events, dropping the oldest with a log`, async () => {
    const host: Host = {};
    const { bridge, logs } = quietBridge(host);
    for (let i = 0; i <= EVENT_BUFFER_MAX; i++) send(host, progress(i % 100));
    const got: NativeEvent[] = [];
    bridge.onEvent((e) => got.push(e));
    await flushMicrotasks();
    expect(got).toHaveLength(EVENT_BUFFER_MAX);
    expect(got[0]).toEqual(progress(1));
    expect(logs.filter((l) => l.startsWith('event buffer full'))).toHaveLength(1);
  });

  it('drops and logs malformed events; they never reach listeners', async () => {
    const host: Host = {};
    const { bridge, logs } = quietBridge(host);
    const got: NativeEvent[] = [];
    bridge.onEvent((e) => got.push(e));
    send(host, '{"type":"download.state","platform_game_id":-1,"state":"3"}');
    send(host, 'garbage');
    send(host, { type: 'app.resume' });
    await flushMicrotasks();
    expect(got).toEqual([{ type: 'app.resume' }]);
    expect(bridge.rejectedCount()).toBe(2);
    expect(logs.filter((l) => l.startsWith('event refused'))).toHaveLength(2);
  });

  it('a throwing listener does not stop the others; unsubscribe stops delivery', async () => {
    const host: Host = {};
    const { bridge, logs } = quietBridge(host);
    const got: NativeEvent[] = [];
    bridge.onEvent(() => {
      throw new Error('listener bug');
    });
    const off = bridge.onEvent((e) => got.push(e));
    send(host, { type: 'app.resume' });
    await flushMicrotasks();
    off();
    send(host, { type: 'app.resume' });
    await flushMicrotasks();
    expect(got).toHaveLength(1);
    expect(logs.some((l) => l.startsWith('listener threw'))).toBe(true);
  });

  it('property: random sequences of raw events, ready calls and calls never throw and every call settles', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('event' as const), raw: fc.oneof(fc.anything(), fc.json(), fc.string()) }),
      fc.record({ kind: fc.constant('ready' as const), raw: fc.oneof(fc.anything(), fc.constant(SECRET)) }),
      fc.record({ kind: fc.constant('call' as const), method: fc.constantFrom(...NATIVE_METHOD_NAMES), args: fc.array(fc.string(), { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('native' as const), answer: fc.oneof(fc.anything(), fc.constant('throw')) }),
      fc.constant({ kind: 'listen' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const timers: Array<() => void> = [];
        const host: Host = { prompt: () => 'p' };
        const bridge = createBridge({ host, log: () => {}, setTimeout: (fn) => timers.push(fn), clearTimeout: () => {} });
        const calls: Promise<unknown>[] = [];
        for (const s of steps) {
          if (s.kind === 'event') send(host, s.raw);
          else if (s.kind === 'ready') ready(host, s.raw);
          else if (s.kind === 'listen') bridge.onEvent(() => {});
          else if (s.kind === 'native') {
            const answer = s.answer;
            host.LewanNative = Object.fromEntries(
              NATIVE_METHOD_NAMES.map((m) => [
                m,
                () => {
                  if (answer === 'throw') throw new Error('x');
                  return answer;
                },
              ]),
            );
          } else calls.push((bridge.call as (m: string, ...a: string[]) => Promise<unknown>)(s.method, ...s.args));
        }
        for (const fire of timers) fire();
        const results = (await Promise.all(calls)) as Array<{ ok: boolean }>;
        return results.every((r) => typeof r.ok === 'boolean');
      }),
      { numRuns: 500 },
    );
  });
});
