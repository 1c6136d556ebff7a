import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { platform, player, post } from '../../server/money/ledger.ts';
import { allDelivered, pendingWork, verify, type Pending } from './checks.ts';
import { describeOutcomes, emptyAcknowledged, figure, freePort, freshPgliteDir, freshPostgres, healthy, sleep, startServer, stop, until, writeMix, type ServerProcess } from './harness.ts';

/**
 * The server SIGKILLed under a mix of writes from concurrent clients, restarted
 * on the same database. Every write a client was told succeeded is there; the ledger re-adds with
 * no difference; payment notifications and game deliveries left due resume and complete.
 */

const CLIENTS = 6;
/** The kill comes once the mix has run this long and at least this many orders were paid at the cashier. */
const KILL_AFTER_MS = 5_000;
const KILL_AFTER_PAID = 4;

interface Engine {
  name: 'pglite' | 'postgres';
  env: NodeJS.ProcessEnv;
  /** The database, for the test's own reads and writes: PostgreSQL any time; PGlite only while no server runs (one process). */
  open(): Promise<DatabaseHandle>;
  cleanup(): void;
}

async function engine(name: 'pglite' | 'postgres'): Promise<Engine | null> {
  if (name === 'pglite') {
    const dataDir = freshPgliteDir();
    return { name, env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), cleanup: () => rmSync(path.dirname(dataDir), { recursive: true, force: true }) };
  }
  const url = await freshPostgres('sigkill');
  if (!url) return null;
  return { name, env: { DATABASE_URL: url }, open: () => openDatabase({ url, poolSize: 2 }), cleanup: () => {} };
}

describe.each(['pglite', 'postgres'] as const)('SIGKILL under load, restart on the same database (%s)', (kind) => {
  it('keeps every acknowledged write; the ledger checks clean; notifications and deliveries resume and complete', async (ctx) => {
    const db = await engine(kind);
    if (!db) {
      console.log('[faults] SKIPPED: no TEST_DATABASE_URL for the PostgreSQL SIGKILL test');
      ctx.skip();
      return;
    }
    const port = await freePort();
    const live = kind === 'postgres' ? await db.open() : null;
    let server: ServerProcess | null = null;
    try {
      // The first process runs its money jobs only at start-up (then hourly): the deliveries of
      // what is paid under load are all still due when it is killed. Notifications go out at once (cashier).
      server = startServer(port, { ...db.env, MONEY_JOB_INTERVAL_MS: '3600000' });
      await healthy(server);
      const acked = emptyAcknowledged();
      const outcomes = new Map<string, number>();
      let killed = false;
      const fundWallet = live
        ? async (uuid: string, cents: number) => {
            const { id } = await live.db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
            await live.db.transaction().execute((trx) => post(trx, { reference: `fault:fund:${id}:${randomUUID()}`, kind: 'card_benefit', transfers: [{ from: platform('promotion_expense'), to: player(id, 'wallet'), amount: cents }] }));
          }
        : null;
      const started = Date.now();
      const clients = Array.from({ length: CLIENTS }, () =>
        writeMix({ baseUrl: server!.url, phonePrefix: kind === 'pglite' ? '1371' : '1372', giftPacks: inject('faultsGiftPacks')[kind], fundWallet, acked, stopped: () => killed, outcomes }),
      );
      // Mid-way: once every kind of write has been acknowledged (or, on a very slow machine, after 40 s).
      await until(async () => (Date.now() - started >= KILL_AFTER_MS && acked.cashierPaid.length >= KILL_AFTER_PAID && acked.balancePaid.length >= 1) || Date.now() - started >= 40_000, 'the mix to get going', 90_000, 50);
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      killed = true;
      await Promise.all(clients);
      const loadMs = Date.now() - started;
      expect(outcomes.get('hung') ?? 0, 'calls that hung').toBe(0);

      // What the kill left in the retry queues (PGlite: read from a copy, so that the server is the first to reopen the folder itself).
      let pending: Pending;
      if (live) pending = await pendingWork(live.db);
      else {
        const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'gp-fault-copy-')), 'db');
        cpSync(db.env.DATA_DIR!, copy, { recursive: true });
        const snapshot = await openDatabase({ dataDir: copy });
        pending = await pendingWork(snapshot.db);
        await snapshot.close();
        rmSync(path.dirname(copy), { recursive: true, force: true });
      }

      server = startServer(port, { ...db.env, MONEY_JOB_INTERVAL_MS: '300' });
      const restartMs = await healthy(server);
      // Notifications whose one attempt was in flight at the kill are retried on their schedule
      // (4 min after the attempt): those orders are still 'paying' until then. Everything else completes now.
      const inFlightTrades = new Set(pending.notificationsInFlight);
      const inFlightOrders = new Set(pending.inFlightOrders);
      const resumeMs = await allDelivered(server.url, acked, inFlightOrders);

      let bringForward = 0;
      if (inFlightTrades.size > 0) {
        // The schedule's next attempt, brought forward to now (what 4 minutes of waiting would do).
        if (live) {
          bringForward = Number((await sql`update payment_notifications set next_attempt_at = now() where acknowledged_at is null and trade_no in (${sql.join([...inFlightTrades])})`.execute(live.db)).numAffectedRows ?? 0);
          await allDelivered(server.url, acked, new Set());
        } else {
          await stop(server);
          const handle = await db.open();
          bringForward = Number((await sql`update payment_notifications set next_attempt_at = now() where acknowledged_at is null and trade_no in (${sql.join([...inFlightTrades])})`.execute(handle.db)).numAffectedRows ?? 0);
          await handle.close();
          server = startServer(port, { ...db.env, MONEY_JOB_INTERVAL_MS: '300' });
          await healthy(server);
          await allDelivered(server.url, acked, new Set());
        }
      }

      let result;
      if (live) result = await verify(live.db, acked);
      else {
        expect((await stop(server)).code).toBe(0);
        const handle = await db.open();
        try {
          result = await verify(handle.db, acked);
        } finally {
          await handle.close();
        }
      }
      figure(`SIGKILL ${kind}: ${CLIENTS} clients, killed after ${loadMs} ms; acknowledged: ${acked.signUps.length} sign-ups, ${acked.gifts.length} gift claims, ${acked.feedback.length} feedback messages, ${acked.cashierPaid.length} cashier payments, ${acked.balancePaid.length} ${kind === 'postgres' ? '余额' : '乐玩币'} payments — all present after the restart`);
      figure(`SIGKILL ${kind}: left by the kill: ${pending.notificationsDue} notifications never sent, ${pending.notificationsInFlight.length} attempted and unacknowledged (retried on their schedule${bringForward ? `, ${bringForward} brought forward` : ''}), ${pending.deliveriesPending} deliveries pending; restart ${restartMs} ms, all delivered ${resumeMs} ms later`);
      figure(`SIGKILL ${kind}: ledger ${result.ledger.accounts} accounts, ${result.ledger.transactions} transactions, ${result.ledger.entries} entries, 0 differences; calls: ${describeOutcomes(outcomes)}`);
    } finally {
      if (server) await stop(server, 'SIGKILL');
      await live?.close();
      await sleep(0);
      db.cleanup();
    }
  });
});
