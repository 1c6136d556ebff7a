import fc from 'fast-check';
import { fieldDoc, messagesOf, type AnyCallSpec, type FieldDoc } from '../../api/protocol/call-spec.ts';
import { MSG } from '../../api/protocol/codes.ts';

/**
 * Random request bodies for a declared call (api/protocol/calls/), for the property and fuzz
 * tests: every declared field is missing, well-typed after its FieldDoc type (often a value that
 * passes, often one at the edge), of a wrong type, or anything at all; now and then a key no call
 * declares comes along.
 */

const MISSING = Symbol('missing');

/** The words of a FieldDoc type such as '"1" | "2"' or '0 | 1 | 2 | 3', as a client would send them. */
function unionMembers(type: string): unknown[] | null {
  const parts = type.split('|').map((part) => part.trim());
  if (parts.length < 2 && !/^".*"$/.test(type)) return null;
  const members: unknown[] = [];
  for (const part of parts) {
    if (/^".*"$/.test(part)) members.push(JSON.parse(part) as string);
    else if (/^-?\d+$/.test(part)) members.push(Number(part));
    else return null;
  }
  return members;
}

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const idLike = fc.oneof(
  // Ids the seeded catalogue holds: categories and topics from 1, games from 1001, versions from 2001.
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 40 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1001, max: 1060 }) },
  { weight: 2, arbitrary: fc.integer({ min: 2001, max: 2080 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2_147_483_648, 1.5, Number.MAX_SAFE_INTEGER) },
);
const intLike = fc.oneof(fc.integer({ min: -3, max: 120 }), fc.constantFrom(0, 50, 51, 1e15, 1e16, 2.5));
const asStringSometimes = (arb: fc.Arbitrary<number>) => fc.oneof(arb, arb.map(String), arb.map((n) => ` ${n} `));
/** Strings PostgreSQL cannot store (api/protocol/text-rule.ts): NUL and lone surrogates, alone or inside text. */
export const UNSTORABLE_SAMPLES = ['\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uDC00y', '王\uD83D者', '\uD83D\uDE00\u0000'] as const;
export const unstorableText = fc.oneof(
  fc.constantFrom(...UNSTORABLE_SAMPLES),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'), fc.string({ maxLength: 8 })).map(([before, bad, after]) => before + bad + after),
);
/** The same, nested inside an object or an array (fields that take JSON). */
const unstorableNested = fc.oneof(
  unstorableText.map((text) => [text]),
  unstorableText.map((text) => ({ name: text })),
  unstorableText.map((text) => ({ [text]: 1 })),
);

const textLike = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  digits(4, 4), // an SMS code's form
  fc.constantFrom('3', '13800138000', '1380013800', '19912345678', 'abc123', 'abcdef', '王者', 'BT', 'bt', '2026-11-24', '2026-02-30', '1.0.0', '%26', ''),
  fc.string({ minLength: 30, maxLength: 33 }),
  fc.constant('x'.repeat(2_049)),
  fc.constant('消'.repeat(501)),
  unstorableText,
);

/** A value of the field's declared wire type (which may or may not pass its rule). */
export function wellTyped(doc: FieldDoc): fc.Arbitrary<unknown> {
  const members = unionMembers(doc.type);
  if (members) return fc.oneof(fc.constantFrom(...members), fc.constantFrom(...members).map(String));
  switch (doc.type) {
    case 'id':
      return asStringSometimes(idLike);
    case 'int':
      return asStringSometimes(intLike);
    case 'string':
      return textLike;
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ maxLength: 8 }),
  unstorableNested,
);

/** A body for the call; `json` keeps to values JSON carries (for bodies that go over the wire). */
export function bodyFor(spec: AnyCallSpec, options: { json?: boolean } = {}): fc.Arbitrary<Record<string, unknown>> {
  const any = options.json ? fc.jsonValue({ maxDepth: 2 }) : fc.anything({ maxDepth: 2 });
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(spec.fields.entries)) {
    fields[name] = fc.oneof(
      { weight: 5, arbitrary: wellTyped(fieldDoc(schema)) },
      { weight: 2, arbitrary: fc.constant(MISSING) },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: any },
    );
  }
  const extraKey = fc.oneof({ weight: 9, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: unstorableText }).filter((key) => !(key in fields) && key !== '__proto__');
  const extra = fc.option(fc.dictionary(extraKey, any, { maxKeys: 2 }), { freq: 8 });
  return fc.tuple(fc.record(fields), extra).map(([record, more]) => {
    const body: Record<string, unknown> = { ...(more ?? {}) };
    for (const [name, value] of Object.entries(record)) if (value !== MISSING) body[name] = value;
    return options.json ? (JSON.parse(JSON.stringify(body)) as Record<string, unknown>) : body;
  });
}

/** Every refusal message the call's declaration documents, and 参数错误. */
export function documentedMessages(spec: AnyCallSpec): Set<string> {
  const messages = new Set<string>([MSG.paramError]);
  for (const schema of Object.values(spec.fields.entries)) for (const message of messagesOf(fieldDoc(schema))) messages.add(message);
  return messages;
}

/** A seed per call, so each call's bodies are the same whatever else runs. */
export function seedOf(path: string): number {
  let hash = 2_166_136_261;
  for (const char of path) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash | 0;
}
