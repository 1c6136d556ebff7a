import type { ServerModule } from '../module.ts';
import { withdrawalCalls } from './calls.ts';

// What trading and the staff console use of withdrawals (the payee's sealed real name, the review).
export { payeeSealer, realNameFacts, reviewWithdrawal, STAFF_COLUMNS, type StaffAction, type StaffRow } from './withdrawals.ts';

/** Players' withdrawals of their income (staff review them: server/staff/routes/withdrawals.ts). */
export const withdrawalsModule: ServerModule = {
  name: 'withdrawals',
  calls: () => withdrawalCalls,
};
