import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/login.ts';

// The client's references to the calls declared in calls/login.ts (see call-refs.ts).

export const resetPassword = '/api/login/resetPassword' as CallRef<typeof declared.resetPassword>;
export const sendCode = '/api/login/sendCode' as CallRef<typeof declared.sendCode>;
export const trendRegister = '/api/login/trendRegister' as CallRef<typeof declared.trendRegister>;
export const userRegister = '/api/login/userRegister' as CallRef<typeof declared.userRegister>;
export const userlogin = '/api/login/userlogin' as CallRef<typeof declared.userlogin>;
export const verifyCode = '/api/login/verifyCode' as CallRef<typeof declared.verifyCode>;
