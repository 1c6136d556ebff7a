import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/trading.ts';

// The console's references to the staff calls declared in staff/trading.ts (see staff-refs.ts).

export const approve = '/staff/api/trading/approve' as CallRef<typeof declared.approve>;
export const listings = '/staff/api/trading/listings' as CallRef<typeof declared.listings>;
export const refund = '/staff/api/trading/refund' as CallRef<typeof declared.refund>;
export const reject = '/staff/api/trading/reject' as CallRef<typeof declared.reject>;
export const release = '/staff/api/trading/release' as CallRef<typeof declared.release>;
export const trades = '/staff/api/trading/trades' as CallRef<typeof declared.trades>;
