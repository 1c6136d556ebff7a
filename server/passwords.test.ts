import { describe, expect, it } from 'vitest';
import { hashPassword, isAcceptablePassword, needsRehash, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from './passwords.ts';

/** Low cost for the tests that are about the format, not the cost (one OWASP-cost test below). */
const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('hashes at the OWASP parameters as scrypt$N$r$p$salt$hash and verifies in constant time', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('lewan2026');
    const parts = stored.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(32);
    expect(await verifyPassword('lewan2026', stored)).toBe(true);
    expect(await verifyPassword('lewan2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('abc123', CHEAP), hashPassword('abc123', CHEAP)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('abc123', a)).toBe(true);
    expect(await verifyPassword('abc123', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash and flags weaker ones for rehash', async () => {
    const weak = await hashPassword('abc123', CHEAP);
    expect(parsePasswordHash(weak)).toMatchObject(CHEAP);
    expect(await verifyPassword('abc123', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('refuses unparseable or absurd stored hashes without throwing', async () => {
    const good = await hashPassword('abc123', CHEAP);
    const [, , r, p, salt, hash] = good.split('$');
    for (const stored of [null, '', 'plain', `bcrypt$1024$${r}$${p}$${salt}$${hash}`, `scrypt$1000$${r}$${p}$${salt}$${hash}`, `scrypt$${2 ** 24}$${r}$${p}$${salt}$${hash}`, `scrypt$1024$${r}$${p}$$${hash}`]) {
      expect(await verifyPassword('abc123', stored)).toBe(false);
    }
    await expect(hashPassword('abc123', { N: 1000, r: 8, p: 1 })).rejects.toThrow();
  });

  it('accepts 6–15 letters and digits with at least one of each', () => {
    for (const ok of ['abc123', 'A1b2C3d4E5f6G7h', '1a2b3c', 'Lewan2026']) expect(isAcceptablePassword(ok)).toBe(true);
    for (const bad of ['abc12', 'abc123456789abcd', 'abcdefg', '1234567', 'abc 123', 'abc-123', '密码abc123', '', 123456, null]) {
      expect(isAcceptablePassword(bad)).toBe(false);
    }
  });
});
