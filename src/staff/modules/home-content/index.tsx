import { lazy } from 'react';
import { HOME_CONTENT_ROLES } from '../../../../api/protocol/hot-words.ts';
import type { StaffModule } from '../../modules.ts';

/** 首页内容 (operators): the search page's 热门搜索 — pin, order, unpin, remove words. */
export const homeContentModule: StaffModule = {
  id: 'home-content',
  title: '首页内容',
  roles: HOME_CONTENT_ROLES,
  Page: lazy(() => import('./HomeContentPage.tsx')),
};
