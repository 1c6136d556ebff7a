import type { JsonValue } from '../../api/protocol/event-log.ts';

/**
 * Turns anything an actor receives into JSON fit for a log that leaves the phone: secrets
 * masked, the rest bounded (depth, length, item counts) and made serialisable.
 *
 * Masks keep the shape a machine's guards look at, so a replay of the log takes the same
 * branches as the phone did:
 * - phone numbers (fields phone / account / mobile / *Phone, a `ui.*phone*` event's `value`, and
 *   any 11-digit 1[3-9]… run inside any string) keep their first 3 digits; the rest become 0
 *   ('13812345678' → '13800000000');
 * - passwords (password, newPassword, confirm*, a `ui.*password|confirm*` event's `value`) and
 *   codes (code, phone_code, recoverCode… when a string; a `ui.*code*` event's `value`) keep
 *   length and character classes: digits → 0, a–z → a, A–Z → A, others → *;
 * - tokens (token, Token, user_uuid, uuid, everything under credentials) become '[redacted]'.
 * Different secrets of one kind get different masks (the last character is bumped), so
 * "the two passwords differ" survives; equal ones stay equal. Numeric `code` fields are the
 * server's status codes and are kept. Each masked path is reported, for the log's `redacted`.
 */

export const REDACTED = '[redacted]';
const MAX_DEPTH = 10;
const MAX_STRING = 4_000;
const MAX_ITEMS = 200;
const MEMO_LIMIT = 5_000;

type Kind = 'phone' | 'secret' | 'token';

const TOKEN_KEY = /token|^uuid$|^user_uuid$/i;
const CREDENTIALS_KEY = /^credentials$/i;
const PASSWORD_KEY = /password|^confirm/i;
const CODE_KEY = /^(code|phone_code|recoverCode|smsCode|sms_code|verifyCode|verify_code)$/i;
const PHONE_KEY = /phone$|^account$|^mobile$/i;
const PHONE_RUN = /(?<!\d)1[3-9]\d{9}(?!\d)/g;

function keyKind(key: string, value: unknown): Kind | null {
  if (TOKEN_KEY.test(key)) return 'token';
  if (PASSWORD_KEY.test(key)) return 'secret';
  if (CODE_KEY.test(key)) return typeof value === 'string' ? 'secret' : null;
  if (PHONE_KEY.test(key)) return 'phone';
  return null;
}

/** What an input event's `value` holds, from its type: 'ui.recover.phone.change' → phone. */
function valueKind(eventType: string): Kind | null {
  const segments = eventType.toLowerCase().split('.');
  if (segments.some((segment) => segment.includes('password') || segment.includes('confirm'))) return 'secret';
  if (segments.some((segment) => segment.includes('phone') || segment === 'account')) return 'phone';
  if (segments.some((segment) => segment.includes('code'))) return 'secret';
  return null;
}

function maskChar(char: string): string {
  if (char >= '0' && char <= '9') return '0';
  if (char >= 'a' && char <= 'z') return 'a';
  if (char >= 'A' && char <= 'Z') return 'A';
  return '*';
}

function shapeOf(kind: Kind, text: string): string {
  if (kind === 'token') return REDACTED;
  const chars = [...text];
  if (kind === 'phone') return chars.map((char, index) => (index < 3 && char >= '0' && char <= '9' ? char : maskChar(char))).join('');
  return chars.map(maskChar).join('');
}

const CYCLES: Array<[string, string]> = [
  ['0', '9'],
  ['a', 'z'],
  ['A', 'Z'],
];

/** The next mask of the same shape: the last maskable character counts up, with carry. */
function bump(mask: string, keep: number): string | null {
  const chars = [...mask];
  for (let index = chars.length - 1; index >= keep; index--) {
    const char = chars[index]!;
    const cycle = CYCLES.find(([low, high]) => char >= low && char <= high);
    if (!cycle) continue;
    if (char !== cycle[1]) {
      chars[index] = String.fromCharCode(char.charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[index] = cycle[0];
  }
  return null;
}

export interface RedactResult {
  value: JsonValue;
  /** Paths of the masked values: 'value', 'output.data.token', 'input.account'. */
  paths: string[];
}

export interface Redactor {
  /** `eventType` lets an input event's `value` be masked by what the event is about. */
  redact(value: unknown, eventType?: string): RedactResult;
}

interface Walk {
  paths: string[];
  seen: WeakSet<object>;
}

const isActorRef = (value: object): value is { id: string; sessionId: string } =>
  'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
const isMachineSnapshot = (value: object): value is { status: unknown; value: unknown } =>
  'machine' in value && 'value' in value && 'status' in value && 'context' in value;

export function createRedactor(): Redactor {
  const memo = new Map<string, string>();
  const used = new Set<string>();

  function mask(kind: Kind, text: string): string {
    if (kind === 'token') return REDACTED;
    const key = `${kind}\u0000${text}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (memo.size > MEMO_LIMIT) {
      memo.clear();
      used.clear();
    }
    const shaped = shapeOf(kind, text);
    const keep = kind === 'phone' ? 3 : 0;
    let candidate: string | null = shaped;
    while (candidate !== null && used.has(`${kind}\u0000${candidate}`)) candidate = bump(candidate, keep);
    const masked = candidate ?? shaped;
    memo.set(key, masked);
    used.add(`${kind}\u0000${masked}`);
    return masked;
  }

  function maskValue(kind: Kind, value: unknown, path: string, walk: Walk, depth = 0): JsonValue {
    if (typeof value === 'string') {
      walk.paths.push(path);
      return mask(kind, value);
    }
    if (typeof value === 'number' && kind !== 'token') {
      walk.paths.push(path);
      const masked = Number(mask(kind, String(value)));
      return Number.isFinite(masked) ? masked : 0;
    }
    if (kind === 'token' && value !== null && typeof value === 'object') return toJson(value, path, depth, walk, 'token');
    if (kind === 'token' && value !== null && value !== undefined) {
      walk.paths.push(path);
      return REDACTED;
    }
    return toJson(value, path, depth, walk, null);
  }

  function scrubText(text: string, path: string, walk: Walk): string {
    const bounded = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…(${text.length} chars)` : text;
    let changed = false;
    const result = bounded.replace(PHONE_RUN, (run) => {
      changed = true;
      return mask('phone', run);
    });
    if (changed) walk.paths.push(path);
    return result;
  }

  function toJson(value: unknown, path: string, depth: number, walk: Walk, forced: Kind | null): JsonValue {
    if (forced && (typeof value === 'string' || typeof value === 'number')) return maskValue(forced, value, path, walk, depth);
    if (value === null || value === undefined) return null;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'string') return scrubText(value, path, walk);
    if (typeof value !== 'object') return null;
    if (depth >= MAX_DEPTH) return '[…]';
    if (walk.seen.has(value)) return '[circular]';
    if (value instanceof Error) return { name: value.name, message: scrubText(value.message, `${path}.message`, walk) };
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    if (isActorRef(value)) return `[actor ${value.id}]`;
    walk.seen.add(value);
    try {
      if (isMachineSnapshot(value)) {
        return { status: toJson(value.status, `${path}.status`, depth + 1, walk, null), value: toJson(value.value, `${path}.value`, depth + 1, walk, null) };
      }
      if (Array.isArray(value) || value instanceof Set) {
        const items = [...value].slice(0, MAX_ITEMS);
        return items.map((item, index) => toJson(item, `${path}[${index}]`, depth + 1, walk, forced));
      }
      const source = value instanceof Map ? Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), item])) : value;
      const entries: Array<[string, JsonValue]> = [];
      for (const key of Object.keys(source).slice(0, MAX_ITEMS)) {
        const item = (source as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        const childPath = path ? `${path}.${key}` : key;
        const kind = forced ?? (CREDENTIALS_KEY.test(key) ? 'token' : keyKind(key, item));
        if (kind && (typeof item === 'string' || typeof item === 'number')) entries.push([key, maskValue(kind, item, childPath, walk, depth + 1)]);
        else entries.push([key, toJson(item, childPath, depth + 1, walk, kind === 'token' ? 'token' : forced)]);
      }
      return Object.fromEntries(entries);
    } finally {
      walk.seen.delete(value);
    }
  }

  return {
    redact(value, eventType) {
      const walk: Walk = { paths: [], seen: new WeakSet() };
      const kind = eventType ? valueKind(eventType) : null;
      if (kind && value && typeof value === 'object' && !Array.isArray(value) && 'value' in value) {
        const { value: inner, ...rest } = value as Record<string, unknown>;
        const json = toJson(rest, '', 0, walk, null) as Record<string, JsonValue>;
        return { value: { ...json, value: maskValue(kind, inner, 'value', walk) }, paths: walk.paths };
      }
      return { value: toJson(value, '', 0, walk, null), paths: walk.paths };
    },
  };
}
