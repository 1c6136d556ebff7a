import type { ServerModule } from '../module.ts';
import { withdrawalCalls } from './calls.ts';
import { staffWithdrawalCalls } from './staff-calls.ts';

// What trading uses of withdrawals (the payee's sealed real name).
export { payeeSealer, realNameFacts } from './withdrawals.ts';

/** Players' withdrawals of their income, and the staff console's review of them. */
export const withdrawalsModule: ServerModule = {
  name: 'withdrawals',
  calls: () => withdrawalCalls,
  staffCalls: () => staffWithdrawalCalls,
};
