import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/collections.ts';

// The client's references to the calls declared in calls/collections.ts (see call-refs.ts).

export const collectGame = '/api/user/collectGame' as CallRef<typeof declared.collectGame>;
export const getCollectStatus = '/api/user/getCollectStatus' as CallRef<typeof declared.getCollectStatus>;
export const getMyCollection = '/api/user/getMyCollection' as CallRef<typeof declared.getMyCollection>;
