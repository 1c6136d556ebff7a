import CryptoJS from 'crypto-js/core';
import MD5 from 'crypto-js/md5';

/**
 * MD5 of a downloaded package, as the wrapper checks it before reporting "finished". crypto-js by
 * module (STACK.md); importing crypto-js/md5 also registers CryptoJS.algo.MD5, which hashes the
 * file in slices so a 6 MB package never becomes one 6 MB word array.
 */
const SLICE_BYTES = 1024 * 1024;

type WordArray = CryptoJS.lib.WordArray;

function toWordArray(bytes: Uint8Array): WordArray {
  const words: number[] = new Array(Math.ceil(bytes.length / 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.length - (bytes.length % 4);
  for (let i = 0; i < whole; i += 4) words[i >>> 2] = view.getInt32(i, false);
  if (whole < bytes.length) {
    let last = 0;
    for (let i = whole; i < bytes.length; i++) last |= bytes[i]! << (24 - (i % 4) * 8);
    words[whole >>> 2] = last;
  }
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

export function md5Hex(bytes: Uint8Array): string {
  const algo = CryptoJS.algo.MD5;
  // Should a bundler ever give crypto-js/md5 its own copy of core, hash in one piece instead.
  if (!algo) return MD5(toWordArray(bytes)).toString();
  const hasher = algo.create();
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) hasher.update(toWordArray(bytes.subarray(offset, offset + SLICE_BYTES)));
  return hasher.finalize().toString();
}
