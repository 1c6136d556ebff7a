import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MSG } from '../api/protocol/codes.ts';
import type { KvStore } from './kv-store.ts';

/**
 * SMS verification codes and the limits around them. All state lives in the KvStore (memory by
 * default, Redis when REDIS_URL is set), so several server processes share codes and counters.
 *
 * Keys (all under `auth:`):
 *   code:<purpose>:<phone>   JSON {id, salt, hash}; TTL 5 min; a new send replaces it
 *   code-tries:<id>          wrong-or-right comparisons of that one code; > 5 → code unusable
 *   code-used:<id>           set once when the code is consumed (atomic single use)
 *   sms-cooldown:<phone>     1 send per 60 s
 *   sms-hour:<phone>         sends in the hour after the first one
 *   sms-day:<phone>:<date>   sends on that China-time calendar day
 *   sms-ip:<ip>              sends from one address in the hour after its first one
 *   sms-ip-day:<ip>:<date>   sends from one address on that China-time calendar day
 * Password attempts are limited in server/password-attempts.ts.
 */

/**
 * What a code proves (sendCode `type`): '1' login, '2' recovery, '3' verifyPhone (the signed-in
 * player's current phone, before a phone change), '4' bindPhone (the new phone of a change),
 * '5' cancel (confirms account cancellation). A code only ever checks for its own purpose and phone.
 */
export type CodePurpose = 'login' | 'recovery' | 'verifyPhone' | 'bindPhone' | 'cancel';

export const CODE_DIGITS = 4;
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;

export const SMS_LIMITS = {
  cooldownMs: 60_000,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  /**
   * Per client address. Mobile carriers put many users behind one address (CGNAT), so this is
   * a flood brake rather than a per-person limit: 20 sends an hour from one address.
   */
  perIpPerHour: 20,
  /**
   * Per client address and China-time day (SMS_IP_DAILY_LIMIT): without it the hourly budget
   * alone lets one address send ~480 a day.
   */
  perIpPerDay: 100,
} as const;

/** The per-address budgets (configurable: SMS_IP_HOURLY_LIMIT, SMS_IP_DAILY_LIMIT). */
export interface SmsAddressLimits {
  perIpPerHour: number;
  perIpPerDay: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const CHINA_OFFSET_MS = 8 * HOUR_MS;

export const CODE_MSG = {
  wrong: '验证码错误',
  expired: '验证码已失效，请重新获取',
  exhausted: '验证码错误次数过多，请重新获取',
  cooldown: '请勿频繁发送验证码',
  hourly: '验证码发送过于频繁，请1小时后再试',
  daily: '今日验证码发送次数已达上限，请明天再试',
  ip: '当前网络获取验证码过于频繁，请稍后再试',
  ipDaily: '当前网络今日获取验证码次数已达上限，请明天再试',
  loginLocked: AUTH_MSG.passwordLocked,
} as const;

interface CodeRecord {
  id: string;
  salt: string;
  hash: string;
}

const codeKey = (purpose: CodePurpose, phone: string) => `auth:code:${purpose}:${phone}`;

/** The code never sits in the store in clear: sha256 over a per-code salt, the purpose and the phone. */
function digest(salt: string, purpose: CodePurpose, phone: string, code: string): string {
  return createHash('sha256').update(`${salt}\0${purpose}\0${phone}\0${code}`, 'utf8').digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** Stores a fresh code for (purpose, phone), replacing any earlier one; returns the code. */
export async function issueCode(kv: KvStore, purpose: CodePurpose, phone: string): Promise<string> {
  const code = generateCode();
  const record: CodeRecord = { id: randomBytes(12).toString('hex'), salt: randomBytes(16).toString('hex'), hash: '' };
  record.hash = digest(record.salt, purpose, phone, code);
  await kv.set(codeKey(purpose, phone), JSON.stringify(record), CODE_TTL_MS);
  return code;
}

/** Drops the current code of (purpose, phone), e.g. when its SMS could not be sent. */
export async function discardCode(kv: KvStore, purpose: CodePurpose, phone: string): Promise<void> {
  await kv.delete(codeKey(purpose, phone));
}

export type CodeCheck = { ok: true } | { ok: false; reason: 'expired' | 'wrong' | 'exhausted'; msg: string };

const FAIL = {
  expired: { ok: false, reason: 'expired', msg: CODE_MSG.expired },
  wrong: { ok: false, reason: 'wrong', msg: CODE_MSG.wrong },
  exhausted: { ok: false, reason: 'exhausted', msg: CODE_MSG.exhausted },
} as const satisfies Record<string, CodeCheck>;

/**
 * Checks a code of the given purpose. Every comparison is counted first (atomically), so no more
 * than CODE_MAX_TRIES comparisons are ever made against one code, even under concurrent guesses;
 * the last allowed wrong one answers 'exhausted'. With `consume` a match also marks the code used
 * (atomically: of two concurrent correct uses only one succeeds).
 */
export async function checkCode(kv: KvStore, purpose: CodePurpose, phone: string, code: string, options: { consume: boolean }): Promise<CodeCheck> {
  const raw = await kv.get(codeKey(purpose, phone));
  if (!raw) return FAIL.expired;
  let record: CodeRecord;
  try {
    record = JSON.parse(raw) as CodeRecord;
  } catch {
    return FAIL.expired;
  }
  if (await kv.get(`auth:code-used:${record.id}`)) return FAIL.expired;
  const tries = await kv.increment(`auth:code-tries:${record.id}`, CODE_TTL_MS);
  if (tries > CODE_MAX_TRIES) return FAIL.exhausted;
  const expected = Buffer.from(record.hash, 'hex');
  const given = Buffer.from(digest(record.salt, purpose, phone, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return tries >= CODE_MAX_TRIES ? FAIL.exhausted : FAIL.wrong;
  }
  if (options.consume && !(await kv.setIfAbsent(`auth:code-used:${record.id}`, '1', CODE_TTL_MS))) return FAIL.expired;
  return { ok: true };
}

/** YYYYMMDD of the China-time (UTC+8) calendar day. */
export function chinaDay(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

export type SendPermit = { ok: true } | { ok: false; msg: string };

/**
 * Reserves one SMS send for phone from ip, or says which limit refuses it. The per-phone
 * cooldown is claimed atomically (setIfAbsent), so per-phone counts are exact; each per-address
 * count (hour, then day) is incremented before it is compared, so concurrent senders cannot pass
 * it together. A send the daily count refuses gives its hourly one back.
 */
export async function reserveSmsSend(kv: KvStore, phone: string, ip: string, now: number, limits: SmsAddressLimits = SMS_LIMITS): Promise<SendPermit> {
  if (!(await kv.setIfAbsent(`auth:sms-cooldown:${phone}`, '1', SMS_LIMITS.cooldownMs))) return { ok: false, msg: CODE_MSG.cooldown };
  const hourKey = `auth:sms-hour:${phone}`;
  const dayKey = `auth:sms-day:${phone}:${chinaDay(now)}`;
  if (Number(await kv.get(hourKey)) >= SMS_LIMITS.perPhonePerHour) return { ok: false, msg: CODE_MSG.hourly };
  if (Number(await kv.get(dayKey)) >= SMS_LIMITS.perPhonePerDay) return { ok: false, msg: CODE_MSG.daily };
  if ((await kv.increment(`auth:sms-ip:${ip}`, HOUR_MS)) > limits.perIpPerHour) return { ok: false, msg: CODE_MSG.ip };
  if ((await kv.increment(`auth:sms-ip-day:${ip}:${chinaDay(now)}`, DAY_MS + HOUR_MS)) > limits.perIpPerDay) {
    await kv.increment(`auth:sms-ip:${ip}`, HOUR_MS, -1);
    return { ok: false, msg: CODE_MSG.ipDaily };
  }
  await kv.increment(hourKey, HOUR_MS);
  await kv.increment(dayKey, DAY_MS + HOUR_MS);
  return { ok: true };
}

/** Lets the phone ask again at once (its SMS could not be sent); the counters keep the attempt. */
export async function releaseSmsCooldown(kv: KvStore, phone: string): Promise<void> {
  await kv.delete(`auth:sms-cooldown:${phone}`);
}
