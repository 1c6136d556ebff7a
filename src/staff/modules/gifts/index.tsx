import { lazy } from 'react';
import { GIFT_PACK_ROLES } from '../../../../api/protocol/gift-packs.ts';
import type { StaffModule } from '../../modules.ts';

/** 礼包管理 (operators): games' gift packs, their code files, stock and claims. */
export const giftsModule: StaffModule = {
  id: 'gifts',
  title: '礼包管理',
  roles: GIFT_PACK_ROLES,
  Page: lazy(() => import('./GiftsPage.tsx')),
};
