import type { KvStore } from '../kv-store.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';

/**
 * Staff sign-in limits (docs/decisions.md "Security: one use per signature on any path, replay
 * across restarts, staff sign-in limits"). Every counter is incremented before any work is done
 * for the attempt (atomic INCR in Redis, one synchronous step in memory) and the attempt goes on
 * only when the value it got is within the limit: of N concurrent attempts at most the limit are
 * processed, never N that all read the same old value.
 *
 * - Per (name, address), or per (name, known device) when the browser shows a device cookie of
 *   that account (server/staff/devices.ts): 10 attempts in 15 minutes, the slot of a success
 *   given back (the counter is cleared). Someone elsewhere guessing a name locks out only their
 *   own address, never the staff member at theirs.
 * - Per address across all names: 50 failed attempts in 15 minutes (a success gives its slot
 *   back). A known device of the named account is not braked by its address, so that one
 *   address guessing many names (a shared office NAT) cannot lock out the staff behind it.
 * - An administrator's unlock (accounts/unlock) starts the account's counters afresh: the
 *   counter keys carry the account's unlock generation.
 */
export const STAFF_LOGIN_LIMITS = {
  maxFailuresPerName: LOGIN_LIMITS.maxFailures,
  windowMs: LOGIN_LIMITS.windowMs,
  maxFailuresPerIp: 50,
  /** How long an unlock's generation is remembered: far longer than any counter lives. */
  unlockMemoryMs: 24 * 3600_000,
} as const;

const normal = (name: string) => name.toLowerCase();
const generationKey = (name: string) => `staff:login-gen:${normal(name)}`;
const ipKey = (ip: string) => `staff:login-ip:${ip}`;

export interface StaffLoginSubject {
  name: string;
  ip: string;
  /** The id of a valid device cookie bound to the account of `name` (server/staff/devices.ts), else null. */
  deviceId: string | null;
}

export type LoginAdmission =
  | { ok: true; ticket: LoginTicket }
  | { ok: false; refused: 'name-locked' | 'ip-locked' };

/** What an admitted attempt counted, to settle it once its outcome is known. */
export interface LoginTicket {
  subjectKey: string;
  subjectCount: number;
  /** The address counter's value for this attempt, or null when a known device skipped the address brake. */
  ipCount: number | null;
}

/** Counts the attempt, then checks: refused without any further work when a counter is past its limit. */
export async function admitStaffLogin(kv: KvStore, subject: StaffLoginSubject): Promise<LoginAdmission> {
  let ipCount: number | null = null;
  if (subject.deviceId === null) {
    ipCount = await kv.increment(ipKey(subject.ip), STAFF_LOGIN_LIMITS.windowMs);
    if (ipCount > STAFF_LOGIN_LIMITS.maxFailuresPerIp) return { ok: false, refused: 'ip-locked' };
  }
  const generation = (await kv.get(generationKey(subject.name))) ?? '0';
  const where = subject.deviceId === null ? `ip:${subject.ip}` : `device:${subject.deviceId}`;
  const subjectKey = `staff:login-tries:${generation}:${normal(subject.name)}:${where}`;
  const subjectCount = await kv.increment(subjectKey, STAFF_LOGIN_LIMITS.windowMs);
  if (subjectCount > STAFF_LOGIN_LIMITS.maxFailuresPerName) {
    // Refused without work: an attempt that never ran is not a failure of the address.
    if (ipCount !== null) await kv.increment(ipKey(subject.ip), STAFF_LOGIN_LIMITS.windowMs, -1);
    return { ok: false, refused: 'name-locked' };
  }
  return { ok: true, ticket: { subjectKey, subjectCount, ipCount } };
}

/** What a failed attempt locked: the (name, address or device) pair, the address, both or neither. */
export interface LoginFailure {
  nameLocked: boolean;
  ipLocked: boolean;
}

/** A failure keeps its counts; it reports the locks this very attempt completed (each reported once). */
export function staffLoginFailed(ticket: LoginTicket): LoginFailure {
  return {
    nameLocked: ticket.subjectCount === STAFF_LOGIN_LIMITS.maxFailuresPerName,
    ipLocked: ticket.ipCount === STAFF_LOGIN_LIMITS.maxFailuresPerIp,
  };
}

/** A success clears its (name, address or device) count and gives its address slot back. */
export async function staffLoginSucceeded(kv: KvStore, ticket: LoginTicket, ip: string): Promise<void> {
  await kv.delete(ticket.subjectKey);
  if (ticket.ipCount !== null) await kv.increment(ipKey(ip), STAFF_LOGIN_LIMITS.windowMs, -1);
}

/** An administrator's unlock: every (name, …) counter of the account starts again from zero. */
export async function unlockStaffLogin(kv: KvStore, name: string, now: number): Promise<void> {
  await kv.set(generationKey(name), String(now), STAFF_LOGIN_LIMITS.unlockMemoryMs);
}

