import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/down.ts';

// The client's references to the calls declared in calls/down.ts (see call-refs.ts).

export const agreeH5 = '/api/down/agreeH5' as CallRef<typeof declared.agreeH5>;
export const appVersion = '/down/appVersion' as CallRef<typeof declared.appVersion>;
export const getAboutUs = '/api/down/getAboutUs' as CallRef<typeof declared.getAboutUs>;
export const getAppIndexContent = '/api/down/getAppIndexContent' as CallRef<typeof declared.getAppIndexContent>;
export const getImage = '/api/down/getImage' as CallRef<typeof declared.getImage>;
export const userPrivacyH5 = '/api/down/userPrivacyH5' as CallRef<typeof declared.userPrivacyH5>;
