import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText, isStorableValue, UNSTORABLE_TEXT_SUFFIX, unstorableField, unstorableTextMessage, unstorableTextRefusal } from './text-rule.ts';

/** Any UTF-16 code units, lone surrogates and NUL included. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 12 });
/** Well-formed text without NUL: every code point but U+0000, astral ones as pairs. */
const storable = fc.string({ unit: fc.integer({ min: 1, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff).map((cp) => String.fromCodePoint(cp)), maxLength: 12 });
const badUnit = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');

/** The independent oracle: no NUL, and UTF-8 round-trips it unchanged (a lone surrogate becomes U+FFFD). */
function oracle(text: string): boolean {
  return !text.includes('\u0000') && Buffer.from(text, 'utf8').toString('utf8') === text;
}

describe('the string rule', () => {
  it('accepts exactly the text that has no NUL and survives UTF-8', () => {
    fc.assert(
      fc.property(fc.oneof(anyUnits, storable), (text) => isStorableText(text) === oracle(text)),
      { numRuns: 20_000 },
    );
  });

  it('refuses any storable text with one NUL or one lone surrogate put anywhere in it', () => {
    fc.assert(
      // 'x' on each side, so that a surrogate never pairs with its neighbour.
      fc.property(storable, storable, badUnit, (before, after, bad) => !isStorableText(`${before}x${bad}x${after}`) && isStorableText(`${before}x${after}`)),
    );
  });

  it('finds the first top-level field holding bad text at any depth, in a key or a value', () => {
    const clean = fc.jsonValue({ maxDepth: 3 }).filter((value) => isStorableValue(value) && oracle(JSON.stringify(value)));
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), clean, { maxKeys: 5 }), fc.stringMatching(/^[a-z_]{1,8}$/), badUnit, fc.nat(3), fc.boolean(), (body, name, bad, depth, asKey) => {
        expect(unstorableField(body)).toBeNull();
        expect(unstorableTextRefusal(body)).toBeNull();
        let nested: unknown = asKey ? { [`k${bad}`]: 1 } : `v${bad}`;
        for (let i = 0; i < depth; i++) nested = i % 2 === 0 ? [1, nested] : { x: nested };
        const withBad = { ...body, [name]: nested };
        // Object key order: a name already in the body keeps its place.
        const expected = Object.keys(withBad).find((key) => !isStorableValue(withBad[key]));
        expect(expected).toBe(name);
        expect(unstorableField(withBad)).toBe(name);
        expect(unstorableTextRefusal(withBad)).toBe(`${name}${UNSTORABLE_TEXT_SUFFIX}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names a bad field name with U+FFFD in place of its bad characters', () => {
    expect(unstorableField({ ok: 1, ['a\u0000b']: 1 })).toBe('a\uFFFDb');
    expect(unstorableTextMessage('keyword')).toBe('keyword含有无法识别的字符');
  });

  it('walks very deep values without running out of stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableField({ deep })).toBe('deep');
  });

  it('numbers, booleans and null are always storable', () => {
    fc.assert(fc.property(fc.oneof(fc.double(), fc.boolean(), fc.constant(null), fc.integer()), (value) => isStorableValue(value) && unstorableField({ n: value }) === null));
  });
});
