import { del, get, set } from 'idb-keyval';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { Fields } from '../../../api/protocol/wire.ts';

/**
 * The last-seen answers (src/app/offline/last-seen-client.ts), in IndexedDB (idb-keyval's default
 * store, beside the QA event log). One record, one owner: keeping a list for another owner (a
 * sign-in, a sign-out, another player) starts the record afresh, and a record is only ever read
 * back for its own owner, so a player never sees another's lists, even for a moment.
 */

/** IndexedDB key; not a SPEC §3 localStorage key. */
export const LAST_SEEN_STORAGE_KEY = 'offline.lastSeen.v1';
/** Answers kept (the newest): the home page and a few lists with their first pages. */
export const LAST_SEEN_MAX_ENTRIES = 24;
/** An answer larger than this (as JSON) is not kept: a cheap phone's storage is small. */
export const LAST_SEEN_MAX_CHARS = 256 * 1024;

interface Entry {
  at: number;
  code: number;
  msg: string;
  data: unknown;
}
export interface LastSeenRecord {
  owner: string;
  entries: Record<string, Entry>;
}

const keyOf = (path: string, payload: Fields) => `${path} ${JSON.stringify(payload)}`;

type Listener = (event: 'served' | 'live') => void;
const listeners = new Set<Listener>();
let last: 'served' | 'live' | null = null;
/**
 * Told when a kept answer stood in for a failed call ('served') and when a live one came ('live');
 * at once with the latest, if any (an offline start serves the home page before anyone listens).
 */
export function onLastSeen(listener: Listener): () => void {
  listeners.add(listener);
  if (last) listener(last);
  return () => listeners.delete(listener);
}
const tell = (event: 'served' | 'live') => {
  last = event;
  listeners.forEach((listener) => listener(event));
};

const isRecord = (value: unknown): value is LastSeenRecord =>
  typeof value === 'object' && value !== null && typeof (value as LastSeenRecord).owner === 'string' && typeof (value as LastSeenRecord).entries === 'object';

/** Writes one after another: two lists answered together must not overwrite each other's entry. */
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
};

export function remember(owner: string, path: string, payload: Fields, outcome: Extract<ApiOutcome, { kind: 'ok' }>): Promise<void> {
  tell('live');
  const json = JSON.stringify(outcome.data);
  if (json === undefined || json.length > LAST_SEEN_MAX_CHARS) return Promise.resolve();
  return serial(async () => {
    const stored: unknown = await get(LAST_SEEN_STORAGE_KEY);
    const record: LastSeenRecord = isRecord(stored) && stored.owner === owner ? stored : { owner, entries: {} };
    // Entries in the order they were kept (a string-keyed object keeps insertion order): the newest last.
    const key = keyOf(path, payload);
    delete record.entries[key];
    record.entries[key] = { at: Date.now(), code: outcome.code, msg: outcome.msg, data: JSON.parse(json) as unknown };
    const newest = Object.entries(record.entries).slice(-LAST_SEEN_MAX_ENTRIES);
    await set(LAST_SEEN_STORAGE_KEY, { owner, entries: Object.fromEntries(newest) } satisfies LastSeenRecord);
  });
}

/** What `owner` last saw of this call, as an 'ok' outcome; null when nothing (or another owner's). */
export async function recall<T>(owner: string, path: string, payload: Fields): Promise<ApiOutcome<T> | null> {
  const stored: unknown = await serial(() => get(LAST_SEEN_STORAGE_KEY));
  if (!isRecord(stored) || stored.owner !== owner) return null;
  const entry = stored.entries[keyOf(path, payload)];
  if (!entry) return null;
  tell('served');
  return { kind: 'ok', code: entry.code, msg: entry.msg, data: entry.data as T };
}

/** Drops what is kept unless it is `owner`'s (a sign-out or another player: nothing of the last one stays). */
export function forgetUnless(owner: string): Promise<void> {
  return serial(async () => {
    const stored: unknown = await get(LAST_SEEN_STORAGE_KEY);
    if (stored !== undefined && !(isRecord(stored) && stored.owner === owner)) await del(LAST_SEEN_STORAGE_KEY);
  });
}
