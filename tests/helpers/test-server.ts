import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { MemoryKvStore, type KvStore } from '../../server/kv-store.ts';
import type { SmsProvider } from '../../server/sms.ts';
import { createTestDatabase, type DatabaseKind } from './test-db.ts';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  database: DatabaseHandle;
  kv: KvStore;
  close(): Promise<void>;
}

/** A real server on a loopback port with its own fresh database. */
export async function startTestServer(
  options: { env?: NodeJS.ProcessEnv; kind?: DatabaseKind; now?: () => number; kv?: KvStore; logStream?: { write(line: string): void }; sms?: SmsProvider; money?: AppDeps['money']; serviceBus?: AppDeps['serviceBus']; serviceStream?: AppDeps['serviceStream']; replay?: AppDeps['replay'] } = {},
): Promise<TestServer> {
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase(options.kind);
  const kv = options.kv ?? new MemoryKvStore(options.now);
  const app = await buildApp({ config, db: database.db, kv, now: options.now, ...(options.logStream ? { logStream: options.logStream } : {}), ...(options.sms ? { sms: options.sms } : {}), ...(options.money ? { money: options.money } : {}), ...(options.serviceBus ? { serviceBus: options.serviceBus } : {}), ...(options.serviceStream ? { serviceStream: options.serviceStream } : {}), ...(options.replay ? { replay: options.replay } : {}) });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    config,
    database,
    kv,
    async close() {
      await app.close();
      await kv.close();
      await database.close();
    },
  };
}
