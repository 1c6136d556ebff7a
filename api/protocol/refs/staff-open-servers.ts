import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/open-servers.ts';

// The console's references to the staff calls declared in staff/open-servers.ts (see staff-refs.ts).

export const create = '/staff/api/open-servers/create' as CallRef<typeof declared.create>;
export const games = '/staff/api/open-servers/games' as CallRef<typeof declared.games>;
export const importCsv = '/staff/api/open-servers/import' as CallRef<typeof declared.importCsv>;
export const list = '/staff/api/open-servers/list' as CallRef<typeof declared.list>;
export const remove = '/staff/api/open-servers/remove' as CallRef<typeof declared.remove>;
export const update = '/staff/api/open-servers/update' as CallRef<typeof declared.update>;
