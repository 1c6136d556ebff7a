import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/holidays.ts';

// The console's references to the staff calls declared in staff/holidays.ts (see staff-refs.ts).

export const save = '/staff/api/holidays/save' as CallRef<typeof declared.save>;
export const status = '/staff/api/holidays/status' as CallRef<typeof declared.status>;
export const year = '/staff/api/holidays/year' as CallRef<typeof declared.year>;
