import { HOTP, Secret, TOTP } from 'otpauth';
import { createHmac, hkdfSync } from 'node:crypto';
import { aesSealer, type Sealer } from '../seal.ts';
import { PRODUCT } from '../product.ts';

/**
 * The staff second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s step — what every authenticator
 * app reads from an otpauth:// URI) with the otpauth library (docs/decisions.md "Staff console").
 * A code is accepted for the current step and one step either side; the caller then records the
 * step and accepts only later steps for that account (server/staff/accounts.ts), so a code works once.
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = `${PRODUCT.name}员工后台`;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, name: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: name, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

export function totpUri(secret: string, name: string): string {
  return totpOf(secret, name).toString();
}

/** The time step of a moment. */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: nowMs });
}

/** The code of a step (tests, the development accounts' helper). */
export function totpCodeAt(secret: string, nowMs: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, counter: totpStep(nowMs) });
}

/** The step the code belongs to (now ± TOTP_WINDOW), or null when it matches none. Constant-time inside otpauth. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  const counter = totpStep(nowMs);
  const delta = HOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, counter, window: TOTP_WINDOW });
  return delta === null ? null : counter + delta;
}

/**
 * The staff keys, derived from the server's sealing secret (REAL_NAME_SECRET) with HKDF under
 * their own labels, so they share nothing with the real-name keys: one seals TOTP secrets, one
 * derives each session's CSRF token from its session token (so auth/me can hand it out again),
 * one signs the known-device cookies.
 */
export interface StaffKeys {
  totp: Sealer;
  csrfFor(sessionToken: string): string;
  /** The MAC of a known-device cookie's payload (server/staff/devices.ts). */
  deviceMac(payload: string): string;
}

export function staffKeys(secret: string): StaffKeys {
  const csrfKey = Buffer.from(hkdfSync('sha256', secret, 'lewan-staff', 'csrf', 32));
  const deviceKey = Buffer.from(hkdfSync('sha256', secret, 'lewan-staff', 'known-device', 32));
  return {
    totp: aesSealer(secret, 'lewan-staff', 'totp-seal'),
    csrfFor: (sessionToken) => createHmac('sha256', csrfKey).update(sessionToken, 'utf8').digest('base64url'),
    deviceMac: (payload) => createHmac('sha256', deviceKey).update(payload, 'utf8').digest('base64url'),
  };
}
