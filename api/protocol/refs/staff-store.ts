import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/store.ts';

// The console's references to the staff calls declared in staff/store.ts (see staff-refs.ts).

export const list = '/staff/api/store/list' as CallRef<typeof declared.list>;
export const save = '/staff/api/store/save' as CallRef<typeof declared.save>;
export const setShelf = '/staff/api/store/setShelf' as CallRef<typeof declared.setShelf>;
