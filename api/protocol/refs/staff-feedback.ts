import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/feedback.ts';

// The console's references to the staff calls declared in staff/feedback.ts (see staff-refs.ts).

export const close = '/staff/api/feedback/close' as CallRef<typeof declared.close>;
export const detail = '/staff/api/feedback/detail' as CallRef<typeof declared.detail>;
export const eventLog = '/staff/api/feedback/eventLog' as CallRef<typeof declared.eventLog>;
export const list = '/staff/api/feedback/list' as CallRef<typeof declared.list>;
export const reply = '/staff/api/feedback/reply' as CallRef<typeof declared.reply>;
