import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryKvStore, RedisKvStore, type KvStore } from './kv-store.ts';
import {
  ADDRESS_LIMITS,
  addressWaitMs,
  admitPasswordAttempt,
  clearPasswordFailures,
  clearPasswordLockout,
  LOGIN_LIMITS,
  passwordLockout,
  settlePasswordAttempt,
  type PasswordAdmission,
  type PasswordAttempt,
} from './password-attempts.ts';
import { redisReachable, TEST_REDIS_URL } from '../tests/helpers/test-redis.ts';
import { ManualClock } from '../tests/helpers/wire-client.ts';

const redisUp = await redisReachable();
const START = Date.UTC(2026, 2, 2, 1, 0, 0);

let serial = 0;
/** A phone and an address no other test uses (the Redis store outlives a test). */
const phone = () => `1380000${String(++serial).padStart(4, '0')}`;
const address = () => `10.9.${Math.floor(++serial / 250)}.${serial % 250}`;

function attemptOf(admission: PasswordAdmission): PasswordAttempt {
  if (!admission.ok) throw new Error(`refused: ${admission.refusal.kind}`);
  return admission.attempt;
}

/** One wrong password: admitted, checked, failed; returns what the failure answered. */
async function fail(kv: KvStore, account: string, ip: string) {
  return settlePasswordAttempt(kv, attemptOf(await admitPasswordAttempt(kv, account, ip)), 'invalid');
}

const redisStores: KvStore[] = [];
const stores: Array<[string, () => KvStore]> = [['memory', () => new MemoryKvStore(new ManualClock(START).now)]];
if (redisUp) {
  stores.push([
    'redis',
    () => {
      const kv = new RedisKvStore(TEST_REDIS_URL, `gp-test:${randomBytes(6).toString('hex')}:`);
      redisStores.push(kv);
      return kv;
    },
  ]);
}

afterAll(async () => {
  for (const kv of redisStores) await kv.close();
  if (redisStores.length > 0) {
    const admin = new Redis(TEST_REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', 'gp-test:*', 'COUNT', 500);
        const ours = keys.filter((key) => key.includes(':auth:'));
        if (ours.length > 0) await admin.del(...ours);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      await admin.quit();
    }
  }
});

describe.each(stores)('password limits on the %s store', (_name, makeStore) => {
  it(`locks an account for one address after ${LOGIN_LIMITS.maxFailures} failures; other addresses and the owner's success are untouched`, async () => {
    const kv = makeStore();
    const [account, attacker, owner] = [phone(), address(), address()];
    for (let i = 1; i < LOGIN_LIMITS.maxFailures; i++) expect(await fail(kv, account, attacker)).toBeNull();
    expect(await fail(kv, account, attacker)).toEqual({ kind: 'pair' });
    expect(await admitPasswordAttempt(kv, account, attacker)).toEqual({ ok: false, refusal: { kind: 'pair' } });
    // The owner on another network signs in as usual; the success clears only the owner's pair.
    const mine = attemptOf(await admitPasswordAttempt(kv, account, owner));
    expect(await settlePasswordAttempt(kv, mine, 'valid')).toBeNull();
    expect((await admitPasswordAttempt(kv, account, attacker)).ok).toBe(false);
  });

  it(`asks for the SMS code after ${LOGIN_LIMITS.accountMaxFailures} failures on one account from many addresses; a proof by code clears it`, async () => {
    const kv = makeStore();
    const account = phone();
    const answers = [];
    for (let i = 0; i < LOGIN_LIMITS.accountMaxFailures; i++) answers.push(await fail(kv, account, address()));
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true);
    expect(answers.at(-1)).toEqual({ kind: 'account' });
    const owner = address();
    expect(await admitPasswordAttempt(kv, account, owner)).toEqual({ ok: false, refusal: { kind: 'account' } });
    // Other accounts are not affected.
    expect((await admitPasswordAttempt(kv, phone(), owner)).ok).toBe(true);
    await clearPasswordFailures(kv, account, owner);
    expect((await admitPasswordAttempt(kv, account, owner)).ok).toBe(true);
  });

  it('tells staff the limits on an account and lifts them: the account-wide count and every locked address', async () => {
    const kv = makeStore();
    const account = phone();
    const [first, second] = [address(), address()];
    for (const ip of [first, second]) for (let i = 0; i < LOGIN_LIMITS.maxFailures; i++) await fail(kv, account, ip);
    for (let i = 2 * LOGIN_LIMITS.maxFailures; i < LOGIN_LIMITS.accountMaxFailures; i++) await fail(kv, account, address());
    expect(await passwordLockout(kv, account)).toEqual({ accountFailures: LOGIN_LIMITS.accountMaxFailures, smsRequired: true, lockedAddresses: [first, second] });
    // A refused attempt from a locked address leaves the list as it was.
    expect(await admitPasswordAttempt(kv, account, first)).toEqual({ ok: false, refusal: { kind: 'account' } });

    await clearPasswordLockout(kv, account);
    expect(await passwordLockout(kv, account)).toEqual({ accountFailures: 0, smsRequired: false, lockedAddresses: [] });
    for (const ip of [first, second]) expect((await admitPasswordAttempt(kv, account, ip)).ok).toBe(true);
  });

  it(`makes an address wait after ${ADDRESS_LIMITS.maxFailures} failures across accounts, before any hash`, async () => {
    const kv = makeStore();
    const ip = address();
    for (let i = 1; i < ADDRESS_LIMITS.maxFailures; i++) expect(await fail(kv, phone(), ip)).toBeNull();
    expect(await fail(kv, phone(), ip)).toEqual({ kind: 'address', waitMs: ADDRESS_LIMITS.firstWaitMs });
    const refused = await admitPasswordAttempt(kv, phone(), ip);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.refusal.kind).toBe('address');
      expect(refused.refusal.kind === 'address' && refused.refusal.waitMs).toBeGreaterThan(ADDRESS_LIMITS.firstWaitMs - 5_000);
    }
    // Another address is not affected.
    expect((await admitPasswordAttempt(kv, phone(), address())).ok).toBe(true);
  });

  it('counts concurrent attempts from one address exactly: never more than the limit are checked', async () => {
    const kv = makeStore();
    const ip = address();
    const admissions = await Promise.all(Array.from({ length: ADDRESS_LIMITS.maxFailures * 3 }, () => admitPasswordAttempt(kv, phone(), ip)));
    expect(admissions.filter((a) => a.ok)).toHaveLength(ADDRESS_LIMITS.maxFailures);
    expect(admissions.filter((a) => !a.ok).every((a) => !a.ok && a.refusal.kind === 'address')).toBe(true);
  });

  it('counts concurrent attempts on one account from one address exactly', async () => {
    const kv = makeStore();
    const [account, ip] = [phone(), address()];
    const admissions = await Promise.all(Array.from({ length: LOGIN_LIMITS.maxFailures + 8 }, () => admitPasswordAttempt(kv, account, ip)));
    expect(admissions.filter((a) => a.ok)).toHaveLength(LOGIN_LIMITS.maxFailures);
  });

  it('gives back the attempts of successes and of checks the hash queue refused', async () => {
    const kv = makeStore();
    const ip = address();
    for (let i = 0; i < ADDRESS_LIMITS.maxFailures * 2; i++) {
      const attempt = attemptOf(await admitPasswordAttempt(kv, phone(), ip));
      await settlePasswordAttempt(kv, attempt, i % 2 ? 'valid' : 'unchecked');
    }
    const account = phone();
    for (let i = 0; i < LOGIN_LIMITS.maxFailures * 2; i++) await settlePasswordAttempt(kv, attemptOf(await admitPasswordAttempt(kv, account, ip)), 'unchecked');
    expect((await admitPasswordAttempt(kv, account, ip)).ok).toBe(true);
  });
});

describe('password limits over time (memory store, manual clock)', () => {
  it('the address wait grows: 5, 10, 20, 40 minutes, then at most 60; a day later it starts over', async () => {
    expect([0, 1, 2, 3, 4, 10].map(addressWaitMs)).toEqual([5, 10, 20, 40, 60, 60].map((m) => m * 60_000));
    const clock = new ManualClock(START);
    const kv = new MemoryKvStore(clock.now);
    const ip = '10.8.0.1';
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < ADDRESS_LIMITS.maxFailures; i++) expect(await fail(kv, phone(), ip)).toBeNull();
      const last = await fail(kv, phone(), ip);
      expect(last?.kind).toBe('address');
      waits.push(last?.kind === 'address' ? last.waitMs : 0);
      clock.advance(waits.at(-1)! - 1_000);
      expect((await admitPasswordAttempt(kv, phone(), ip)).ok).toBe(false);
      clock.advance(1_000);
    }
    expect(waits).toEqual([5, 10, 20].map((m) => m * 60_000));
    clock.advance(ADDRESS_LIMITS.strikesMs);
    for (let i = 1; i < ADDRESS_LIMITS.maxFailures; i++) await fail(kv, phone(), ip);
    expect(await fail(kv, phone(), ip)).toEqual({ kind: 'address', waitMs: ADDRESS_LIMITS.firstWaitMs });
  });

  it('an account lock for one address ends after the window; the account-wide count after its own', async () => {
    const clock = new ManualClock(START);
    const kv = new MemoryKvStore(clock.now);
    const account = '13800990001';
    for (let i = 0; i < LOGIN_LIMITS.maxFailures; i++) await fail(kv, account, '10.8.1.1');
    expect((await admitPasswordAttempt(kv, account, '10.8.1.1')).ok).toBe(false);
    clock.advance(LOGIN_LIMITS.windowMs);
    expect((await admitPasswordAttempt(kv, account, '10.8.1.1')).ok).toBe(true);

    const other = '13800990002';
    for (let i = 0; i < LOGIN_LIMITS.accountMaxFailures; i++) await fail(kv, other, `10.8.2.${i}`);
    expect(await admitPasswordAttempt(kv, other, '10.8.3.1')).toEqual({ ok: false, refusal: { kind: 'account' } });
    clock.advance(LOGIN_LIMITS.accountWindowMs);
    expect((await admitPasswordAttempt(kv, other, '10.8.3.1')).ok).toBe(true);
  });
});
