/**
 * Byte helpers shared by the browser client and the server, written once so both sides
 * agree on every edge (padding, invalid characters, invalid UTF-8).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE_TABLE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  return out;
}

/** Strict standard base64 (with padding, no whitespace). Returns null for anything else. */
export function base64Decode(text: string): Uint8Array | null {
  if (text.length === 0 || text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const vals = [0, 0, 0, 0];
    for (let j = 0; j < 4; j++) {
      const c = text.charCodeAt(i + j);
      if (c === 61 /* = */ && last && j >= 4 - padding) { vals[j] = 0; continue; }
      const v = c < 128 ? DECODE_TABLE[c]! : -1;
      if (v < 0) return null;
      vals[j] = v;
    }
    const n = (vals[0]! << 18) | (vals[1]! << 12) | (vals[2]! << 6) | vals[3]!;
    out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
    // Non-canonical padding bits make two strings decode alike; refuse them so decoding is 1:1.
    if (last && padding === 2 && (vals[1]! & 15) !== 0) return null;
    if (last && padding === 1 && (vals[2]! & 3) !== 0) return null;
  }
  return out;
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Returns null for invalid UTF-8 instead of inserting replacement characters. */
export function utf8Decode(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Constant-time comparison of two strings of the same length (length itself is not secret). */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function pkcs7Pad(data: Uint8Array): Uint8Array {
  const pad = 16 - (data.length % 16);
  const out = new Uint8Array(data.length + pad);
  out.set(data, 0);
  out.fill(pad, data.length);
  return out;
}

/** Strict: every padding byte must equal the pad length (1..16). Returns null otherwise. */
export function pkcs7Unpad(data: Uint8Array): Uint8Array | null {
  if (data.length === 0 || data.length % 16 !== 0) return null;
  const pad = data[data.length - 1]!;
  if (pad < 1 || pad > 16) return null;
  for (let i = data.length - pad; i < data.length; i++) if (data[i] !== pad) return null;
  return data.slice(0, data.length - pad);
}
