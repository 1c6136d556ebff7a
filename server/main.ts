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
import { createReplayGuard } from './replay-guard.ts';
import { startAutosendJob } from './money/autosend.ts';
import { startTradingJobs } from './trading/jobs.ts';
import { createShutdown } from './observability/shutdown.ts';

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
  // A pooled connection that PostgreSQL ends (restart, pg_terminate_backend) is dropped and logged, never fatal.
  let logPoolError = (error: Error) => console.warn(`database pool: connection lost (${error.message})`);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onPoolError: (error) => logPoolError(error) });
  // Several processes may start at once on one PostgreSQL: they migrate and seed one at a time.
  const applied = await database.startupLock(async () => {
    const names = await migrateToLatest(database.db);
    if (config.seed) {
      await seedContent(database.db);
      // The game catalogue, once; its 开服表 and launch dates are relative to this first start.
      await seedCatalog(database.db);
      // One staff account per role with documented credentials (README); never in production.
      await seedDevStaff(database.db, { production: config.production, secret: config.realName.secret });
    }
    return names;
  });
  // The logger exists only once the app is built; until then connection errors go to a console line.
  let kvLog: { warn(details: object, message: string): void } = { warn: (details, message) => console.warn(message, details) };
  const kv = createKvStore(config.redisUrl, config.redisKeyPrefix, { onError: (details, message) => kvLog.warn(details, message) });
  // Used signatures: Redis, or on the embedded database a journal in DATA_DIR that outlives a restart.
  const replay = createReplayGuard(config, kv);
  const app = await buildApp({ config, db: database.db, kv, replay, dbPool: database.pool ?? null });
  kvLog = app.log.child({ component: 'kv' });
  logPoolError = (error) => app.log.warn({ err: error }, 'database pool: connection lost');
  app.log.info({ database: database.kind, migrations: applied, kv: config.redisUrl ? 'redis' : 'memory', replay: config.redisUrl ? 'redis' : config.databaseUrl ? 'memory' : 'journal' }, 'database ready');
  // Scheduled work, outside the request path: due account cancellations now, then every minute.
  const cancellationJob = startCancellationJob({ db: database.db, log: app.log.child({ job: 'cancellation' }) });
  // Cards' daily benefits that are sent without a claim (the day's grant is unique: safe in several processes).
  const autosendJob = startAutosendJob({ db: database.db, log: app.log.child({ job: 'autosend' }) });
  // Points earned in year Y expire at the end of Y+1 (server/tasks/expiry.ts).
  const pointsExpiryJob = startPointsExpiryJob({ db: database.db, log: app.log.child({ job: 'points-expiry' }) });
  // 账号交易: sellers' proceeds after the cooling-off, listings past their term (every minute).
  const tradingJobs = startTradingJobs({ db: database.db, log: app.log.child({ job: 'trading' }) });

  let moneyJobs: { stop(): Promise<void> } | null = null;
  // Graceful stop (server/observability/shutdown.ts): /readyz 503 at once, in-flight requests finish,
  // then the jobs stop, then kv and the database close; a force exit after 10 s remains.
  const shutdown = createShutdown({
    app,
    log: app.log,
    exit: (code) => process.exit(code),
    steps: [
      { name: 'cancellation job', run: () => cancellationJob.stop() },
      { name: 'autosend job', run: () => autosendJob.stop() },
      { name: 'points expiry job', run: () => pointsExpiryJob.stop() },
      { name: 'trading jobs', run: () => tradingJobs.stop() },
      { name: 'money jobs', run: async () => moneyJobs?.stop() },
      { name: 'replay window', run: () => replay.close() },
      { name: 'kv', run: () => kv.close() },
      { name: 'database', run: () => database.close() },
    ],
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Money: unpaid orders expire, the sandbox's notifications and the game deliveries go
  // out — at start-up (what a crash or a stop left due) and then every MONEY_JOB_INTERVAL_MS.
  const money = moneyServices(config);
  moneyJobs = startMoneyJobs({ db: database.db, provider: money.provider, http: money.http, game: money.game, log: app.log.child({ job: 'money' }), intervalMs: config.money.jobIntervalMs });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
