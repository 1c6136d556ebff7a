import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOWN_STATES } from '../../../bridge/definitions.ts';
import { ACTION_BY_STATE, actionLabel, formatBytes, fractionOf, percentOf, STATE_TEXT } from './download-view.ts';

/** Every kind of number a size can turn into: NaN, ±Infinity, -0, negatives, tiny and huge doubles. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, Number.MIN_VALUE, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER),
);
const bytes = fc.integer({ min: 1, max: 4 * 1024 * 1024 * 1024 });
const MB = 1024 * 1024;

describe('percentOf', () => {
  it('reads whole percent of cur/total', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(2000, 1000)).toBe(100);
  });

  it('is 0 when the total is unknown or nothing is there', () => {
    expect(percentOf(50, 0)).toBe(0);
    expect(percentOf(50, -1)).toBe(0);
    expect(percentOf(-5, 100)).toBe(0);
    expect(percentOf(Number.NaN, 100)).toBe(0);
    expect(percentOf(50, Number.NaN)).toBe(0);
    expect(percentOf(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0);
    expect(percentOf(50, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is an integer in 0..100 for any numbers, and never throws', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (cur, total) => {
        const percent = percentOf(cur, total);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never goes down as more bytes arrive', () => {
    fc.assert(
      fc.property(bytes, bytes, bytes, (a, b, total) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(percentOf(low, total)).toBeLessThanOrEqual(percentOf(high, total));
      }),
    );
  });
});

describe('fractionOf', () => {
  it('is cur/total capped at 1, 0 when unknown', () => {
    expect(fractionOf(250, 1000)).toBe(0.25);
    expect(fractionOf(2000, 1000)).toBe(1);
    expect(fractionOf(10, 0)).toBe(0);
    expect(fractionOf(Number.NaN, 10)).toBe(0);
    expect(fractionOf(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is a number in 0..1 for any numbers, and never throws', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (cur, total) => {
        const fraction = fractionOf(cur, total);
        expect(Number.isNaN(fraction)).toBe(false);
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('agrees with percentOf for real sizes', () => {
    fc.assert(
      fc.property(bytes, bytes, (cur, total) => {
        expect(percentOf(cur, total)).toBe(Math.min(100, Math.floor(fractionOf(cur, total) * 100)));
      }),
    );
  });
});

describe('formatBytes', () => {
  it('writes megabytes with one decimal, kilobytes below 1 MB, 0M for nothing', () => {
    expect(formatBytes(0)).toBe('0M');
    expect(formatBytes(-1)).toBe('0M');
    expect(formatBytes(Number.NaN)).toBe('0M');
    expect(formatBytes(1)).toBe('1K');
    expect(formatBytes(1536)).toBe('2K');
    expect(formatBytes(MB - 1)).toBe('1024K');
    expect(formatBytes(MB)).toBe('1.0M');
    expect(formatBytes(12.5 * MB)).toBe('12.5M');
  });

  it('never throws and always answers a string ending in M or K', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        const text = formatBytes(n);
        expect(typeof text).toBe('string');
        expect(text).toMatch(/[MK]$/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads as a plain number for every size a phone can hold', () => {
    fc.assert(
      fc.property(bytes, (n) => {
        expect(formatBytes(n)).toMatch(n < MB ? /^[1-9]\d{0,3}K$/ : /^\d+\.\dM$/);
      }),
    );
  });
});

describe('labels', () => {
  it('every down_state has a status text and an action', () => {
    for (const state of DOWN_STATES) {
      expect(STATE_TEXT[state]).toMatch(/\S/);
      expect(ACTION_BY_STATE[state]).toBeDefined();
    }
  });

  it('actionLabel: the percent while downloading, a word otherwise', () => {
    expect(actionLabel('0', 0)).toBe('等待中');
    expect(actionLabel('1', 0)).toBe('0%');
    expect(actionLabel('2', 42)).toBe('42%');
    expect(actionLabel('3', 100)).toBe('安装');
    expect(actionLabel('4', 10)).toBe('重试');
    expect(actionLabel('5', 100)).toBe('打开');
    expect(actionLabel('6', 55)).toBe('继续');
  });

  it('actionLabel never throws and never answers an empty or undefined label', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOWN_STATES), anyNumber, (state, n) => {
        const label = actionLabel(state, percentOf(n, 100));
        expect(label).toMatch(/\S/);
        expect(label).not.toContain('undefined');
        expect(label).not.toContain('NaN');
      }),
    );
  });
});
