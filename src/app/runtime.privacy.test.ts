import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTIFIER_FIELDS } from '../../api/device.ts';
import { browserCrypto } from '../../api/crypto-browser.ts';
import { openRequest, type Fields } from '../../api/protocol/wire.ts';
import { NATIVE_OBJECT_NAME } from '../../bridge/definitions.ts';
import { createMemorySimStore, installWrapperSimulator, type WrapperSimulator } from '../../bridge/simulator.ts';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { secrets } from './env.ts';
import { createRuntime } from './runtime.ts';

/**
 * The privacy consent, end to end inside the runtime: the wrapper simulator behind a
 * recorder of every bridge method called, and a fetch that records every request body the api
 * client sends (decrypted as the server would). No identifier is read or sent before consent;
 * after a sign-in (the login box is the consent) they are read once and sent with device-variant
 * calls; after withdrawal they are neither read nor sent again.
 */

const IDENTIFYING = ['imei', 'oaid', 'android_id', 'mac'] as const;

interface Sent {
  path: string;
  fields: Fields;
}

let sim: WrapperSimulator;
let methods: Array<{ method: string; args: unknown[] }>;
let sent: Sent[];
let host: Record<string, unknown>;
/** The privacy policy's version the fake server serves (userPrivacyH5). */
let policyVersion: string;

// The runtime loads these chunks after start: loaded here, so none loads after the test ended.
beforeAll(async () => {
  await import('../features/late-features.ts');
});

beforeEach(async () => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  host = {};
  sim = await installWrapperSimulator({ host, store: createMemorySimStore(), log: () => {} });
  const native = host[NATIVE_OBJECT_NAME] as Record<string, (...args: unknown[]) => unknown>;
  methods = [];
  // Every method the web calls, in order.
  host[NATIVE_OBJECT_NAME] = new Proxy(native, {
    get(target, key) {
      const value = target[key as string];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        methods.push({ method: String(key), args });
        return value.apply(target, args);
      };
    },
  });
  sent = [];
  policyVersion = '1';
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    const opened = openRequest(path, await input.text(), { acceptPlain: true, now: Date.now(), secrets, crypto: browserCrypto });
    if (opened.ok) sent.push({ path, fields: opened.fields });
    const data = path === '/api/down/userPrivacyH5' ? { title: '隐私政策', content: '<p>…</p>', updated_at: '2026-11-01T00:00:00.000Z', version: policyVersion } : null;
    return new Response(JSON.stringify({ code: 1, msg: '', data }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  sim.dispose();
  vi.unstubAllGlobals();
});

const start = () => createRuntime({ storage: window.localStorage, reload: vi.fn(), navigate: vi.fn(), toast: vi.fn(), host });
/** Started, once the runtime has heard the policy version from the server. */
async function started() {
  const runtime = start();
  await vi.waitFor(() => expect(runtime.privacy.policyVersion()).not.toBeNull());
  return runtime;
}
const called = (name: string) => methods.filter((m) => m.method === name);
const identifiersIn = (fields: Fields) => IDENTIFIER_FIELDS.map((f) => (f === 'address' ? 'location' : f)).filter((f) => f in fields);
const point = (runtime: ReturnType<typeof start>, title: string) => runtime.api.call('/point', { point_id: 1, point_title: title }, { device: true });
const sentPoint = (title: string) => sent.find((s) => s.path === '/point' && s.fields.point_title === title)!.fields;

describe('privacy consent: what is read through the bridge and what is sent', () => {
  it('before consent: only the basic info is read, device-variant calls carry the basic fields and no identifier', async () => {
    const runtime = start();
    expect(runtime.privacy.record()).toBeNull();
    expect(methods.map((m) => m.method)).toEqual(['getBasicDeviceInfo', 'setPrivacyConsent']);
    expect(called('setPrivacyConsent')[0]!.args).toEqual(['0']);
    expect(runtime.device).toMatchObject({ StatusHeight: 24, system: 'Android 13', media_id: '1' });
    for (const field of IDENTIFIER_FIELDS) expect(runtime.device).not.toHaveProperty(field);

    await point(runtime, 'before');
    await runtime.api.call('/api/game/recordDown', { game_id: 1 }, { device: true });
    expect(sentPoint('before')).toMatchObject({ system: 'Android 13', StatusHeight: 24, version_code: '340', media_id: '1' });
    for (const body of sent) expect(identifiersIn(body.fields), body.path).toEqual([]);
    expect(called('getDeviceInfo')).toEqual([]);
    expect(sim.privacyConsent()).toBe(false);
  });

  it('a sign-in is the consent: identifiers are read once and sent; withdrawal stops both and drops them', async () => {
    const runtime = await started();
    runtime.session.send({ type: 'session.signedIn', credentials: { token: 't'.repeat(32), uuid: 'uuid-0001', nickname: 'n' } });
    expect(runtime.privacy.record()).toMatchObject({ state: 'granted', via: 'login', version: '1' });
    expect(called('setPrivacyConsent').map((m) => m.args)).toEqual([['0'], ['1']]);
    expect(sim.privacyConsent()).toBe(true);
    expect(called('getDeviceInfo')).toEqual([]);

    await point(runtime, 'after');
    await point(runtime, 'after-again');
    expect(called('getDeviceInfo')).toHaveLength(1);
    for (const field of IDENTIFYING) expect(sentPoint('after')[field], field).toEqual(expect.any(String));
    expect(sentPoint('after-again').imei).toBe(sentPoint('after').imei);
    // A call without the device variant carries none, consent or not.
    await runtime.api.call('/api/user/getWatermark');
    expect(identifiersIn(sent.find((s) => s.path === '/api/user/getWatermark')!.fields)).toEqual([]);

    runtime.privacy.withdraw();
    expect(called('setPrivacyConsent').at(-1)!.args).toEqual(['0']);
    const readsBefore = called('getDeviceInfo').length;
    await point(runtime, 'withdrawn');
    expect(identifiersIn(sentPoint('withdrawn'))).toEqual([]);
    expect(sentPoint('withdrawn')).toMatchObject({ system: 'Android 13' });
    expect(called('getDeviceInfo')).toHaveLength(readsBefore);

    // A new start after withdrawal reads nothing identifying either.
    methods.length = 0;
    const again = start();
    await point(again, 'restart');
    expect(methods.map((m) => m.method)).toEqual(['getBasicDeviceInfo', 'setPrivacyConsent']);
    expect(identifiersIn(sentPoint('restart'))).toEqual([]);
  });

  it('another tab withdrawing counts here at once', async () => {
    const runtime = await started();
    runtime.privacy.grant('prompt');
    await point(runtime, 'granted');
    expect(sentPoint('granted').imei).toEqual(expect.any(String));
    window.localStorage.setItem(STORAGE_KEYS.privacyConsent, JSON.stringify({ state: 'withdrawn', at: 1, via: 'settings' }));
    await point(runtime, 'other-tab');
    expect(identifiersIn(sentPoint('other-tab'))).toEqual([]);
  });

  it('storage that is not a well-formed record never counts as consent', async () => {
    for (const raw of ['granted', '1', 'true', '{"state":"granted"}', '{"state":"granted","at":-1,"via":"login"}', '{"state":"GRANTED","at":1,"via":"login"}']) {
      window.localStorage.setItem(STORAGE_KEYS.privacyConsent, raw);
      methods.length = 0;
      sent.length = 0;
      const runtime = start();
      expect(runtime.privacy.granted(), raw).toBe(false);
      await point(runtime, raw);
      expect(identifiersIn(sentPoint(raw)), raw).toEqual([]);
      expect(called('getDeviceInfo'), raw).toEqual([]);
    }
  });

  it('consent to policy 1, the server now serves policy 2: nothing identifying is read until the player agrees again', async () => {
    const first = await started();
    first.privacy.grant('prompt');
    await point(first, 'v1');
    expect(sentPoint('v1').imei).toEqual(expect.any(String));

    policyVersion = '2';
    methods.length = 0;
    const runtime = start();
    // Before the server answered, and after: no identifier is read, the wrapper hears "no consent", the guide must ask.
    await point(runtime, 'v2-early');
    await vi.waitFor(() => expect(runtime.privacy.policyVersion()).toBe('2'));
    await point(runtime, 'v2');
    expect(runtime.privacy.granted()).toBe(false);
    expect(runtime.privacy.needsDecision()).toBe(true);
    expect(identifiersIn(sentPoint('v2-early'))).toEqual([]);
    expect(identifiersIn(sentPoint('v2'))).toEqual([]);
    expect(called('getDeviceInfo')).toEqual([]);
    expect(called('setPrivacyConsent').map((m) => m.args)).toEqual([['0']]);

    // 不同意: still nothing read, and not asked again.
    runtime.privacy.refuse('prompt');
    await point(runtime, 'v2-refused');
    expect(identifiersIn(sentPoint('v2-refused'))).toEqual([]);
    expect(called('getDeviceInfo')).toEqual([]);
    expect(runtime.privacy.needsDecision()).toBe(false);

    // Agreeing to policy 2 later (系统设置): read and sent again.
    runtime.privacy.grant('settings');
    expect(runtime.privacy.record()).toMatchObject({ state: 'granted', version: '2' });
    await point(runtime, 'v2-agreed');
    expect(sentPoint('v2-agreed').imei).toEqual(expect.any(String));
  });

  it('the server answers no usable version: no consent counts and nothing identifying is read', async () => {
    window.localStorage.setItem(STORAGE_KEYS.privacyConsent, JSON.stringify({ state: 'granted', at: 1, via: 'prompt', version: '1' }));
    policyVersion = 'not a version';
    const runtime = start();
    await point(runtime, 'first');
    await point(runtime, 'second');
    expect(sent.filter((s) => s.path === '/api/down/userPrivacyH5').length).toBeGreaterThanOrEqual(2);
    expect(runtime.privacy.policyVersion()).toBeNull();
    expect(runtime.privacy.granted()).toBe(false);
    expect(identifiersIn(sentPoint('second'))).toEqual([]);
    expect(called('getDeviceInfo')).toEqual([]);
  });

  it('a plain browser reads nothing and sends no device fields', async () => {
    delete host[NATIVE_OBJECT_NAME];
    const runtime = start();
    runtime.privacy.grant('prompt');
    await point(runtime, 'browser');
    expect(runtime.device).toBeNull();
    expect(sentPoint('browser')).not.toHaveProperty('system');
    expect(identifiersIn(sentPoint('browser'))).toEqual([]);
  });
});
