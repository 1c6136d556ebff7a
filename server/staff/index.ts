import type { ServerModule } from '../module.ts';
import { seedDevStaff } from './dev-accounts.ts';
import { allStaffCalls } from './registry.ts';
import { registerStaffUploads } from './uploads.ts';

// What customer service's desk stream uses of the staff session.
export { checkStaffRequest, DESK_ROLES } from './requests.ts';
export { staffSessionLive } from './sessions.ts';

/** The staff console's API (docs/staff-console.md): its own session, never a player's token; no player calls. */
export const staffModule: ServerModule = {
  name: 'staff',
  calls: () => [],
  staffCalls: (services) => allStaffCalls(services),
  routes: (app, deps) => registerStaffUploads(app, { db: deps.db, kv: deps.kv, storage: deps.storage, config: deps.config, now: deps.now }),
  // One staff account per role with documented credentials (README); never in production.
  seed: (db, config) => seedDevStaff(db, { production: config.production, secret: config.realName.secret }),
};
