import type { PointRecord, TaskItem } from '../../../api/protocol/calls/tasks.ts';

/**
 * The task pages' decoders: answers arrive as `unknown` and leave as the shapes the
 * pages render. A malformed task or record is dropped, a malformed whole becomes null; nothing
 * here throws (task-data.property.test.ts).
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 200): string => (typeof value === 'string' ? value.slice(0, max) : '');
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const signed = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');
const KINDS = ['daily', 'novice', 'achievement'] as const;
const STATE_TEXT = ['去完成', '领取', '已领取'] as const;

/** An in-app route only ('/…', not '//host'): 去完成 never leaves the app. */
export function safeTaskLink(value: unknown): string {
  const link = str(value, 200);
  return /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(link) ? link : '';
}

export function decodeTask(value: unknown): TaskItem | null {
  const raw = obj(value);
  if (!raw) return null;
  const taskId = count(raw.task_id);
  const progress = count(raw.progress);
  const target = count(raw.target);
  const points = count(raw.reward_points);
  const state = raw.state === 0 || raw.state === 1 || raw.state === 2 ? raw.state : null;
  const kind = KINDS.includes(raw.kind as (typeof KINDS)[number]) ? (raw.kind as TaskItem['kind']) : null;
  const title = str(raw.title, 60);
  if (!taskId || progress === null || !target || points === null || state === null || !kind || !title) return null;
  const coupon = count(raw.reward_coupon_id);
  return {
    task_id: taskId,
    code: str(raw.code, 60),
    kind,
    title,
    description: str(raw.description, 200),
    link: safeTaskLink(raw.link),
    progress: Math.min(progress, target),
    target,
    reward_points: points,
    reward_coupon_id: coupon && coupon > 0 ? coupon : null,
    state,
    state_text: STATE_TEXT[state],
  };
}

const tasksOf = (value: unknown): TaskItem[] => (Array.isArray(value) ? value.flatMap((item) => decodeTask(item) ?? []) : []);

export function decodeTaskPoint(value: unknown): { daily: TaskItem[]; achievement: TaskItem[] } | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.daily) || !Array.isArray(raw.achievement)) return null;
  return { daily: tasksOf(raw.daily), achievement: tasksOf(raw.achievement) };
}

export function decodeNovice(value: unknown): { list: TaskItem[]; all_done: boolean } | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.list)) return null;
  return { list: tasksOf(raw.list), all_done: raw.all_done === true };
}

export interface PointSummary {
  points: number;
  claimable: number;
  expiring: { points: number; expires_at: string };
}

export function decodePointSummary(value: unknown): PointSummary | null {
  const raw = obj(value);
  const expiring = obj(raw?.expiring);
  const points = count(raw?.points);
  const claimable = count(raw?.claimable);
  const expPoints = count(expiring?.points);
  if (points === null || claimable === null || expPoints === null) return null;
  return { points, claimable, expiring: { points: expPoints, expires_at: instant(expiring?.expires_at) } };
}

export function decodePointRecords(list: unknown): PointRecord[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = count(raw?.id);
    const amount = signed(raw?.amount);
    if (!raw || !id || amount === null || amount === 0) return [];
    return [{ id, amount, kind: str(raw.kind, 40), title: str(raw.title, 100) || str(raw.kind, 40), created_at: instant(raw.created_at) }];
  });
}

/** 2026-12-31: the China date an expiry instant falls on the evening before (00:00 Jan 1 → Dec 31). */
export function expiryDay(iso: string): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + 8 * 3600_000 - 1).toISOString().slice(0, 10);
}
