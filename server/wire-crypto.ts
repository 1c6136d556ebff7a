/** Wire-protocol primitives on the server: node:crypto (PROTOCOL rules live in api/protocol). */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { CryptoPrimitives } from '../api/protocol/wire.ts';

function run(cipher: ReturnType<typeof createCipheriv> | ReturnType<typeof createDecipheriv>, data: Uint8Array): Uint8Array {
  cipher.setAutoPadding(false);
  const out = Buffer.concat([cipher.update(data), cipher.final()]);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

export const nodeCrypto: CryptoPrimitives = {
  md5Hex: (data) => createHash('md5').update(data).digest('hex'),
  aes128CbcEncrypt: (key, iv, blocks) => run(createCipheriv('aes-128-cbc', key, iv), blocks),
  aes128CbcDecrypt: (key, iv, blocks) => run(createDecipheriv('aes-128-cbc', key, iv), blocks),
  randomBytes: (length) => new Uint8Array(randomBytes(length)),
};
