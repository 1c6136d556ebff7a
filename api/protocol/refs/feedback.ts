import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/feedback.ts';

// The client's references to the calls declared in calls/feedback.ts (see call-refs.ts).

export const myOpinionReply = '/api/user/myOpinionReply' as CallRef<typeof declared.myOpinionReply>;
export const userOpinion = '/api/user/userOpinion' as CallRef<typeof declared.userOpinion>;
