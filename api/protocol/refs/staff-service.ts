import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/service.ts';

// The console's references to the staff calls declared in staff/service.ts (see staff-refs.ts).

export const close = '/staff/api/service/close' as CallRef<typeof declared.close>;
export const messages = '/staff/api/service/messages' as CallRef<typeof declared.messages>;
export const queue = '/staff/api/service/queue' as CallRef<typeof declared.queue>;
export const quickReplies = '/staff/api/service/quickReplies' as CallRef<typeof declared.quickReplies>;
export const quickReplyCreate = '/staff/api/service/quickReplyCreate' as CallRef<typeof declared.quickReplyCreate>;
export const quickReplyDelete = '/staff/api/service/quickReplyDelete' as CallRef<typeof declared.quickReplyDelete>;
export const quickReplyUpdate = '/staff/api/service/quickReplyUpdate' as CallRef<typeof declared.quickReplyUpdate>;
export const reply = '/staff/api/service/reply' as CallRef<typeof declared.reply>;
export const take = '/staff/api/service/take' as CallRef<typeof declared.take>;
export const uploadTicket = '/staff/api/service/uploadTicket' as CallRef<typeof declared.uploadTicket>;
