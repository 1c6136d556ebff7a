import { startAutosendJob } from '../money/autosend.ts';
import { startMoneyJobs } from '../money/jobs.ts';
import { bindMoneyServer, moneyServices } from '../money/services.ts';
import { periodicJobs, type ServerModule } from '../module.ts';
import { orderCalls, registerMoneyRoutes } from './orders.ts';
import { perksCalls } from './perks.ts';

/** The player's money (server/money/ keeps the ledger and the orders): recharges and orders, the wallet's records, cards and perks. */
export const walletModule: ServerModule = {
  name: 'wallet',
  calls: () => [...orderCalls, ...perksCalls],
  routes: (app, deps) => {
    bindMoneyServer(deps.config, app, deps.money?.http);
    registerMoneyRoutes(app, { db: deps.db, config: deps.config, now: deps.now, ...(deps.money?.sendAtOnce === false ? { sendAtOnce: false } : {}) });
  },
  jobs: (deps) =>
    periodicJobs(() => {
      // Cards' daily benefits that are sent without a claim (the day's grant is unique: safe in several processes).
      const autosend = startAutosendJob({ db: deps.db, log: deps.log.child({ job: 'autosend' }), ...(deps.now ? { now: deps.now } : {}) });
      // Unpaid orders expire, the sandbox's notifications and the game deliveries go out: what a crash
      // or a stop left due, then every MONEY_JOB_INTERVAL_MS. The sandbox notifies this server's own
      // address, which is why the jobs start once it listens.
      const money = moneyServices(deps.config);
      const jobs = startMoneyJobs({ db: deps.db, provider: money.provider, http: money.http, game: money.game, log: deps.log.child({ job: 'money' }), intervalMs: deps.config.money.jobIntervalMs, ...(deps.now ? { now: deps.now } : {}) });
      return [autosend, jobs];
    }),
};
