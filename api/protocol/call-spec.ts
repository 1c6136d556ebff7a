import * as v from 'valibot';
import { MSG } from './codes.ts';
import { unstorableTextRefusal } from './text-rule.ts';

/**
 * One declaration per call: its path, who may call it, and a schema of its fields (valibot; see
 * docs/decisions.md "Call schemas"). From it come the server handler's typed input and its refusal
 * (code -1 with the field's exact message), the client's typed call (api/typed-call.ts, types
 * only), the call reference (docs/api.md, `npm run api-doc`) and the property tests that throw
 * random bodies at every call.
 *
 * Fields arrive as untrusted JSON: every field schema takes `unknown` (a missing field reaches it
 * as undefined) and either yields a typed value or adds one issue whose message is what the player
 * is shown. Fields are checked in declaration order and the first failure answers.
 */

export type AuthMode = 'none' | 'optional' | 'required';

/** What the call reference says about one field. */
export interface FieldDoc {
  /** The wire type as a client sends it: 'id', 'string', 'int', '"1" | "2"' … */
  type: string;
  required: boolean;
  /** The rule in a few words, e.g. '2–12 个字符'. */
  rule?: string;
  /** The refusal message when the rule fails; several when the rule has several (e.g. missing / malformed). */
  message?: string | readonly string[];
}

/** Every refusal message a field's reference lists. */
export function messagesOf(doc: FieldDoc): readonly string[] {
  return doc.message === undefined ? [] : typeof doc.message === 'string' ? [doc.message] : doc.message;
}

/**
 * A field: takes what a client sends (TIn, for the client's types; the server accepts anything)
 * and gives the handler TOut.
 */
export type Field<TIn, TOut> = v.GenericSchema<TIn, TOut>;

const FIELD_DOCS = new WeakMap<object, FieldDoc>();

/** Attaches the reference text of a field to its schema. */
export function documented<TIn, TOut>(schema: v.GenericSchema<unknown, TOut>, doc: FieldDoc): Field<TIn, TOut> {
  FIELD_DOCS.set(schema, doc);
  return schema as unknown as Field<TIn, TOut>;
}

export function fieldDoc(schema: v.GenericSchema): FieldDoc {
  return FIELD_DOCS.get(schema) ?? { type: 'unknown', required: false };
}

/** A field from a parse function: ok with the value, or the message to refuse with. */
export function field<TIn, TOut>(doc: FieldDoc, parse: (value: unknown) => { ok: true; value: TOut } | { ok: false; message: string }): Field<TIn, TOut> {
  const schema = v.pipe(
    v.unknown(),
    v.rawTransform<unknown, TOut>(({ dataset, addIssue, NEVER }) => {
      const result = parse(dataset.value);
      if (result.ok) return result.value;
      addIssue({ message: result.message });
      return NEVER;
    }),
  );
  return documented<TIn, TOut>(schema, doc);
}

const pass = <T>(value: T) => ({ ok: true as const, value });
const fail = (message: string) => ({ ok: false as const, message });

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Text as clients send it: a string trimmed, a finite number as its digits, anything else ''. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export const INT32_MAX = 2_147_483_647;

/** A positive integer given as a JSON number or a decimal string; undefined when absent, null when malformed. */
export function positiveInt(value: unknown): number | null | undefined {
  if (isAbsent(value)) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

// ---- Field kinds every group uses ----

/** A required id (game_id, gift_id …): a positive 32-bit integer, number or digit string. */
export function id(message: string = MSG.paramError): Field<number | string, number> {
  return field({ type: 'id', required: true, rule: '正整数', message }, (value) => {
    const n = positiveInt(value);
    return n === undefined || n === null || n > INT32_MAX ? fail(message) : pass(n);
  });
}

/** An optional id: undefined when absent, a refusal when malformed. */
export function optionalId(message: string = MSG.paramError): Field<number | string | undefined, number | undefined> {
  return field({ type: 'id', required: false, rule: '正整数', message }, (value) => {
    const n = positiveInt(value);
    return n === null || (n !== undefined && n > INT32_MAX) ? fail(message) : pass(n);
  });
}

/**
 * An id the handler checks itself because whether it is needed depends on another field (e.g.
 * game_id only without coupon_id): never refuses; the id, undefined when absent, null when malformed.
 */
export function looseId(rule: string, message: string = MSG.paramError): Field<number | string | undefined, number | null | undefined> {
  return field({ type: 'id', required: false, rule, message }, (value) => {
    const n = positiveInt(value);
    return pass(n === null || (n !== undefined && n > INT32_MAX) ? null : n);
  });
}

/** Free text, trimmed; '' when absent or not text. Never refuses. */
export function text(rule?: string): Field<string | number | undefined, string> {
  return field({ type: 'string', required: false, ...(rule ? { rule } : {}) }, (value) => pass(textOf(value)));
}

/** Text that must not be empty once trimmed. */
export function requiredText(message: string, rule?: string): Field<string | number, string> {
  return field({ type: 'string', required: true, message, ...(rule ? { rule } : {}) }, (value) => {
    const t = textOf(value);
    return t === '' ? fail(message) : pass(t);
  });
}

/** One of the allowed words (numbers are read as their digits). */
export function choice<const T extends string>(allowed: readonly T[], message: string = MSG.paramError): Field<T | number, T> {
  const type = allowed.map((word) => JSON.stringify(word)).join(' | ');
  return field({ type, required: true, message }, (value) => {
    const t = textOf(value);
    return (allowed as readonly string[]).includes(t) ? pass(t as T) : fail(message);
  });
}

/** One of the allowed words, or undefined when absent. */
export function optionalChoice<const T extends string>(allowed: readonly T[], message: string = MSG.paramError): Field<T | number | undefined, T | undefined> {
  const type = allowed.map((word) => JSON.stringify(word)).join(' | ');
  return field({ type, required: false, message }, (value) => {
    const t = textOf(value);
    if (t === '') return pass(undefined);
    return (allowed as readonly string[]).includes(t) ? pass(t as T) : fail(message);
  });
}

// ---- Lists (PROTOCOL §10) ----

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
export const PAGE_ERROR = '分页参数错误';

/** `page` (from 1, default 1) and `limit` (default 20, served as at most 50). */
export const PAGE_FIELDS = {
  page: field<number | string | undefined, number>({ type: 'int', required: false, rule: '从 1 起，默认 1', message: PAGE_ERROR }, (value) => {
    const n = positiveInt(value);
    return n === null ? fail(PAGE_ERROR) : pass(n ?? 1);
  }),
  limit: field<number | string | undefined, number>({ type: 'int', required: false, rule: `默认 ${DEFAULT_LIMIT}，最多 ${MAX_LIMIT}`, message: PAGE_ERROR }, (value) => {
    const n = positiveInt(value);
    return n === null ? fail(PAGE_ERROR) : pass(Math.min(n ?? DEFAULT_LIMIT, MAX_LIMIT));
  }),
};

// ---- The call declaration ----

/**
 * A call's answer `data`: a valibot schema and one line for the call reference. The client's type
 * of `data` is inferred from the schema, the server's handler must return that type (server/calls.ts
 * `handle`), and a server test runs the schema over what the server sends for the seeded data.
 * Schemas describe what is sent, so they hold no transforms but one: a lenientList drops the items
 * that fail (a value the server sends passes whole; server/calls-answers.test.ts checks it). The
 * client runs the same schema over each answer it decodes (api/typed-call.ts `request()` given the
 * declaration; docs/decisions.md "The client decodes answers with the declared schemas").
 */
export interface Answer<TData> {
  /** One line for the call reference: refusals and what the fields mean. */
  doc: string;
  /** What `data` is on success. */
  schema: v.GenericSchema<TData>;
  readonly __data?: TData;
}

export function answer<const TSchema extends v.GenericSchema>(schema: TSchema, doc: string): Answer<v.InferOutput<TSchema>> {
  return { doc, schema: schema as v.GenericSchema<v.InferOutput<TSchema>> };
}

// ---- Answer building blocks ----

/** An integer (ids, counts, cents, points). */
export const int = v.pipe(v.number(), v.integer());

/** An integer from 0 (counts, stock, cents that may be none). */
export const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** An integer from 1 that fits a PostgreSQL integer (row ids, prices a player pays). */
export const positive = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INT32_MAX));

/** An instant as the server writes it (ISO 8601, `Date#toISOString`): a string a Date can read. */
export const instant = v.pipe(v.string(), v.check((text) => !Number.isNaN(Date.parse(text)), 'Invalid instant'));

/**
 * Whether a URL may be an image or link source: a same-origin path or http(s), never javascript: or
 * //host, and nothing no server writes in an address (whitespace, quotes, angle brackets).
 */
export function isSafeUrl(text: string): boolean {
  return ((text.startsWith('/') && !text.startsWith('//')) || /^https?:\/\//i.test(text)) && !/[\s"'<>]/.test(text);
}

/** An image or link URL: '' (none) or a safe one (isSafeUrl). */
export const url = v.pipe(v.string(), v.check((text) => text === '' || isSafeUrl(text), 'Unsafe URL'));

const LENIENT_ITEMS = new WeakMap<object, v.GenericSchema>();

/**
 * A list whose bad items are dropped rather than failing the answer: a player sees the rest of a
 * page when one row is malformed, and a malformed whole (not an array) still fails. The only
 * transform an answer schema holds: the server test (server/calls-answers.test.ts) fails when it
 * drops anything, so the server never relies on it.
 */
export function lenientList<const TItem extends v.GenericSchema>(item: TItem): v.GenericSchema<unknown[], v.InferOutput<TItem>[]> {
  const schema = v.pipe(
    v.array(v.unknown()),
    v.transform((list) => list.flatMap((entry) => {
      const result = v.safeParse(item, entry);
      return result.success ? [result.output as v.InferOutput<TItem>] : [];
    })),
  );
  LENIENT_ITEMS.set(schema, item);
  return schema;
}

/** The item schema of a lenientList (for the call reference); undefined for any other schema. */
export function lenientItem(schema: v.GenericSchema): v.GenericSchema | undefined {
  return LENIENT_ITEMS.get(schema);
}

/** A page of a list (PROTOCOL §10): `{ list, total, page, limit }`, after the answer's other entries; bad items dropped (lenientList). */
export function page<const TItem extends v.GenericSchema, const TExtra extends v.ObjectEntries = Record<never, never>>(item: TItem, extra?: TExtra) {
  return v.object({ ...(extra as TExtra), list: lenientList(item), total: int, page: int, limit: int });
}

/**
 * A server text page (the about, privacy, money and trading texts): its title, its HTML content
 * (sanitised by the page that shows it) and when it last changed. A block here, so a call group
 * that answers one needs no other group's schemas.
 */
export const SiteText = v.object({
  title: v.string(),
  content: v.string(),
  updated_at: instant,
});
export type SiteText = v.InferOutput<typeof SiteText>;

/** The answer of a call that answers `data: null` on success (what `defineCall` assumes without one). */
export const NULL_ANSWER = v.null();

export interface CallSpec<TEntries extends v.ObjectEntries = v.ObjectEntries, TData = unknown, TPath extends string = string, TAuth extends AuthMode = AuthMode> {
  path: TPath;
  /** Kept as its literal, so the server's handler of a 'required' call gets a non-null user. */
  auth: TAuth;
  /** One line for the call reference: what the call does. */
  summary: string;
  fields: v.ObjectSchema<TEntries, undefined>;
  answer: Answer<TData>;
  /**
   * The page that makes this call shows its code -1 refusal itself (a message with a way on),
   * so the client does not toast it as well: the player reads the refusal once.
   * The client's list of these calls is page-refusals.ts.
   */
  pageShowsRefusal: boolean;
}

/** Declares a call. `fields` lists the payload fields in the order they are checked. */
export function defineCall<const TPath extends string, const TEntries extends v.ObjectEntries, TData = null, const TAuth extends AuthMode = AuthMode>(spec: {
  path: TPath;
  auth: TAuth;
  summary: string;
  fields: TEntries;
  answer?: Answer<TData>;
  pageShowsRefusal?: boolean;
}): CallSpec<TEntries, TData, TPath, TAuth> {
  return {
    path: spec.path,
    auth: spec.auth,
    summary: spec.summary,
    fields: v.object(spec.fields),
    answer: spec.answer ?? (answer(NULL_ANSWER, '—') as Answer<unknown> as Answer<TData>),
    pageShowsRefusal: spec.pageShowsRefusal ?? false,
  };
}

export type AnyCallSpec = CallSpec<v.ObjectEntries, unknown, string>;

/** What the handler gets. */
export type CallInput<TSpec> = TSpec extends CallSpec<infer E, unknown, string> ? v.InferOutput<v.ObjectSchema<E, undefined>> : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type UndefinedKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : never }[keyof T];

/** What a client sends: fields whose input may be undefined are optional. */
export type CallPayload<TSpec> =
  TSpec extends CallSpec<infer E, unknown, string>
    ? v.InferInput<v.ObjectSchema<E, undefined>> extends infer I
      ? Simplify<{ [K in Exclude<keyof I, UndefinedKeys<I>>]: I[K] } & { [K in UndefinedKeys<I>]?: I[K] }>
      : never
    : never;

export type CallData<TSpec> = TSpec extends CallSpec<v.ObjectEntries, infer D, string> ? D : never;

declare const declaration: unique symbol;

/**
 * The client's reference to a call (call-refs.ts): at run time its path, for the types also its
 * declaration, so a hook or `request()` given a ref knows the payload to ask for and the answer
 * it gets. A bare path is not a ref: the only refs are those call-refs.ts makes.
 */
export type CallRef<TSpec extends AnyCallSpec = AnyCallSpec> = TSpec['path'] & { readonly [declaration]: TSpec };

/** The declaration a ref stands for. */
export type RefSpec<TRef> = TRef extends { readonly [declaration]: infer S } ? S : never;

export type ParsedFields<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Checks a call's fields: first the string rule (text-rule.ts) over the whole body, then every
 * declared field (missing ones as undefined), in order; the first failure's message is the
 * refusal. Never throws, whatever the body.
 */
export function parseFields<TSpec extends AnyCallSpec>(spec: TSpec, fields: Record<string, unknown>): ParsedFields<CallInput<TSpec>> {
  // The string rule first, over the whole body (undeclared fields too: handlers see ctx.fields).
  const unstorable = unstorableTextRefusal(fields);
  if (unstorable !== null) return { ok: false, message: unstorable };
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(spec.fields.entries)) input[key] = Object.hasOwn(fields, key) ? fields[key] : undefined;
  const result = v.safeParse(spec.fields, input, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output as CallInput<TSpec> };
  return { ok: false, message: result.issues[0]?.message || MSG.paramError };
}
