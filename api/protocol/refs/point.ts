import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/point.ts';

// The client's references to the calls declared in calls/point.ts (see call-refs.ts).

export const point = '/point' as CallRef<typeof declared.point>;
