import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/user.ts';

// The client's references to the calls declared in calls/user.ts (see call-refs.ts).

export const changeActiveRecord = '/api/user/changeActiveRecord' as CallRef<typeof declared.changeActiveRecord>;
export const getChatLink = '/api/user/getChatLink' as CallRef<typeof declared.getChatLink>;
export const getChatLinkRecord = '/api/user/getChatLinkRecord' as CallRef<typeof declared.getChatLinkRecord>;
export const getServiceStatus = '/api/user/getServiceStatus' as CallRef<typeof declared.getServiceStatus>;
export const getUnreadMessage = '/api/user/getUnreadMessage' as CallRef<typeof declared.getUnreadMessage>;
export const getUserInfo = '/api/user/getUserInfo' as CallRef<typeof declared.getUserInfo>;
export const getWatermark = '/api/user/getWatermark' as CallRef<typeof declared.getWatermark>;
export const logout = '/api/user/logout' as CallRef<typeof declared.logout>;
export const sendServiceMessage = '/api/user/sendServiceMessage' as CallRef<typeof declared.sendServiceMessage>;
