import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKvStore } from './kv-store.ts';
import {
  checkCode,
  chinaDay,
  CODE_MAX_TRIES,
  CODE_MSG,
  CODE_TTL_MS,
  generateCode,
  issueCode,
  reserveSmsSend,
  type SendPermit,
  SMS_LIMITS,
} from './verification-codes.ts';
import { ManualClock } from '../tests/helpers/wire-client.ts';

const PHONE = '13800138000';
const START = Date.UTC(2026, 2, 2, 1, 0, 0); // 09:00 China time

describe('verification codes (memory store)', () => {
  let clock: ManualClock;
  let kv: MemoryKvStore;
  const fresh = () => {
    clock = new ManualClock(START);
    kv = new MemoryKvStore(clock.now);
    return kv;
  };
  afterEach(() => kv?.close());

  /** A code that is surely not `code`. */
  const other = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('generates 4-digit codes, leading zeros kept, from the whole range', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^\d{4}$/);
      seen.add(code[0]!);
    }
    expect(seen.size).toBe(10);
  });

  it('stores only a salted hash of the code', async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    const raw = (await kv.get(`auth:code:login:${PHONE}`))!;
    expect(raw).not.toContain(`"${code}"`);
    expect(JSON.parse(raw)).toEqual({ id: expect.any(String), salt: expect.stringMatching(/^[0-9a-f]{32}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // (the manual clock ticks 1 ms per read)
    expect(await kv.ttl(`auth:code:login:${PHONE}`)).toBeGreaterThan(CODE_TTL_MS - 10);
  });

  it('is single use when consumed, reusable when only verified', async () => {
    fresh();
    const code = await issueCode(kv, 'recovery', PHONE);
    expect(await checkCode(kv, 'recovery', PHONE, code, { consume: false })).toEqual({ ok: true });
    expect(await checkCode(kv, 'recovery', PHONE, code, { consume: true })).toEqual({ ok: true });
    expect(await checkCode(kv, 'recovery', PHONE, code, { consume: true })).toMatchObject({ ok: false, reason: 'expired', msg: CODE_MSG.expired });
  });

  it('lets only one of two concurrent uses of a code succeed', async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    const results = await Promise.all([1, 2, 3].map(() => checkCode(kv, 'login', PHONE, code, { consume: true })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('is bound to its purpose and its phone', async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    expect(await checkCode(kv, 'recovery', PHONE, code, { consume: true })).toMatchObject({ ok: false, reason: 'expired' });
    expect(await checkCode(kv, 'login', '13800138001', code, { consume: true })).toMatchObject({ ok: false, reason: 'expired' });
    expect(await checkCode(kv, 'login', PHONE, code, { consume: true })).toEqual({ ok: true });
  });

  it(`allows ${CODE_MAX_TRIES} comparisons, the last wrong one answering 'exhausted'`, async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    for (let i = 1; i < CODE_MAX_TRIES; i++) expect(await checkCode(kv, 'login', PHONE, other(code), { consume: true })).toMatchObject({ reason: 'wrong', msg: '验证码错误' });
    expect(await checkCode(kv, 'login', PHONE, other(code), { consume: true })).toMatchObject({ reason: 'exhausted' });
    expect(await checkCode(kv, 'login', PHONE, code, { consume: true })).toMatchObject({ reason: 'exhausted' });
    // A new code replaces the old one and has its own count.
    const next = await issueCode(kv, 'login', PHONE);
    expect(await checkCode(kv, 'login', PHONE, next, { consume: true })).toEqual({ ok: true });
  });

  it('never compares more than the allowed number of concurrent guesses', async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    const guesses = Array.from({ length: 40 }, (_, i) => String(i * 7).padStart(4, '0')).filter((g) => g !== code);
    const results = await Promise.all(guesses.map((g) => checkCode(kv, 'login', PHONE, g, { consume: true })));
    expect(results.filter((r) => !r.ok && r.reason === 'wrong')).toHaveLength(CODE_MAX_TRIES - 1);
    expect(await checkCode(kv, 'login', PHONE, code, { consume: true })).toMatchObject({ reason: 'exhausted' });
  });

  it('expires after 5 minutes', async () => {
    fresh();
    const code = await issueCode(kv, 'login', PHONE);
    clock.advance(CODE_TTL_MS - 10);
    expect(await checkCode(kv, 'login', PHONE, code, { consume: false })).toEqual({ ok: true });
    clock.advance(10);
    expect(await checkCode(kv, 'login', PHONE, code, { consume: true })).toMatchObject({ reason: 'expired' });
  });

  it('counts China calendar days', () => {
    expect(chinaDay(Date.UTC(2026, 2, 1, 15, 59, 59))).toBe('20260301');
    expect(chinaDay(Date.UTC(2026, 2, 1, 16, 0, 0))).toBe('20260302');
  });

  it('reserves sends within the per-phone and per-address limits', async () => {
    fresh();
    const send = (phone = PHONE, ip = '10.0.0.1') => reserveSmsSend(kv, phone, ip, clock.current);
    expect(await send()).toEqual({ ok: true });
    expect(await send()).toEqual({ ok: false, msg: CODE_MSG.cooldown });
    for (let i = 1; i < SMS_LIMITS.perPhonePerHour; i++) {
      clock.advance(SMS_LIMITS.cooldownMs);
      expect(await send()).toEqual({ ok: true });
    }
    clock.advance(SMS_LIMITS.cooldownMs);
    expect(await send()).toEqual({ ok: false, msg: CODE_MSG.hourly });
    // Refused sends do not count towards the day.
    clock.advance(3600_000);
    for (let i = 0; i < SMS_LIMITS.perPhonePerDay - SMS_LIMITS.perPhonePerHour; i++) {
      clock.advance(SMS_LIMITS.cooldownMs);
      expect(await send()).toEqual({ ok: true });
    }
    clock.advance(3600_000);
    expect(await send()).toEqual({ ok: false, msg: CODE_MSG.daily });
    // The address has its own budget, shared by every phone sending from it.
    for (let i = 0; i < SMS_LIMITS.perIpPerHour; i++) expect(await send(`1370000${String(i).padStart(4, '0')}`, '10.0.0.2')).toEqual({ ok: true });
    expect(await send('13799999999', '10.0.0.2')).toEqual({ ok: false, msg: CODE_MSG.ip });
    expect(await send('13799999998', '10.0.0.3')).toEqual({ ok: true });
    // A configured address budget (SMS_IP_HOURLY_LIMIT) replaces the default one.
    expect(await reserveSmsSend(kv, '13799999997', '10.0.0.4', clock.current, { perIpPerHour: 1, perIpPerDay: 100 })).toEqual({ ok: true });
    expect(await reserveSmsSend(kv, '13799999996', '10.0.0.4', clock.current, { perIpPerHour: 1, perIpPerDay: 100 })).toEqual({ ok: false, msg: CODE_MSG.ip });
  });

  it(`caps sends per address per China day (${SMS_LIMITS.perIpPerDay} by default): concurrent sends never pass it; the next day starts over`, async () => {
    fresh();
    const limits = { perIpPerHour: 10_000, perIpPerDay: SMS_LIMITS.perIpPerDay };
    const phones = Array.from({ length: SMS_LIMITS.perIpPerDay + 40 }, (_, i) => `1350${String(i).padStart(7, '0')}`);
    const permits = await Promise.all(phones.map((phone) => reserveSmsSend(kv, phone, '10.0.0.9', clock.current, limits)));
    expect(permits.filter((p) => p.ok)).toHaveLength(SMS_LIMITS.perIpPerDay);
    expect(permits.filter((p) => !p.ok).every((p) => !p.ok && p.msg === CODE_MSG.ipDaily)).toBe(true);
    // 15 hours later it is the next day in China (09:00 + 15 h = 00:00): the address may send again.
    clock.advance(15 * 3600_000);
    expect(await reserveSmsSend(kv, '13600000001', '10.0.0.9', clock.current, limits)).toEqual({ ok: true });
  });

  it('the default budgets: an address keeping to 20 an hour is stopped by the daily cap the same day', async () => {
    fresh();
    const answers: SendPermit[] = [];
    for (let hour = 0; hour < 6; hour++) {
      for (let i = 0; i < SMS_LIMITS.perIpPerHour; i++) answers.push(await reserveSmsSend(kv, `1340${String(hour * 100 + i).padStart(7, '0')}`, '10.0.0.10', clock.current));
      clock.advance(3600_000);
    }
    expect(answers.filter((a) => a.ok)).toHaveLength(SMS_LIMITS.perIpPerDay);
    expect(answers.slice(SMS_LIMITS.perIpPerDay)).toEqual(Array(answers.length - SMS_LIMITS.perIpPerDay).fill({ ok: false, msg: CODE_MSG.ipDaily }));
  });
});
