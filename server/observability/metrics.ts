import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SUCCESS_CODES } from '../../api/protocol/codes.ts';
import type { Database } from '../db/schema.ts';
import type { HolidaySource } from '../holidays/index.ts';

/** What pg.Pool exposes about its connections (PostgreSQL only). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** Label for requests that matched no route: never the raw URL (ids, query strings, scanners' paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; the API's own target is p99 ≤ 25 ms, so the buckets are fine below 100 ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  registry: Registry;
  /** One request answered (onResponse): O(1), no I/O. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** The answer code of one API call (the pipeline's send). */
  observeAnswer(call: string, code: number): void;
}

/**
 * A per-app registry (tests build many apps): request count and latency per route pattern, API
 * answers that are not success by wire code, queue depths and pool usage read on scrape, and the
 * default process metrics.
 */
export function createMetrics(deps: { db: Kysely<Database>; pool?: PoolStats | null; now?: () => number; holidays?: HolidaySource; onCollectError?: (error: unknown) => void }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const latency = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, buckets: LATENCY_BUCKETS, registers: [registry] });
  const apiErrors = new Counter({ name: 'api_errors_total', help: 'API call answers whose wire code is not a success code (SPEC §5), by call path and code.', labelNames: ['call', 'code'] as const, registers: [registry] });
  const now = deps.now ?? Date.now;
  const { db } = deps;
  const count = (rows: { n: number | string | bigint }[] | { n: number | string | bigint } | undefined) => Number((Array.isArray(rows) ? rows[0] : rows)?.n ?? 0);
  new Gauge({
    name: 'queue_depth',
    help: 'Work waiting in the durable queues, counted on scrape: payment notifications not yet acknowledged, game deliveries pending, trades past their cooling-off not yet released.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const at = new Date(now());
      try {
        const [notifications, deliveries, trades] = await Promise.all([
          db.selectFrom('payment_notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('acknowledged_at', 'is', null).where('gave_up_at', 'is', null).executeTakeFirst(),
          db.selectFrom('deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirst(),
          db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'cooling').where('release_at', '<=', at).executeTakeFirst(),
        ]);
        this.set({ queue: 'payment_notifications' }, count(notifications));
        this.set({ queue: 'deliveries' }, count(deliveries));
        this.set({ queue: 'due_trades' }, count(trades));
      } catch (error) {
        // A scrape still answers (process and request metrics); the depths are left out, not stale.
        this.reset();
        deps.onCollectError?.(error);
      }
    },
  });
  const holidays = deps.holidays;
  if (holidays) {
    new Gauge({
      name: 'dated_data_days_left',
      help: 'Days from today (China time) to the first day the dated data no longer covers, read on scrape; 0 or less once it has run out. data="holiday_calendar": the statutory holidays of minors\' play days (alert below 60).',
      labelNames: ['data'] as const,
      registers: [registry],
      async collect() {
        try {
          const coverage = await holidays.coverage(db, new Date(now()));
          this.set({ data: 'holiday_calendar' }, coverage.days_left);
        } catch (error) {
          this.reset();
          deps.onCollectError?.(error);
        }
      },
    });
  }
  const pool = deps.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  const children = new Map<string, { count: { inc(): void }; latency: { observe(value: number): void } }>();
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      // The label set is bounded (route patterns), so each combination's children are kept: one Map lookup per request.
      const key = `${method} ${status} ${route}`;
      let series = children.get(key);
      if (!series) {
        const labels = { method, route, status: String(status) };
        series = { count: requests.labels(labels), latency: latency.labels(labels) };
        children.set(key, series);
      }
      series.count.inc();
      series.latency.observe(seconds);
    },
    observeAnswer(call, code) {
      if (!SUCCESS_CODES.has(code)) apiErrors.inc({ call, code: String(code) });
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time check of `Authorization: Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Records every answer (onResponse hook: route pattern, never the URL) and serves GET /metrics.
 * Production: only with METRICS_TOKEN set, and then only to `Authorization: Bearer <token>`
 * (401 otherwise); without it /metrics answers 404. Outside production it is open.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, options: { production: boolean; token: string | null }): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (options.production && !options.token) return;
  const token = options.token;
  app.get('/metrics', async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('application/json; charset=utf-8').send({ code: 401, msg: 'Unauthorized', data: null });
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
