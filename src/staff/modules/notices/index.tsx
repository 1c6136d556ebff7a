import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 公告 (admins): publish (sanitised, optional pop-up), the list, withdraw. */
export const noticesModule: StaffModule = {
  id: 'notices',
  title: '公告',
  roles: [],
  Page: lazy(() => import('./NoticesPage.tsx')),
};
