import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_BODY_BYTES } from '../api/protocol/wire.ts';
import { registerCalls } from './api-pipeline.ts';
import type { CallDefinition } from './calls.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { KvStore } from './kv-store.ts';
import type { ReplayGuard } from './replay-guard.ts';
import type { ModuleServices, ServerModule } from './module.ts';
import { accountsModule } from './accounts/index.ts';
import { catalogModule } from './catalog/index.ts';
import { helpModule } from './help/index.ts';
import { holidaysModule } from './holidays/index.ts';
import { inviteModule } from './invite/index.ts';
import { messagesModule } from './messages/index.ts';
import { serviceModule } from './service/index.ts';
import { staffModule } from './staff/index.ts';
import { tasksModule } from './tasks/index.ts';
import { tradingModule } from './trading/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { walletModule } from './wallet/index.ts';
import { withdrawalsModule } from './withdrawals/index.ts';
import { createServiceBus, type ServiceBus } from './service/bus.ts';
import { redactStreamTicket } from './service/stream.ts';
import { registerOrderHooks, type OrderHooks } from './money/products.ts';
import { clawBackInviteShare, creditInviteShare } from './invite/invites.ts';
import { postOrderMessage } from './messages/order-messages.ts';
import { taskOnOrderPaid } from './tasks/hooks.ts';
import { tradeOrderProduct } from './trading/order-product.ts';
import type { HttpPost } from './money/delivery.ts';
import { createSmsProvider } from './sms-provider.ts';
import { registerDevSmsOutbox, type SmsProvider } from './sms.ts';
import { createFirstPaint } from './first-paint.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStaffConsoleFiles, registerStaticFiles } from './static-files.ts';
import { registerStaffCalls, type StaffCallDefinition } from './staff/calls.ts';
import { createObjectStorage, type ObjectStorage } from './storage/index.ts';
import { createHolidaySource, type HolidaySource } from './holidays/store.ts';
import { redactUploadTicket } from './uploads/upload-routes.ts';
import { createMetrics, registerMetrics, type PoolStats } from './observability/metrics.ts';
import { registerHealthRoutes } from './observability/readiness.ts';
import { genReqId, REQUEST_ID_HEADER } from './observability/request-id.ts';

export { serviceStreamsOf } from './service/index.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  kv: KvStore;
  /** Where used request signatures are remembered (server/replay-guard.ts createReplayGuard); the kv store when absent. The caller closes it. */
  replay?: ReplayGuard;
  now?: () => number;
  /** Where logs go (tests capture them); stdout by default. Redaction applies either way. */
  logStream?: { write(line: string): void };
  /** Verification-code SMS; defaults to the console provider (dev outbox, PROTOCOL §9). */
  sms?: SmsProvider;
  /** Object storage for uploads; defaults to the configured one (closed with the app). */
  storage?: ObjectStorage;
  /** Money (server/money/): the senders' HTTP client (tests route it), and whether the sandbox sends its first notification at once (default yes). */
  money?: { http?: HttpPost; sendAtOnce?: boolean };
  /** Customer service's bus (server/service/bus.ts); defaults to Redis pub/sub when REDIS_URL is set, else in-process (closed with the app). */
  serviceBus?: ServiceBus;
  /** The /service stream's heartbeat (tests shorten it). */
  serviceStream?: { heartbeatMs?: number };
  /** PostgreSQL's pool (DatabaseHandle.pool): its connection counts are metrics. */
  dbPool?: PoolStats | null;
  /** /readyz's per-check timeout (tests shorten it). */
  readinessTimeoutMs?: number;
  /** The holiday calendar minors' play days read (server/holidays/store.ts); one per app by default. */
  holidays?: HolidaySource;
  /**
   * Start the modules' scheduled jobs once the app listens, and stop them when it closes (the server
   * process does: server/main.ts). Off by default: tests drive a job's passes themselves.
   */
  jobs?: boolean;
}

/** Masks phone numbers and long digit runs in anything logged (URLs carry phones in /dev/sms). */
export function maskDigits(text: string): string {
  return text.replace(/\d{7,}/g, (run) => `${run.slice(0, 3)}****${run.slice(-2)}`);
}

export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.token',
  '*.password',
  '*.phone_code',
  '*.code',
  '*.sign',
  '*.secrets',
];

/**
 * What paid orders reach (server/money/products.ts): money/ sits below the domains and imports
 * none of them; they are wired here. The listeners run in this order inside the order's transaction.
 */
export const ORDER_HOOKS: OrderHooks = {
  products: { trade: tradeOrderProduct },
  // The inviter's share, then the paid-order task.
  rechargePaid: [creditInviteShare, (trx, order, _payer, now) => taskOnOrderPaid(trx, order, now)],
  refunded: [clawBackInviteShare],
  news: postOrderMessage,
};

/**
 * The server's product domains, each a folder whose index.ts exports its module (server/module.ts):
 * buildApp serves their calls and routes and runs their jobs; server/main.ts seeds them in this order.
 */
export const MODULES: readonly ServerModule[] = [catalogModule, accountsModule, serviceModule, tasksModule, walletModule, helpModule, messagesModule, inviteModule, withdrawalsModule, tradingModule, holidaysModule, staffModule, uploadsModule];

/** Without services (e.g. to list paths) the SMS calls answer '验证码发送失败'. */
export function allCalls(services: ModuleServices = { sms: { send: () => Promise.reject(new Error('no SMS provider')) } }): CallDefinition[] {
  return MODULES.flatMap((domain) => domain.calls(services));
}

/**
 * Every staff call the server serves (docs/staff-console.md). HOW TO ADD ONE: declare it with
 * defineStaffCall in api/protocol/staff/<group>.ts (listed in api/protocol/staff/all.ts), serve it
 * with handleStaff (server/staff/index.ts) in the server/<domain>/staff-calls.ts of the domain whose
 * data it changes, and return it from that module's staffCalls. server/staff/registry.test.ts then
 * checks, for every call listed, that a player's token, no session and each role not allowed are
 * refused. Without services (listing the calls) the modules use stand-ins (server/module.ts), and
 * the calls that read stored objects fail.
 */
export function allStaffCalls(services: Omit<ModuleServices, 'sms'> = {}): StaffCallDefinition[] {
  return MODULES.flatMap((domain) => domain.staffCalls?.(services) ?? []);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  registerOrderHooks(ORDER_HOOKS);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: maskDigits(redactStreamTicket(redactUploadTicket(req.url))), remoteAddress: req.ip }),
      },
    },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // On close: stop accepting, close idle keep-alive sockets at once, let in-flight requests finish.
    forceCloseConnections: 'idle',
    // Request ids (server/observability/request-id.ts): a sane incoming x-request-id, else a random one; in every log line as reqId.
    genReqId,
    // Fastify's two lines a request (at info) drown what matters in `npm start`'s console: one line,
    // at debug (the onResponse hook below); /metrics counts requests in production.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug({ req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    done();
  });
  registerSecurityHeaders(app, { production: config.production });
  const holidays = deps.holidays ?? createHolidaySource(config.minorsExtraHolidays);
  const metrics = createMetrics({ db: deps.db, pool: deps.dbPool ?? null, holidays, ...(deps.now ? { now: deps.now } : {}), onCollectError: (error) => app.log.warn({ err: error }, 'scrape-time metrics failed') });
  registerMetrics(app, metrics, { production: config.production, token: config.metricsToken });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: 'Not Found', data: null });
  });
  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    reply.status(status).type('application/json; charset=utf-8').send({
      code: status,
      msg: status === 413 ? 'Payload Too Large' : status === 500 ? 'Internal Server Error' : error.message,
      data: null,
    });
  });

  const sms = deps.sms ?? createSmsProvider(config.sms, { log: app.log, production: config.production });
  const serviceBus = deps.serviceBus ?? createServiceBus(config.redisUrl, (error) => app.log.warn({ err: error }, 'service bus error'), config.redisKeyPrefix);
  if (!deps.serviceBus) app.addHook('onClose', () => serviceBus.close());
  const calls = allCalls({ sms, serviceBus, holidays });
  registerCalls(app, calls, { ...deps, observeAnswer: metrics.observeAnswer });
  // The staff console's API (server/staff/, docs/staff-console.md): its own session, never a player's token.
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? createObjectStorage(config.storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  registerStaffCalls(app, allStaffCalls({ serviceBus, holidays, storage }), deps);
  registerDevSmsOutbox(app, sms, config.production, deps.kv);
  // Each module's routes go on the app itself: the few that need their own content-type parser
  // (the money notifications, uploads) already scope it in a child context of their own.
  const moduleDeps = { config, db: deps.db, kv: deps.kv, now, log: app.log, sms, serviceBus, holidays, storage, ...(deps.money ? { money: deps.money } : {}), ...(deps.serviceStream ? { serviceStream: deps.serviceStream } : {}) };
  for (const domain of MODULES) domain.routes?.(app, moduleDeps);
  if (deps.jobs) {
    // Once listening, not on ready: the money jobs' sandbox notifies this server's own address.
    const jobs = MODULES.flatMap((domain) => domain.jobs?.({ config, db: deps.db, log: app.log, storage, ...(deps.now ? { now: deps.now } : {}) }) ?? []);
    let started = false;
    app.addHook('onListen', async () => {
      if (started) return;
      started = true;
      for (const job of jobs) job.start();
    });
    // After in-flight requests have finished (onClose), before the caller closes kv and the database.
    app.addHook('onClose', async () => {
      for (const job of jobs) await job.stop();
    });
  }
  registerHealthRoutes(app, { db: deps.db, kv: deps.kv, holidays, now, ...(deps.readinessTimeoutMs ? { timeoutMs: deps.readinessTimeoutMs } : {}) });
  if (config.staffStaticDir) registerStaffConsoleFiles(app, config.staffStaticDir, { mediaBaseUrl: config.mediaBaseUrl });
  if (config.staticDir) {
    const firstPaint = createFirstPaint({ calls, db: deps.db, kv: deps.kv, config, log: app.log, ...(deps.now ? { now: deps.now } : {}) });
    registerStaticFiles(app, config.staticDir, { pageExtras: firstPaint, mediaBaseUrl: config.mediaBaseUrl });
  }
  return app;
}
