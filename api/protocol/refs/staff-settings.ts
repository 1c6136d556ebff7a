import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/settings.ts';

// The console's references to the staff calls declared in staff/settings.ts (see staff-refs.ts).

export const inviteSettings = '/staff/api/settings/invite' as CallRef<typeof declared.inviteSettings>;
export const saveInviteSettings = '/staff/api/settings/save-invite' as CallRef<typeof declared.saveInviteSettings>;
export const saveTradeSettings = '/staff/api/settings/save-trade' as CallRef<typeof declared.saveTradeSettings>;
export const tradeSettings = '/staff/api/settings/trade' as CallRef<typeof declared.tradeSettings>;
