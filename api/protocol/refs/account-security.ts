import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/account-security.ts';

// The client's references to the calls declared in calls/account-security.ts (see call-refs.ts).

export const changeUserTelOne = '/api/user/changeUserTelOne' as CallRef<typeof declared.changeUserTelOne>;
export const changeUserTelTwo = '/api/user/changeUserTelTwo' as CallRef<typeof declared.changeUserTelTwo>;
export const userChangePassword = '/api/user/userChangePassword' as CallRef<typeof declared.userChangePassword>;
