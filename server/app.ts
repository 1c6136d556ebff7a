import { tradeListingCalls } from './routes/trade-listings.ts';
import { tradePurchaseCalls } from './routes/trade-purchase.ts';
import { registerSubAccountSessions } from './trading/sessions.ts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_BODY_BYTES } from '../api/protocol/wire.ts';
import { registerCalls } from './api-pipeline.ts';
import type { CallDefinition } from './calls.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { KvStore } from './kv-store.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { contentCalls, registerAppPackageDownloads } from './routes/content.ts';
import { authCalls } from './routes/auth.ts';
import { authAccountCalls } from './routes/auth-account.ts';
import { accountCancelCalls } from './routes/account-cancel.ts';
import { catalogCalls, registerCatalogRoutes } from './routes/catalog.ts';
import { pointCalls } from './routes/points.ts';
import { profileCalls } from './routes/profile.ts';
import { accountSecurityCalls } from './routes/account-security.ts';
import { ratingCalls } from './routes/rating.ts';
import { playCalls, registerPlayPage } from './routes/play.ts';
import { realNameCalls } from './routes/real-name.ts';
import { collectionCalls } from './routes/collections.ts';
import { perksCalls } from './routes/perks.ts';
import { messageCalls } from './routes/messages.ts';
import { inviteCalls } from './routes/invite.ts';
import { taskCalls } from './routes/tasks.ts';
import { serviceCalls } from './routes/service.ts';
import { createServiceBus, MemoryServiceBus, type ServiceBus } from './service/bus.ts';
import { registerDevServiceAgent } from './service/dev-agent.ts';
import { redactStreamTicket, registerServiceStream, type ServiceStreamHub } from './service/stream.ts';
import { helpCalls } from './routes/help.ts';
import { orderCalls, registerMoneyRoutes } from './routes/orders.ts';
import { withdrawalCalls } from './routes/withdrawals.ts';
import { storeCalls } from './routes/store.ts';
import { bindMoneyServer } from './money/services.ts';
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
import { registerStaffCalls } from './staff/calls.ts';
import { allStaffCalls } from './staff/registry.ts';
import { staffSessionLive } from './staff/sessions.ts';
import { checkStaffRequest, DESK_ROLES } from './staff/requests.ts';
import { registerStaffUploads } from './staff/uploads.ts';
import { registerAgentStream } from './service/agent-stream.ts';
import { createObjectStorage, type ObjectStorage } from './storage/index.ts';
import { createHolidaySource, type HolidaySource } from './holidays/store.ts';
import { redactUploadTicket, registerUploadRoutes } from './uploads/upload-routes.ts';
import { createMetrics, registerMetrics, type PoolStats } from './observability/metrics.ts';
import { registerHealthRoutes } from './observability/readiness.ts';
import { genReqId, REQUEST_ID_HEADER } from './observability/request-id.ts';

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
}

const streamHubs = new WeakMap<FastifyInstance, ServiceStreamHub>();

/** The app's open /service streams (tests). */
export function serviceStreamsOf(app: FastifyInstance): ServiceStreamHub | undefined {
  return streamHubs.get(app);
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

/** Without services (e.g. to list paths) the SMS calls answer '验证码发送失败'. */
export function allCalls(services: { sms: SmsProvider; serviceBus?: ServiceBus; holidays?: HolidaySource } = { sms: { send: () => Promise.reject(new Error('no SMS provider')) } }): CallDefinition[] {
  return [...contentCalls, ...authCalls(services), ...authAccountCalls, ...catalogCalls, ...serviceCalls(services.serviceBus ?? new MemoryServiceBus()), ...ratingCalls, ...pointCalls, ...realNameCalls, ...playCalls(services.holidays ?? createHolidaySource([])), ...profileCalls, ...accountCancelCalls, ...accountSecurityCalls, ...collectionCalls, ...orderCalls, ...perksCalls, ...helpCalls, ...messageCalls, ...inviteCalls, ...withdrawalCalls, ...storeCalls, ...taskCalls, ...tradeListingCalls, ...tradePurchaseCalls];
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
  registerStaffCalls(app, allStaffCalls({ serviceBus, holidays }), deps);
  registerDevSmsOutbox(app, sms, config.production, deps.kv);
  const now = deps.now ?? Date.now;
  const streams = registerServiceStream(app, { db: deps.db, kv: deps.kv, bus: serviceBus, config, now, log: app.log, ...(deps.serviceStream?.heartbeatMs ? { heartbeatMs: deps.serviceStream.heartbeatMs } : {}) });
  streamHubs.set(app, streams);
  registerDevServiceAgent(app, { db: deps.db, bus: serviceBus, hub: streams, now, production: config.production });
  // The desk's push channel: the staff session cookie (EventSource sends it), agents and administrators only.
  registerAgentStream(app, {
    db: deps.db,
    bus: serviceBus,
    config,
    log: app.log,
    ...(deps.serviceStream?.heartbeatMs ? { heartbeatMs: deps.serviceStream.heartbeatMs } : {}),
    authenticate: async (request) => {
      const check = await checkStaffRequest(deps.db, request, new Date(now()), { roles: DESK_ROLES, csrf: false });
      if (!check.ok) return { status: check.status, code: check.code, msg: check.msg };
      return { staffId: check.staff.id, seesAll: check.staff.role === 'admin', sessionId: check.staff.sessionId };
    },
    stillSignedIn: (agent) => (agent.sessionId === undefined ? Promise.resolve(false) : staffSessionLive(deps.db, agent.sessionId, new Date(now()))),
  });
  registerAppPackageDownloads(app, deps.db);
  registerCatalogRoutes(app, deps.db);
  bindMoneyServer(config, app, deps.money?.http);
  // The simulated game's session check of sub-account log-ins.
  registerSubAccountSessions(app, deps.db, deps.now ?? Date.now);
  registerMoneyRoutes(app, { db: deps.db, config, ...(deps.now ? { now: deps.now } : {}), ...(deps.money?.sendAtOnce === false ? { sendAtOnce: false } : {}) });
  registerPlayPage(app, deps.db, deps.kv, now);
  const storage = deps.storage ?? createObjectStorage(config.storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  registerUploadRoutes(app, { db: deps.db, kv: deps.kv, storage, config, now: deps.now ?? Date.now });
  registerStaffUploads(app, { db: deps.db, kv: deps.kv, storage, config, now: deps.now ?? Date.now });
  registerHealthRoutes(app, { db: deps.db, kv: deps.kv, holidays, now, ...(deps.readinessTimeoutMs ? { timeoutMs: deps.readinessTimeoutMs } : {}) });
  if (config.staffStaticDir) registerStaffConsoleFiles(app, config.staffStaticDir, { mediaBaseUrl: config.mediaBaseUrl });
  if (config.staticDir) {
    const firstPaint = createFirstPaint({ calls, db: deps.db, kv: deps.kv, config, log: app.log, ...(deps.now ? { now: deps.now } : {}) });
    registerStaticFiles(app, config.staticDir, { pageExtras: firstPaint, mediaBaseUrl: config.mediaBaseUrl });
  }
  return app;
}
