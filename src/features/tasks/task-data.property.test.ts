import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_CODE_PATTERN, shareCode } from '../../../api/protocol/calls/tasks.ts';
import * as v from 'valibot';
import { decodeNovice, decodePointRecords, decodePointSummary, decodeTask, decodeTaskPoint, safeTaskLink } from './task-data.ts';

const anything = fc.anything({ withBigInt: false, withMap: true, withSet: true, withNullPrototype: true });
const task = fc.record({
  task_id: fc.oneof(fc.integer({ min: -5, max: 1e6 }), fc.string()),
  code: fc.string(),
  kind: fc.constantFrom('daily', 'novice', 'achievement', 'weekly', 1),
  title: fc.string({ maxLength: 80 }),
  description: fc.oneof(fc.string(), fc.constant(null)),
  link: fc.oneof(fc.constantFrom('/homedown', '//evil.example', 'https://x.y', 'javascript:alert(1)', '/a b'), fc.string()),
  progress: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double()),
  target: fc.oneof(fc.integer({ min: -1, max: 40 }), fc.constant('3')),
  reward_points: fc.integer({ min: -10, max: 500 }),
  reward_coupon_id: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 9 })),
  state: fc.oneof(fc.constantFrom(0, 1, 2, 3, '1'), anything),
});

describe('task decoders never throw and only let well-formed tasks through', () => {
  it('decodeTask: a task or null; progress within the target; only in-app links', () => {
    fc.assert(
      fc.property(fc.oneof(task, anything), (value) => {
        const decoded = decodeTask(value);
        if (decoded === null) return;
        expect(decoded.task_id).toBeGreaterThan(0);
        expect(decoded.target).toBeGreaterThan(0);
        expect(decoded.progress).toBeGreaterThanOrEqual(0);
        expect(decoded.progress).toBeLessThanOrEqual(decoded.target);
        expect([0, 1, 2]).toContain(decoded.state);
        expect(['去完成', '领取', '已领取'][decoded.state]).toBe(decoded.state_text);
        expect(decoded.link === '' || (decoded.link.startsWith('/') && !decoded.link.startsWith('//'))).toBe(true);
        expect(decoded.title.length).toBeGreaterThan(0);
      }),
    );
  });

  it('the wholes: null unless shaped, lists keep only decodable items', () => {
    fc.assert(
      fc.property(anything, fc.array(fc.oneof(task, anything), { maxLength: 5 }), (value, list) => {
        expect(() => decodeTaskPoint(value)).not.toThrow();
        expect(() => decodeNovice(value)).not.toThrow();
        expect(() => decodePointSummary(value)).not.toThrow();
        expect(() => decodePointRecords(value)).not.toThrow();
        const both = decodeTaskPoint({ daily: list, achievement: list });
        expect(both?.daily.length).toBe(list.filter((item) => decodeTask(item) !== null).length);
        for (const record of decodePointRecords(list)) expect(Number.isSafeInteger(record.amount) && record.amount !== 0).toBe(true);
      }),
    );
  });

  it('safeTaskLink keeps exactly the in-app paths', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const link = safeTaskLink(text);
        expect(link === '' || link === text).toBe(true);
        if (link) expect(/^\/(?!\/)/.test(link) && !/[:\s?#]/.test(link)).toBe(true);
      }),
    );
  });

  it('the share code field takes exactly 8 letters or digits (trimmed)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9]{8}$/), anything), (value) => {
        const result = v.safeParse(shareCode, value);
        const expected = typeof value === 'string' && SHARE_CODE_PATTERN.test(value.trim());
        expect(result.success).toBe(expected);
        if (result.success) expect(result.output).toBe((value as string).trim());
      }),
    );
  });
});
