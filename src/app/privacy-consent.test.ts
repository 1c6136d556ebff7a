import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { createConsentStore, decodeConsent, encodeConsent, isGranted, needsDecision, policyVersionOf, type ConsentRecord } from './privacy-consent.ts';

const quiet = () => {};
const record = fc.record({
  state: fc.constantFrom('granted' as const, 'refused' as const, 'withdrawn' as const),
  at: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  via: fc.constantFrom('prompt' as const, 'login' as const, 'settings' as const),
  version: fc.option(fc.stringMatching(/^[\x21-\x7e]{1,32}$/), { nil: null }),
});

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('privacy consent record', () => {
  it('property: every record survives encode → decode', () => {
    fc.assert(fc.property(record, (r) => { expect(decodeConsent(encodeConsent(r), quiet)).toEqual(r); }), { numRuns: 2000 });
  });

  it('property: decoding never throws, and only an exact granted record is consent', () => {
    const raw = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            state: fc.oneof(fc.string(), fc.constant('granted')),
            at: fc.oneof(fc.double(), fc.integer(), fc.string()),
            via: fc.oneof(fc.string(), fc.constant('login')),
            version: fc.oneof(fc.string(), fc.constant('v2'), fc.integer(), fc.constant(null), fc.array(fc.string())),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(raw, fc.option(fc.constantFrom('v2', '1', '2026-11-01'), { nil: null }), (text, current) => {
        const decoded = decodeConsent(text, quiet);
        if (decoded === null) return true;
        // What decodes is a valid record that reads back the same.
        expect(decodeConsent(encodeConsent(decoded), quiet)).toEqual(decoded);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        // Consent only to the very version current now, stored as a string; never while the current one is unknown.
        expect(isGranted(decoded, current)).toBe(parsed.state === 'granted' && current !== null && parsed.version === current);
        expect(decoded.version === null || policyVersionOf(decoded.version) === decoded.version).toBe(true);
        return Number.isSafeInteger(decoded.at) && decoded.at >= 0;
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses near misses, with a warning', () => {
    const warn = vi.fn();
    const nearMisses = [
      '',
      'granted',
      '{}',
      '[]',
      'null',
      '{"state":"granted","at":1.5,"via":"login"}',
      '{"state":"granted","at":1,"via":"web"}',
      '{"state":"granted","at":"1","via":"login"}',
      `{"state":"granted","at":1,"via":"login","x":"${'y'.repeat(300)}"}`,
      '{"state":"granted","at":1,"via":"login","version":2}',
      '{"state":"granted","at":1,"via":"login","version":""}',
      '{"state":"granted","at":1,"via":"login","version":"v 2"}',
      `{"state":"granted","at":1,"via":"login","version":"${'9'.repeat(33)}"}`,
      '{"state":"granted","at":1,"via":"login","version":["1"]}',
    ];
    for (const text of nearMisses) expect(decodeConsent(text, warn), text).toBeNull();
    expect(warn).toHaveBeenCalledTimes(nearMisses.length);
    expect(decodeConsent(null, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(nearMisses.length);
  });

  it('a record from before versions reads with no version: never consent to a current version, and asked again', () => {
    const old = decodeConsent('{"state":"granted","at":1,"via":"login"}', quiet);
    expect(old).toEqual({ state: 'granted', at: 1, via: 'login', version: null });
    expect(isGranted(old, '1')).toBe(false);
    expect(needsDecision(old, '1')).toBe(true);
    // A refusal or withdrawal from before versions stands: not asked at start again.
    expect(needsDecision(decodeConsent('{"state":"refused","at":1,"via":"prompt"}', quiet), '1')).toBe(false);
    expect(needsDecision(decodeConsent('{"state":"withdrawn","at":1,"via":"settings"}', quiet), '1')).toBe(false);
    // The current version unknown: nobody is asked yet, and nothing counts as consent.
    expect(needsDecision(old, null)).toBe(false);
    expect(needsDecision(null, null)).toBe(true);
  });

  it('the store: a grant is to the version known then; a new version takes the consent back and asks again', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage, { now: () => 5 });
    const announced = vi.fn();
    store.subscribe(announced);
    store.setPolicyVersion('1');
    expect(announced).toHaveBeenCalledTimes(1);
    store.setPolicyVersion('1');
    expect(announced).toHaveBeenCalledTimes(1);
    expect(store.needsDecision()).toBe(true);
    store.grant('prompt');
    expect(store.record()).toEqual({ state: 'granted', at: 5, via: 'prompt', version: '1' });
    expect(store.granted()).toBe(true);
    expect(store.needsDecision()).toBe(false);

    // The next start, with the policy at version 2: no consent until the player agrees again.
    const next = createConsentStore(storage, { now: () => 6 });
    expect(next.granted()).toBe(false);
    expect(next.needsDecision()).toBe(false);
    next.setPolicyVersion('2');
    expect(next.granted()).toBe(false);
    expect(next.needsDecision()).toBe(true);
    next.refuse('prompt');
    expect(next.record()).toEqual({ state: 'refused', at: 6, via: 'prompt', version: '2' });
    expect(next.granted()).toBe(false);
    expect(next.needsDecision()).toBe(false);
    next.grant('settings');
    expect(next.granted()).toBe(true);
  });

  it('a decision taken in the moment before the version is known takes the version when it arrives; a record from before does not', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage);
    store.grant('login');
    expect(store.record()!.version).toBeNull();
    expect(store.granted()).toBe(false);
    store.setPolicyVersion('1');
    expect(store.record()!.version).toBe('1');
    expect(store.granted()).toBe(true);

    // Stored by an earlier page without a version: stays without one, asked again.
    const later = memoryStorage({ [STORAGE_KEYS.privacyConsent]: '{"state":"granted","at":1,"via":"login"}' });
    const fresh = createConsentStore(later);
    fresh.setPolicyVersion('1');
    expect(fresh.record()!.version).toBeNull();
    expect(fresh.needsDecision()).toBe(true);

    // Another tab decided in between: its record is not rewritten.
    const shared = memoryStorage();
    const here = createConsentStore(shared, { now: () => 1 });
    here.grant('login');
    shared.setItem(STORAGE_KEYS.privacyConsent, encodeConsent({ state: 'withdrawn', at: 2, via: 'settings', version: null }));
    here.setPolicyVersion('1');
    expect(here.record()).toEqual({ state: 'withdrawn', at: 2, via: 'settings', version: null });
  });

  it('policyVersionOf: only short printable labels', () => {
    expect(policyVersionOf('2026-11-01')).toBe('2026-11-01');
    for (const bad of ['', ' 1', '1 ', 'a'.repeat(33), 2, null, undefined, {}, '版本1']) expect(policyVersionOf(bad)).toBeNull();
    fc.assert(fc.property(fc.anything(), (v) => { const out = policyVersionOf(v); return out === null || (typeof out === 'string' && out === v && out.length <= 32); }), { numRuns: 2000 });
  });

  it('the store: grant, refuse, withdraw are written and announced; a later read sees them', () => {
    const storage = memoryStorage();
    let t = 1_000;
    const store = createConsentStore(storage, { now: () => t });
    store.setPolicyVersion('1');
    const seen: Array<ConsentRecord | null> = [];
    store.subscribe(() => seen.push(store.record()));
    expect(store.record()).toBeNull();
    store.refuse('prompt');
    t = 2_000;
    store.grant('login');
    expect(store.granted()).toBe(true);
    t = 3_000;
    store.withdraw();
    expect(store.granted()).toBe(false);
    expect(seen).toEqual([
      { state: 'refused', at: 1_000, via: 'prompt', version: '1' },
      { state: 'granted', at: 2_000, via: 'login', version: '1' },
      { state: 'withdrawn', at: 3_000, via: 'settings', version: '1' },
    ]);
    expect(createConsentStore(storage).record()).toEqual({ state: 'withdrawn', at: 3_000, via: 'settings', version: '1' });
  });

  it('a storage that throws: nothing counts as consent, and a decision holds for the page', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    const store = createConsentStore(broken);
    store.setPolicyVersion('1');
    expect(store.record()).toBeNull();
    store.grant('prompt');
    expect(store.granted()).toBe(true);
    store.withdraw();
    expect(store.granted()).toBe(false);
  });

  it('another tab: the watch hook announces, and the store reads the new value', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.privacyConsent]: encodeConsent({ state: 'granted', at: 1, via: 'login', version: '1' }) });
    let fire = () => {};
    const store = createConsentStore(storage, { watch: (onChange) => (fire = onChange) });
    store.setPolicyVersion('1');
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.granted()).toBe(true);
    storage.setItem(STORAGE_KEYS.privacyConsent, encodeConsent({ state: 'withdrawn', at: 2, via: 'settings', version: '1' }));
    fire();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.granted()).toBe(false);
  });
});
