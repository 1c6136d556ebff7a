import { STORAGE_KEYS } from '../../../machines/constants.ts';
import type { RatingGame } from '../../../machines/rating.types.ts';

/**
 * SPEC §3 "Pending recharge entry (RechargepingList)": game_name, game_id, order_number,
 * platform_game_id, stored as a JSON array under STORAGE_KEYS.rechargePending by the top-up flow.
 * Storage is untrusted (hand edits, old app versions, other writers): reading never throws, keeps
 * every object that names something, and normalises its fields to strings ('' = missing), so the
 * rating dialog can still open and say '数据异常，请稍后再试' for an entry without its ids.
 */
export type RechargePendingEntry = RatingGame;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** More entries than this are a broken writer, not pending recharges. */
export const RECHARGE_PENDING_MAX = 50;
const NAME_MAX_LENGTH = 64;
const ID_PATTERN = /^\d{1,18}$/;
const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A positive id as a JSON number or a digit string; '' otherwise. */
function idText(value: unknown): string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : '';
  if (typeof value !== 'string') return '';
  const text = value.trim();
  return ID_PATTERN.test(text) && !/^0+$/.test(text) ? text : '';
}

function orderNumberText(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : typeof value === 'string' ? value.trim() : '';
  return ORDER_NUMBER_PATTERN.test(text) ? text : '';
}

function nameText(value: unknown): string {
  return typeof value === 'string' ? Array.from(value.trim()).slice(0, NAME_MAX_LENGTH).join('') : '';
}

/** One stored value as an entry, or null when it is not an object naming anything. */
export function toRechargePendingEntry(value: unknown): RechargePendingEntry | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const entry: RechargePendingEntry = {
    game_name: nameText(record.game_name),
    game_id: idText(record.game_id),
    order_number: orderNumberText(record.order_number),
    platform_game_id: idText(record.platform_game_id),
  };
  return Object.values(entry).some((field) => field !== '') ? entry : null;
}

/** The stored text as entries: first occurrence of each order number wins; at most RECHARGE_PENDING_MAX. */
export function parseRechargePending(raw: string | null): RechargePendingEntry[] {
  if (raw === null || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: RechargePendingEntry[] = [];
  for (const item of value) {
    const entry = toRechargePendingEntry(item);
    if (!entry) continue;
    if (entry.order_number !== '') {
      if (seen.has(entry.order_number)) continue;
      seen.add(entry.order_number);
    }
    entries.push(entry);
    if (entries.length === RECHARGE_PENDING_MAX) break;
  }
  return entries;
}

function readRaw(storage: KeyValueStorage): string | null {
  try {
    return storage.getItem(STORAGE_KEYS.rechargePending);
  } catch {
    return null;
  }
}

export function readRechargePending(storage: KeyValueStorage): RechargePendingEntry[] {
  return parseRechargePending(readRaw(storage));
}

/** The entry the rating dialog opens for on start: the oldest pending one. */
export function firstRechargePending(storage: KeyValueStorage): RechargePendingEntry | null {
  return readRechargePending(storage)[0] ?? null;
}

/**
 * Drops the entries of one order after it was rated. Other items are written back untouched
 * (they belong to the top-up flow, which may know fields this reader ignores).
 */
export function removeRechargePending(storage: KeyValueStorage, orderNumber: string): void {
  let items: unknown;
  try {
    items = JSON.parse(readRaw(storage) ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(items) || orderNumber === '') return;
  const kept = items.filter((item) => toRechargePendingEntry(item)?.order_number !== orderNumber);
  if (kept.length === items.length) return;
  try {
    if (kept.length === 0) storage.removeItem(STORAGE_KEYS.rechargePending);
    else storage.setItem(STORAGE_KEYS.rechargePending, JSON.stringify(kept));
  } catch {
    // A full or private storage: the entry is offered again next start, and the server refuses a second rating.
  }
}

/**
 * Adds the entry of a paid game top-up (the rating dialog appears for it). An entry with
 * the same order number is not added twice; a list at RECHARGE_PENDING_MAX drops its oldest item.
 * Items already stored are written back untouched; unreadable stored text is replaced.
 */
export function addRechargePending(storage: KeyValueStorage, entry: RechargePendingEntry): boolean {
  const normal = toRechargePendingEntry(entry);
  if (!normal || normal.order_number === '') return false;
  let items: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(readRaw(storage) ?? '[]');
    if (Array.isArray(parsed)) items = parsed;
  } catch {
    items = [];
  }
  if (items.some((item) => toRechargePendingEntry(item)?.order_number === normal.order_number)) return false;
  const next = [...items, normal].slice(-RECHARGE_PENDING_MAX);
  try {
    storage.setItem(STORAGE_KEYS.rechargePending, JSON.stringify(next));
    return true;
  } catch {
    return false;
  }
}
