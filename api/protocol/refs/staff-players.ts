import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/players.ts';

// The console's references to the staff calls declared in staff/players.ts (see staff-refs.ts).

export const ban = '/staff/api/players/ban' as CallRef<typeof declared.ban>;
export const clearLockout = '/staff/api/players/clearLockout' as CallRef<typeof declared.clearLockout>;
export const detail = '/staff/api/players/detail' as CallRef<typeof declared.detail>;
export const revealPhone = '/staff/api/players/revealPhone' as CallRef<typeof declared.revealPhone>;
export const search = '/staff/api/players/search' as CallRef<typeof declared.search>;
export const unban = '/staff/api/players/unban' as CallRef<typeof declared.unban>;
