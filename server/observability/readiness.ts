import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';

export type CheckName = 'database' | 'kv';
export type CheckResult = 'ok' | 'failed' | 'timeout';

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  shuttingDown?: true;
}

export const READINESS_TIMEOUT_MS = 1_000;

/** Settles with the check's result, or 'timeout' when it takes longer than timeoutMs. */
async function within(timeoutMs: number, check: () => Promise<void>): Promise<CheckResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref?.();
  });
  try {
    return await Promise.race([check().then((): CheckResult => 'ok', (): CheckResult => 'failed'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A trivial query and a kv round trip (set then read back a short-lived key), each with its own timeout. */
export async function checkReadiness(deps: { db: Kysely<Database>; kv: KvStore; timeoutMs?: number }): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  const [database, kv] = await Promise.all([
    within(timeoutMs, async () => {
      await sql`select 1`.execute(deps.db);
    }),
    within(timeoutMs, async () => {
      const key = `readyz:${process.pid}`;
      const value = String(Date.now());
      await deps.kv.set(key, value, 10_000);
      if ((await deps.kv.get(key)) !== value) throw new Error('kv round trip read back something else');
    }),
  ]);
  return { ready: database === 'ok' && kv === 'ok', checks: { database, kv } };
}

const shuttingDown = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503 (the load balancer stops sending); the server still serves what comes. */
export function markShuttingDown(app: FastifyInstance): void {
  shuttingDown.add(app);
}

/** GET /healthz (liveness: the process answers) and GET /readyz (readiness: it can serve). */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; kv: KvStore; timeoutMs?: number }): void {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (shuttingDown.has(app)) {
      return reply.status(503).send({ ready: false, shuttingDown: true, checks: {} });
    }
    const readiness = await checkReadiness(deps);
    if (!readiness.ready) request.log.warn({ checks: readiness.checks }, 'not ready');
    return reply.status(readiness.ready ? 200 : 503).send(readiness);
  });
}
