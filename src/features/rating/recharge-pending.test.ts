import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import {
  addRechargePending,
  firstRechargePending,
  parseRechargePending,
  readRechargePending,
  RECHARGE_PENDING_MAX,
  removeRechargePending,
  type RechargePendingEntry,
} from './recharge-pending.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const digits = fc.stringMatching(/^[1-9]\d{0,8}$/);
const validEntry: fc.Arbitrary<RechargePendingEntry> = fc.record({
  game_name: fc.string({ maxLength: 20 }).map((s) => s.trim()),
  game_id: digits,
  order_number: fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
  platform_game_id: digits,
});
const uniqueEntries = fc.uniqueArray(validEntry, { selector: (entry) => entry.order_number, maxLength: 12 });

const SHAPE = {
  game_id: /^(|\d{1,18})$/,
  platform_game_id: /^(|\d{1,18})$/,
  order_number: /^(|[A-Za-z0-9_-]{1,64})$/,
};

describe('RechargepingList (SPEC §3) reading', () => {
  it('never throws on any stored text, and only yields normalised string fields', () => {
    const stored = fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify(value)), fc.constant('null'));
    fc.assert(
      fc.property(stored, (raw) => {
        const entries = parseRechargePending(raw);
        expect(entries.length).toBeLessThanOrEqual(RECHARGE_PENDING_MAX);
        for (const entry of entries) {
          expect(Object.keys(entry).sort()).toEqual(['game_id', 'game_name', 'order_number', 'platform_game_id']);
          for (const value of Object.values(entry)) expect(typeof value).toBe('string');
          expect(entry.game_id).toMatch(SHAPE.game_id);
          expect(entry.platform_game_id).toMatch(SHAPE.platform_game_id);
          expect(entry.order_number).toMatch(SHAPE.order_number);
          expect(Object.values(entry).some((value) => value !== '')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives back what the top-up flow wrote (ids as numbers or strings alike)', () => {
    fc.assert(
      fc.property(uniqueEntries, fc.boolean(), (entries, numericIds) => {
        const stored = entries.map((entry) => (numericIds ? { ...entry, game_id: Number(entry.game_id), platform_game_id: Number(entry.platform_game_id) } : entry));
        expect(parseRechargePending(JSON.stringify(stored))).toEqual(entries);
      }),
    );
  });

  it('keeps entries that lack ids (the dialog then says 数据异常), drops non-objects and empty ones', () => {
    const raw = JSON.stringify([null, 3, 'x', [], {}, { game_name: '  斗罗大陆 ' }, { game_id: 0, order_number: 'bad number!' }, { order_number: 12345 }]);
    expect(parseRechargePending(raw)).toEqual([
      { game_name: '斗罗大陆', game_id: '', order_number: '', platform_game_id: '' },
      { game_name: '', game_id: '', order_number: '12345', platform_game_id: '' },
    ]);
    expect(parseRechargePending('{"game_id":1}')).toEqual([]);
    expect(parseRechargePending('not json')).toEqual([]);
    expect(parseRechargePending(null)).toEqual([]);
  });

  it('keeps the first entry of a repeated order number', () => {
    fc.assert(
      fc.property(uniqueEntries.filter((entries) => entries.length > 0), fc.nat(), (entries, pick) => {
        const repeated = { ...entries[pick % entries.length]!, game_name: 'again' };
        expect(parseRechargePending(JSON.stringify([...entries, repeated]))).toEqual(entries);
      }),
    );
  });

  it('removing an order drops exactly its entries and writes the rest back untouched', () => {
    fc.assert(
      fc.property(uniqueEntries.filter((entries) => entries.length > 0), fc.nat(), (entries, pick) => {
        const extra = entries.map((entry) => ({ ...entry, paid_at: '2026-03-02' }));
        const storage = memoryStorage({ [STORAGE_KEYS.rechargePending]: JSON.stringify(extra) });
        const removed = entries[pick % entries.length]!.order_number;
        removeRechargePending(storage, removed);
        const rest = extra.filter((entry) => entry.order_number !== removed);
        if (rest.length === 0) expect(storage.values.has(STORAGE_KEYS.rechargePending)).toBe(false);
        else expect(JSON.parse(storage.values.get(STORAGE_KEYS.rechargePending)!)).toEqual(rest);
        expect(readRechargePending(storage).map((entry) => entry.order_number)).not.toContain(removed);
      }),
    );
  });

  it('removing an unknown order, or from broken storage, changes nothing', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.rechargePending]: '[{"order_number":"A1","game_id":1}]' });
    removeRechargePending(storage, 'B2');
    expect(storage.values.get(STORAGE_KEYS.rechargePending)).toBe('[{"order_number":"A1","game_id":1}]');
    const broken = memoryStorage({ [STORAGE_KEYS.rechargePending]: '{oops' });
    removeRechargePending(broken, 'A1');
    expect(broken.values.get(STORAGE_KEYS.rechargePending)).toBe('{oops');
  });

  it('firstRechargePending is the oldest entry; a throwing storage reads as empty', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.rechargePending]: JSON.stringify([{ game_name: 'A', game_id: 1, platform_game_id: 2, order_number: 'O1' }, { game_name: 'B' }]) });
    expect(firstRechargePending(storage)).toEqual({ game_name: 'A', game_id: '1', platform_game_id: '2', order_number: 'O1' });
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => {}, removeItem: () => {} };
    expect(firstRechargePending(throwing)).toBeNull();
  });
});

describe('addRechargePending (the top-up flow writes a paid game order)', () => {
  it('appends once per order number and the reader finds every added entry', () => {
    fc.assert(
      fc.property(uniqueEntries, fc.array(fc.nat({ max: 11 }), { maxLength: 6 }), (entries, repeats) => {
        const storage = memoryStorage();
        for (const entry of entries) expect(addRechargePending(storage, entry)).toBe(true);
        for (const index of repeats) if (entries[index]) expect(addRechargePending(storage, entries[index])).toBe(false);
        expect(readRechargePending(storage).map((entry) => entry.order_number)).toEqual(entries.map((entry) => entry.order_number));
      }),
    );
  });

  it('replaces unreadable text, keeps unknown stored items and refuses an entry without an order number', () => {
    fc.assert(
      fc.property(fc.string(), validEntry, (junk, entry) => {
        const storage = memoryStorage({ [STORAGE_KEYS.rechargePending]: junk });
        addRechargePending(storage, entry);
        expect(readRechargePending(storage).some((found) => found.order_number === entry.order_number)).toBe(true);
      }),
    );
    const storage = memoryStorage({ [STORAGE_KEYS.rechargePending]: JSON.stringify([{ game_name: 'x', extra: 1 }]) });
    expect(addRechargePending(storage, { game_name: 'g', game_id: '1', platform_game_id: '2', order_number: '' })).toBe(false);
    expect(addRechargePending(storage, { game_name: 'g', game_id: '1', platform_game_id: '2', order_number: 'A1' })).toBe(true);
    expect(JSON.parse(storage.values.get(STORAGE_KEYS.rechargePending)!)).toEqual([{ game_name: 'x', extra: 1 }, { game_name: 'g', game_id: '1', platform_game_id: '2', order_number: 'A1' }]);
  });

  it('keeps at most RECHARGE_PENDING_MAX entries, dropping the oldest', () => {
    const storage = memoryStorage();
    for (let i = 1; i <= RECHARGE_PENDING_MAX + 3; i++) addRechargePending(storage, { game_name: 'g', game_id: '1', platform_game_id: '1', order_number: `N${i}` });
    const entries = readRechargePending(storage);
    expect(entries).toHaveLength(RECHARGE_PENDING_MAX);
    expect(entries[0]!.order_number).toBe('N4');
  });
});
