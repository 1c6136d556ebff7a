import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/auth.ts';

// The console's references to the staff calls declared in staff/auth.ts (see staff-refs.ts).

export const login = '/staff/api/auth/login' as CallRef<typeof declared.login>;
export const logout = '/staff/api/auth/logout' as CallRef<typeof declared.logout>;
export const me = '/staff/api/auth/me' as CallRef<typeof declared.me>;
