import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/coupons.ts';

// The console's references to the staff calls declared in staff/coupons.ts (see staff-refs.ts).

export const issue = '/staff/api/coupons/issue' as CallRef<typeof declared.issue>;
export const list = '/staff/api/coupons/list' as CallRef<typeof declared.list>;
export const save = '/staff/api/coupons/save' as CallRef<typeof declared.save>;
