import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/topic.ts';

// The client's references to the calls declared in calls/topic.ts (see call-refs.ts).

export const getTopicDetail = '/api/topic/getTopicDetail' as CallRef<typeof declared.getTopicDetail>;
export const getTopicList = '/api/topic/getTopicList' as CallRef<typeof declared.getTopicList>;
