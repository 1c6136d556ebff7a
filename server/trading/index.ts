import { periodicJobs, type ServerModule } from '../module.ts';
import { startTradingJobs } from './jobs.ts';
import { tradeListingCalls } from './listing-calls.ts';
import { tradePurchaseCalls } from './purchase-calls.ts';
import { registerSubAccountSessions } from './sessions.ts';
import { staffListingReviewCalls, staffTradeDisputeCalls } from './staff-calls.ts';
import { staffTradeSettingsCalls } from './staff-settings.ts';

/** 账号交易: listings, purchases, disputes and the sub-accounts' game sessions. */
export const tradingModule: ServerModule = {
  name: 'trading',
  calls: () => [...tradeListingCalls, ...tradePurchaseCalls],
  // The console's review of listings, its trades and disputes, and the trading rules' numbers.
  staffCalls: () => [...staffListingReviewCalls, ...staffTradeDisputeCalls, ...staffTradeSettingsCalls],
  // The simulated game's session check of sub-account log-ins.
  routes: (app, deps) => registerSubAccountSessions(app, deps.db, deps.now),
  // Sellers' proceeds after the cooling-off, listings past their term (every minute).
  jobs: (deps) => periodicJobs(() => [startTradingJobs({ db: deps.db, log: deps.log.child({ job: 'trading' }), ...(deps.now ? { now: deps.now } : {}) })]),
};
