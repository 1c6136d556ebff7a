import type { ComponentType } from 'react';
import type { StaffRole } from '../../api/protocol/staff-codes.ts';
import { accountsModule } from './modules/accounts/index.tsx';
import { articlesModule } from './modules/articles/index.tsx';
import { auditModule } from './modules/audit/index.tsx';
import { broadcastsModule } from './modules/broadcasts/index.tsx';
import { couponsModule } from './modules/coupons/index.tsx';
import { storeModule } from './modules/store/index.tsx';
import { feedbackModule } from './modules/feedback/index.tsx';
import { giftsModule } from './modules/gifts/index.tsx';
import { holidaysModule } from './modules/holidays/index.tsx';
import { homeContentModule } from './modules/home-content/index.tsx';
import { noticesModule } from './modules/notices/index.tsx';
import { openServersModule } from './modules/open-servers/index.tsx';
import { playersModule } from './modules/players/index.tsx';
import { quickRepliesModule } from './modules/quick-replies/index.tsx';
import { serviceDeskModule } from './modules/service-desk/index.tsx';
import { settingsModule } from './modules/settings/index.tsx';
import { tradingModule } from './modules/trading/index.tsx';
import { withdrawalsModule } from './modules/withdrawals/index.tsx';

/** What a module's page gets: the signed-in staff member. */
export interface StaffPageProps {
  staff: { id: number; name: string; role: StaffRole };
}

/**
 * A console feature (docs/staff-console.md "Adding a module"): src/staff/modules/<id>/index.tsx
 * exports one, listed below. The shell shows it in the nav to the roles listed (admin sees
 * every module) at /staff/<id>. The server checks the roles again on every call the page makes.
 */
export interface StaffModule {
  /** URL segment and key: lower-case letters, digits and '-'. */
  id: string;
  /** The nav entry and page title (Chinese). */
  title: string;
  /** Roles besides admin that see it. */
  roles: readonly StaffRole[];
  Page: ComponentType<StaffPageProps>;
}

export const STAFF_MODULES: readonly StaffModule[] = [accountsModule, auditModule, serviceDeskModule, quickRepliesModule, playersModule, feedbackModule, noticesModule, broadcastsModule, articlesModule, withdrawalsModule, tradingModule, holidaysModule, openServersModule, homeContentModule, giftsModule, couponsModule, storeModule, settingsModule];

export function modulesFor(role: StaffRole, modules: readonly StaffModule[] = STAFF_MODULES): StaffModule[] {
  return modules.filter((module) => role === 'admin' || module.roles.includes(role));
}
