import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/tasks.ts';

// The client's references to the calls declared in calls/tasks.ts (see call-refs.ts).

export const achieveTask = '/api/user/achieveTask' as CallRef<typeof declared.achieveTask>;
export const getNoviceTaskStatus = '/api/user/getNoviceTaskStatus' as CallRef<typeof declared.getNoviceTaskStatus>;
export const getPointTaskGame = '/api/user/getPointTaskGame' as CallRef<typeof declared.getPointTaskGame>;
export const getPointTaskNum = '/api/user/getPointTaskNum' as CallRef<typeof declared.getPointTaskNum>;
export const getSettle = '/api/user/getSettle' as CallRef<typeof declared.getSettle>;
export const getShareLink = '/api/user/getShareLink' as CallRef<typeof declared.getShareLink>;
export const getTaskPoint = '/api/user/getTaskPoint' as CallRef<typeof declared.getTaskPoint>;
export const myClickGame = '/api/user/myClickGame' as CallRef<typeof declared.myClickGame>;
export const overTask = '/api/user/overTask' as CallRef<typeof declared.overTask>;
export const pointRecord = '/api/user/pointRecord' as CallRef<typeof declared.pointRecord>;
export const reportShareVisit = '/api/user/reportShareVisit' as CallRef<typeof declared.reportShareVisit>;
export const settleAdd = '/api/user/settleAdd' as CallRef<typeof declared.settleAdd>;
export const signOnPoint = '/api/user/signOnPoint' as CallRef<typeof declared.signOnPoint>;
