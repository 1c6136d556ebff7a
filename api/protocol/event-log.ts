/**
 * The event log's file format, version 2 — what '导出日志' downloads, what IndexedDB keeps
 * between reloads, what '导入日志' and `npm run replay` read (docs/qa-tools.md shows an example).
 *
 * {
 *   "format": "game-platform/event-log", "version": 2,
 *   "startedAt": ISO time of t = 0,   "exportedAt": ISO time of the export,
 *   "capacity": ring size (5000),      "dropped": entries pushed out of the ring so far,
 *   "entries": [ LogEntry … ]  oldest first,
 *   "actors": { name: ActorSummary }  each actor of the current page run, latest state
 * }
 *
 * Version 2 (this one) added what replay needs to reproduce a signed-in session exactly: an
 * `xstate.stop` entry whenever a machine stops (a view left, a kept-alive page hidden, a child
 * stopped by its parent), so a replay stops the same actors, and resumes them with their kept
 * state when the log shows the same sessionId's `xstate.init` again. Version 1 logs lack the
 * stops: they are refused with a message saying so (LEGACY_VERSIONS).
 *
 * The decoder is strict about what replay and /testview rely on and never throws: a malformed
 * input yields `{ ok: false, error }` naming the first offending path.
 */

export const EVENT_LOG_FORMAT = 'game-platform/event-log';
export const EVENT_LOG_VERSION = 2;
/** Versions this build knows but cannot replay faithfully, with the reason given when one is read. */
const LEGACY_VERSIONS: Readonly<Record<number, string>> = {
  1: 'it was recorded by an older build that did not log actor stops and restarts, so a replay would report divergences that never happened; export the log again from an updated app',
};
/** Larger imports are refused before parsing: 5,000 entries export to about 2 MB. */
export const EVENT_LOG_MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 100_000;
/** The log's own entries ('log.restored', 'log.restoreFailed') carry this actor name. */
export const EVENT_LOG_ACTOR = 'eventLog';
const MAX_JSON_DEPTH = 48;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** An xstate state value: 'closed' or { open: { sms: 'editing' } }. */
export type StateValueJson = string | { [key: string]: StateValueJson };
export type ActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface LogEvent {
  type: string;
  [key: string]: JsonValue;
}

export interface LogEntry {
  /** 1, 2, 3 … strictly increasing over the log's life (the ring drops the oldest). */
  seq: number;
  /** Milliseconds since `startedAt`, never decreasing (it continues across reloads). */
  t: number;
  /** Wall time, ISO 8601. */
  at: string;
  /** Who received it: the root's machine id ('session'), children by path ('loginOverlay/agreement'). */
  actor: string;
  /** Machine id of the receiver; null for promise / callback actors. */
  machine: string | null;
  /** xstate's session id in that page run ('x:3'). */
  sessionId: string;
  systemId?: string;
  /** Who sent it: an actor name, or null from outside (a view, the api client, the bridge, a timer's own actor is named). */
  source: string | null;
  sourceMachine: string | null;
  /** The event, secrets masked (src/app/redact.ts). */
  event: LogEvent;
  /** Payload paths that were masked ('value', 'output.data.token'). */
  redacted?: string[];
  /** The receiving machine's state value after it processed the event. */
  state?: StateValueJson;
  /** Set when the event ended the actor (done, error, stopped; `xstate.stop` entries: stopped). */
  status?: ActorStatus;
}

export interface ActorSummary {
  machine: string | null;
  parent: string | null;
  sessionId: string;
  status: ActorStatus;
  state: StateValueJson | null;
  lastSeq: number;
}

export interface EventLogFile {
  format: typeof EVENT_LOG_FORMAT;
  version: typeof EVENT_LOG_VERSION;
  startedAt: string;
  exportedAt: string;
  capacity: number;
  dropped: number;
  entries: LogEntry[];
  actors: Record<string, ActorSummary>;
}

export type DecodeResult = { ok: true; log: EventLogFile } | { ok: false; error: string };

class DecodeError extends Error {}

const STATUSES: readonly ActorStatus[] = ['active', 'done', 'error', 'stopped'];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string "${value.slice(0, 40)}…"` : `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

function fail(path: string, expected: string, value: unknown): never {
  throw new DecodeError(`${path}: expected ${expected}, got ${describe(value)}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function record(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) fail(path, 'an object', value);
  return value;
}

function string(value: unknown, path: string, { nonEmpty = false, max = 10_000 } = {}): string {
  if (typeof value !== 'string' || (nonEmpty && value.length === 0) || value.length > max) {
    fail(path, nonEmpty ? `a non-empty string (at most ${max} characters)` : `a string (at most ${max} characters)`, value);
  }
  return value;
}

const nullableString = (value: unknown, path: string) => (value === null ? null : string(value, path));

function integer(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(path, `an integer ≥ ${min}`, value);
  return value;
}

function time(value: unknown, path: string): string {
  const text = string(value, path, { nonEmpty: true, max: 40 });
  if (Number.isNaN(Date.parse(text))) fail(path, 'an ISO 8601 time', value);
  return text;
}

function status(value: unknown, path: string): ActorStatus {
  if (!STATUSES.includes(value as ActorStatus)) fail(path, `one of ${STATUSES.join(', ')}`, value);
  return value as ActorStatus;
}

function json(value: unknown, path: string, depth: number): JsonValue {
  if (depth > MAX_JSON_DEPTH) throw new DecodeError(`${path}: nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, 'a finite number', value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, index) => json(item, `${path}[${index}]`, depth + 1));
  if (isRecord(value)) {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) fail(path, 'plain JSON', value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, json(item, `${path}.${key}`, depth + 1)]));
  }
  return fail(path, 'a JSON value', value);
}

function stateValue(value: unknown, path: string, depth = 0): StateValueJson {
  if (depth > MAX_JSON_DEPTH) throw new DecodeError(`${path}: nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (typeof value === 'string') return value;
  if (isRecord(value) && Object.keys(value).length > 0) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, stateValue(child, `${path}.${key}`, depth + 1)]));
  }
  return fail(path, 'a state value (a string or an object of state values)', value);
}

function entry(value: unknown, path: string): LogEntry {
  const raw = record(value, path);
  const event = record(raw.event, `${path}.event`);
  const decodedEvent = json(event, `${path}.event`, 1) as Record<string, JsonValue>;
  const type = string(event.type, `${path}.event.type`, { nonEmpty: true, max: 500 });
  const decoded: LogEntry = {
    seq: integer(raw.seq, `${path}.seq`, 1),
    t: (() => {
      if (typeof raw.t !== 'number' || !Number.isFinite(raw.t) || raw.t < 0) fail(`${path}.t`, 'a number of milliseconds ≥ 0', raw.t);
      return raw.t;
    })(),
    at: time(raw.at, `${path}.at`),
    actor: string(raw.actor, `${path}.actor`, { nonEmpty: true, max: 500 }),
    machine: nullableString(raw.machine, `${path}.machine`),
    sessionId: string(raw.sessionId, `${path}.sessionId`, { max: 100 }),
    source: nullableString(raw.source, `${path}.source`),
    sourceMachine: raw.sourceMachine === undefined ? null : nullableString(raw.sourceMachine, `${path}.sourceMachine`),
    event: { ...decodedEvent, type },
  };
  if (raw.systemId !== undefined) decoded.systemId = string(raw.systemId, `${path}.systemId`);
  if (raw.redacted !== undefined) {
    if (!Array.isArray(raw.redacted)) fail(`${path}.redacted`, 'an array of paths', raw.redacted);
    decoded.redacted = raw.redacted.map((item, index) => string(item, `${path}.redacted[${index}]`));
  }
  if (raw.state !== undefined) decoded.state = stateValue(raw.state, `${path}.state`);
  if (raw.status !== undefined) decoded.status = status(raw.status, `${path}.status`);
  return decoded;
}

function actorSummary(value: unknown, path: string): ActorSummary {
  const raw = record(value, path);
  return {
    machine: nullableString(raw.machine, `${path}.machine`),
    parent: nullableString(raw.parent, `${path}.parent`),
    sessionId: string(raw.sessionId, `${path}.sessionId`, { max: 100 }),
    status: status(raw.status, `${path}.status`),
    state: raw.state === null ? null : stateValue(raw.state, `${path}.state`),
    lastSeq: integer(raw.lastSeq, `${path}.lastSeq`, 0),
  };
}

function decode(value: unknown): EventLogFile {
  const raw = record(value, 'log');
  if (raw.format !== EVENT_LOG_FORMAT) {
    throw new DecodeError(`not an event log: format is ${describe(raw.format)}, expected "${EVENT_LOG_FORMAT}"`);
  }
  const version = integer(raw.version, 'version', 1);
  const legacy = LEGACY_VERSIONS[version];
  if (legacy) throw new DecodeError(`version ${version} is not read by this build (version ${EVENT_LOG_VERSION}): ${legacy}`);
  if (version !== EVENT_LOG_VERSION) {
    throw new DecodeError(`version ${version} is ${version > EVENT_LOG_VERSION ? 'newer than' : 'not'} what this build reads (version ${EVENT_LOG_VERSION})`);
  }
  if (!Array.isArray(raw.entries)) fail('entries', 'an array', raw.entries);
  if (raw.entries.length > MAX_ENTRIES) throw new DecodeError(`entries: ${raw.entries.length} entries, at most ${MAX_ENTRIES} are read`);
  const entries: LogEntry[] = [];
  raw.entries.forEach((item, index) => {
    const decoded = entry(item, `entries[${index}]`);
    const previous = entries[index - 1];
    if (previous && decoded.seq <= previous.seq) throw new DecodeError(`entries[${index}].seq: ${decoded.seq} does not follow ${previous.seq} (seq must increase)`);
    if (previous && decoded.t < previous.t) throw new DecodeError(`entries[${index}].t: ${decoded.t} is earlier than ${previous.t} (t must not decrease)`);
    entries.push(decoded);
  });
  const actors = record(raw.actors, 'actors');
  return {
    format: EVENT_LOG_FORMAT,
    version: EVENT_LOG_VERSION,
    startedAt: time(raw.startedAt, 'startedAt'),
    exportedAt: time(raw.exportedAt, 'exportedAt'),
    capacity: integer(raw.capacity, 'capacity', 1),
    dropped: integer(raw.dropped, 'dropped', 0),
    entries,
    actors: Object.fromEntries(Object.entries(actors).map(([name, summary]) => [name, actorSummary(summary, `actors.${name}`)])),
  };
}

/** Validates a parsed log (an import, or what IndexedDB returned). Never throws. */
export function decodeEventLog(value: unknown): DecodeResult {
  try {
    return { ok: true, log: decode(value) };
  } catch (error) {
    if (error instanceof DecodeError) return { ok: false, error: error.message };
    return { ok: false, error: `unreadable event log (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Parses and validates the text of an exported log file. Never throws. */
export function parseEventLogJson(text: string): DecodeResult {
  if (typeof text !== 'string') return { ok: false, error: 'not text' };
  if (text.length > EVENT_LOG_MAX_BYTES) return { ok: false, error: `file too large (${text.length} characters, at most ${EVENT_LOG_MAX_BYTES})` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return decodeEventLog(value);
}
