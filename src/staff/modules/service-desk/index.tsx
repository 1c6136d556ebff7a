import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 客服工作台 (agents): the customer-service queue, live; take, reply with text, quick replies and pictures, close. */
export const serviceDeskModule: StaffModule = {
  id: 'service-desk',
  title: '客服工作台',
  roles: ['agent'],
  Page: lazy(() => import('./DeskPage.tsx')),
};
