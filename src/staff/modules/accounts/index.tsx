import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 员工账号 (admin): list, create, disable/enable, reset password or second factor. */
export const accountsModule: StaffModule = {
  id: 'accounts',
  title: '员工账号',
  roles: [],
  Page: lazy(() => import('./AccountsPage.tsx')),
};
