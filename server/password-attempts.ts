import { addressWaitMsg, CODE, type PasswordRefusalData } from '../api/protocol/codes.ts';
import type { WireResponse } from '../api/protocol/wire.ts';
import { refusal as refusal_, type Refusal } from './calls.ts';
import type { KvStore } from './kv-store.ts';

/**
 * Limits on password guessing, counted in the KvStore (atomic increments; Redis when REDIS_URL is
 * set, so every server process shares them). They make guessing cost the guesser, not the owner:
 *
 * - per (account, address): LOGIN_LIMITS.maxFailures failures in windowMs lock the password for
 *   that account from that address only. The owner on another network, and SMS-code sign-in
 *   anywhere, are never blocked by someone else's guesses.
 * - per account, across addresses: LOGIN_LIMITS.accountMaxFailures failures in accountWindowMs
 *   make password sign-in ask for the SMS code instead (the owner proves the phone; a success
 *   by code, reset or change clears the count).
 * - per address, across accounts: ADDRESS_LIMITS.maxFailures failures in windowMs make the
 *   address wait firstWaitMs, doubling for each further wait within strikesMs, up to maxWaitMs.
 *
 * Each attempt is counted before the (expensive) hash, so concurrent guesses cannot slip past a
 * limit together; a success or an attempt that was never checked (hash queue full) gives its
 * count back. Unknown phones are counted exactly like accounts, so limits are no oracle either.
 *
 * Keys (under `auth:`):
 *   login-tries:<phone>:<ip>   attempts on the account from the address (cleared by a success)
 *   login-fails:<phone>        failures on the account from every address
 *   pw-ip:<ip>                 attempts from the address, all accounts (a success gives its one back)
 *   pw-ip-wait:<ip>            set while the address waits; its TTL is the wait left
 *   pw-ip-strikes:<ip>         waits the address has had in strikesMs
 *   login-locked:<phone>       the addresses locked out of the account (JSON list), so staff can
 *                              lift their locks (players.clearLockout) without knowing them
 */
export const LOGIN_LIMITS = {
  /** Password attempts on one account from one address before that pair is refused for the window. */
  maxFailures: 10,
  windowMs: 15 * 60_000,
  /** Failures on one account from all addresses before its password sign-in asks for the SMS code. */
  accountMaxFailures: 30,
  accountWindowMs: 60 * 60_000,
} as const;

export const ADDRESS_LIMITS = {
  /** Failed password attempts from one address, over all accounts, before it must wait. */
  maxFailures: 20,
  windowMs: 15 * 60_000,
  firstWaitMs: 5 * 60_000,
  maxWaitMs: 60 * 60_000,
  /** How long earlier waits count toward the next one's length. */
  strikesMs: 24 * 3600_000,
} as const;

export type PasswordRefusal = { kind: 'address'; waitMs: number } | { kind: 'account' } | { kind: 'pair' };

/** One admitted attempt, to settle once the password was checked (or could not be). */
export interface PasswordAttempt {
  readonly account: string;
  readonly ip: string;
  /** The address's count including this attempt. */
  readonly addressCount: number;
}

export type PasswordAdmission = { ok: true; attempt: PasswordAttempt } | { ok: false; refusal: PasswordRefusal };

const pairKey = (account: string, ip: string) => `auth:login-tries:${account}:${ip}`;
const accountKey = (account: string) => `auth:login-fails:${account}`;
const addressKey = (ip: string) => `auth:pw-ip:${ip}`;
const waitKey = (ip: string) => `auth:pw-ip-wait:${ip}`;
const strikesKey = (ip: string) => `auth:pw-ip-strikes:${ip}`;
const lockedKey = (account: string) => `auth:login-locked:${account}`;

/** Addresses remembered per account: beyond it the oldest is forgotten (its lock still ends with its window). */
const LOCKED_ADDRESSES_MAX = 50;

function lockedAddresses(text: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((ip): ip is string => typeof ip === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Remembers that `ip` is locked out of the account. Read, add, write: two locks from different
 * addresses at the same instant may keep one of them only, whose lock then just runs out its window.
 */
async function rememberLockedAddress(kv: KvStore, account: string, ip: string): Promise<void> {
  const list = lockedAddresses(await kv.get(lockedKey(account)));
  if (list.includes(ip)) return;
  await kv.set(lockedKey(account), JSON.stringify([...list, ip].slice(-LOCKED_ADDRESSES_MAX)), LOGIN_LIMITS.windowMs);
}

/** The wait after `strikes` earlier ones: firstWaitMs, doubled per strike, at most maxWaitMs. */
export function addressWaitMs(strikes: number): number {
  return Math.min(ADDRESS_LIMITS.firstWaitMs * 2 ** Math.min(strikes, 30), ADDRESS_LIMITS.maxWaitMs);
}

/** Starts the address's wait unless one runs already (one strike per wait); returns the wait left. */
async function startAddressWait(kv: KvStore, ip: string): Promise<number> {
  const wait = addressWaitMs(Number(await kv.get(strikesKey(ip))));
  if (await kv.setIfAbsent(waitKey(ip), '1', wait)) {
    await kv.increment(strikesKey(ip), ADDRESS_LIMITS.strikesMs);
    // After the wait the address starts a fresh count.
    await kv.delete(addressKey(ip));
    return wait;
  }
  return (await kv.ttl(waitKey(ip))) ?? wait;
}

/**
 * Counts one password attempt on `account` from `ip` before the hash is computed, or says which
 * limit refuses it (then no hash is computed at all).
 */
export async function admitPasswordAttempt(kv: KvStore, account: string, ip: string): Promise<PasswordAdmission> {
  const waiting = await kv.ttl(waitKey(ip));
  if (waiting !== null) return { ok: false, refusal: { kind: 'address', waitMs: waiting } };
  if (Number(await kv.get(accountKey(account))) >= LOGIN_LIMITS.accountMaxFailures) return { ok: false, refusal: { kind: 'account' } };
  const addressCount = await kv.increment(addressKey(ip), ADDRESS_LIMITS.windowMs);
  if (addressCount > ADDRESS_LIMITS.maxFailures) {
    await kv.increment(addressKey(ip), ADDRESS_LIMITS.windowMs, -1);
    return { ok: false, refusal: { kind: 'address', waitMs: await startAddressWait(kv, ip) } };
  }
  if ((await kv.increment(pairKey(account, ip), LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.maxFailures) {
    await kv.increment(addressKey(ip), ADDRESS_LIMITS.windowMs, -1);
    await rememberLockedAddress(kv, account, ip);
    return { ok: false, refusal: { kind: 'pair' } };
  }
  return { ok: true, attempt: { account, ip, addressCount } };
}

/**
 * Settles an admitted attempt. 'valid': the counts of the pair and the account clear and the
 * address gets its attempt back. 'unchecked' (the hash queue refused): both counts get it back.
 * 'invalid': the failure is counted for the account; answers the limit now in force, if any,
 * so the refusal can say it at once.
 */
export async function settlePasswordAttempt(kv: KvStore, attempt: PasswordAttempt, outcome: 'valid' | 'invalid' | 'unchecked'): Promise<PasswordRefusal | null> {
  const { account, ip } = attempt;
  if (outcome === 'unchecked') {
    await kv.increment(addressKey(ip), ADDRESS_LIMITS.windowMs, -1);
    await kv.increment(pairKey(account, ip), LOGIN_LIMITS.windowMs, -1);
    return null;
  }
  if (outcome === 'valid') {
    await kv.increment(addressKey(ip), ADDRESS_LIMITS.windowMs, -1);
    await clearPasswordFailures(kv, account, ip);
    return null;
  }
  const accountFailures = await kv.increment(accountKey(account), LOGIN_LIMITS.accountWindowMs);
  if (attempt.addressCount >= ADDRESS_LIMITS.maxFailures) return { kind: 'address', waitMs: await startAddressWait(kv, ip) };
  if (accountFailures >= LOGIN_LIMITS.accountMaxFailures) return { kind: 'account' };
  if (Number(await kv.get(pairKey(account, ip))) >= LOGIN_LIMITS.maxFailures) {
    await rememberLockedAddress(kv, account, ip);
    return { kind: 'pair' };
  }
  return null;
}

/**
 * The owner proved the account another way (SMS-code sign-in, reset, change) or signed in: the
 * account-wide count and this address's count on the account clear. Other addresses' counts stay.
 */
export async function clearPasswordFailures(kv: KvStore, account: string, ip: string): Promise<void> {
  await kv.delete(accountKey(account));
  await kv.delete(pairKey(account, ip));
}

/** The password limits on an account now, as staff see them (players.detail). */
export interface PasswordLockout {
  /** Failures from every address in accountWindowMs; at accountMaxFailures password sign-in asks for the SMS code. */
  accountFailures: number;
  smsRequired: boolean;
  /** Addresses whose attempts on the account are refused until their window ends. */
  lockedAddresses: string[];
}

export async function passwordLockout(kv: KvStore, account: string): Promise<PasswordLockout> {
  const accountFailures = Number(await kv.get(accountKey(account)));
  const locked: string[] = [];
  for (const ip of lockedAddresses(await kv.get(lockedKey(account)))) {
    if (Number(await kv.get(pairKey(account, ip))) >= LOGIN_LIMITS.maxFailures) locked.push(ip);
  }
  return { accountFailures, smsRequired: accountFailures >= LOGIN_LIMITS.accountMaxFailures, lockedAddresses: locked };
}

/**
 * Staff lift the account's limits (the owner proved themselves to customer service): the
 * account-wide count and every remembered address's count on it. An address's own wait across
 * accounts (pw-ip-wait) stays: it is that network's, not this player's.
 */
export async function clearPasswordLockout(kv: KvStore, account: string): Promise<void> {
  for (const ip of lockedAddresses(await kv.get(lockedKey(account)))) await kv.delete(pairKey(account, ip));
  await kv.delete(lockedKey(account));
  await kv.delete(accountKey(account));
}

/** The account's number is gone (phone changed): its account-wide count belongs to no one now. */
export async function forgetAccountFailures(kv: KvStore, account: string): Promise<void> {
  await kv.delete(accountKey(account));
}

/** The words of a refused attempt, per call (sign-in or a signed-in player's password change). */
export interface PasswordRefusalWords {
  locked: string;
  smsRequired: string;
}

/** A refusal as the player sees it: code -1, the message, and data { reason, retry_after_s? }. */
export function passwordRefusalAnswer(refusal: PasswordRefusal, words: PasswordRefusalWords): WireResponse<PasswordRefusalData> & Refusal {
  return refusal_(refusalOf(refusal, words));
}

function refusalOf(refusal: PasswordRefusal, words: PasswordRefusalWords): WireResponse<PasswordRefusalData> {
  switch (refusal.kind) {
    case 'address':
      return { code: CODE.refused, msg: addressWaitMsg(refusal.waitMs), data: { reason: 'address_wait', retry_after_s: Math.ceil(refusal.waitMs / 1000) } };
    case 'account':
      return { code: CODE.refused, msg: words.smsRequired, data: { reason: 'sms_required' } };
    case 'pair':
      return { code: CODE.refused, msg: words.locked, data: { reason: 'locked' } };
  }
}

