import type { Kysely } from 'kysely';
import type { StaffRole } from '../../api/protocol/staff-call-spec.ts';
import type { Database } from '../db/schema.ts';
import { createStaffAccount } from './accounts.ts';
import { staffKeys } from './totp.ts';

/**
 * Development staff accounts, one per role, with fixed passwords and TOTP secrets (README "Staff
 * console"), so that developers and the e2e tests can sign in. Seeded outside production only:
 * seedDevStaff does nothing when production is set (a test holds it), and main.ts calls it only then.
 * Add a secret to an authenticator app, or compute the code: `npx tsx scripts/staff-totp.ts dev-admin`.
 */
export const DEV_STAFF_ACCOUNTS: ReadonlyArray<{ name: string; role: StaffRole; password: string; totpSecret: string }> = [
  { name: 'dev-admin', role: 'admin', password: 'dev-admin-pass-1', totpSecret: 'PYFGZGSIPQPIHWQJQV7NRIM6DESZZRAK' },
  { name: 'dev-agent', role: 'agent', password: 'dev-agent-pass-1', totpSecret: '3YSYIJHKCJBXEDXYI57ZQGZGCSMKP63L' },
  { name: 'dev-reviewer', role: 'reviewer', password: 'dev-reviewer-pass-1', totpSecret: 'FZTVU3H5TOFCYLOOP5UVO6PPAWG7M5NY' },
  { name: 'dev-finance', role: 'finance', password: 'dev-finance-pass-1', totpSecret: '7EKQOWBD7MOXSQ6K5LCQMHIFSWRPYQ3L' },
  { name: 'dev-operator', role: 'operator', password: 'dev-operator-pass-1', totpSecret: 'MTDKG67PNBSZKH2DUIDAKWBWYKQ4V4FQ' },
];

/** Creates the development accounts that are missing; none in production. Returns how many it created. */
export async function seedDevStaff(db: Kysely<Database>, options: { production: boolean; secret: string; now?: Date }): Promise<number> {
  if (options.production) return 0;
  const keys = staffKeys(options.secret);
  const existing = new Set((await db.selectFrom('staff_accounts').select('name').where('name', 'in', DEV_STAFF_ACCOUNTS.map((a) => a.name)).execute()).map((r) => r.name));
  const missing = DEV_STAFF_ACCOUNTS.filter((account) => !existing.has(account.name));
  const created = await Promise.all(missing.map((account) => createStaffAccount(db, keys, account, options.now ?? new Date())));
  return created.filter(Boolean).length;
}
