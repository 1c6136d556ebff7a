import { lazy } from 'react';
import { COUPON_ROLES } from '../../../../api/protocol/coupon-admin.ts';
import type { StaffModule } from '../../modules.ts';

/** 代金券管理 (operators): the coupon centre's coupons, their stock and use, and issuing them to players. */
export const couponsModule: StaffModule = {
  id: 'coupons',
  title: '代金券管理',
  roles: COUPON_ROLES,
  Page: lazy(() => import('./CouponsPage.tsx')),
};
