import { existsSync, mkdirSync } from 'node:fs';
import { buildApp, MODULES } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedContent } from './db/seed-content.ts';
import { createKvStore } from './kv-store.ts';
import { createReplayGuard } from './replay-guard.ts';
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
      // Then each domain's own rows (the game catalogue, the dev staff accounts), in MODULES' order.
      for (const domain of MODULES) await domain.seed?.(database.db, config);
    }
    return names;
  });
  // The logger exists only once the app is built; until then connection errors go to a console line.
  let kvLog: { warn(details: object, message: string): void } = { warn: (details, message) => console.warn(message, details) };
  const kv = createKvStore(config.redisUrl, config.redisKeyPrefix, { onError: (details, message) => kvLog.warn(details, message) });
  // Used signatures: Redis, or on the embedded database a journal in DATA_DIR that outlives a restart.
  const replay = createReplayGuard(config, kv);
  // The modules' scheduled jobs start once it listens and stop when it closes (server/app.ts).
  const app = await buildApp({ config, db: database.db, kv, replay, dbPool: database.pool ?? null, jobs: true });
  kvLog = app.log.child({ component: 'kv' });
  logPoolError = (error) => app.log.warn({ err: error }, 'database pool: connection lost');
  app.log.info({ database: database.kind, migrations: applied, kv: config.redisUrl ? 'redis' : 'memory', replay: config.redisUrl ? 'redis' : config.databaseUrl ? 'memory' : 'journal' }, 'database ready');
  // Graceful stop (server/observability/shutdown.ts): /readyz 503 at once, in-flight requests finish,
  // then the jobs stop (the app's close), then kv and the database close; a force exit after 10 s remains.
  const shutdown = createShutdown({
    app,
    log: app.log,
    exit: (code) => process.exit(code),
    steps: [
      { name: 'replay window', run: () => replay.close() },
      { name: 'kv', run: () => kv.close() },
      { name: 'database', run: () => database.close() },
    ],
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
