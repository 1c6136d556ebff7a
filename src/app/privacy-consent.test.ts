import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { createConsentStore, decodeConsent, encodeConsent, isGranted, type ConsentRecord } from './privacy-consent.ts';

const quiet = () => {};
const record = fc.record({
  state: fc.constantFrom('granted' as const, 'refused' as const, 'withdrawn' as const),
  at: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  via: fc.constantFrom('prompt' as const, 'login' as const, 'settings' as const),
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
      fc.record({ state: fc.oneof(fc.string(), fc.constant('granted')), at: fc.oneof(fc.double(), fc.integer(), fc.string()), via: fc.oneof(fc.string(), fc.constant('login')) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(raw, (text) => {
        const decoded = decodeConsent(text, quiet);
        if (decoded === null) return true;
        // What decodes is a valid record that reads back the same.
        expect(decodeConsent(encodeConsent(decoded), quiet)).toEqual(decoded);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(isGranted(decoded)).toBe(parsed.state === 'granted');
        return Number.isSafeInteger(decoded.at) && decoded.at >= 0;
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses near misses, with a warning', () => {
    const warn = vi.fn();
    for (const text of ['', 'granted', '{}', '[]', 'null', '{"state":"granted","at":1.5,"via":"login"}', '{"state":"granted","at":1,"via":"web"}', '{"state":"granted","at":"1","via":"login"}', `{"state":"granted","at":1,"via":"login","x":"${'y'.repeat(300)}"}`]) {
      expect(decodeConsent(text, warn), text).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(9);
    expect(decodeConsent(null, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(9);
  });

  it('the store: grant, refuse, withdraw are written and announced; a later read sees them', () => {
    const storage = memoryStorage();
    let t = 1_000;
    const store = createConsentStore(storage, { now: () => t });
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
      { state: 'refused', at: 1_000, via: 'prompt' },
      { state: 'granted', at: 2_000, via: 'login' },
      { state: 'withdrawn', at: 3_000, via: 'settings' },
    ]);
    expect(createConsentStore(storage).record()).toEqual({ state: 'withdrawn', at: 3_000, via: 'settings' });
  });

  it('a storage that throws: nothing counts as consent, and a decision holds for the page', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    const store = createConsentStore(broken);
    expect(store.record()).toBeNull();
    store.grant('prompt');
    expect(store.granted()).toBe(true);
    store.withdraw();
    expect(store.granted()).toBe(false);
  });

  it('another tab: the watch hook announces, and the store reads the new value', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.privacyConsent]: encodeConsent({ state: 'granted', at: 1, via: 'login' }) });
    let fire = () => {};
    const store = createConsentStore(storage, { watch: (onChange) => (fire = onChange) });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.granted()).toBe(true);
    storage.setItem(STORAGE_KEYS.privacyConsent, encodeConsent({ state: 'withdrawn', at: 2, via: 'settings' }));
    fire();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.granted()).toBe(false);
  });
});
