import type { ServerModule } from '../module.ts';
import { withdrawalCalls } from './calls.ts';

/** Players' withdrawals of their income (staff review them: server/staff/routes/withdrawals.ts). */
export const withdrawalsModule: ServerModule = {
  name: 'withdrawals',
  calls: () => withdrawalCalls,
};
