import { lazy } from 'react';
import { STORE_ROLES } from '../../../../api/protocol/store-admin.ts';
import type { StaffModule } from '../../modules.ts';

/** 积分商城 (operators): the points store's items, their stock and redemptions, on and off the shelf. */
export const storeModule: StaffModule = {
  id: 'store',
  title: '积分商城',
  roles: STORE_ROLES,
  Page: lazy(() => import('./StorePage.tsx')),
};
