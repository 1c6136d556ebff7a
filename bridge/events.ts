import { DOWN_STATES, UPDATE_STATES, type DownState, type UpdateState, type NativeDownloadStatus, type NativeEvent, type NativeEventType } from './definitions.ts';

/**
 * Validation of everything native sends (ARCHITECTURE style rule 8): events reach the machines
 * only through parseNativeEvent, and the getDownloadStates answer only through
 * parseDownloadStates. Native code is another team's, ships on its own schedule and runs on
 * phones we never see, so nothing it sends is trusted: these functions never throw, whatever
 * the input (a getter that throws and a Proxy included).
 */

/** A raw event string longer than this is refused before JSON.parse (events are ~150 bytes). */
export const MAX_EVENT_CHARS = 4096;
/** getDownloadStates: the answer string is refused above this length, items past the cap are dropped. */
export const MAX_DOWNLOAD_STATES = 500;
export const MAX_DOWNLOAD_STATES_CHARS = 256 * 1024;
/** No package on a phone is larger; a bigger number is a native bug, not a download. */
export const MAX_SIZE_BYTES = 4 * 1024 * 1024 * 1024;
/** Decimal strings for ids: at most 12 digits (ids are below 10^12, far below 2^53). */
const ID_STRING = /^[1-9]\d{0,11}$/;
const INTEGER_STRING = /^-?\d{1,15}$/;
const NUMBER_STRING = /^\d{1,16}(\.\d{1,16})?$/;

export type ParsedEvent = { ok: true; event: NativeEvent } | { ok: false; reason: string };
type Field<T> = { ok: true; value: T } | { ok: false; reason: string };

const EVENT_TYPES: readonly NativeEventType[] = ['download.state', 'download.progress', 'install.result', 'app.resume', 'update.progress', 'update.state'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readId(value: unknown, name: string): Field<number> {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return { ok: true, value };
  if (typeof value === 'string' && ID_STRING.test(value)) return { ok: true, value: Number(value) };
  return { ok: false, reason: `${name}: not a positive integer id` };
}

function readState(value: unknown): Field<DownState> {
  if (typeof value === 'string' && (DOWN_STATES as readonly string[]).includes(value)) return { ok: true, value: value as DownState };
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6) return { ok: true, value: String(value) as DownState };
  return { ok: false, reason: 'state: not one of 0..6' };
}

function readUpdateState(value: unknown): Field<UpdateState> {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof text === 'string' && (UPDATE_STATES as readonly string[]).includes(text)) return { ok: true, value: text as UpdateState };
  return { ok: false, reason: 'state: not one of 1, 3, 4' };
}

function readAmount(value: unknown, name: string, max: number): Field<number> {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMBER_STRING.test(value)) n = Number(value);
  else return { ok: false, reason: `${name}: not a number` };
  if (!Number.isFinite(n) || n < 0) return { ok: false, reason: `${name}: not a finite non-negative number` };
  if (n > max) return { ok: false, reason: `${name}: above ${max}` };
  return { ok: true, value: n };
}

function readCode(value: unknown): Field<number> {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { ok: true, value };
  if (typeof value === 'string' && INTEGER_STRING.test(value)) return { ok: true, value: Number(value) };
  return { ok: false, reason: 'code: not an integer' };
}

function readSizes(fields: Record<string, unknown>): Field<{ cur: number; total: number; speed: number }> {
  const cur = readAmount(fields.cur, 'cur', MAX_SIZE_BYTES);
  if (!cur.ok) return cur;
  const total = readAmount(fields.total, 'total', MAX_SIZE_BYTES);
  if (!total.ok) return total;
  const speed = readAmount(fields.speed, 'speed', MAX_SIZE_BYTES);
  if (!speed.ok) return speed;
  if (total.value > 0 && cur.value > total.value) return { ok: false, reason: 'cur: above total' };
  return { ok: true, value: { cur: cur.value, total: total.value, speed: speed.value } };
}

function eventFrom(fields: Record<string, unknown>): ParsedEvent {
  const type = fields.type;
  if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type)) {
    return { ok: false, reason: `type: unknown (${typeof type === 'string' ? type.slice(0, 40) : typeof type})` };
  }
  if (type === 'app.resume') return { ok: true, event: { type } };
  if (type === 'update.progress') {
    const sizes = readSizes(fields);
    return sizes.ok ? { ok: true, event: { type, ...sizes.value } } : sizes;
  }
  if (type === 'update.state') {
    const state = readUpdateState(fields.state);
    return state.ok ? { ok: true, event: { type, state: state.value } } : state;
  }
  const id = readId(fields.platform_game_id, 'platform_game_id');
  if (!id.ok) return id;
  const platform_game_id = id.value;
  if (type === 'download.state') {
    const state = readState(fields.state);
    return state.ok ? { ok: true, event: { type, platform_game_id, state: state.value } } : state;
  }
  if (type === 'download.progress') {
    const sizes = readSizes(fields);
    return sizes.ok ? { ok: true, event: { type, platform_game_id, ...sizes.value } } : sizes;
  }
  const code = readCode(fields.code);
  return code.ok ? { ok: true, event: { type: 'install.result', platform_game_id, code: code.value } } : code;
}

function decode(raw: unknown, maxChars: number): Field<unknown> {
  if (typeof raw !== 'string') return { ok: true, value: raw };
  if (raw.length > maxChars) return { ok: false, reason: `longer than ${maxChars} characters` };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
}

/**
 * One event from native: a JSON string or an already-parsed object. The answer carries only the
 * fields of the event's type, normalised (ids and sizes as numbers, state as a string).
 */
export function parseNativeEvent(raw: unknown): ParsedEvent {
  try {
    const decoded = decode(raw, MAX_EVENT_CHARS);
    if (!decoded.ok) return decoded;
    if (!isRecord(decoded.value)) return { ok: false, reason: 'not an object' };
    return eventFrom(decoded.value);
  } catch {
    // A hostile object (throwing getter, revoked Proxy) is just another malformed event.
    return { ok: false, reason: 'unreadable' };
  }
}

function statusFrom(item: unknown): NativeDownloadStatus | null {
  if (!isRecord(item)) return null;
  const id = readId(item.platform_game_id, 'platform_game_id');
  const state = readState(item.state);
  // A paused or finished download may come without a speed (or sizes): those default to 0.
  const sizes = readSizes({ cur: item.cur ?? 0, total: item.total ?? 0, speed: item.speed ?? 0 });
  if (!id.ok || !state.ok || !sizes.ok) return null;
  return { platform_game_id: id.value, state: state.value, ...sizes.value };
}

/**
 * The answer of getDownloadStates (a JSON array string, or an array). Bad items are dropped and
 * counted, as are duplicates of an id already listed and items past MAX_DOWNLOAD_STATES.
 */
export function parseDownloadStates(raw: unknown): { list: NativeDownloadStatus[]; dropped: number } {
  try {
    const decoded = decode(raw, MAX_DOWNLOAD_STATES_CHARS);
    if (!decoded.ok || !Array.isArray(decoded.value)) return { list: [], dropped: 1 };
    const items: unknown[] = decoded.value;
    const list: NativeDownloadStatus[] = [];
    const seen = new Set<number>();
    let dropped = Math.max(0, items.length - MAX_DOWNLOAD_STATES);
    for (const item of items.slice(0, MAX_DOWNLOAD_STATES)) {
      let status: NativeDownloadStatus | null;
      try {
        status = statusFrom(item);
      } catch {
        status = null;
      }
      if (status === null || seen.has(status.platform_game_id)) {
        dropped++;
        continue;
      }
      seen.add(status.platform_game_id);
      list.push(status);
    }
    return { list, dropped };
  } catch {
    return { list: [], dropped: 1 };
  }
}
