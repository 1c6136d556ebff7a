import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulatorOptionsFromLocation } from './simulator-activation.ts';
import { simulatorHinted, WRAPPER_SIM_STORAGE_KEY } from './simulator-hint.ts';

function memoryStorage(initial: string | null) {
  const map = new Map<string, string>();
  if (initial !== null) map.set(WRAPPER_SIM_STORAGE_KEY, initial);
  const writes: string[] = [];
  return {
    map,
    writes,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(`set ${key}`);
      map.set(key, String(value));
    },
    removeItem: (key: string) => {
      writes.push(`remove ${key}`);
      map.delete(key);
    },
  };
}

describe('simulatorHinted (the start loads the simulator activation only on a sign of it)', () => {
  it('a normal start has no sign; the URL parameter, the remembered choice or the build flag are one', () => {
    expect(simulatorHinted('', undefined, () => memoryStorage(null))).toBe(false);
    expect(simulatorHinted('?game_id=3', '0', () => memoryStorage(null))).toBe(false);
    expect(simulatorHinted('?wrapper=sim', undefined, () => memoryStorage(null))).toBe(true);
    expect(simulatorHinted('?wrapper=off', undefined, () => memoryStorage(null))).toBe(true);
    expect(simulatorHinted('', undefined, () => memoryStorage('{"channel":"direct"}'))).toBe(true);
    expect(simulatorHinted('', '1', () => memoryStorage(null))).toBe(true);
    const throwing = () => {
      throw new Error('SecurityError');
    };
    expect(simulatorHinted('', undefined, throwing)).toBe(false);
  });

  it('property: where there is no sign, the activation would neither turn the simulator on nor touch the storage', () => {
    const search = fc.oneof(
      fc.string(),
      fc.dictionary(fc.constantFrom('wrapper', 'simspeed', 'simfail', 'simnet', 'x', 'wrapper '), fc.constantFrom('sim', 'sim-prompt', 'off', '', '1')).map((p) => `?${new URLSearchParams(p).toString()}`),
    );
    fc.assert(
      fc.property(search, fc.anything(), fc.option(fc.oneof(fc.string(), fc.json())), (query, flag, stored) => {
        if (simulatorHinted(query, flag, () => memoryStorage(stored))) return true;
        const storage = memoryStorage(stored);
        expect(simulatorOptionsFromLocation(query, flag, () => storage)).toBeNull();
        expect(storage.writes).toEqual([]);
        return true;
      }),
      { numRuns: 3_000 },
    );
  });
});
