import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulatorOptionsFromLocation, WRAPPER_SIM_STORAGE_KEY } from './simulator-activation.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, String(value)),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('simulatorOptionsFromLocation', () => {
  it('is off by default', () => {
    expect(simulatorOptionsFromLocation('', undefined, () => memoryStorage())).toBeNull();
    expect(simulatorOptionsFromLocation('?wrapper=nope', '0', () => memoryStorage())).toBeNull();
  });

  it('turns on with ?wrapper=sim / sim-prompt, reads simspeed and simfail, and remembers them', () => {
    const storage = memoryStorage();
    expect(simulatorOptionsFromLocation('?wrapper=sim&simspeed=200000&simfail=md5', undefined, () => storage)).toEqual({ channel: 'direct', speedBytesPerSecond: 200000, fail: 'md5' });
    // A later navigation without the query keeps it.
    expect(simulatorOptionsFromLocation('?game_id=3', undefined, () => storage)).toEqual({ channel: 'direct', speedBytesPerSecond: 200000, fail: 'md5' });
    expect(simulatorOptionsFromLocation('?wrapper=sim-prompt', undefined, () => storage)).toEqual({ channel: 'prompt', fail: null });
    expect(simulatorOptionsFromLocation('?wrapper=sim&simnet=cellular', undefined, () => storage)).toEqual({ channel: 'direct', fail: null, network: 'cellular' });
    expect(simulatorOptionsFromLocation('', undefined, () => storage)).toEqual({ channel: 'direct', fail: null, network: 'cellular' });
    expect(simulatorOptionsFromLocation('?wrapper=sim&simnet=5g', undefined, () => storage)).toEqual({ channel: 'direct', fail: null });
    expect(simulatorOptionsFromLocation('?wrapper=off', '1', () => storage)).toBeNull();
    expect(storage.map.has(WRAPPER_SIM_STORAGE_KEY)).toBe(false);
    expect(simulatorOptionsFromLocation('', undefined, () => storage)).toBeNull();
  });

  it('turns on with VITE_WRAPPER_SIM=1', () => {
    expect(simulatorOptionsFromLocation('', '1', () => memoryStorage())).toEqual({ channel: 'direct', fail: null });
  });

  it('ignores bad values and broken storage', () => {
    expect(simulatorOptionsFromLocation('?wrapper=sim&simspeed=-5&simfail=everything', undefined, () => memoryStorage())).toEqual({ channel: 'direct', fail: null });
    expect(simulatorOptionsFromLocation('?wrapper=sim&simspeed=1e9', undefined, () => memoryStorage())).toEqual({ channel: 'direct', fail: null });
    const throwing = () => {
      throw new Error('SecurityError');
    };
    expect(simulatorOptionsFromLocation('?wrapper=sim', undefined, throwing)).toEqual({ channel: 'direct', fail: null });
    const full = { getItem: throwing, setItem: throwing, removeItem: throwing };
    expect(simulatorOptionsFromLocation('?wrapper=sim', undefined, () => full)).toEqual({ channel: 'direct', fail: null });
    expect(simulatorOptionsFromLocation('', undefined, () => full)).toBeNull();
    const junk = memoryStorage();
    junk.map.set(WRAPPER_SIM_STORAGE_KEY, '{"channel":"prompt","speedBytesPerSecond":"fast","fail":"install"}');
    expect(simulatorOptionsFromLocation('', undefined, () => junk)).toEqual({ channel: 'prompt', fail: 'install' });
    junk.map.set(WRAPPER_SIM_STORAGE_KEY, 'not json');
    expect(simulatorOptionsFromLocation('', undefined, () => junk)).toBeNull();
  });

  it('property: any search string, flag and stored value: never throws, and the answer is well-formed', () => {
    const search = fc.oneof(
      fc.string(),
      fc
        .record({ wrapper: fc.constantFrom('sim', 'sim-prompt', 'off', '', 'x'), simspeed: fc.oneof(fc.string(), fc.integer().map(String)), simfail: fc.oneof(fc.string(), fc.constantFrom('install', 'md5', 'download')) })
        .map((p) => `?${new URLSearchParams(p).toString()}`),
    );
    fc.assert(
      fc.property(search, fc.anything(), fc.option(fc.oneof(fc.string(), fc.json())), (query, flag, stored) => {
        const storage = memoryStorage();
        if (stored !== null) storage.map.set(WRAPPER_SIM_STORAGE_KEY, stored);
        const options = simulatorOptionsFromLocation(query, flag, () => storage);
        if (options === null) return true;
        expect(['direct', 'prompt']).toContain(options.channel);
        expect([null, 'install', 'md5', 'download']).toContain(options.fail);
        if (options.speedBytesPerSecond !== undefined) expect(Number.isSafeInteger(options.speedBytesPerSecond) && options.speedBytesPerSecond > 0).toBe(true);
        return true;
      }),
      { numRuns: 3_000 },
    );
  });
});
