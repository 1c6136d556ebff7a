import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/real-name.ts';

// The client's references to the calls declared in calls/real-name.ts (see call-refs.ts).

export const getIdentityCard = '/api/user/getIdentityCard' as CallRef<typeof declared.getIdentityCard>;
export const realNameAuth = '/api/user/realNameAuth' as CallRef<typeof declared.realNameAuth>;
export const startPlay = '/api/game/startPlay' as CallRef<typeof declared.startPlay>;
