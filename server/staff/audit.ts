import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntryInput {
  /** Who acted; null for what the system did itself (an address braked after too many failed sign-ins). */
  staffId: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
  at: Date;
}

/** JSON for a jsonb column; undefined and null are SQL null. Never put secrets or hashes here. */
function jsonOf(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** Writes one audit row with the given connection or transaction (handleStaff passes the call's transaction). */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntryInput): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({ staff_id: entry.staffId, action: entry.action, target: entry.target, before: jsonOf(entry.before), after: jsonOf(entry.after), ip: entry.ip, at: entry.at })
    .execute();
}
