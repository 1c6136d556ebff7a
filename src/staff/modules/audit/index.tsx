import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 操作日志 (admin): every staff action, newest first, by staff member and action. */
export const auditModule: StaffModule = {
  id: 'audit',
  title: '操作日志',
  roles: [],
  Page: lazy(() => import('./AuditPage.tsx')),
};
