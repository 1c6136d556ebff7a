import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseFields } from '../../api/protocol/call-spec.ts';
import { roleAllowed, STAFF_CODE, STAFF_MSG, type AnyStaffCallSpec, type StaffCallInput } from '../../api/protocol/staff-call-spec.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import { writeAudit } from './audit.ts';
import { authenticateStaff, csrfMatches, sessionCookie, sessionTokenOf, type StaffIdentity } from './sessions.ts';
import { staffKeys, type StaffKeys } from './totp.ts';

/** What every staff call answers (HTTP 200, JSON). */
export interface StaffAnswer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function staffOk<T>(data: T, msg = 'success'): StaffAnswer<T> {
  return { code: STAFF_CODE.ok, msg, data };
}

export function staffRefuse(msg: string, data: unknown = null): StaffAnswer {
  return { code: STAFF_CODE.refused, msg, data };
}

interface BaseContext {
  kv: KvStore;
  now: Date;
  ip: string;
  config: ServerConfig;
  log: FastifyBaseLogger;
  keys: StaffKeys;
  /** Sets (a token) or clears (null) the staff_session cookie: for auth/login and auth/logout. */
  setSessionCookie(token: string | null): void;
  /** The request's Cookie header (auth/login reads the known-device cookie there). */
  cookieHeader: string | undefined;
  /** Adds one Set-Cookie header (another besides the session's). */
  addSetCookie(header: string): void;
}

/**
 * What a staff handler gets. `db` is the call's own transaction (commit when the handler returns,
 * rollback when it throws): use it, never another handle, and `audit` writes in the same
 * transaction, so an action and its audit row exist together or not at all.
 */
export interface StaffContext<TSpec extends AnyStaffCallSpec = AnyStaffCallSpec> extends BaseContext {
  db: Kysely<Database>;
  staff: StaffIdentity;
  /** The signed-in session: its CSRF token and absolute end (auth/me hands them out). */
  session: SessionInfo;
  input: StaffCallInput<TSpec>;
  /** One audit row: who (ctx.staff), what ('accounts.create'), on what ('staff:12'), before/after (JSON; null when none). */
  audit(action: string, target: string, before: unknown, after: unknown): Promise<void>;
  /**
   * Runs `task` once the call's transaction has committed (never when it rolls back), before the
   * answer is sent: tell others of the change there (the customer-service bus), so that whoever
   * reads on hearing it sees it. A failing task is logged; the answer stands.
   */
  afterCommit(task: () => Promise<void> | void): void;
}

/** auth/login's context: no session yet, the plain database handle. */
export interface PublicStaffContext<TSpec extends AnyStaffCallSpec = AnyStaffCallSpec> extends BaseContext {
  db: Kysely<Database>;
  input: StaffCallInput<TSpec>;
}

export interface SessionInfo {
  csrfToken: string;
  expiresAt: Date;
}

export interface StaffCallDefinition {
  readonly spec: AnyStaffCallSpec;
  readonly path: string;
  /** @internal The pipeline's entry: checks the fields, then runs the handler. */
  run(ctx: { base: BaseContext; db: Kysely<Database>; staff: StaffIdentity | null; session: SessionInfo | null; fields: Record<string, unknown> }): Promise<StaffAnswer>;
}

/** Serves a declared staff call (roles other than 'public'). */
export function handleStaff<TSpec extends AnyStaffCallSpec>(spec: TSpec, handler: (ctx: StaffContext<TSpec>) => Promise<StaffAnswer>): StaffCallDefinition {
  if (spec.roles === 'public') throw new Error(`${spec.path} is public: serve it with handlePublicStaff`);
  return {
    spec,
    path: spec.path,
    async run({ base, db, staff, session, fields }) {
      if (!staff || !session) throw new Error('handleStaff without a session');
      const parsed = parseFields(spec, fields);
      if (!parsed.ok) return staffRefuse(parsed.message);
      const committed: Array<() => Promise<void> | void> = [];
      const answer = await db.transaction().execute((trx) =>
        handler({
          ...base,
          db: trx,
          staff,
          session,
          input: parsed.value,
          audit: (action, target, before, after) => writeAudit(trx, { staffId: staff.id, action, target, before, after, ip: base.ip, at: base.now }),
          afterCommit: (task) => void committed.push(task),
        }),
      );
      for (const task of committed) {
        try {
          await task();
        } catch (error) {
          base.log.warn({ err: error, call: spec.path }, 'staff call: after-commit task failed');
        }
      }
      return answer;
    },
  };
}

/** Serves the one public staff call (auth/login). */
export function handlePublicStaff<TSpec extends AnyStaffCallSpec>(spec: TSpec, handler: (ctx: PublicStaffContext<TSpec>) => Promise<StaffAnswer>): StaffCallDefinition {
  if (spec.roles !== 'public') throw new Error(`${spec.path} is not public: serve it with handleStaff`);
  return {
    spec,
    path: spec.path,
    async run({ base, db, fields }) {
      const parsed = parseFields(spec, fields);
      if (!parsed.ok) return staffRefuse(parsed.message);
      return handler({ ...base, db, input: parsed.value });
    },
  };
}

export interface StaffPipelineDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  kv: KvStore;
  now?: () => number;
}

export const STAFF_BODY_LIMIT = 64 * 1024;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The staff API: every call a JSON POST under /staff/api/. Order of checks: JSON body → session
 * cookie (401) → X-CSRF-Token (419) → role (403) → fields (-1) → handler in a transaction. A
 * player's token, wherever it is sent, is never read here.
 */
export function registerStaffCalls(app: FastifyInstance, calls: StaffCallDefinition[], deps: StaffPipelineDeps): void {
  const now = deps.now ?? Date.now;
  const { config, db, kv } = deps;
  const keys = staffKeys(config.realName.secret);

  const send = (reply: FastifyReply, answer: StaffAnswer, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type('application/json; charset=utf-8').send(answer);

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: STAFF_BODY_LIMIT }, (_req, body, done) => done(null, body));

    for (const call of calls) {
      const { spec } = call;
      scope.post(spec.path, { bodyLimit: Math.max(spec.bodyLimit ?? 0, STAFF_BODY_LIMIT) }, async (request: FastifyRequest, reply) => {
        if (!JSON_TYPE.test(String(request.headers['content-type'] ?? ''))) return send(reply, staffRefuse(STAFF_MSG.notJson), 415);
        let fields: Record<string, unknown>;
        try {
          const raw = typeof request.body === 'string' && request.body.trim() !== '' ? (JSON.parse(request.body) as unknown) : {};
          if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not an object');
          fields = raw as Record<string, unknown>;
        } catch {
          return send(reply, staffRefuse(STAFF_MSG.notJson), 400);
        }
        const at = new Date(now());
        const base: BaseContext = {
          kv,
          now: at,
          ip: request.ip,
          config,
          log: request.log,
          keys,
          setSessionCookie: (token) => void reply.header('set-cookie', sessionCookie(token, { secure: config.production })),
          cookieHeader: request.headers.cookie,
          // Fastify appends set-cookie values instead of replacing them.
          addSetCookie: (header) => void reply.header('set-cookie', header),
        };
        let staff: StaffIdentity | null = null;
        let session: SessionInfo | null = null;
        if (spec.roles !== 'public') {
          const token = sessionTokenOf(request.headers.cookie);
          const auth = await authenticateStaff(db, token, at);
          if (!auth.ok) {
            // A cookie that opens nothing is cleared.
            if (request.headers.cookie?.includes('staff_session=')) base.setSessionCookie(null);
            return send(reply, { code: STAFF_CODE.notSignedIn, msg: auth.msg, data: null });
          }
          if (spec.csrf && !csrfMatches(request.headers['x-csrf-token'], auth.csrfHash)) {
            request.log.info({ call: spec.path, staff: auth.staff.id }, 'staff call refused: CSRF token');
            return send(reply, { code: STAFF_CODE.csrf, msg: STAFF_MSG.csrf, data: null });
          }
          if (!roleAllowed(spec, auth.staff.role)) {
            request.log.info({ call: spec.path, staff: auth.staff.id, role: auth.staff.role }, 'staff call refused: role');
            return send(reply, { code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
          }
          staff = auth.staff;
          session = { csrfToken: keys.csrfFor(token!), expiresAt: auth.expiresAt };
        }
        return send(reply, await call.run({ base, db, staff, session, fields }));
      });
    }
    // Anything else under /staff/api/ is not a call.
    scope.all('/staff/api/*', async (_request, reply) => reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: 'Not Found', data: null }));
  });
}
