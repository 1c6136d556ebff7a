import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/gifts.ts';

// The console's references to the staff calls declared in staff/gifts.ts (see staff-refs.ts).

export const codes = '/staff/api/gifts/codes' as CallRef<typeof declared.codes>;
export const games = '/staff/api/gifts/games' as CallRef<typeof declared.games>;
export const importCodes = '/staff/api/gifts/importCodes' as CallRef<typeof declared.importCodes>;
export const list = '/staff/api/gifts/list' as CallRef<typeof declared.list>;
export const save = '/staff/api/gifts/save' as CallRef<typeof declared.save>;
export const withdraw = '/staff/api/gifts/withdraw' as CallRef<typeof declared.withdraw>;
