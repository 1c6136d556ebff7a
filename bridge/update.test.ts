import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../tests/helpers/eventually.ts';
import { createBridge } from './adapter.ts';
import type { NativeEvent } from './definitions.ts';
import { parseNativeEvent } from './events.ts';
import { createMemorySimStore } from './sim-store.ts';
import { installWrapperSimulator, SIM_APP_VERSION, type WrapperSimulator } from './simulator.ts';

/** The app update through the bridge: updateApp and its update.* events. */

const running: WrapperSimulator[] = [];
afterEach(() => {
  for (const sim of running.splice(0)) sim.dispose();
});

const PACKAGE = new Uint8Array(300_000).map((_, i) => (i * 31) % 251);
const MD5 = createHash('md5').update(PACKAGE).digest('hex');

async function harness(options: { fail?: 'download' | 'md5' | null; version?: string } = {}) {
  const host: Record<string, unknown> = {};
  let fetches = 0;
  const fetchFn: typeof fetch = async () => {
    fetches++;
    return new Response(PACKAGE, { status: 200, headers: { 'content-length': String(PACKAGE.length) } });
  };
  const sim = await installWrapperSimulator({ host, fetch: fetchFn, store: createMemorySimStore(), speedBytesPerSecond: 1_000_000, log: () => {}, fail: options.fail ?? null, ...(options.version ? { version: options.version } : {}) });
  running.push(sim);
  const bridge = createBridge({ host, log: () => {} });
  const events: NativeEvent[] = [];
  bridge.onEvent((event) => events.push(event));
  return { bridge, events, sim, fetches: () => fetches };
}

const states = (events: NativeEvent[]) => events.flatMap((e) => (e.type === 'update.state' ? [e.state] : []));

describe('the app update through the wrapper simulator', () => {
  it('downloads with progress, checks the MD5 and opens the installer (state 3); a second call while it runs starts nothing', async () => {
    const h = await harness();
    const options = JSON.stringify({ version: '3.4.0', md5: MD5, size: PACKAGE.length });
    expect(await h.bridge.call('updateApp', 'http://127.0.0.1/down/app/lewan-3.4.0.apk', options)).toEqual({ ok: true, value: '1' });
    expect(await h.bridge.call('updateApp', 'http://127.0.0.1/down/app/lewan-3.4.0.apk', options)).toEqual({ ok: true, value: '1' });
    await eventually(() => expect(states(h.events)).toEqual(['1', '3']));
    const progress = h.events.filter((e) => e.type === 'update.progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ cur: PACKAGE.length, total: PACKAGE.length });
    expect(h.fetches()).toBe(1);
  });

  it('a wrong MD5 or a broken download ends in state 4; an address that is no URL is refused', async () => {
    const wrong = await harness();
    await wrong.bridge.call('updateApp', 'http://127.0.0.1/a.apk', JSON.stringify({ md5: 'f'.repeat(32) }));
    await eventually(() => expect(states(wrong.events)).toEqual(['1', '4']));
    const broken = await harness({ fail: 'download' });
    await broken.bridge.call('updateApp', 'http://127.0.0.1/a.apk', '{}');
    await eventually(() => expect(states(broken.events)).toEqual(['1', '4']));
    expect(await broken.bridge.call('updateApp', 'javascript:alert(1)', '{}')).toEqual({ ok: true, value: '0' });
  });

  it('reports the released version unless told to play an older wrapper', async () => {
    const current = await harness();
    expect(JSON.parse(current.sim.native.getBasicDeviceInfo())).toMatchObject({ version: SIM_APP_VERSION, version_code: SIM_APP_VERSION.replaceAll('.', '') });
    const old = await harness({ version: '3.3.3' });
    expect(JSON.parse(old.sim.native.getBasicDeviceInfo())).toMatchObject({ version: '3.3.3', version_code: '333' });
  });
});

describe('update.* events from native are validated', () => {
  it('keeps well-formed ones, normalised', () => {
    expect(parseNativeEvent('{"type":"update.progress","cur":"10","total":100,"speed":5}')).toEqual({ ok: true, event: { type: 'update.progress', cur: 10, total: 100, speed: 5 } });
    expect(parseNativeEvent({ type: 'update.state', state: 3 })).toEqual({ ok: true, event: { type: 'update.state', state: '3' } });
    for (const bad of [{ type: 'update.state', state: '2' }, { type: 'update.state' }, { type: 'update.progress', cur: 200, total: 100, speed: 0 }, { type: 'update.progress', cur: -1, total: 1, speed: 0 }]) {
      expect(parseNativeEvent(bad).ok).toBe(false);
    }
  });

  it('never throws and never lets an unchecked value through, whatever native sends', () => {
    const field = fc.oneof(fc.anything(), fc.integer(), fc.constantFrom('1', '3', '4', 3, '2', null, -5, 1e20, 'x'));
    fc.assert(
      fc.property(fc.constantFrom('update.progress', 'update.state'), field, field, field, field, (type, state, cur, total, speed) => {
        const parsed = parseNativeEvent({ type, state, cur, total, speed });
        if (!parsed.ok) return;
        const event = parsed.event;
        if (event.type === 'update.state') expect(['1', '3', '4']).toContain(event.state);
        else if (event.type === 'update.progress') {
          for (const n of [event.cur, event.total, event.speed]) expect(Number.isFinite(n) && n >= 0).toBe(true);
          if (event.total > 0) expect(event.cur).toBeLessThanOrEqual(event.total);
        } else throw new Error(`unexpected ${event.type}`);
      }),
      { numRuns: 500 },
    );
  });
});
