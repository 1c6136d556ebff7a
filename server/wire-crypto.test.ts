/**
 * The server's wire primitives (server/wire-crypto.ts) against a reference made of a fresh
 * node:crypto cipher per message and the generic path of api/protocol/wire.ts: the same bytes for
 * every plaintext, IV and key, in any order of calls (the long-lived CBC contexts carry state from
 * one message to the next), and the same answer to every string offered as an envelope.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Encode, concatBytes, pkcs7Pad, utf8Encode } from '../api/protocol/bytes.ts';
import { DEV_SECRETS, openEnvelope, sealEnvelope, type CryptoPrimitives } from '../api/protocol/wire.ts';
import { CbcContext, nodeCrypto, pooledRandomBytes } from './wire-crypto.ts';

/** A fresh cipher per message (no padding: wire.ts pads), as the server did before the long-lived contexts. */
function once(cipher: ReturnType<typeof createCipheriv> | ReturnType<typeof createDecipheriv>, data: Uint8Array): Uint8Array {
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}
/** The reference: fresh ciphers, no fast path (the generic path of wire.ts runs). */
const generic: CryptoPrimitives = {
  md5Hex: nodeCrypto.md5Hex,
  aes128CbcEncrypt: (key, iv, blocks) => once(createCipheriv('aes-128-cbc', key, iv), blocks),
  aes128CbcDecrypt: (key, iv, blocks) => once(createDecipheriv('aes-128-cbc', key, iv), blocks),
  randomBytes: nodeCrypto.randomBytes,
};

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate) }),
);
const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 });
const KEYS = [utf8Encode('dev-aes-key-0016'), utf8Encode('another-key-0016'), utf8Encode('密钥-012345678')];

function genericSeal(key: Uint8Array, iv: Uint8Array, text: string): string {
  return base64Encode(concatBytes(iv, generic.aes128CbcEncrypt(key, iv, pkcs7Pad(utf8Encode(text)))));
}

describe('sealText (property)', () => {
  it('makes exactly the generic envelope, whatever came before on the same or another key', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...KEYS), bytes16, anyText), { minLength: 1, maxLength: 12 }), (messages) => {
        for (const [key, iv, text] of messages) expect(nodeCrypto.sealText!(key, iv, text)).toBe(genericSeal(key, iv, text));
      }),
      { numRuns: 300 },
    );
  });

  it('sealEnvelope takes a fresh IV each time and both paths open it', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const sealed = sealEnvelope(text, DEV_SECRETS, nodeCrypto);
        const wellFormed = Buffer.from(text, 'utf8').toString('utf8');
        expect(openEnvelope(sealed, DEV_SECRETS, generic)).toBe(wellFormed);
        expect(openEnvelope(sealed, DEV_SECRETS, nodeCrypto)).toBe(wellFormed);
        expect(sealEnvelope(text, DEV_SECRETS, nodeCrypto)).not.toBe(sealed);
      }),
      { numRuns: 200 },
    );
  });
});

/** Strings offered as envelopes: well-formed ones, tampered ones, wrong lengths, non-base64, random bytes. */
const envelopeLike = fc.oneof(
  anyText.map((text) => sealEnvelope(text, DEV_SECRETS, generic)),
  fc.tuple(anyText, fc.nat(), fc.constantFrom('A', 'B', '+', '/', '=', ' ', '\n')).map(([text, at, c]) => {
    const sealed = sealEnvelope(text, DEV_SECRETS, generic);
    const i = at % sealed.length;
    return sealed.slice(0, i) + c + sealed.slice(i + 1);
  }),
  fc.uint8Array({ maxLength: 96 }).map((raw) => Buffer.from(raw).toString('base64')),
  // whole blocks of random bytes: decrypts to garbage, mostly bad padding, sometimes not UTF-8
  fc.integer({ min: 2, max: 6 }).chain((blocks) => fc.uint8Array({ minLength: blocks * 16, maxLength: blocks * 16 })).map((raw) => Buffer.from(raw).toString('base64')),
  // valid padding over invalid UTF-8
  fc.tuple(bytes16, fc.constantFrom(new Uint8Array([0xff, 0xfe]), new Uint8Array([0xc3]), new Uint8Array([0xed, 0xa0, 0x80]))).map(([iv, raw]) =>
    base64Encode(concatBytes(iv, generic.aes128CbcEncrypt(utf8Encode(DEV_SECRETS.aesKey), iv, pkcs7Pad(raw)))),
  ),
  fc.string(),
);

describe('openEnvelope on nodeCrypto (property)', () => {
  it('answers every string exactly as the reference does, in any order', () => {
    fc.assert(
      fc.property(fc.array(envelopeLike, { minLength: 1, maxLength: 10 }), (envelopes) => {
        for (const envelope of envelopes) expect(openEnvelope(envelope, DEV_SECRETS, nodeCrypto)).toBe(openEnvelope(envelope, DEV_SECRETS, generic));
      }),
      { numRuns: 400 },
    );
  });
});

describe('CbcContext', () => {
  it('encrypts and decrypts interleaved messages as a fresh cipher per message would, and so do nodeCrypto’s AES primitives', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(bytes16, fc.integer({ min: 1, max: 8 }).chain((n) => fc.uint8Array({ minLength: n * 16, maxLength: n * 16 }))), { minLength: 1, maxLength: 10 }), (messages) => {
        const key = KEYS[0]!;
        const context = new CbcContext(key);
        for (const [iv, plain] of messages) {
          const fresh = createCipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
          const expected = Buffer.concat([fresh.update(plain), fresh.final()]);
          const encrypted = context.encrypt(iv, Buffer.from(plain));
          expect(encrypted.equals(expected)).toBe(true);
          expect(Buffer.from(context.decrypt(iv, expected)).equals(Buffer.from(plain))).toBe(true);
          // nodeCrypto leaves the caller's blocks as they were
          const copy = Buffer.from(plain);
          expect(Buffer.from(nodeCrypto.aes128CbcEncrypt(key, iv, copy)).equals(expected)).toBe(true);
          expect(copy.equals(Buffer.from(plain))).toBe(true);
          expect(Buffer.from(nodeCrypto.aes128CbcDecrypt(key, iv, expected)).equals(Buffer.from(plain))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('pooledRandomBytes', () => {
  it('hands out each byte once, as copies, in any length', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const iv = pooledRandomBytes(16);
      expect(iv).toHaveLength(16);
      const hex = Buffer.from(iv).toString('hex');
      expect(seen.has(hex)).toBe(false);
      seen.add(hex);
      iv.fill(0); // a copy: the pool is not changed
    }
    expect(pooledRandomBytes(1)).toHaveLength(1);
    expect(pooledRandomBytes(300)).toHaveLength(300);
    expect(pooledRandomBytes(0)).toHaveLength(0);
    const next = pooledRandomBytes(4096);
    expect(next).toHaveLength(4096);
    expect(next.every((b) => b === 0)).toBe(false);
  });
});
