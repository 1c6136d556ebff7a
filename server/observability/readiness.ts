import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import type { CalendarCoverage } from '../../api/protocol/holiday-calendar.ts';
import type { HolidaySource } from '../holidays/index.ts';

export type CheckName = 'database' | 'kv';
export type CheckResult = 'ok' | 'failed' | 'timeout';

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  shuttingDown?: true;
  /**
   * Dated data the server depends on and how far it reaches: the holiday calendar of minors' play
   * days. Informational: it never makes the answer 503 (every process would leave the load
   * balancer at once over the same calendar); its warnings are for people and alerts.
   */
  details?: { holidayCalendar: CalendarCoverage | 'unavailable' };
  /** One line per dated data running out within its warning period. */
  warnings?: string[];
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
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
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
  const readiness: Readiness = { ready: database === 'ok' && kv === 'ok', checks: { database, kv } };
  if (deps.holidays && database === 'ok') {
    const coverage = await coverageWithin(timeoutMs, deps.holidays, deps.db, new Date((deps.now ?? Date.now)()));
    readiness.details = { holidayCalendar: coverage ?? 'unavailable' };
    readiness.warnings = coverage?.warn ? [calendarWarning(coverage)] : [];
  }
  return readiness;
}

export interface ReadinessDeps {
  db: Kysely<Database>;
  kv: KvStore;
  timeoutMs?: number;
  /** The app's holiday calendar: its coverage goes into details, a warning when it runs out soon. */
  holidays?: HolidaySource;
  now?: () => number;
}

/** The readiness warning of a calendar running out (English: it is read by operators' tooling and logs). */
export function calendarWarning(coverage: CalendarCoverage): string {
  const end = coverage.last_covered_date ?? 'no year';
  return coverage.days_left > 0
    ? `holiday calendar runs out: it covers through ${end} (${coverage.days_left} days left); enter ${coverage.next_year_needed} in the staff console (节假日日历)`
    : `holiday calendar has run out: it covers through ${end}; minors get no statutory holidays until ${coverage.next_year_needed} is entered in the staff console (节假日日历)`;
}

async function coverageWithin(timeoutMs: number, holidays: HolidaySource, db: Kysely<Database>, now: Date): Promise<CalendarCoverage | null> {
  let coverage: CalendarCoverage | null = null;
  const result = await within(timeoutMs, async () => {
    coverage = await holidays.coverage(db, now);
  });
  return result === 'ok' ? coverage : null;
}

const shuttingDown = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503 (the load balancer stops sending); the server still serves what comes. */
export function markShuttingDown(app: FastifyInstance): void {
  shuttingDown.add(app);
}

/** GET /healthz (liveness: the process answers) and GET /readyz (readiness: it can serve). */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps): void {
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
