import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { wireClient } from '../tests/helpers/wire-client.ts';
import { createBridge, type Bridge } from './adapter.ts';
import { NATIVE_METHOD_NAMES, NATIVE_OBJECT_NAME, type NativeEvent } from './definitions.ts';
import { parseDownloadStates } from './events.ts';
import { createMemorySimStore, type SimStore } from './sim-store.ts';
import { installWrapperSimulator, SIM_PROGRESS_INTERVAL_MS, type SimulatorOptions, type WrapperSimulator } from './simulator.ts';
import { eventually } from '../tests/helpers/eventually.ts';
import { signingClock } from '../api/protocol/wire.ts';

/**
 * The simulator against the real reference server: real generated package bytes, real Range
 * answers and the x-content-md5 header, observed through the real adapter.
 */

interface Package {
  id: number;
  url: string;
  md5: string;
  size: number;
  package_name: string;
}


let server: TestServer;
let packages: Package[];
const running: WrapperSimulator[] = [];

beforeAll(async () => {
  const now = signingClock();
  server = await startTestServer({ now });
  const call = wireClient(server.url, now);
  const rows = await server.database.db
    .selectFrom('platform_games as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id'])
    .where('p.down_type', '=', 1)
    .where('g.online_at', '<=', new Date())
    .orderBy('p.size_bytes')
    .limit(3)
    .execute();
  packages = [];
  for (const row of rows) {
    const answer = await call('/api/game/getDownUrl', { id: row.id });
    packages.push({ id: row.id, url: server.url + answer.data.url, md5: answer.data.md5, size: answer.data.size, package_name: answer.data.package_name });
  }
});
afterAll(() => server.close());
afterEach(() => {
  for (const sim of running.splice(0)) sim.dispose();
});

const optionsJson = (p: Package, overrides: Record<string, unknown> = {}) => JSON.stringify({ md5: p.md5, size: p.size, package_name: p.package_name, game_name: 'G', ...overrides });

async function harness(options: Partial<SimulatorOptions> & { store?: SimStore } = {}) {
  const host = (options.host ?? {}) as Record<string, unknown>;
  const events: Array<{ event: NativeEvent; at: number }> = [];
  const requests: Array<{ url: string; range: string | null }> = [];
  const spy: typeof fetch = (input, init) => {
    requests.push({ url: String(input), range: new Headers(init?.headers).get('range') });
    // A host whose navigator went offline has no network: fetch fails as a browser's does.
    if ((host.navigator as { onLine?: boolean } | undefined)?.onLine === false) return Promise.reject(new TypeError('Failed to fetch'));
    return fetch(input, init);
  };
  const store = options.store ?? createMemorySimStore();
  const sim = await installWrapperSimulator({ host, fetch: spy, speedBytesPerSecond: Infinity, log: () => {}, ...options, store });
  running.push(sim);
  const bridge = createBridge({ host, log: () => {} });
  bridge.onEvent((event) => events.push({ event, at: Date.now() }));
  const call = async (...args: Parameters<Bridge['call']>) => {
    const result = await (bridge.call as (...a: unknown[]) => ReturnType<Bridge['call']>)(...args);
    if (!result.ok) throw new Error(`${args[0]}: ${result.message}`);
    return result.value;
  };
  const stateEvents = (id: number) => events.filter((e) => e.event.type === 'download.state' && e.event.platform_game_id === id).map((e) => (e.event as { state: string }).state);
  const progress = (id: number) => events.filter((e) => e.event.type === 'download.progress' && e.event.platform_game_id === id) as Array<{ event: Extract<NativeEvent, { type: 'download.progress' }>; at: number }>;
  const until = (check: () => boolean, timeout = 15_000) =>
    vi.waitFor(
      () => {
        if (!check()) throw new Error('not yet');
      },
      { timeout, interval: 10 },
    );
  const states = async () => parseDownloadStates(await call('getDownloadStates')).list;
  return { host, sim, bridge, events, requests, store, call, stateEvents, progress, until, states };
}

describe('wrapper simulator downloads', () => {
  it('downloads a package: state 1, throttled progress (monotonic, at most 10/s), state 3 with the right MD5', async () => {
    const p = packages[0]!;
    const h = await harness({ speedBytesPerSecond: 3_000_000 });
    expect(await h.call('downloadGame', p.url, String(p.id), optionsJson(p))).toBe('1');
    await h.until(() => h.stateEvents(p.id).includes('3'));
    expect(h.stateEvents(p.id)).toEqual(['1', '3']);
    const progress = h.progress(p.id);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.event.cur).toBeGreaterThan(progress[i - 1]!.event.cur);
      expect(progress[i]!.at - progress[i - 1]!.at).toBeGreaterThanOrEqual(SIM_PROGRESS_INTERVAL_MS - 25);
    }
    expect(progress.at(-1)!.event).toMatchObject({ cur: p.size, total: p.size });
    expect(progress.some((e) => e.event.speed > 0)).toBe(true);
    // The throttle holds: 3 MB/s means at least size/3 MB seconds.
    expect(progress.at(-1)!.at - progress[0]!.at).toBeGreaterThanOrEqual((p.size / 3_000_000) * 1000 - 200);
    expect(h.requests).toEqual([{ url: p.url, range: null }]);
    expect(await h.states()).toEqual([{ platform_game_id: p.id, state: '3', cur: p.size, total: p.size, speed: 0 }]);
    await h.sim.flush();
    const bytes = (h.store as ReturnType<typeof createMemorySimStore>).entries.get(`bytes:${p.id}`) as Uint8Array;
    expect(createHash('md5').update(bytes).digest('hex')).toBe(p.md5);
  });

  it('pauses (bytes kept, no event) and resumes with a Range request to the same MD5', async () => {
    const p = packages[1]!;
    const h = await harness({ speedBytesPerSecond: 800_000 });
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await h.until(() => h.progress(p.id).some((e) => e.event.cur > 100_000));
    expect(await h.call('pauseDownload', String(p.id))).toBe('1');
    expect(await h.call('pauseDownload', String(p.id))).toBe('0');
    await h.sim.flush();
    const [paused] = await h.states();
    expect(paused).toMatchObject({ platform_game_id: p.id, state: '6', total: p.size, speed: 0 });
    expect(paused!.cur).toBeGreaterThan(100_000);
    expect(paused!.cur).toBeLessThan(p.size);
    const eventsAtPause = h.events.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(h.events.length).toBe(eventsAtPause);
    expect(h.stateEvents(p.id)).toEqual(['1']);

    expect(await h.call('downloadGame', p.url, String(p.id), optionsJson(p))).toBe('1');
    await h.until(() => h.stateEvents(p.id).includes('3'));
    expect(h.stateEvents(p.id)).toEqual(['1', '1', '3']);
    expect(h.requests.map((r) => r.range)).toEqual([null, `bytes=${paused!.cur}-`]);
    const resumed = h.progress(p.id).filter((e) => e.at > h.events[eventsAtPause]!.at);
    expect(resumed[0]!.event.cur).toBeGreaterThan(paused!.cur);
    await h.sim.flush();
    const bytes = (h.store as ReturnType<typeof createMemorySimStore>).entries.get(`bytes:${p.id}`) as Uint8Array;
    expect(bytes.length).toBe(p.size);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(p.md5);
  });

  it('reports state 4 on an MD5 mismatch, an HTTP error, a network failure; the header MD5 is used when options have none', async () => {
    const p = packages[0]!;
    const h = await harness();
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p, { md5: '0'.repeat(32) }));
    await h.until(() => h.stateEvents(p.id).includes('4'));
    expect((await h.states())[0]).toMatchObject({ state: '4', cur: 0 });

    // Again without an md5 in the options: the server's x-content-md5 decides, and it matches.
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p, { md5: null }));
    await h.until(() => h.stateEvents(p.id).includes('3'));
    expect(h.stateEvents(p.id)).toEqual(['1', '4', '1', '3']);

    const missing = packages[1]!;
    await h.call('downloadGame', `${server.url}/down/game/${missing.id}/nothing.apk`, String(missing.id), '{}');
    await h.until(() => h.stateEvents(missing.id).includes('4'));

    const forced = await harness({ fail: 'md5' });
    await forced.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await forced.until(() => forced.stateEvents(p.id).includes('4'));

    const network = await harness({ fail: 'download', speedBytesPerSecond: 2_000_000 });
    await network.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await network.until(() => network.stateEvents(p.id).includes('4'));
    expect(network.progress(p.id).length).toBeGreaterThan(0);
    const [failed] = await network.states();
    // A network failure keeps the bytes for the next try.
    expect(failed!.cur).toBeGreaterThan(0);

    const refused = await harness({ fail: 'address' });
    expect(await refused.call('downloadGame', p.url, String(p.id), optionsJson(p))).toBe('0');
    expect(await h.call('downloadGame', 'ftp://x/a.apk', '5', '{}')).toBe('0');
    expect(await h.call('downloadGame', p.url, 'abc', '{}')).toBe('0');
  });

  it('the browser going offline mid-download fails it (4, bytes kept, network none); a retry offline fails again; online it resumes with Range to the same MD5', async () => {
    const p = packages[1]!;
    const navigator = { onLine: true };
    const host = Object.assign(new EventTarget(), { navigator });
    const h = await harness({ host, speedBytesPerSecond: 800_000 });
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await h.until(() => h.progress(p.id).some((e) => e.event.cur > 100_000));
    expect(await h.call('getNetworkType')).toBe('wifi');

    navigator.onLine = false;
    host.dispatchEvent(new Event('offline'));
    await h.until(() => h.stateEvents(p.id).includes('4'));
    expect(await h.call('getNetworkType')).toBe('none');
    const [failed] = await h.states();
    expect(failed).toMatchObject({ platform_game_id: p.id, state: '4', total: p.size, speed: 0 });
    expect(failed!.cur).toBeGreaterThan(100_000);
    expect(failed!.cur).toBeLessThan(p.size);
    // Nothing more arrives once the network is gone.
    const progressAtCut = h.progress(p.id).length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(h.progress(p.id).length).toBe(progressAtCut);

    // Retried while still offline: the Range request fails, the kept bytes stay.
    expect(await h.call('downloadGame', p.url, String(p.id), optionsJson(p))).toBe('1');
    await h.until(() => h.stateEvents(p.id).filter((s) => s === '4').length === 2);
    expect((await h.states())[0]).toMatchObject({ state: '4', cur: failed!.cur });

    navigator.onLine = true;
    host.dispatchEvent(new Event('online'));
    expect(await h.call('downloadGame', p.url, String(p.id), optionsJson(p))).toBe('1');
    await h.until(() => h.stateEvents(p.id).includes('3'));
    expect(h.stateEvents(p.id)).toEqual(['1', '4', '1', '4', '1', '3']);
    expect(h.requests.map((r) => r.range)).toEqual([null, `bytes=${failed!.cur}-`, `bytes=${failed!.cur}-`]);
    expect((await h.states())[0]).toEqual({ platform_game_id: p.id, state: '3', cur: p.size, total: p.size, speed: 0 });
    await h.sim.flush();
    const bytes = (h.store as ReturnType<typeof createMemorySimStore>).entries.get(`bytes:${p.id}`) as Uint8Array;
    expect(bytes.length).toBe(p.size);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(p.md5);
  });

  it('installs a finished package (install.result 1), opens it, deletes the package when asked; forced failure answers code 2', async () => {
    const p = packages[0]!;
    const h = await harness();
    expect(await h.call('installApp', String(p.id), '0')).toBe('0');
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await h.until(() => h.stateEvents(p.id).includes('3'));
    expect(await h.call('openApp', p.package_name)).toBe('0');
    // A package still to install is not cache.
    expect(await h.call('getCacheSize')).toBe('0M');
    expect(await h.call('installApp', String(p.id), '1')).toBe('1');
    await h.until(() => h.events.some((e) => e.event.type === 'install.result'));
    expect(h.events.find((e) => e.event.type === 'install.result')!.event).toEqual({ type: 'install.result', platform_game_id: p.id, code: 1 });
    expect(await h.call('openApp', p.package_name)).toBe('1');
    expect(await h.call('openApp', 'com.not.installed')).toBe('0');
    await h.sim.flush();
    const entries = (h.store as ReturnType<typeof createMemorySimStore>).entries;
    expect(entries.get(`install:${p.package_name}`)).toMatchObject({ package_name: p.package_name, platform_game_id: p.id, installed_at: expect.any(Number) });
    expect(entries.has(`bytes:${p.id}`)).toBe(false);
    expect((await h.states())[0]).toMatchObject({ state: '5', cur: 0 });
    expect(await h.call('getCacheSize')).toBe('0M');

    const failing = await harness({ fail: 'install' });
    await failing.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await failing.until(() => failing.stateEvents(p.id).includes('3'));
    expect(await failing.call('installApp', String(p.id), '0')).toBe('1');
    await failing.until(() => failing.events.some((e) => e.event.type === 'install.result'));
    expect(failing.events.find((e) => e.event.type === 'install.result')!.event).toMatchObject({ code: 2 });
    expect(await failing.call('openApp', p.package_name)).toBe('0');
  });

  it('deletes a running download with its bytes and record', async () => {
    const p = packages[1]!;
    const h = await harness({ speedBytesPerSecond: 500_000 });
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await h.until(() => h.progress(p.id).length > 1);
    expect(await h.call('deleteDownload', String(p.id))).toBe('1');
    await h.sim.flush();
    expect(await h.states()).toEqual([]);
    expect([...(h.store as ReturnType<typeof createMemorySimStore>).entries.keys()].filter((k) => k.endsWith(`:${p.id}`))).toEqual([]);
    const count = h.events.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.events.length).toBe(count);
  });

  it('after a reload mid-download (a new simulator over the same store), reports the kept bytes as paused (6) and resumes with Range', async () => {
    const p = packages[2]!;
    const store = createMemorySimStore();
    const first = await harness({ store, speedBytesPerSecond: 400_000 });
    await first.call('downloadGame', p.url, String(p.id), optionsJson(p));
    // Bytes are written about once a second while downloading.
    await first.until(() => store.entries.has(`bytes:${p.id}`));
    first.sim.dispose();
    await first.sim.flush();
    const kept = (store.entries.get(`bytes:${p.id}`) as Uint8Array).length;
    expect(kept).toBeGreaterThan(0);

    const second = await harness({ store });
    const [status] = await second.states();
    expect(status).toEqual({ platform_game_id: p.id, state: '6', cur: kept, total: p.size, speed: 0 });
    await second.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await second.until(() => second.stateEvents(p.id).includes('3'));
    expect(second.requests.map((r) => r.range)).toEqual([`bytes=${kept}-`]);
  });
});

describe('wrapper simulator: the other calls and the channels', () => {
  it('answers device info (stable ids per store), channel, push id, shares, screen capture, cache', async () => {
    const store = createMemorySimStore();
    const h = await harness({ store });
    // Before consent: no identifier, from either method, and no push id.
    const basic = JSON.parse(await h.call('getBasicDeviceInfo'));
    expect(basic).toMatchObject({ StatusHeight: 24, system: 'Android 13', version: '3.4.0', version_code: '340', media_id: '1', tg: 'sim', dychannel: 'sim', simular: '1' });
    expect(JSON.parse(await h.call('getDeviceInfo'))).toEqual(basic);
    expect(basic).not.toHaveProperty('imei');
    expect(await h.call('getPushUserId')).toBe('');
    expect(await h.call('setPrivacyConsent', '1')).toBe('1');
    const info = JSON.parse(await h.call('getDeviceInfo'));
    expect(info).toMatchObject(basic);
    expect(info.imei).toMatch(/^86\d{13}$/);
    expect(info).toHaveProperty('oaid');
    expect(info).toHaveProperty('android_id');
    expect(info).toHaveProperty('mac');
    await h.sim.flush();
    // Native keeps the consent (a new start over the same store remembers it).
    const again = await harness({ store });
    expect(again.sim.privacyConsent()).toBe(true);
    expect(JSON.parse(await again.call('getDeviceInfo')).imei).toBe(info.imei);
    expect(await again.call('getPushUserId')).toBe(await h.call('getPushUserId'));
    expect(JSON.parse(await h.call('getChannelInfo'))).toEqual({ channel: 'sim', media_id: '1' });
    expect(await h.call('share', '{"title":"t"}')).toBe('1');
    expect(h.sim.lastShare()).toEqual({ method: 'share', payload: '{"title":"t"}' });
    expect(await h.call('inviteShare', '{"invite_code":"x"}')).toBe('1');
    expect(h.sim.lastShare()).toMatchObject({ method: 'inviteShare' });
    expect(await h.call('disableScreenCapture')).toBe('1');
    expect(await h.call('enableScreenCapture')).toBe('1');

    const p = packages[0]!;
    await h.call('downloadGame', p.url, String(p.id), optionsJson(p));
    await h.until(() => h.stateEvents(p.id).includes('3'));
    // A finished download not installed yet is not cache.
    expect(await h.call('getCacheSize')).toBe('0M');
    expect(await h.call('installApp', String(p.id), '0')).toBe('1');
    await h.until(() => h.events.some((e) => e.event.type === 'install.result'));
    expect(await h.call('getCacheSize')).toBe(`${(p.size / 1048576).toFixed(1)}M`);
    expect(await h.call('clearCache')).toBe('1');
    expect(await h.call('getCacheSize')).toBe('0M');
    // Still installed, only its package is gone.
    expect(await h.states()).toEqual([{ platform_game_id: p.id, state: '5', cur: 0, total: p.size, speed: 0 }]);

    // Withdrawn: identifiers gone again.
    expect(await h.call('setPrivacyConsent', '0')).toBe('1');
    expect(JSON.parse(await h.call('getDeviceInfo'))).not.toHaveProperty('imei');
  });

  it('network type: the option, then setNetwork, else the browser\'s navigator.connection', async () => {
    const h = await harness({ network: 'cellular' });
    expect(await h.call('getNetworkType')).toBe('cellular');
    h.sim.setNetwork('wifi');
    expect(await h.call('getNetworkType')).toBe('wifi');
    const host: Record<string, unknown> = { navigator: { connection: { type: 'cellular' } } };
    const browser = await installWrapperSimulator({ host, store: createMemorySimStore(), log: () => {} });
    running.push(browser);
    expect(browser.native.getNetworkType()).toBe('cellular');
    (host.navigator as { connection: { type: string } }).connection.type = 'wifi';
    expect(browser.native.getNetworkType()).toBe('wifi');
  });

  it('implements every method of the contract', async () => {
    const h = await harness();
    const native = h.host[NATIVE_OBJECT_NAME] as Record<string, unknown>;
    for (const method of NATIVE_METHOD_NAMES) expect(typeof native[method], method).toBe('function');
  });

  it('holds events until the web installs its receiver, then delivers them in order', async () => {
    const p = packages[0]!;
    const host: Record<string, unknown> = {};
    const sim = await installWrapperSimulator({ host, store: createMemorySimStore(), speedBytesPerSecond: Infinity, log: () => {} });
    running.push(sim);
    const native = host[NATIVE_OBJECT_NAME] as { downloadGame(...a: string[]): string };
    expect(native.downloadGame(p.url, String(p.id), optionsJson(p))).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const got: NativeEvent[] = [];
    createBridge({ host, log: () => {} }).onEvent((e) => got.push(e));
    await eventually(() => expect(got.at(-1)).toEqual({ type: 'download.state', platform_game_id: p.id, state: '3' }));
    expect(got[0]).toEqual({ type: 'download.state', platform_game_id: p.id, state: '1' });
  });

  it('sends app.resume when the page becomes visible', async () => {
    const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const host: Record<string, unknown> = { document };
    const sim = await installWrapperSimulator({ host, store: createMemorySimStore(), log: () => {} });
    running.push(sim);
    const got: NativeEvent[] = [];
    createBridge({ host, log: () => {} }).onEvent((e) => got.push(e));
    document.dispatchEvent(new Event('visibilitychange'));
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(got).toEqual([{ type: 'app.resume' }]));
  });

  it('prompt channel: the web gets the secret through the ready call; a wrong secret is refused; other prompts fall through', async () => {
    const originalPrompt = vi.fn(() => 'typed by the user');
    const host: Record<string, unknown> = { prompt: originalPrompt };
    const bridge = createBridge({ host, log: () => {} });
    // A call made before the wrapper is ready waits for it.
    const early = bridge.call('getChannelInfo');
    const sim = await installWrapperSimulator({ host, store: createMemorySimStore(), channel: 'prompt', log: () => {} });
    running.push(sim);
    expect(host[NATIVE_OBJECT_NAME]).toBeUndefined();
    expect(await early).toEqual({ ok: true, value: '{"channel":"sim","media_id":"1"}' });
    expect(bridge.channel()).toBe('prompt');
    expect(sim.secret).toMatch(/^[0-9a-f]{32}$/);
    const info = await bridge.call('getDeviceInfo');
    expect(info.ok && JSON.parse(info.value).StatusHeight).toBe(24);

    const prompt = host.prompt as (message: string, value?: string) => string | null;
    expect(prompt('lewan://call/getDeviceInfo', JSON.stringify({ args: [], secret: 'f'.repeat(32) }))).toBeNull();
    expect(prompt('lewan://call/getDeviceInfo', 'not json')).toBeNull();
    expect(prompt('lewan://call/notAMethod', JSON.stringify({ args: [], secret: sim.secret }))).toBeNull();
    expect(prompt('lewan://call/openApp', JSON.stringify({ args: [1], secret: sim.secret }))).toBeNull();
    expect(prompt('lewan://call/openApp', JSON.stringify({ args: ['com.x'], secret: sim.secret }))).toBe('0');
    expect(prompt('Your name?', 'x')).toBe('typed by the user');
    expect(originalPrompt).toHaveBeenCalledTimes(1);
    sim.dispose();
    expect(host.prompt).toBe(originalPrompt);
  });
});
