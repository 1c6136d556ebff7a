import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisKvStore } from './kv-store.ts';
import { admitPasswordAttempt, LOGIN_LIMITS } from './password-attempts.ts';
import { checkCode, CODE_MAX_TRIES, CODE_TTL_MS, issueCode, reserveSmsSend, SMS_LIMITS } from './verification-codes.ts';
import { redisReachable, TEST_REDIS_URL } from '../tests/helpers/test-redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable();

describe.skipIf(!redisUp)(`KvStore on Redis (${REDIS_URL})`, () => {
  /** Unique per run, so parallel runs and leftovers never meet; removed in afterAll. */
  const prefix = `gp-test:${randomBytes(6).toString('hex')}:`;
  let kv: RedisKvStore;

  beforeAll(() => {
    kv = new RedisKvStore(REDIS_URL, prefix);
  });
  afterAll(async () => {
    await kv.close();
    const admin = new Redis(REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 200);
        if (keys.length > 0) await admin.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      await admin.quit();
    }
  });

  it('sets a key only when absent, with its TTL', async () => {
    expect(await kv.setIfAbsent('nx', 'a', 5_000)).toBe(true);
    expect(await kv.setIfAbsent('nx', 'b', 5_000)).toBe(false);
    expect(await kv.get('nx')).toBe('a');
    const ttl = (await kv.ttl('nx'))!;
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => kv.setIfAbsent('nx-race', String(i), 5_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('increments atomically; the TTL starts at creation and is not extended', async () => {
    const values = await Promise.all(Array.from({ length: 20 }, () => kv.increment('counter', 2_000)));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const first = (await kv.ttl('counter'))!;
    await new Promise((r) => setTimeout(r, 50));
    await kv.increment('counter', 60_000);
    const later = (await kv.ttl('counter'))!;
    expect(later).toBeLessThanOrEqual(first);
    expect(later).toBeLessThanOrEqual(2_000);
    expect(await kv.ttl('absent')).toBeNull();
  });

  it('expires keys', async () => {
    await kv.set('short', 'x', 50);
    expect(await kv.get('short')).toBe('x');
    await new Promise((r) => setTimeout(r, 120));
    expect(await kv.get('short')).toBeNull();
  });

  it('stores codes hashed and invalidates them after 5 wrong tries, even when guessed concurrently', async () => {
    const phone = '13800138000';
    const code = await issueCode(kv, 'login', phone);
    expect(await kv.get(`auth:code:login:${phone}`)).not.toContain(`"${code}"`);
    expect(await kv.ttl(`auth:code:login:${phone}`)).toBeGreaterThan(CODE_TTL_MS - 2_000);
    const guesses = Array.from({ length: 30 }, (_, i) => String(i * 11).padStart(4, '0')).filter((g) => g !== code);
    const results = await Promise.all(guesses.map((g) => checkCode(kv, 'login', phone, g, { consume: true })));
    expect(results.filter((r) => !r.ok && r.reason === 'wrong')).toHaveLength(CODE_MAX_TRIES - 1);
    expect(await checkCode(kv, 'login', phone, code, { consume: true })).toMatchObject({ ok: false, reason: 'exhausted' });

    const next = await issueCode(kv, 'login', phone);
    expect(await checkCode(kv, 'recovery', phone, next, { consume: true })).toMatchObject({ ok: false, reason: 'expired' });
    const uses = await Promise.all([1, 2, 3].map(() => checkCode(kv, 'login', phone, next, { consume: true })));
    expect(uses.filter((r) => r.ok)).toHaveLength(1);
  });

  it('shares send and login limits through Redis', async () => {
    const phone = '13900139000';
    const now = Date.now();
    const sends = await Promise.all([1, 2, 3].map(() => reserveSmsSend(kv, phone, '10.1.1.1', now)));
    expect(sends.filter((s) => s.ok)).toHaveLength(1);
    expect(SMS_LIMITS.cooldownMs).toBe(60_000);
    // The per-address daily SMS cap holds across concurrent senders.
    const daily = await Promise.all(Array.from({ length: 30 }, (_, i) => reserveSmsSend(kv, `1330${String(i).padStart(7, '0')}`, '10.1.1.2', now, { perIpPerHour: 1000, perIpPerDay: 12 })));
    expect(daily.filter((s) => s.ok)).toHaveLength(12);
    const attempts = await Promise.all(Array.from({ length: LOGIN_LIMITS.maxFailures + 5 }, () => admitPasswordAttempt(kv, phone, '10.1.1.1')));
    expect(attempts.filter((a) => a.ok)).toHaveLength(LOGIN_LIMITS.maxFailures);
  });
});
