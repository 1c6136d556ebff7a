import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 快捷回复 (admin): the team's canned answers the desk offers; agents use them, administrators edit them. */
export const quickRepliesModule: StaffModule = {
  id: 'quick-replies',
  title: '快捷回复',
  roles: [],
  Page: lazy(() => import('./QuickRepliesPage.tsx')),
};
