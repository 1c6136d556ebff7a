import type { CallRef } from '../call-spec.ts';
import type * as declared from '../staff/articles.ts';

// The console's references to the staff calls declared in staff/articles.ts (see staff-refs.ts).

export const categories = '/staff/api/articles/categories' as CallRef<typeof declared.categories>;
export const create = '/staff/api/articles/create' as CallRef<typeof declared.create>;
export const detail = '/staff/api/articles/detail' as CallRef<typeof declared.detail>;
export const list = '/staff/api/articles/list' as CallRef<typeof declared.list>;
export const preview = '/staff/api/articles/preview' as CallRef<typeof declared.preview>;
export const publish = '/staff/api/articles/publish' as CallRef<typeof declared.publish>;
export const saveCategory = '/staff/api/articles/saveCategory' as CallRef<typeof declared.saveCategory>;
export const update = '/staff/api/articles/update' as CallRef<typeof declared.update>;
