import type { ServerModule } from '../module.ts';
import { seedDevStaff } from './dev-accounts.ts';
import { staffAccountCalls } from './routes/accounts.ts';
import { staffAuditCalls } from './routes/audit.ts';
import { staffAuthCalls } from './routes/auth.ts';
import { registerStaffUploads } from './uploads.ts';

// The staff call pipeline: every domain serves its own staff calls with it (its staff-calls.ts).
export { handleStaff, staffOk, staffRefuse, type StaffCallDefinition, type StaffContext } from './calls.ts';
export type { StaffIdentity } from './sessions.ts';
// What customer service's desk uses of the staff session and its uploads.
export { checkStaffRequest, DESK_ROLES } from './requests.ts';
export { staffSessionLive } from './sessions.ts';
export { issueStaffUploadTicket, staffUploadUrl } from './uploads.ts';

/**
 * The staff console's API (docs/staff-console.md): its own session, never a player's token; no player
 * calls. Its own staff calls are the console's: signing in, the staff accounts and the audit log.
 */
export const staffModule: ServerModule = {
  name: 'staff',
  calls: () => [],
  staffCalls: () => [...staffAuthCalls, ...staffAccountCalls, ...staffAuditCalls],
  routes: (app, deps) => registerStaffUploads(app, { db: deps.db, kv: deps.kv, storage: deps.storage, config: deps.config, now: deps.now }),
  // One staff account per role with documented credentials (README); never in production.
  seed: (db, config) => seedDevStaff(db, { production: config.production, secret: config.realName.secret }),
};
