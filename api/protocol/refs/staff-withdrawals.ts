import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/withdrawals.ts';

// The console's references to the staff calls declared in staff/withdrawals.ts (see staff-refs.ts).

export const approve = '/staff/api/withdrawals/approve' as CallRef<typeof declared.approve>;
export const list = '/staff/api/withdrawals/list' as CallRef<typeof declared.list>;
export const pay = '/staff/api/withdrawals/pay' as CallRef<typeof declared.pay>;
export const reject = '/staff/api/withdrawals/reject' as CallRef<typeof declared.reject>;
