import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 帮助文章 (admins): FAQ answers and their categories, activity and fixed articles; edit, publish. */
export const articlesModule: StaffModule = {
  id: 'articles',
  title: '帮助文章',
  roles: [],
  Page: lazy(() => import('./ArticlesPage.tsx')),
};
