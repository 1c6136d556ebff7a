import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../tests/helpers/eventually.ts';
import { createMemorySimStore, installWrapperSimulator, type WrapperSimulator } from '../../../bridge/simulator.ts';
import { UPDATE_DIALOG_PATH, UPDATE_DISMISSED_STORAGE_KEY } from '../../../machines/update-dialog.types.ts';
import { readyActor } from '../deferred-actor.ts';
import { startUpdateCheck, updateActorFor, type UpdateEnvironment, type UpdateRuntime } from './update-runtime.ts';

/** The update dialog wired: the start-up check inside the wrapper, the bridge download, the forced hold. */

const PACKAGE = new Uint8Array(120_000).map((_, i) => (i * 7) % 253);
const MD5 = createHash('md5').update(PACKAGE).digest('hex');
const sims: WrapperSimulator[] = [];
afterEach(() => sims.splice(0).forEach((sim) => sim.dispose()));

function appVersion(versionCode: string, minSupported: string) {
  return { version_name: versionCode, version_code: versionCode, min_supported_code: minSupported, url: `/down/app/lewan-${versionCode}.apk`, size: PACKAGE.length, md5: MD5, notes: '优化', released_at: '2026-11-20T02:00:00.000Z', has_update: true, force_update: false };
}

async function setup({ latest = appVersion('3.4.0', '3.2.0'), dismissed = null as string | null, insideWrapper = true } = {}) {
  const host: Record<string, unknown> = { location: { href: 'http://127.0.0.1:8080/' } };
  const sim = await installWrapperSimulator({ host, store: createMemorySimStore(), fetch: async () => new Response(PACKAGE, { headers: { 'content-length': String(PACKAGE.length) } }), speedBytesPerSecond: 600_000, log: () => {}, version: '3.3.3' });
  sims.push(sim);
  const storage = new Map<string, string>(dismissed ? [[UPDATE_DISMISSED_STORAGE_KEY, dismissed]] : []);
  const opened: string[] = [];
  const env: UpdateEnvironment = {
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    host,
    open: (url) => void opened.push(url),
  };
  const calls: Array<{ path: string; payload: unknown }> = [];
  let path = '/';
  const listeners = new Set<(snapshot: { context: { current: { path: string } } }) => void>();
  const navigate = vi.fn((to: string) => {
    path = to;
    listeners.forEach((listener) => listener({ context: { current: { path } } }));
  });
  const runtime = {
    api: { call: vi.fn(async (p: string, payload: unknown) => (calls.push({ path: p, payload }), { kind: 'ok', code: 1, msg: 'success', data: latest })) },
    inspect: () => {},
    device: insideWrapper ? { StatusHeight: 24, version: '3.3.3', version_code: '333' } : null,
    downloads: insideWrapper ? readyActor({}) : null,
    navigate,
    navigation: { subscribe: (listener: (snapshot: { context: { current: { path: string } } }) => void) => (listeners.add(listener), { unsubscribe: () => listeners.delete(listener) }) },
  } as unknown as UpdateRuntime;
  return { runtime, env, calls, navigate, storage, opened, goTo: (to: string) => navigate(to), path: () => path };
}

describe('the update check and the update dialog wired to the bridge', () => {
  it('at start-up inside an older wrapper: asks with the running version, opens /updatedialog; 立即更新 downloads to the installer', async () => {
    const t = await setup();
    startUpdateCheck(t.runtime, () => Promise.resolve(), t.env);
    await eventually(() => expect(t.navigate).toHaveBeenCalledWith(UPDATE_DIALOG_PATH));
    expect(t.calls).toEqual([{ path: '/down/appVersion', payload: { version: '3.3.3' } }]);
    const actor = updateActorFor(t.runtime, t.env);
    expect(actor.getSnapshot().value).toBe('optional');
    actor.send({ type: 'ui.update' });
    expect(actor.getSnapshot().value).toBe('downloading');
    await eventually(() => expect(actor.getSnapshot().context.progress?.cur).toBeGreaterThan(0));
    await eventually(() => expect(actor.getSnapshot().value).toBe('installing'));
    expect(actor.getSnapshot().context.progress).toEqual({ cur: PACKAGE.length, total: PACKAGE.length });
    expect(t.opened).toEqual([]);
  });

  it('a dismissed optional version is not offered at start-up; the page still shows it; 以后再说 is remembered', async () => {
    const t = await setup({ dismissed: '3.4.0' });
    startUpdateCheck(t.runtime, () => Promise.resolve(), t.env);
    const actor = updateActorFor(t.runtime, t.env);
    await eventually(() => expect(actor.getSnapshot().value).toBe('none'));
    expect(t.navigate).not.toHaveBeenCalled();
    actor.send({ type: 'ui.check', respectDismissed: false });
    await eventually(() => expect(actor.getSnapshot().value).toBe('optional'));

    const fresh = await setup();
    const other = updateActorFor(fresh.runtime, fresh.env);
    other.send({ type: 'ui.check', respectDismissed: false });
    await eventually(() => expect(other.getSnapshot().value).toBe('optional'));
    other.send({ type: 'ui.dismiss' });
    expect(fresh.storage.get(UPDATE_DISMISSED_STORAGE_KEY)).toBe('3.4.0');
  });

  it('a forced update holds the app: a move away comes back to /updatedialog', async () => {
    const t = await setup({ latest: appVersion('3.5.0', '3.4.0') });
    startUpdateCheck(t.runtime, () => Promise.resolve(), t.env);
    await eventually(() => expect(t.path()).toBe(UPDATE_DIALOG_PATH));
    expect(updateActorFor(t.runtime, t.env).getSnapshot().value).toBe('forced');
    t.goTo('/mine');
    expect(t.path()).toBe(UPDATE_DIALOG_PATH);
    expect(t.navigate).toHaveBeenLastCalledWith(UPDATE_DIALOG_PATH, null, { replace: true });
  });

  it('in a browser there is no start-up check, and 立即更新 opens the URL', async () => {
    const t = await setup({ insideWrapper: false });
    startUpdateCheck(t.runtime, () => Promise.resolve(), t.env);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.calls).toEqual([]);
    const actor = updateActorFor(t.runtime, t.env);
    actor.send({ type: 'ui.check', respectDismissed: false });
    await eventually(() => expect(actor.getSnapshot().value).toBe('optional'));
    actor.send({ type: 'ui.update' });
    expect(actor.getSnapshot().value).toBe('opened');
    expect(t.opened).toEqual(['/down/app/lewan-3.4.0.apk']);
  });
});
