import { existsSync, mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { startCancellationJob } from './cancellation.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedCatalog } from './db/seed-catalog.ts';
import { seedContent } from './db/seed-content.ts';
import { seedDevStaff } from './staff/dev-accounts.ts';
import { startMoneyJobs } from './money/jobs.ts';
import { startPointsExpiryJob } from './tasks/expiry.ts';
import { moneyServices } from './money/services.ts';
import { createKvStore } from './kv-store.ts';
import { startAutosendJob } from './money/autosend.ts';
import { startTradingJobs } from './trading/jobs.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (!config.databaseUrl && !existsSync(config.dataDir)) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  if (config.seed) {
    await seedContent(database.db);
    // The game catalogue, once; its 开服表 and launch dates are relative to this first start.
    await seedCatalog(database.db);
    // One staff account per role with documented credentials (README); never in production.
    await seedDevStaff(database.db, { production: config.production, secret: config.realName.secret });
  }
  const kv = createKvStore(config.redisUrl);
  const app = await buildApp({ config, db: database.db, kv });
  app.log.info({ database: database.kind, migrations: applied, kv: config.redisUrl ? 'redis' : 'memory' }, 'database ready');
  // Scheduled work, outside the request path: due account cancellations now, then every minute.
  const cancellationJob = startCancellationJob({ db: database.db, log: app.log.child({ job: 'cancellation' }) });
  // Cards' daily benefits that are sent without a claim (the day's grant is unique: safe in several processes).
  const autosendJob = startAutosendJob({ db: database.db, log: app.log.child({ job: 'autosend' }) });
  // Points earned in year Y expire at the end of Y+1 (server/tasks/expiry.ts).
  const pointsExpiryJob = startPointsExpiryJob({ db: database.db, log: app.log.child({ job: 'points-expiry' }) });
  // 账号交易 (issue 15): sellers' proceeds after the cooling-off, listings past their term (every minute).
  const tradingJobs = startTradingJobs({ db: database.db, log: app.log.child({ job: 'trading' }) });

  let moneyJobs: { stop(): Promise<void> } | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await cancellationJob.stop();
      await autosendJob.stop();
      await pointsExpiryJob.stop();
      await tradingJobs.stop();
      await moneyJobs?.stop();
      await kv.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Money (issue 12): unpaid orders expire, the sandbox's notifications and the game deliveries go
  // out — at start-up (what a crash or a stop left due) and then every MONEY_JOB_INTERVAL_MS.
  const money = moneyServices(config);
  moneyJobs = startMoneyJobs({ db: database.db, provider: money.provider, http: money.http, game: money.game, log: app.log.child({ job: 'money' }), intervalMs: config.money.jobIntervalMs });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
