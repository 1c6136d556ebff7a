import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MemoryKvStore, RedisKvStore, type KvStore } from '../kv-store.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { wireClient } from '../../tests/helpers/wire-client.ts';
import { checkReadiness, markShuttingDown } from './readiness.ts';
import { createShutdown } from './shutdown.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Built {
  app: FastifyInstance;
  database: DatabaseHandle;
  kv: KvStore;
  lines: string[];
}

const opened: Built[] = [];

async function build(options: { kind?: 'pglite' | 'postgres'; config?: Partial<ServerConfig>; kv?: KvStore; logLevel?: string; deps?: Partial<AppDeps> } = {}): Promise<Built> {
  const config = { ...loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: options.logLevel ?? 'silent' }), ...options.config };
  const database = await createTestDatabase(options.kind);
  const kv = options.kv ?? new MemoryKvStore();
  const lines: string[] = [];
  const app = await buildApp({ config, db: database.db, kv, logStream: { write: (line) => void lines.push(line) }, ...options.deps });
  const built = { app, database, kv, lines };
  opened.push(built);
  return built;
}

afterEach(async () => {
  for (const { app, database, kv } of opened.splice(0)) {
    await app.close().catch(() => {});
    await kv.close().catch(() => {});
    await database.close().catch(() => {});
  }
  for (const db of unreachables.splice(0)) await db.destroy();
});

const unreachables: Kysely<Database>[] = [];
/** A database nobody listens for (port 1): every query fails with ECONNREFUSED. */
function unreachableDb(): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 }) }) });
  unreachables.push(db);
  return db;
}

/** A kv store whose every operation fails (Redis down). */
class FailingKv extends MemoryKvStore {
  override async set(): Promise<void> {
    throw new Error('kv unreachable');
  }
}

/** A clock far from the calendar's end (the package covers 2026), and what /readyz details then. */
const JUNE = () => Date.parse('2026-06-01T12:00:00+08:00');
const JUNE_CALENDAR = { today: '2026-06-01', last_covered_date: '2026-12-31', days_left: 214, warn: false, warn_days: 60, next_year_needed: 2027 };

describe.each(DATABASE_KINDS)('readiness (%s)', (kind) => {
  it('/healthz keeps its answer; /readyz is 200 with both checks ok', async () => {
    const { app } = await build({ kind, deps: { now: JUNE } });
    const health = await app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, checks: { database: 'ok', kv: 'ok' }, details: { holidayCalendar: JUNE_CALENDAR }, warnings: [] });
  });

  it('database down (connections refused) → 503 naming the database', async () => {
    const { app } = await build({ kind, deps: { db: unreachableDb() } });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, checks: { database: 'failed', kv: 'ok' } });
  });

  it('kv failing → 503 naming kv', async () => {
    const { app } = await build({ kind, kv: new FailingKv(), deps: { now: JUNE } });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, checks: { database: 'ok', kv: 'failed' }, details: { holidayCalendar: JUNE_CALENDAR }, warnings: [] });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('readiness on Redis', () => {
  it('a Redis kv round trip is ready; an unreachable Redis is 503 naming kv', async () => {
    const { app } = await build({ kv: new RedisKvStore(process.env.TEST_REDIS_URL!, `gp-readyz-${process.pid}:`), deps: { now: JUNE } });
    expect((await app.inject('/readyz')).json()).toEqual({ ready: true, checks: { database: 'ok', kv: 'ok' }, details: { holidayCalendar: JUNE_CALENDAR }, warnings: [] });
    const down = await build({ kv: new RedisKvStore('redis://127.0.0.1:1'), deps: { readinessTimeoutMs: 300 } });
    const ready = await down.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.database).toBe('ok');
    expect(['failed', 'timeout']).toContain(ready.json().checks.kv);
  });
});

describe('readiness', () => {
  it('a check that hangs answers timeout after its time limit', async () => {
    vi.useFakeTimers();
    try {
      const { database } = await (async () => {
        vi.useRealTimers();
        const built = await build();
        vi.useFakeTimers();
        return built;
      })();
      const hanging: KvStore = Object.assign(new MemoryKvStore(), { set: () => new Promise<void>(() => {}) });
      const result = checkReadiness({ db: database.db, kv: hanging, timeoutMs: 500 });
      await vi.advanceTimersByTimeAsync(500);
      expect(await result).toEqual({ ready: false, checks: { database: 'ok', kv: 'timeout' } });
      await hanging.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 once shutting down, even with both checks fine', async () => {
    const { app } = await build();
    markShuttingDown(app);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, shuttingDown: true });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe('metrics', () => {
  it('counts requests per route pattern (never the raw URL), API errors by wire code, queue depths and process metrics', async () => {
    const { app, database } = await build();
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    await fetch(`${url}/healthz`);
    await fetch(`${url}/healthz`);
    await fetch(`${url}/dev/sms/13800138000`);
    await fetch(`${url}/no/such/page/123456?phone=13900139000`);
    const call = wireClient(url);
    expect((await call('/api/user/getUserInfo', {})).code).toBe(105);
    expect((await call('/api/user/getUserInfo', {})).code).toBe(105);
    expect((await call('/down/appVersion', {})).code).toBe(1);
    const now = new Date();
    await database.db.insertInto('payment_notifications').values({ trade_no: 'T1', url: 'http://x', body: '', next_attempt_at: now, created_at: now }).execute();

    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'http_requests_total', 'method="GET",route="/healthz",status="200"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/healthz",status="200"')).toBe(2);
    expect(sample(text, 'http_requests_total', 'method="GET",route="/dev/sms/:phone",status="404"')).toBe(1);
    expect(sample(text, 'http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(1);
    expect(sample(text, 'http_requests_total', 'method="POST",route="/api/user/getUserInfo",status="200"')).toBe(2);
    expect(sample(text, 'api_errors_total', 'call="/api/user/getUserInfo",code="105"')).toBe(2);
    expect(text).not.toContain('call="/down/appVersion"');
    expect(text).not.toMatch(/13800138000|13900139000|123456|no\/such/);
    expect(sample(text, 'queue_depth', 'queue="payment_notifications"')).toBe(1);
    expect(sample(text, 'queue_depth', 'queue="deliveries"')).toBe(0);
    expect(sample(text, 'queue_depth', 'queue="due_trades"')).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain('db_pool_connections'); // PGlite: no PostgreSQL pool
  });

  it('a failing depth query leaves the depths out but the scrape still answers', async () => {
    const { app } = await build({ deps: { db: unreachableDb() } });
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).not.toMatch(/^queue_depth\{/m);
  });

  it('reports the PostgreSQL pool', async () => {
    const pool = { totalCount: 3, idleCount: 1, waitingCount: 2 };
    const { app } = await build({ deps: { dbPool: pool } });
    const text = (await app.inject('/metrics')).body;
    expect(sample(text, 'db_pool_connections', 'state="total"')).toBe(3);
    expect(sample(text, 'db_pool_connections', 'state="idle"')).toBe(1);
    expect(sample(text, 'db_pool_connections', 'state="waiting"')).toBe(2);
  });

  it.runIf(DATABASE_KINDS.includes('postgres'))('reports the real pool on PostgreSQL', async () => {
    const { app, database } = await build({ kind: 'postgres' });
    const withPool = await buildApp({ config: loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' }), db: database.db, kv: new MemoryKvStore(), dbPool: database.pool ?? null });
    try {
      await app.inject('/readyz');
      expect(database.pool).toBeDefined();
      expect(sample((await withPool.inject('/metrics')).body, 'db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    } finally {
      await withPool.close();
    }
  });

  it('two apps in one process keep separate registries', async () => {
    const a = await build();
    const b = await build();
    await a.app.inject('/healthz');
    expect(sample((await a.app.inject('/metrics')).body, 'http_requests_total', 'method="GET",route="/healthz",status="200"')).toBe(1);
    expect(sample((await b.app.inject('/metrics')).body, 'http_requests_total', 'method="GET",route="/healthz",status="200"')).toBeUndefined();
  });

  it('production: 404 without METRICS_TOKEN; with it, only to the bearer token', async () => {
    const closed = await build({ config: { production: true, metricsToken: null } });
    expect((await closed.app.inject('/metrics')).statusCode).toBe(404);
    const guarded = await build({ config: { production: true, metricsToken: TOKEN } });
    expect((await guarded.app.inject('/metrics')).statusCode).toBe(401);
    expect((await guarded.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const ok = await guarded.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
  });
});

describe('request log', () => {
  it('at the default level (info) a request writes no line; at debug exactly one', async () => {
    const quiet = await build({ logLevel: loadConfig({ STATIC_DIR: 'none' }).logLevel });
    await quiet.app.inject('/healthz');
    await quiet.app.inject('/no/such');
    expect(quiet.lines).toEqual([]);
    const chatty = await build({ logLevel: 'debug' });
    await chatty.app.inject('/healthz');
    await chatty.app.inject('/no/such');
    expect(chatty.lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['request completed', 'request completed']);
  });
});

describe('request ids', () => {
  it('a sane incoming x-request-id is echoed and in the request log line; anything else gets a fresh one', async () => {
    const { app, lines } = await build({ logLevel: 'debug' });
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-7f3a.1_b' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.1_b');
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; res?: { statusCode: number } }).filter((l) => l.reqId === 'edge-7f3a.1_b');
    expect(logged.map((l) => l.msg)).toEqual(['request completed']);
    expect(logged[0]?.res?.statusCode).toBe(200);

    const bad = await app.inject({ url: '/healthz', headers: { 'x-request-id': `bad id ${'x'.repeat(70)}` } });
    const fresh = String(bad.headers['x-request-id']);
    expect(fresh).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(lines.join('\n')).not.toContain('bad id');
    const none1 = (await app.inject('/healthz')).headers['x-request-id'];
    const none2 = (await app.inject('/no/such')).headers['x-request-id'];
    expect(none1).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(none2).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(new Set([fresh, none1, none2]).size).toBe(3);
  });
});

describe('graceful shutdown', () => {
  it('readyz 503 at once, the in-flight request finishes with 200, idle keep-alive sockets close, new connections are refused, then jobs, kv and the database close in order', async () => {
    const order: string[] = [];
    const built = await build();
    const { app } = built;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    app.get('/test/slow', async () => {
      entered();
      await released;
      order.push('slow answered');
      return { slow: 'done' };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;

    // An idle keep-alive connection (would hold close() open without forceCloseConnections 'idle').
    const agent = new http.Agent({ keepAlive: true });
    const idle = await new Promise<{ closed: Promise<void> }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ closed: new Promise<void>((closed) => req.socket!.once('close', () => closed())) }));
      });
      req.on('error', reject);
    });

    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/test/slow', agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    await inFlight;

    let exited!: (code: number) => void;
    const exit = new Promise<number>((resolve) => (exited = resolve));
    let forced: (() => void) | null = null;
    const shutdown = createShutdown({
      app,
      log: { info: () => {}, error: () => {} },
      exit: (code) => exited(code),
      setTimer: (run) => ((forced = run), {}),
      steps: [
        { name: 'jobs', run: async () => void order.push('jobs') },
        { name: 'kv', run: async () => (order.push('kv'), built.kv.close()) },
        { name: 'database', run: async () => (order.push('database'), built.database.close()) },
      ],
    });
    void shutdown('SIGTERM');
    expect(forced).not.toBeNull();
    expect((await app.inject('/readyz')).statusCode).toBe(503);

    await idle.closed;
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => (socket.destroy(), resolve('connected')));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(order).toEqual([]);

    release();
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ slow: 'done' }) });
    expect(await exit).toBe(0);
    expect(order).toEqual(['slow answered', 'jobs', 'kv', 'database']);
    agent.destroy();
    opened.splice(opened.indexOf(built), 1);
  });

  it('a second signal does not start another stop; a failed step still closes the rest and exits 1; the force exit exits 1', async () => {
    const built = await build();
    const codes: number[] = [];
    const ran: string[] = [];
    let forced!: () => void;
    const shutdown = createShutdown({
      app: built.app,
      log: { info: () => {}, error: () => {} },
      exit: (code) => void codes.push(code),
      setTimer: (run) => ((forced = run), {}),
      steps: [
        { name: 'jobs', run: async () => { ran.push('jobs'); throw new Error('job stuck'); } },
        { name: 'kv', run: async () => void ran.push('kv') },
      ],
    });
    const first = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(first);
    await first;
    expect(ran).toEqual(['jobs', 'kv']);
    expect(codes).toEqual([1]);
    forced();
    expect(codes).toEqual([1, 1]);
  });
});
