import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/withdraw.ts';

// The client's references to the calls declared in calls/withdraw.ts (see call-refs.ts).

export const balanceTixian = '/api/user/balanceTixian' as CallRef<typeof declared.balanceTixian>;
export const getWithdrawInfo = '/api/user/getWithdrawInfo' as CallRef<typeof declared.getWithdrawInfo>;
export const getWithdrawList = '/api/user/getWithdrawList' as CallRef<typeof declared.getWithdrawList>;
export const profitTixian = '/api/user/profitTixian' as CallRef<typeof declared.profitTixian>;
