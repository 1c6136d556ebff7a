import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/help.ts';

// The client's references to the calls declared in calls/help.ts (see call-refs.ts).

export const getArticleActivity = '/api/article/getArticleActivity' as CallRef<typeof declared.getArticleActivity>;
export const getArticleInfo = '/api/user/getArticleInfo' as CallRef<typeof declared.getArticleInfo>;
export const getQuestion = '/api/article/getQuestion' as CallRef<typeof declared.getQuestion>;
