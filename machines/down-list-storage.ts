import { DOWN_STATES, type DownState } from '../bridge/definitions.ts';
import type { DownListEntry } from './download.types.ts';

/**
 * The DownList storage value (SPEC §3): a JSON array of entries. Decoding never throws: an entry
 * that is not one is dropped and counted, numbers may be stored as numbers or numeric strings
 * (older writers), down_state as '0'..'6' or 0..6, entries for the same platform_game_id keep the
 * first (SPEC §4 "the list is de-duplicated"), and at most MAX_DOWN_LIST_ENTRIES are kept.
 */

export const MAX_DOWN_LIST_ENTRIES = 500;

export interface ParsedDownList {
  entries: DownListEntry[];
  /** Stored items not kept: invalid, duplicate or over the cap (1 for a value that is not a list at all). */
  dropped: number;
}

const INTEGER = /^\d{1,15}$/;
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

/** A non-negative safe integer, from a number or a numeric string; null otherwise. */
function integerOf(value: unknown): number | null {
  const number = typeof value === 'string' && INTEGER.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** A byte count: a finite non-negative number or numeric string; missing reads 0. */
function sizeOf(value: unknown): number | null {
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
}

/** Text: a string, or a finite number written as text; missing reads as the fallback. */
function textOf(value: unknown, fallback = ''): string | null {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

function downStateOf(value: unknown): DownState | null {
  const text = typeof value === 'number' ? String(value) : value;
  return DOWN_STATES.find((state) => state === text) ?? null;
}

const TEXT_FIELDS = ['platform_game_name', 'url', 'down_type_carder', 'game_name', 'Package_name', 'game_daixoa_state'] as const;

/** One stored item as an entry, or null when it is not one. */
export function entryOf(item: unknown): DownListEntry | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const gameId = integerOf(record.game_id);
  const platformGameId = integerOf(record.platform_game_id);
  const platformId = record.platform_id === undefined ? 0 : integerOf(record.platform_id);
  const downState = downStateOf(record.down_state);
  const curSize = sizeOf(record.curSize);
  const totalSize = sizeOf(record.totalSize);
  const spent = textOf(record.spent, '0M/s');
  if (gameId === null || platformGameId === null || platformGameId === 0 || platformId === null || downState === null) return null;
  if (curSize === null || totalSize === null || spent === null) return null;
  const texts: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const field of TEXT_FIELDS) {
    const text = textOf(record[field]);
    if (text === null) return null;
    texts[field] = text;
  }
  return {
    game_id: gameId,
    platform_game_id: platformGameId,
    platform_id: platformId,
    platform_game_name: texts.platform_game_name!,
    url: texts.url!,
    down_type_carder: texts.down_type_carder!,
    game_name: texts.game_name!,
    down_state: downState,
    // SPEC §3: the copies always follow the ids they copy.
    gameid: platformGameId,
    gamecopy_id: gameId,
    Package_name: texts.Package_name!,
    curSize,
    totalSize,
    spent,
    game_daixoa_state: texts.game_daixoa_state!,
  };
}

/** One entry per platform_game_id, the first one kept, at most MAX_DOWN_LIST_ENTRIES. */
export function uniqueEntries(entries: readonly DownListEntry[]): DownListEntry[] {
  const seen = new Set<number>();
  const unique: DownListEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.platform_game_id) || unique.length >= MAX_DOWN_LIST_ENTRIES) continue;
    seen.add(entry.platform_game_id);
    unique.push(entry);
  }
  return unique;
}

export function parseDownList(raw: string | null): ParsedDownList {
  if (raw === null || raw.trim() === '') return { entries: [], dropped: 0 };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { entries: [], dropped: 1 };
  }
  if (!Array.isArray(value)) return { entries: [], dropped: 1 };
  const valid = value.map(entryOf).filter((entry): entry is DownListEntry => entry !== null);
  const entries = uniqueEntries(valid);
  return { entries, dropped: value.length - entries.length };
}

/** The DownList value for these entries: SPEC field order, de-duplicated like parseDownList. */
export function serializeDownList(entries: readonly DownListEntry[]): string {
  return JSON.stringify(
    uniqueEntries(entries).map((entry) => ({
      game_id: entry.game_id,
      platform_game_id: entry.platform_game_id,
      platform_id: entry.platform_id,
      platform_game_name: entry.platform_game_name,
      url: entry.url,
      down_type_carder: entry.down_type_carder,
      game_name: entry.game_name,
      down_state: entry.down_state,
      gameid: entry.platform_game_id,
      gamecopy_id: entry.game_id,
      Package_name: entry.Package_name,
      curSize: entry.curSize,
      totalSize: entry.totalSize,
      spent: entry.spent,
      game_daixoa_state: entry.game_daixoa_state,
    })),
  );
}
