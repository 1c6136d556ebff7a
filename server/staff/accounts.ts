import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { StaffAccountView } from '../../api/protocol/staff/accounts.ts';
import type { StaffRole } from '../../api/protocol/staff-call-spec.ts';
import type { Database, StaffAccountsTable } from '../db/schema.ts';
import { hashPassword, type ScryptParams } from '../passwords.ts';
import { newTotpSecret, totpUri, type StaffKeys } from './totp.ts';

export type StaffAccountRow = Selectable<StaffAccountsTable>;

/** Generated passwords: 16 characters without look-alikes (≈ 93 bits), at least one letter and one digit. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_LENGTH = 16;

export function generateStaffPassword(): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

export function accountView(row: Pick<StaffAccountRow, 'id' | 'name' | 'role' | 'disabled' | 'created_at' | 'last_login_at'>): StaffAccountView {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    created_at: new Date(row.created_at).toISOString(),
    last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}

export interface NewStaffAccount {
  account: StaffAccountView;
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

/**
 * Creates a staff account with the given (or a generated) password and TOTP secret; null when the
 * name is taken (unique name: of two concurrent creations one wins). `scrypt` lowers the hash cost
 * for tests only.
 */
export async function createStaffAccount(
  db: Kysely<Database>,
  keys: StaffKeys,
  input: { name: string; role: StaffRole; password?: string; totpSecret?: string },
  now: Date,
  scrypt?: ScryptParams,
): Promise<NewStaffAccount | null> {
  const password = input.password ?? generateStaffPassword();
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const passwordHash = await hashPassword(password, scrypt);
  const row = await db
    .insertInto('staff_accounts')
    .values({ name: input.name, role: input.role, password_hash: passwordHash, totp_secret_sealed: keys.totp.seal(totpSecret), totp_last_step: null, created_at: now, last_login_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  return { account: accountView(row), password, totpSecret, otpauthUri: totpUri(totpSecret, input.name) };
}

/**
 * Records that a code of `step` was used: true only when the account had used no step that late,
 * atomically (of two concurrent sign-ins with the same code, one wins).
 */
export async function claimTotpStep(db: Kysely<Database>, staffId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
