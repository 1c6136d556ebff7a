import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { getNoviceTaskStatus, getPointTaskNum, getTaskPoint, pointRecord, SHARE_CODE_PATTERN, shareCode, TaskItem, type PointRecord, type PointTaskNum } from './tasks.ts';

const anything = fc.anything({ withBigInt: false, withMap: true, withSet: true, withNullPrototype: true });
const STATE_TEXT = ['去完成', '领取', '已领取'];

/** Task-shaped values, sometimes right, often wrong in some field. */
const task = fc.record({
  task_id: fc.oneof(fc.integer({ min: -5, max: 1e6 }), fc.string()),
  code: fc.string(),
  kind: fc.constantFrom('daily', 'novice', 'achievement', 'weekly', 1),
  title: fc.string({ maxLength: 80 }),
  description: fc.oneof(fc.string(), fc.constant(null)),
  link: fc.oneof(fc.constantFrom('', '/homedown', '//evil.example', 'https://x.y', 'javascript:alert(1)', '/a b'), fc.string()),
  progress: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double()),
  target: fc.oneof(fc.integer({ min: -1, max: 40 }), fc.constant('3')),
  reward_points: fc.integer({ min: -10, max: 500 }),
  reward_coupon_id: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 9 })),
  state: fc.oneof(fc.constantFrom(0, 1, 2, 3, '1'), anything),
  state_text: fc.constantFrom(...STATE_TEXT, '完成'),
});

const goodTask = { task_id: 1, code: 'daily_download', kind: 'daily', title: '下载一款游戏', description: '', link: '/homedown', progress: 0, target: 1, reward_points: 10, reward_coupon_id: null, state: 0, state_text: '去完成' };

/** What the client makes of a success answer with this data (request() given the declaration). */
const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });

describe('the task answers as the client decodes them (property)', () => {
  it('a task passes only whole: progress within the target, the state\'s label, only in-app links, a title', () => {
    fc.assert(
      fc.property(fc.oneof(task, anything), (value) => {
        const result = v.safeParse(TaskItem, value);
        if (!result.success) return;
        const decoded = result.output;
        expect(decoded.task_id).toBeGreaterThan(0);
        expect(decoded.target).toBeGreaterThan(0);
        expect(decoded.progress).toBeGreaterThanOrEqual(0);
        expect(decoded.progress).toBeLessThanOrEqual(decoded.target);
        expect(Number.isSafeInteger(decoded.reward_points) && decoded.reward_points >= 0).toBe(true);
        expect(decoded.reward_coupon_id === null || decoded.reward_coupon_id > 0).toBe(true);
        expect([0, 1, 2]).toContain(decoded.state);
        expect(STATE_TEXT[decoded.state]).toBe(decoded.state_text);
        expect(decoded.link === '' || (/^\/(?!\/)/.test(decoded.link) && !/[:\s?#]/.test(decoded.link))).toBe(true);
        expect(decoded.title.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('the wholes: anything in, never throws; a malformed whole is the error state, a list keeps exactly the tasks that pass', () => {
    fc.assert(
      fc.property(anything, fc.array(fc.oneof(task, anything), { maxLength: 5 }), (value, list) => {
        for (const spec of [getTaskPoint, getNoviceTaskStatus, getPointTaskNum, pointRecord]) {
          const outcome = decode(spec, value);
          if (outcome.kind !== 'ok') expect(outcome).toMatchObject({ kind: 'error', reason: 'badResponse' });
        }
        const kept = list.filter((item) => v.safeParse(TaskItem, item).success).length;
        const both = decode<{ daily: unknown[]; achievement: unknown[] }>(getTaskPoint, { daily: list, achievement: list });
        expect(both.kind === 'ok' && [both.data.daily.length, both.data.achievement.length]).toEqual([kept, kept]);
        const novice = decode<{ list: unknown[]; all_done: boolean }>(getNoviceTaskStatus, { list, all_done: false });
        expect(novice.kind === 'ok' && novice.data.list.length).toBe(kept);
      }),
    );
    expect(decode(getTaskPoint, { daily: [goodTask], achievement: null })).toMatchObject({ kind: 'error', reason: 'badResponse' });
    expect(decode(getNoviceTaskStatus, { list: [goodTask] })).toMatchObject({ kind: 'error', reason: 'badResponse' });
    const mixed = decode<{ list: { task_id: number }[] }>(getNoviceTaskStatus, { list: [goodTask, { ...goodTask, task_id: 2, progress: 3 }, { ...goodTask, task_id: 3, link: '//evil.example' }, { ...goodTask, task_id: 4 }], all_done: false });
    expect(mixed.kind === 'ok' && mixed.data.list.map((item) => item.task_id)).toEqual([1, 4]);
  });

  it('the points summary: counts from 0 and an instant, else the error state', () => {
    const good = { points: 120, claimable: 2, expiring: { points: 20, expires_at: '2026-12-31T16:00:00.000Z' } };
    expect(decode<PointTaskNum>(getPointTaskNum, good)).toMatchObject({ kind: 'ok', data: good });
    for (const bad of [{ ...good, points: -1 }, { ...good, claimable: 1.5 }, { ...good, expiring: { points: -2, expires_at: good.expiring.expires_at } }, { ...good, expiring: { points: 1, expires_at: 'soon' } }, { points: 1 }]) {
      expect(decode(getPointTaskNum, bad)).toMatchObject({ kind: 'error', reason: 'badResponse' });
    }
  });

  it('point records: a record out has an id, a non-zero whole amount and an instant; bad ones dropped', () => {
    const recordLike = fc.record(
      {
        id: fc.oneof(fc.integer({ min: -2, max: 100 }), anything),
        amount: fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double(), anything),
        kind: fc.oneof(fc.constantFrom('task', 'check_in'), anything),
        title: fc.oneof(fc.string({ maxLength: 20 }), anything),
        created_at: fc.oneof(fc.constant('2026-11-26T02:00:00.000Z'), fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anything, fc.array(recordLike, { maxLength: 6 })), (list) => {
        const outcome = decode<{ list: PointRecord[] }>(pointRecord, { list, total: 9, page: 1, limit: 20, balance: 5, expiring: { points: 0, expires_at: '2026-12-31T16:00:00.000Z' } });
        if (!Array.isArray(list)) {
          expect(outcome).toMatchObject({ kind: 'error', reason: 'badResponse' });
          return;
        }
        expect(outcome.kind).toBe('ok');
        if (outcome.kind !== 'ok') return;
        expect(outcome.data.list.length).toBeLessThanOrEqual(list.length);
        for (const record of outcome.data.list) {
          expect(record.id).toBeGreaterThan(0);
          expect(Number.isSafeInteger(record.amount) && record.amount !== 0).toBe(true);
          expect(typeof record.title).toBe('string');
          expect(Number.isNaN(Date.parse(record.created_at))).toBe(false);
        }
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
