/**
 * Property tests for the byte helpers (api/protocol/bytes.ts), checked against Node's own
 * Buffer / TextDecoder as the independent oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, pkcs7Pad, pkcs7Unpad, utf8Decode, utf8Encode } from './bytes.ts';

const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A string that mixes every kind of UTF-16 unit, lone surrogates included. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyUnits = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.string({ minLength: 1, maxLength: 1 }), loneSurrogate) });
/** String.prototype.toWellFormed (ES2024, beyond this project's lib setting). */
const toWellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Canonical = non-empty and Node's (lenient) decoder re-encodes it to the very same text. */
function isCanonicalBase64(text: string): boolean {
  return text.length > 0 && Buffer.from(text, 'base64').toString('base64') === text;
}

/** Strings near the base64 language: valid encodings, then with one edit (char, padding bits, whitespace, url-safe). */
const nearBase64 = fc.oneof(
  fc.string({ unit: fc.constantFrom(...(B64_ALPHABET + '=').split('')), maxLength: 24 }),
  fc.string({ unit: fc.constantFrom(...(B64_ALPHABET + '=-_ \n\r\t.').split('')), maxLength: 24 }),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), fc.string({ minLength: 1, maxLength: 2, unit: fc.constantFrom(...(B64_ALPHABET + '=-_ \n\u00e9\u{1F600}').split('')) }), fc.constantFrom('replace', 'insert', 'delete', 'append'))
    .map(([bytes, at, piece, op]) => {
      const text = Buffer.from(bytes).toString('base64');
      const i = at % text.length;
      if (op === 'replace') return text.slice(0, i) + piece + text.slice(i + 1);
      if (op === 'insert') return text.slice(0, i) + piece + text.slice(i);
      if (op === 'delete') return text.slice(0, i) + text.slice(i + 1);
      return text + piece;
    }),
  // Same bytes, but the unused low bits of the last symbol set (non-canonical, decodes alike in Node).
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }).filter((b) => b.length % 3 !== 0), fc.integer({ min: 1, max: 15 }))
    .map(([bytes, bits]) => {
      const text = Buffer.from(bytes).toString('base64');
      const padding = text.endsWith('==') ? 2 : 1;
      const k = text.length - padding - 1;
      const mask = padding === 2 ? 15 : 3;
      const v = B64_ALPHABET.indexOf(text[k]!) | (bits & mask || 1);
      return text.slice(0, k) + B64_ALPHABET[v]! + text.slice(k + 1);
    }),
  fc.string(),
  fc.string({ unit: 'binary' }),
  anyUnits,
);

describe('base64 (property)', () => {
  it('round trips arbitrary bytes and agrees with Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = base64Encode(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        if (bytes.length === 0) {
          expect(base64Decode(text)).toBeNull(); // the empty string is refused by design
        } else {
          expect(base64Decode(text)).toEqual(bytes);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes canonical text to the bytes Buffer decodes; null for anything else; never throws', () => {
    fc.assert(
      fc.property(nearBase64, (text) => {
        let decoded: Uint8Array | null = null;
        expect(() => (decoded = base64Decode(text))).not.toThrow();
        if (isCanonicalBase64(text)) {
          expect(decoded).toEqual(new Uint8Array(Buffer.from(text, 'base64')));
        } else {
          expect(decoded).toBeNull();
        }
        if (decoded !== null) expect(base64Encode(decoded)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses non-canonical padding bits, whitespace and url-safe letters (examples)', () => {
    expect(base64Decode('QQ==')).toEqual(new Uint8Array([65]));
    expect(base64Decode('QR==')).toBeNull();
    expect(base64Decode('QUI=')).toEqual(new Uint8Array([65, 66]));
    expect(base64Decode('QUJ=')).toBeNull();
    expect(base64Decode('QU I=')).toBeNull();
    expect(base64Decode('-_-_')).toBeNull();
    expect(base64Decode('====')).toBeNull();
    expect(base64Decode('QQ==QQ==')).toBeNull();
    expect(base64Decode('')).toBeNull();
  });
});

describe('utf8 (property)', () => {
  it('round trips well-formed strings and agrees with Buffer', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string()), (text) => {
        const bytes = utf8Encode(text);
        expect(Buffer.from(bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);
        expect(utf8Decode(bytes)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('lone surrogates encode as U+FFFD (toWellFormed) and still round trip that way', () => {
    fc.assert(
      fc.property(anyUnits, (text) => {
        expect(utf8Decode(utf8Encode(text))).toBe(toWellFormed(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('decoding arbitrary bytes gives null or a string that re-encodes to those exact bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = utf8Decode(bytes);
        const valid = Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8').equals(Buffer.from(bytes));
        if (valid) expect(text).toBe(Buffer.from(bytes).toString('utf8'));
        else expect(text).toBeNull();
        if (text !== null) expect(utf8Encode(text)).toEqual(bytes);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('pkcs7 (property)', () => {
  it('pads to a whole, larger number of blocks and unpads back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (data) => {
        const padded = pkcs7Pad(data);
        expect(padded.length % 16).toBe(0);
        expect(padded.length).toBeGreaterThan(data.length);
        expect(padded.length - data.length).toBeLessThanOrEqual(16);
        expect(pkcs7Unpad(padded)).toEqual(data);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a changed padding byte other than the last', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (data, at, delta) => {
        const padded = pkcs7Pad(data);
        const pad = padded.length - data.length;
        fc.pre(pad >= 2);
        const i = data.length + (at % (pad - 1)); // any padding byte except the last
        padded[i] = (padded[i]! + delta) & 255;
        expect(pkcs7Unpad(padded)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('a changed last byte is refused, or (PKCS#7 itself allows it) never yields the original data', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.integer({ min: 1, max: 255 }), (data, delta) => {
        const padded = pkcs7Pad(data);
        const last = padded.length - 1;
        padded[last] = (padded[last]! + delta) & 255;
        const out = pkcs7Unpad(padded);
        if (padded[last] === 0 || padded[last]! > 16) expect(out).toBeNull();
        if (out !== null) expect(out).not.toEqual(data);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses empty input and lengths that are not whole blocks', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.integer({ min: 1, max: 15 }), (data, cut) => {
        const padded = pkcs7Pad(data);
        expect(pkcs7Unpad(padded.slice(0, padded.length - cut))).toBeNull();
      }),
      { numRuns: 1000 },
    );
    expect(pkcs7Unpad(new Uint8Array(0))).toBeNull();
  });
});
