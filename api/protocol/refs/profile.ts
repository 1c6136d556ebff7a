import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/profile.ts';

// The client's references to the calls declared in calls/profile.ts (see call-refs.ts).

export const getUploadTos = '/api/upload/getUploadTos' as CallRef<typeof declared.getUploadTos>;
export const headerImgEdit = '/api/user/headerImgEdit' as CallRef<typeof declared.headerImgEdit>;
export const updateUserInfo = '/api/user/updateUserInfo' as CallRef<typeof declared.updateUserInfo>;
