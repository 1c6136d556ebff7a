import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/audit.ts';

// The console's references to the staff calls declared in staff/audit.ts (see staff-refs.ts).

export const list = '/staff/api/audit/list' as CallRef<typeof declared.list>;
