import type { Kysely } from 'kysely';
import type { StaffRole } from '../../api/protocol/staff-call-spec.ts';
import type { Database } from '../../server/db/schema.ts';
import { DEV_REAL_NAME_SECRET } from '../../server/accounts/real-name-provider.ts';
import { createStaffAccount } from '../../server/staff/accounts.ts';
import { STAFF_COOKIE, startStaffSession } from '../../server/staff/sessions.ts';
import { staffKeys } from '../../server/staff/totp.ts';

/**
 * Staff sessions in server tests (docs/staff-console.md "Testing"):
 *   const admin = await signedInStaff(server.database.db, 'admin');
 *   const answer = await staffCall(server.url, '/staff/api/accounts/list', {}, admin);
 * The account and its session are written straight to the database (no TOTP, a cheap scrypt
 * cost), with the keys of the test server's default configuration.
 */
export const TEST_STAFF_KEYS = staffKeys(DEV_REAL_NAME_SECRET);
/** A low scrypt cost for test accounts (the server honours the cost stored with each hash). */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

let counter = 0;

export interface TestStaffAccount {
  id: number;
  name: string;
  role: StaffRole;
  password: string;
  totpSecret: string;
}

export async function insertStaff(db: Kysely<Database>, role: StaffRole, options: { name?: string; password?: string; now?: Date } = {}): Promise<TestStaffAccount> {
  const name = options.name ?? `t-${role}-${process.pid}-${++counter}`;
  const created = await createStaffAccount(db, TEST_STAFF_KEYS, { name, role, ...(options.password ? { password: options.password } : {}) }, options.now ?? new Date(), TEST_SCRYPT);
  if (!created) throw new Error(`staff name taken: ${name}`);
  return { id: created.account.id, name, role, password: created.password, totpSecret: created.totpSecret };
}

export interface StaffCredentials {
  /** The Cookie header value. */
  cookie: string;
  csrf: string;
  account: TestStaffAccount;
}

/** A new account of the role with a live session started at `now` (default: the real clock). */
export async function signedInStaff(db: Kysely<Database>, role: StaffRole, now: Date = new Date()): Promise<StaffCredentials> {
  const account = await insertStaff(db, role, { now });
  const session = await startStaffSession(db, TEST_STAFF_KEYS, account.id, '127.0.0.1', now);
  return { cookie: `${STAFF_COOKIE}=${session.token}`, csrf: session.csrf, account };
}

export interface StaffResponse {
  status: number;
  // Answers are read loosely; tests assert their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code: number; msg: string; data: any };
  setCookie: string | null;
}

/** A staff call as the console makes it: JSON, the session cookie, X-CSRF-Token. */
export async function staffCall(
  baseUrl: string,
  path: string,
  payload: unknown = {},
  credentials: Pick<StaffCredentials, 'cookie' | 'csrf'> | null = null,
  extra: { headers?: Record<string, string>; body?: string } = {},
): Promise<StaffResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (credentials) {
    headers.cookie = credentials.cookie;
    headers['x-csrf-token'] = credentials.csrf;
  }
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { ...headers, ...extra.headers }, body: extra.body ?? JSON.stringify(payload) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as StaffResponse['body'], setCookie: res.headers.get('set-cookie') };
}

/** The Cookie header for a Set-Cookie answer. */
export function cookieOf(setCookie: string | null): string {
  if (!setCookie) throw new Error('no Set-Cookie');
  return setCookie.split(';')[0]!;
}
