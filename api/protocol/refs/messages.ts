import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/messages.ts';

// The client's references to the calls declared in calls/messages.ts (see call-refs.ts).

export const deleteMessage = '/api/user/deleteMessage' as CallRef<typeof declared.deleteMessage>;
export const getIsPop = '/api/user/getIsPop' as CallRef<typeof declared.getIsPop>;
export const getMessageDetail = '/api/user/getMessageDetail' as CallRef<typeof declared.getMessageDetail>;
export const getMessageList = '/api/user/getMessageList' as CallRef<typeof declared.getMessageList>;
export const getNoticeDetail = '/api/notice/getNoticeDetail' as CallRef<typeof declared.getNoticeDetail>;
export const getNoticeList = '/api/notice/getNoticeList' as CallRef<typeof declared.getNoticeList>;
export const getUnreadNotice = '/api/user/getUnreadNotice' as CallRef<typeof declared.getUnreadNotice>;
export const markNoticeSeen = '/api/user/markNoticeSeen' as CallRef<typeof declared.markNoticeSeen>;
export const readAllMessages = '/api/user/readAllMessages' as CallRef<typeof declared.readAllMessages>;
