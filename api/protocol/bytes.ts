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

const CHUNK = 0x8000;

export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(binary);
}

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict standard base64 (with padding, no whitespace). Returns null for anything else. */
export function base64Decode(text: string): Uint8Array | null {
  if (text.length === 0 || text.length % 4 !== 0 || !CANONICAL_BASE64.test(text)) return null;
  // Non-canonical padding bits make two strings decode alike; refuse them so decoding is 1:1.
  if (text.endsWith('==')) {
    if ((DECODE_TABLE[text.charCodeAt(text.length - 3)]! & 15) !== 0) return null;
  } else if (text.endsWith('=')) {
    if ((DECODE_TABLE[text.charCodeAt(text.length - 2)]! & 3) !== 0) return null;
  }
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
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
