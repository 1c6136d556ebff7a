import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOWN_STATES } from '../bridge/definitions.ts';
import { sampleEntry } from '../model-tests/download-entry.kit.ts';
import { entryOf, MAX_DOWN_LIST_ENTRIES, parseDownList, serializeDownList } from './down-list-storage.ts';
import type { DownListEntry } from './download.types.ts';

const text = fc.string({ maxLength: 20 });
const id = fc.integer({ min: 1, max: 2_000_000_000 });
const size = fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }));

const validEntry: fc.Arbitrary<DownListEntry> = fc
  .record({
    game_id: fc.nat(),
    platform_game_id: id,
    platform_id: fc.nat(),
    platform_game_name: text,
    url: fc.webUrl(),
    down_type_carder: text,
    game_name: text,
    down_state: fc.constantFrom(...DOWN_STATES),
    Package_name: text,
    curSize: size,
    totalSize: size,
    spent: text,
    game_daixoa_state: text,
  })
  .map((entry) => ({ ...entry, gameid: entry.platform_game_id, gamecopy_id: entry.game_id }));

/** Lists with one entry per platform_game_id, as the list writes them. */
const validList = fc.uniqueArray(validEntry, { maxLength: 30, selector: (entry) => entry.platform_game_id });

describe('DownList storage: decoding never throws', () => {
  it('on arbitrary strings (10 000 runs)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const parsed = parseDownList(raw);
        expect(parsed.dropped).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 10_000 },
    );
  });

  it('on arbitrary JSON (10 000 runs), and whatever it keeps is a valid, unique list', () => {
    fc.assert(
      fc.property(fc.json(), (raw) => {
        const { entries } = parseDownList(raw);
        expect(new Set(entries.map((entry) => entry.platform_game_id)).size).toBe(entries.length);
        for (const entry of entries) expect(entryOf(entry)).toEqual(entry);
      }),
      { numRuns: 10_000 },
    );
  });

  it('on arrays of almost-entries (objects with SPEC keys and arbitrary values)', () => {
    const keys = Object.keys(sampleEntry());
    const almost = fc.dictionary(fc.constantFrom(...keys), fc.jsonValue(), { maxKeys: keys.length });
    fc.assert(
      fc.property(fc.array(fc.oneof(almost, validEntry), { maxLength: 20 }), (items) => {
        const parsed = parseDownList(JSON.stringify(items));
        expect(parsed.entries.length + parsed.dropped).toBe(items.length);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('DownList storage: round trip', () => {
  it('parse(serialize(list)) is the list, nothing dropped', () => {
    fc.assert(
      fc.property(validList, (list) => {
        expect(parseDownList(serializeDownList(list))).toEqual({ entries: list, dropped: 0 });
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads numbers stored as numeric strings and down_state as an integer', () => {
    const entry = sampleEntry({ platform_game_id: 12, game_id: 34, down_state: '6', curSize: 5, totalSize: 10 });
    const legacy = { ...entry, platform_game_id: '12', game_id: '34', platform_id: '3', down_state: 6, curSize: '5', totalSize: '10.0', down_type_carder: 1 };
    expect(parseDownList(JSON.stringify([legacy]))).toEqual({ entries: [{ ...entry, down_type_carder: '1' }], dropped: 0 });
  });

  it('keeps the first of identical entries (same platform_game_id), when decoding and when writing', () => {
    const first = sampleEntry({ platform_game_id: 5, down_state: '3' });
    const second = sampleEntry({ platform_game_id: 5, down_state: '6' });
    expect(parseDownList(JSON.stringify([first, second, first]))).toEqual({ entries: [first], dropped: 2 });
    expect(JSON.parse(serializeDownList([first, second]))).toEqual([first]);
  });

  it(`keeps at most ${MAX_DOWN_LIST_ENTRIES} entries`, () => {
    const many = Array.from({ length: MAX_DOWN_LIST_ENTRIES + 20 }, (_, index) => sampleEntry({ platform_game_id: index + 1 }));
    const parsed = parseDownList(JSON.stringify(many));
    expect(parsed.entries).toHaveLength(MAX_DOWN_LIST_ENTRIES);
    expect(parsed.dropped).toBe(20);
  });

  it('reads nothing from null, empty, non-JSON and non-list values', () => {
    expect(parseDownList(null)).toEqual({ entries: [], dropped: 0 });
    expect(parseDownList('')).toEqual({ entries: [], dropped: 0 });
    expect(parseDownList('{oops')).toEqual({ entries: [], dropped: 1 });
    expect(parseDownList('{"a":1}')).toEqual({ entries: [], dropped: 1 });
  });
});

describe('DownList storage: mutations of a valid entry are rejected', () => {
  const mutations: Array<[string, (entry: Record<string, unknown>) => void]> = [
    ['platform_game_id missing', (entry) => delete entry.platform_game_id],
    ['game_id missing', (entry) => delete entry.game_id],
    ['down_state missing', (entry) => delete entry.down_state],
    ['platform_game_id not numeric', (entry) => (entry.platform_game_id = 'abc')],
    ['platform_game_id 0', (entry) => (entry.platform_game_id = 0)],
    ['platform_game_id negative', (entry) => (entry.platform_game_id = -3)],
    ['platform_game_id fractional', (entry) => (entry.platform_game_id = 1.5)],
    ['game_id an object', (entry) => (entry.game_id = { id: 1 })],
    ['platform_id a boolean', (entry) => (entry.platform_id = true)],
    ['down_state 7', (entry) => (entry.down_state = '7')],
    ['down_state -1', (entry) => (entry.down_state = -1)],
    ['down_state "downloading"', (entry) => (entry.down_state = 'downloading')],
    ['curSize negative', (entry) => (entry.curSize = -1)],
    ['totalSize not numeric', (entry) => (entry.totalSize = '12MB')],
    ['url an array', (entry) => (entry.url = ['a'])],
    ['game_name an object', (entry) => (entry.game_name = {})],
    ['spent a boolean', (entry) => (entry.spent = false)],
  ];

  it.each(mutations)('%s', (_, mutate) => {
    fc.assert(
      fc.property(validEntry, (entry) => {
        const mutated: Record<string, unknown> = { ...entry };
        mutate(mutated);
        expect(parseDownList(JSON.stringify([mutated]))).toEqual({ entries: [], dropped: 1 });
      }),
      { numRuns: 200 },
    );
  });

  it('an item that is not an object', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer())), (item) => {
        expect(parseDownList(JSON.stringify([item]))).toEqual({ entries: [], dropped: 1 });
      }),
    );
  });
});
