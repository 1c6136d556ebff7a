import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/service.ts';

// The client's references to the calls declared in calls/service.ts (see call-refs.ts).

export const getChatStreamTicket = '/api/user/getChatStreamTicket' as CallRef<typeof declared.getChatStreamTicket>;
export const getUnreadMessageControl = '/api/user/getUnreadMessageControl' as CallRef<typeof declared.getUnreadMessageControl>;
export const getWoliveQueue = '/api/user/getWoliveQueue' as CallRef<typeof declared.getWoliveQueue>;
export const getWoliveUnreadMessages = '/api/user/getWoliveUnreadMessages' as CallRef<typeof declared.getWoliveUnreadMessages>;
