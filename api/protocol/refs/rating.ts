import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/rating.ts';

// The client's references to the calls declared in calls/rating.ts (see call-refs.ts).

export const subEvaluate = '/api/user/subEvaluate' as CallRef<typeof declared.subEvaluate>;
