import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/notices.ts';

// The console's references to the staff calls declared in staff/notices.ts (see staff-refs.ts).

export const list = '/staff/api/notices/list' as CallRef<typeof declared.list>;
export const preview = '/staff/api/notices/preview' as CallRef<typeof declared.preview>;
export const publish = '/staff/api/notices/publish' as CallRef<typeof declared.publish>;
export const withdraw = '/staff/api/notices/withdraw' as CallRef<typeof declared.withdraw>;
