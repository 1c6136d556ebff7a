import { lazy } from 'react';
import { HOLIDAY_CALENDAR_ROLES } from '../../../../api/protocol/holiday-calendar.ts';
import type { StaffModule } from '../../modules.ts';

/** 节假日日历 (admins; the operations role later): each year's days off and make-up working days, which minors' play days read. */
export const holidaysModule: StaffModule = {
  id: 'holidays',
  title: '节假日日历',
  roles: HOLIDAY_CALENDAR_ROLES,
  Page: lazy(() => import('./HolidaysPage.tsx')),
};
