import { startCancellationJob } from '../cancellation.ts';
import { periodicJobs, type ServerModule } from '../module.ts';
import { accountCancelCalls } from './account-cancel.ts';
import { accountSecurityCalls } from './account-security.ts';
import { authCalls } from './auth.ts';
import { authAccountCalls } from './auth-account.ts';
import { profileCalls } from './profile.ts';
import { realNameCalls } from './real-name.ts';
import { staffPlayerCalls } from './staff-players.ts';

// What other domains use of accounts: sealing (withdrawals' payee names).
export { identitySealer, type IdentitySealer } from './seal.ts';

/** The player's account: sign-in and sign-up, the account page, its security, profile, real-name verification and cancellation; staff's 玩家管理. */
export const accountsModule: ServerModule = {
  name: 'accounts',
  calls: (services) => [...authCalls(services), ...authAccountCalls, ...realNameCalls, ...profileCalls, ...accountCancelCalls, ...accountSecurityCalls],
  // 玩家管理: customer service's view of the accounts.
  staffCalls: () => staffPlayerCalls,
  // Due account cancellations at start-up, then every minute.
  jobs: (deps) => periodicJobs(() => [startCancellationJob({ db: deps.db, log: deps.log.child({ job: 'cancellation' }), ...(deps.now ? { now: deps.now } : {}) })]),
};
