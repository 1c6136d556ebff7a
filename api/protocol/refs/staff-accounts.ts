import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/accounts.ts';

// The console's references to the staff calls declared in staff/accounts.ts (see staff-refs.ts).

export const create = '/staff/api/accounts/create' as CallRef<typeof declared.create>;
export const disable = '/staff/api/accounts/disable' as CallRef<typeof declared.disable>;
export const list = '/staff/api/accounts/list' as CallRef<typeof declared.list>;
export const resetPassword = '/staff/api/accounts/resetPassword' as CallRef<typeof declared.resetPassword>;
export const resetTotp = '/staff/api/accounts/resetTotp' as CallRef<typeof declared.resetTotp>;
export const unlock = '/staff/api/accounts/unlock' as CallRef<typeof declared.unlock>;
