import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node:crypto scrypt at the OWASP Password Storage Cheat Sheet
 * parameters (N=2^17, r=8, p=1: ~128 MiB and ~0.1–0.4 s per hash).
 *
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>` (16-byte salt, 32-byte hash). The
 * parameters travel with each hash, so verification honours whatever a hash was made with and
 * `needsRehash` tells the login call to upgrade hashes weaker than the current parameters.
 * The server itself only ever creates hashes at SCRYPT_PARAMS; tests that need many password
 * checks insert users whose hash was made at a low cost directly, instead of lowering the
 * server's cost through configuration.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
export const SALT_BYTES = 16;
export const HASH_BYTES = 32;

/** Each scrypt call holds ~128·N·r bytes; at most this many run at once (~256 MiB at OWASP cost). */
const MAX_CONCURRENT_HASHES = 2;
/** Upper bounds for parameters read back from storage (a corrupt row must not exhaust memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scryptOptions({ N, r, p }: ScryptParams): ScryptOptions {
  // Node refuses when 128·N·r exceeds maxmem; leave room for the p·128·r block as well.
  return { N, r, p, maxmem: 128 * N * r + 128 * r * p + 1024 * 1024 };
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, HASH_BYTES, scryptOptions(params), (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

function validParams({ N, r, p }: ScryptParams): boolean {
  return (
    Number.isInteger(N) && N >= 2 && N <= MAX_N && (N & (N - 1)) === 0 &&
    Number.isInteger(r) && r >= 1 && r <= MAX_R &&
    Number.isInteger(p) && p >= 1 && p <= MAX_P
  );
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  if (!validParams(params)) throw new Error('invalid scrypt parameters');
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!validParams({ N, r, p })) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

/** Constant-time comparison of the derived key; false for anything unparseable. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const derived = await derive(password, parsed.salt, parsed);
  return derived.length === parsed.hash.length && timingSafeEqual(derived, parsed.hash);
}

/** True when the stored hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  return !parsed || parsed.N < params.N || parsed.r < params.r || parsed.p < params.p || parsed.hash.length < HASH_BYTES;
}

/** SPEC §5/§9: 6–15 characters, letters and digits only, at least one of each. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,15}$/;

export function isAcceptablePassword(password: unknown): password is string {
  return typeof password === 'string' && PASSWORD_PATTERN.test(password);
}
