import { MSG } from '../../api/protocol/codes.ts';
import type { WireResponse } from '../../api/protocol/wire.ts';
import { refuse } from '../calls.ts';

/** PROTOCOL §10: page from 1 (default 1), limit default 20, at most 50. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
export const PAGE_ERROR = '分页参数错误';

export type Checked<T> = { ok: true; value: T } | { ok: false; response: WireResponse };

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export interface PageAnswer<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A positive integer given as a JSON number or a decimal string; undefined when absent, null when malformed. */
export function positiveInt(value: unknown): number | null | undefined {
  if (absent(value)) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** page and limit of a list call; a limit above 50 is served as 50 (the answer says so). */
export function readPage(fields: Record<string, unknown>): Checked<Page> {
  const page = positiveInt(fields.page);
  const limit = positiveInt(fields.limit);
  if (page === null || limit === null) return { ok: false, response: refuse(PAGE_ERROR) };
  const p = page ?? 1;
  const l = Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  return { ok: true, value: { page: p, limit: l, offset: (p - 1) * l } };
}

export function pageAnswer<T>(page: Page, list: T[], total: number): PageAnswer<T> {
  return { list, total, page: page.page, limit: page.limit };
}

/** A required id (game_id, gift_id …): code -1 '参数错误' when missing or malformed. */
export function readId(fields: Record<string, unknown>, name: string): Checked<number> {
  const id = positiveInt(fields[name]);
  if (id === undefined || id === null || id > 2_147_483_647) return { ok: false, response: refuse(MSG.paramError) };
  return { ok: true, value: id };
}

/** An optional id: undefined when absent, a refusal when malformed. */
export function readOptionalId(fields: Record<string, unknown>, name: string): Checked<number | undefined> {
  const id = positiveInt(fields[name]);
  if (id === null || (id !== undefined && id > 2_147_483_647)) return { ok: false, response: refuse(MSG.paramError) };
  return { ok: true, value: id };
}

export function readText(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** One of the allowed words; undefined when absent, null when not allowed. */
export function readChoice<T extends string>(fields: Record<string, unknown>, name: string, allowed: readonly T[]): T | null | undefined {
  const text = readText(fields, name);
  if (text === '') return undefined;
  return (allowed as readonly string[]).includes(text) ? (text as T) : null;
}
