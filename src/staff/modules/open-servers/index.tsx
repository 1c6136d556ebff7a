import { lazy } from 'react';
import { OPEN_SERVER_ROLES } from '../../../../api/protocol/open-servers.ts';
import type { StaffModule } from '../../modules.ts';

/** 开服表 (operators): the open-server schedule players see on /newserve; add, edit, remove, import a CSV. */
export const openServersModule: StaffModule = {
  id: 'open-servers',
  title: '开服表',
  roles: OPEN_SERVER_ROLES,
  Page: lazy(() => import('./OpenServersPage.tsx')),
};
