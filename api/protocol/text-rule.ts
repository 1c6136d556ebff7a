/**
 * The one rule for strings at the protocol reader: text PostgreSQL cannot store never reaches a
 * handler. parseFields (call-spec.ts) applies it to the whole body of every player call (including
 * `/point` and `/down/*`) and every staff call before any declared field is read; other readers of
 * request text (uploads, streams) apply it to what they pass on. The call references
 * (docs/api.md, docs/staff-api.md) print UNSTORABLE_TEXT_RULE, and the call fuzz sends these
 * characters to every call.
 *
 * What PostgreSQL cannot store in a UTF-8 database:
 * - U+0000 (NUL): `text` refuses it ("invalid byte sequence for encoding UTF8: 0x00") and `jsonb`
 *   refuses `\u0000` ("unsupported Unicode escape sequence");
 * - a lone (unpaired) UTF-16 surrogate: it has no UTF-8 form, so the driver would send U+FFFD in
 *   its place (the stored text silently differs from what was sent) or the server refuses it.
 * Every other code point is storable, so nothing else is refused here.
 */

/** U+0000 or a surrogate that is not half of a pair (with the `u` flag a pair is one code point, never \p{Cs}). */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** The rule in a few words, for the call references. */
export const UNSTORABLE_TEXT_RULE = '任何字符串（包括对象、数组里嵌套的字符串和字段名）不得含有 U+0000（NUL）或不成对的代理项（lone surrogate）：PostgreSQL 无法保存';

/** The refusal (code -1) when a field holds such text: the field's wire name, then the words. */
export function unstorableTextMessage(field: string): string {
  return `${field}${UNSTORABLE_TEXT_SUFFIX}`;
}

export const UNSTORABLE_TEXT_SUFFIX = '含有无法识别的字符';

/** The message as the references print it. */
export const UNSTORABLE_TEXT_MESSAGE_DOC = unstorableTextMessage('<字段名>');

/** Whether PostgreSQL can store the string as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Whether a value (a string, or an object or array holding strings, keys included, at any depth) is all storable text. */
export function isStorableValue(value: unknown): boolean {
  // Iterative: a 64 KiB body can nest ~32,000 levels deep, too deep for recursion.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return false;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

/** A field name as a message can show it: unstorable characters become U+FFFD. */
function shownName(name: string): string {
  return isStorableText(name) ? name : name.replace(/[\u0000\p{Cs}]/gu, '\uFFFD');
}

/**
 * The first top-level field (in the body's key order) whose name or value holds text PostgreSQL
 * cannot store, or null when there is none.
 */
export function unstorableField(fields: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    if (!isStorableText(name) || !isStorableValue(value)) return shownName(name);
  }
  return null;
}

/** The refusal message for a body that breaks the rule, or null when it keeps it. */
export function unstorableTextRefusal(fields: Record<string, unknown>): string | null {
  const field = unstorableField(fields);
  return field === null ? null : unstorableTextMessage(field);
}
