import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 提现审核 (finance and admins): the players' withdrawal requests; approve, mark paid, reject. */
export const withdrawalsModule: StaffModule = {
  id: 'withdrawals',
  title: '提现审核',
  roles: ['finance'],
  Page: lazy(() => import('./WithdrawalsPage.tsx')),
};
