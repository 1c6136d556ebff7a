import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffKeys } from './totp.ts';

/**
 * The known-device cookie: set by a successful sign-in (password and TOTP passed), it tells the
 * sign-in limits (server/staff/login-limits.ts) that this browser is one the account has used,
 * so the address brake does not apply to it and its failures count on their own (name, device)
 * counter. Value `<staffId>.<deviceId>.<mac>`: a random 128-bit device id, bound to the account by
 * an HMAC under its own HKDF label (staffKeys). HttpOnly (page scripts never see it), SameSite=
 * Strict, sent only to the sign-in call (Path), Secure in production, 90 days, renewed at each
 * sign-in. It is not a credential: its holder still needs the password and a fresh TOTP code.
 */
export const STAFF_DEVICE_COOKIE = 'staff_device';
export const STAFF_DEVICE_MAX_AGE_MS = 90 * 24 * 3600_000;
export const STAFF_DEVICE_COOKIE_PATH = '/staff/api/auth/login';

export interface KnownDevice {
  staffId: number;
  deviceId: string;
}

/** A new device id, or the one the browser already holds for this account (kept across sign-ins). */
export function deviceCookieValue(keys: StaffKeys, device: KnownDevice): string {
  const payload = `${device.staffId}.${device.deviceId}`;
  return `${payload}.${keys.deviceMac(payload)}`;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The device of a Cookie header when its MAC is valid; null for none, a forged or a malformed one. */
export function knownDeviceOf(keys: StaffKeys, cookieHeader: string | undefined): KnownDevice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== STAFF_DEVICE_COOKIE) continue;
    const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(part.slice(at + 1).trim());
    if (!match) return null;
    const [, id, deviceId, mac] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(keys.deviceMac(`${id}.${deviceId}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { staffId: Number(id), deviceId };
  }
  return null;
}

/** Set-Cookie for a known device. */
export function deviceCookie(value: string, options: { secure: boolean }): string {
  const parts = [`${STAFF_DEVICE_COOKIE}=${value}`, `Path=${STAFF_DEVICE_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${Math.floor(STAFF_DEVICE_MAX_AGE_MS / 1000)}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
