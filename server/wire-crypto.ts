/** Wire-protocol primitives on the server: node:crypto (PROTOCOL rules live in api/protocol). */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomFillSync, type Cipher, type Decipher } from 'node:crypto';
import type { CryptoPrimitives } from '../api/protocol/wire.ts';

/**
 * Small random reads (every encrypted answer takes a 16-byte IV) come from a pool refilled 4 KiB at
 * a time: one CSPRNG call per 256 IVs instead of one per answer, which the server bench measured
 * at ~10 % of a busy server's time (docs/decisions.md). Each byte is handed out once.
 */
const RANDOM_POOL_BYTES = 4096;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let randomOffset = RANDOM_POOL_BYTES;

export function pooledRandomBytes(length: number): Uint8Array {
  if (length > RANDOM_POOL_BYTES / 16) return new Uint8Array(randomBytes(length));
  if (randomOffset + length > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const out = new Uint8Array(randomPool.subarray(randomOffset, randomOffset + length)); // a copy
  randomOffset += length;
  return out;
}

const BLOCK = 16;

/**
 * AES-128-CBC for one key with a single long-lived OpenSSL context per direction (creating a
 * cipher per message was ~10 % of a busy server's time). CBC chains each block on the previous
 * ciphertext block; the context keeps the last one (`chain`), so a message with its own IV is
 * encrypted by folding `iv ⊕ chain` into its first block: E(P1 ⊕ iv ⊕ chain ⊕ chain) = E(P1 ⊕ iv).
 * Decrypting, the context XORs the first output block with `chain` where the message needs `iv`,
 * so the first block is corrected by `chain ⊕ iv`. The contexts are never finalised, so padding is
 * the caller's; a property test compares every result with a fresh cipher per message. They are
 * nodeCrypto's AES-128-CBC.
 */
export class CbcContext {
  private readonly cipher: Cipher;
  private readonly decipher: Decipher;
  private encryptChain = Buffer.alloc(BLOCK);
  private decryptChain = Buffer.alloc(BLOCK);

  constructor(key: Uint8Array) {
    this.cipher = createCipheriv('aes-128-cbc', key, this.encryptChain);
    this.cipher.setAutoPadding(false);
    this.decipher = createDecipheriv('aes-128-cbc', key, this.decryptChain);
    this.decipher.setAutoPadding(false);
  }

  /** Encrypts whole blocks (changes `blocks`' first block in place). */
  encrypt(iv: Uint8Array, blocks: Buffer): Buffer {
    for (let i = 0; i < BLOCK; i++) blocks[i]! ^= iv[i]! ^ this.encryptChain[i]!;
    const out = this.cipher.update(blocks);
    this.encryptChain = Buffer.from(out.subarray(out.length - BLOCK));
    return out;
  }

  /** Decrypts whole blocks. */
  decrypt(iv: Uint8Array, blocks: Uint8Array): Buffer {
    const out = this.decipher.update(blocks);
    for (let i = 0; i < BLOCK; i++) out[i]! ^= this.decryptChain[i]! ^ iv[i]!;
    this.decryptChain = Buffer.from(blocks.subarray(blocks.length - BLOCK));
    return out;
  }
}

const contexts = new Map<string, CbcContext>();
function contextFor(key: Uint8Array): CbcContext {
  const id = Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('latin1');
  let context = contexts.get(id);
  if (!context) {
    context = new CbcContext(key);
    if (contexts.size < 16) contexts.set(id, context);
  }
  return context;
}

export const nodeCrypto: CryptoPrimitives = {
  md5Hex: (data) => createHash('md5').update(data).digest('hex'),
  // The caller's blocks are copied: encrypting changes the first block in place.
  aes128CbcEncrypt: (key, iv, blocks) => contextFor(key).encrypt(iv, Buffer.from(blocks)),
  aes128CbcDecrypt: (key, iv, blocks) => contextFor(key).decrypt(iv, blocks),
  randomBytes: pooledRandomBytes,
  // Answers (up to tens of KB of JSON): Buffer's UTF-8 (a lone surrogate becomes U+FFFD, as with
  // TextEncoder) and base64 instead of the generic path's copies and JS base64; PKCS#7 here.
  sealText: (key, iv, plaintext) => {
    const length = Buffer.byteLength(plaintext, 'utf8');
    const pad = BLOCK - (length % BLOCK);
    const out = Buffer.allocUnsafe(BLOCK + length + pad);
    out.set(iv, 0);
    const blocks = out.subarray(BLOCK);
    blocks.write(plaintext, 0, 'utf8');
    blocks.fill(pad, length);
    out.set(contextFor(key).encrypt(iv, blocks), BLOCK);
    return out.toString('base64');
  },
};
