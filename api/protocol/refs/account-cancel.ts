import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/account-cancel.ts';

// The client's references to the calls declared in calls/account-cancel.ts (see call-refs.ts).

export const applyCancel = '/api/user/applyCancel' as CallRef<typeof declared.applyCancel>;
export const getCancelConditions = '/api/user/getCancelConditions' as CallRef<typeof declared.getCancelConditions>;
export const getCancelRule = '/api/user/getCancelRule' as CallRef<typeof declared.getCancelRule>;
export const getCancelStatus = '/api/user/getCancelStatus' as CallRef<typeof declared.getCancelStatus>;
export const revokeCancel = '/api/user/revokeCancel' as CallRef<typeof declared.revokeCancel>;
