import type { KvStore } from '../kv-store.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';

/**
 * Staff sign-in limits, like the players' password login (server/verification-codes.ts
 * LOGIN_LIMITS): 10 attempts per account name in 15 minutes (counted before the password is
 * checked, cleared by a success, so in effect failures), plus a per-address brake on failures
 * across all names (one address guessing many names). Keys under `staff:` in the KvStore.
 */
export const STAFF_LOGIN_LIMITS = {
  maxFailuresPerName: LOGIN_LIMITS.maxFailures,
  windowMs: LOGIN_LIMITS.windowMs,
  maxFailuresPerIp: 50,
} as const;

const nameKey = (name: string) => `staff:login-tries:${name.toLowerCase()}`;
const ipKey = (ip: string) => `staff:login-ip:${ip}`;

export type LoginAdmission = 'ok' | 'name-locked' | 'ip-locked';

/** Counts one attempt for the name (atomic increment before any work), unless the address is braked. */
export async function admitStaffLogin(kv: KvStore, name: string, ip: string): Promise<LoginAdmission> {
  if (Number(await kv.get(ipKey(ip))) >= STAFF_LOGIN_LIMITS.maxFailuresPerIp) return 'ip-locked';
  return (await kv.increment(nameKey(name), STAFF_LOGIN_LIMITS.windowMs)) <= STAFF_LOGIN_LIMITS.maxFailuresPerName ? 'ok' : 'name-locked';
}

/** After a failure: counts it for the address; true when the name is now locked. */
export async function recordStaffLoginFailure(kv: KvStore, name: string, ip: string): Promise<boolean> {
  await kv.increment(ipKey(ip), STAFF_LOGIN_LIMITS.windowMs);
  return Number(await kv.get(nameKey(name))) >= STAFF_LOGIN_LIMITS.maxFailuresPerName;
}

export async function clearStaffLogin(kv: KvStore, name: string): Promise<void> {
  await kv.delete(nameKey(name));
}
