import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/invite.ts';

// The client's references to the calls declared in calls/invite.ts (see call-refs.ts).

export const bindInviteCode = '/api/user/bindInviteCode' as CallRef<typeof declared.bindInviteCode>;
export const downLineOrder = '/api/user/downLineOrder' as CallRef<typeof declared.downLineOrder>;
export const getInviteInfo = '/api/user/getInviteInfo' as CallRef<typeof declared.getInviteInfo>;
export const getInviteInfoList = '/api/user/getInviteInfoList' as CallRef<typeof declared.getInviteInfoList>;
