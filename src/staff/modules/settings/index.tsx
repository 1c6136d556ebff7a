import { lazy } from 'react';
import { SETTINGS_ROLES } from '../../../../api/protocol/platform-settings.ts';
import type { StaffModule } from '../../modules.ts';

/** 规则设置 (operators): the numbers of the trading and invitation rules, in force at once. */
export const settingsModule: StaffModule = {
  id: 'settings',
  title: '规则设置',
  roles: SETTINGS_ROLES,
  Page: lazy(() => import('./SettingsPage.tsx')),
};
