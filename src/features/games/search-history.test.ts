import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToHistory, decodeHistory, SEARCH_HISTORY_MAX } from './search-history.ts';

const valid = (history: string[]) => {
  expect(history.length).toBeLessThanOrEqual(SEARCH_HISTORY_MAX);
  expect(new Set(history).size).toBe(history.length);
  for (const word of history) {
    expect(word).toBe(word.trim());
    expect(word.length).toBeGreaterThan(0);
  }
};

describe('search history', () => {
  it('decodes anything storage may hold into a valid history', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null), fc.array(fc.oneof(fc.string(), fc.integer())).map((a) => JSON.stringify(a))), (raw) => {
        valid(decodeHistory(raw));
      }),
    );
  });

  it('round-trips: what it writes it reads back unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (words) => {
        const history = words.reduce<string[]>((acc, word) => addToHistory(acc, word), []);
        valid(history);
        expect(decodeHistory(JSON.stringify(history))).toEqual(history);
      }),
    );
  });

  it('puts the newest first and moves a repeated search up', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 })), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), (words, word) => {
        const before = words.reduce<string[]>((acc, w) => addToHistory(acc, w), []);
        const after = addToHistory(before, word);
        expect(after[0]).toBe(word.trim().slice(0, 30));
        expect(after.filter((w) => w === after[0])).toHaveLength(1);
      }),
    );
  });

  it('ignores garbage and blanks', () => {
    expect(decodeHistory('not json')).toEqual([]);
    expect(decodeHistory('{"a":1}')).toEqual([]);
    expect(decodeHistory('["仙剑", 3, " ", "仙剑", "xj"]')).toEqual(['仙剑', 'xj']);
    expect(addToHistory(['a'], '   ')).toEqual(['a']);
  });
});
