/**
 * Wire-protocol primitives for the browser: crypto-js imported by module (STACK.md). MD5 is
 * crypto-js's too: AES already brings it (its key derivation), so a second MD5 would only add
 * to the entry chunk.
 */
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import NoPadding from 'crypto-js/pad-nopadding';
import MD5 from 'crypto-js/md5';
import type { CryptoPrimitives } from './protocol/wire.ts';

type WordArray = CryptoJS.lib.WordArray;

function toWordArray(bytes: Uint8Array): WordArray {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] = (words[i >>> 2] ?? 0) | (bytes[i]! << (24 - (i % 4) * 8));
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

function toBytes(words: WordArray): Uint8Array {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < words.sigBytes; i++) out[i] = (words.words[i >>> 2]! >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
}

export const browserCrypto: CryptoPrimitives = {
  md5Hex: (data) => MD5(toWordArray(data)).toString(),
  aes128CbcEncrypt(key, iv, blocks) {
    const sealed = AES.encrypt(toWordArray(blocks), toWordArray(key), { iv: toWordArray(iv), padding: NoPadding });
    return toBytes(sealed.ciphertext);
  },
  aes128CbcDecrypt(key, iv, blocks) {
    const params = CryptoJS.lib.CipherParams.create({ ciphertext: toWordArray(blocks) });
    return toBytes(AES.decrypt(params, toWordArray(key), { iv: toWordArray(iv), padding: NoPadding }));
  },
  randomBytes(length) {
    return globalThis.crypto.getRandomValues(new Uint8Array(length));
  },
};
