import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/broadcasts.ts';

// The console's references to the staff calls declared in staff/broadcasts.ts (see staff-refs.ts).

export const list = '/staff/api/broadcasts/list' as CallRef<typeof declared.list>;
export const send = '/staff/api/broadcasts/send' as CallRef<typeof declared.send>;
