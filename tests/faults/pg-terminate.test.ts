import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { platform, player, post } from '../../server/money/ledger.ts';
import { allDelivered, orphans, verify } from './checks.ts';
import { client, describeOutcomes, devSmsCode, emptyAcknowledged, figure, freePort, freshPostgres, healthy, sleep, startServer, stop, writeMix, type ServerProcess } from './harness.ts';

/**
 * Every connection of the server's database terminated (pg_terminate_backend),
 * again and again, under a mix of writes. The process stays up; each call answers (success, or a
 * clean failure: a protocol error answer or a 5xx) within the bound, none hangs; once the
 * terminations stop the pool serves again; nothing acknowledged is missing, nothing half-written.
 */

const CLIENTS = 6;
const ROUNDS = 12;
const ROUND_EVERY_MS = 400;

describe('PostgreSQL connections terminated under load', () => {
  it('the pool recovers; calls fail cleanly or succeed; nothing half-written', async (ctx) => {
    const url = await freshPostgres('terminate');
    if (!url) {
      console.log('[faults] SKIPPED: no TEST_DATABASE_URL for the pg_terminate_backend test');
      ctx.skip();
      return;
    }
    const database = new URL(url).pathname.slice(1);
    const live = await openDatabase({ url, poolSize: 2 });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let server: ServerProcess | null = null;
    try {
      server = startServer(await freePort(), { DATABASE_URL: url, MONEY_JOB_INTERVAL_MS: '300' });
      await healthy(server);
      const acked = emptyAcknowledged();
      const outcomes = new Map<string, number>();
      let done = false;
      const fundWallet = async (uuid: string, cents: number) => {
        const { id } = await live.db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
        await live.db.transaction().execute((trx) => post(trx, { reference: `fault:fund:${id}:${randomUUID()}`, kind: 'card_benefit', transfers: [{ from: platform('promotion_expense'), to: player(id, 'wallet'), amount: cents }] }));
      };
      const clients = Array.from({ length: CLIENTS }, () => writeMix({ baseUrl: server!.url, phonePrefix: '1373', giftPacks: inject('faultsGiftPacks').postgres, fundWallet, acked, stopped: () => done, outcomes }));
      // The test's own connections (live, admin) are spared: only the server's are terminated.
      const ours = (await live.db.selectNoFrom((eb) => eb.fn<number>('pg_backend_pid', []).as('pid')).executeTakeFirstOrThrow()).pid;
      let terminated = 0;
      await sleep(1_500);
      for (let round = 0; round < ROUNDS; round++) {
        const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND pid <> $2', [database, ours]);
        for (const { pid } of rows) {
          const { rows: ended } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
          if (ended[0]?.ok) terminated++;
        }
        await sleep(ROUND_EVERY_MS);
      }
      done = true;
      await Promise.all(clients);
      expect(server.child.exitCode, `the server process is still up:\n${server.output().slice(-2000)}`).toBe(null);
      expect(outcomes.get('hung') ?? 0, 'calls that hung').toBe(0);
      expect(outcomes.get('no answer') ?? 0, 'calls without an answer').toBe(0);
      const failures = [...outcomes].filter(([key]) => key !== 'ok').reduce((n, [, v]) => n + v, 0);

      // The pool recovers: /readyz, and a whole new sign-up and order right after.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const call = client(server.url);
      const phone = '13739999999';
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      expect(await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 })).toMatchObject({ code: 200 });

      // A notification or delivery whose attempt failed with its connection is retried on its schedule
      // (4 min later): brought forward to now, what the wait would do. Then every paid order is delivered;
      // nothing acknowledged is missing; no half-written rows.
      const notificationsRetried = Number((await sql`update payment_notifications set next_attempt_at = now() where acknowledged_at is null and gave_up_at is null and attempts > 0`.execute(live.db)).numAffectedRows ?? 0);
      const deliveriesRetried = Number((await sql`update deliveries set next_attempt_at = now() where status = 'pending' and attempts > 0`.execute(live.db)).numAffectedRows ?? 0);
      const deliveredMs = await allDelivered(server.url, acked, new Set());
      const result = await verify(live.db, acked);
      expect(await orphans(live.db)).toEqual({ paidWithoutLedger: [], deliveriesOfUnpaid: [], paidTradesWithoutNotification: [] });
      figure(`pg_terminate_backend: ${ROUNDS} rounds every ${ROUND_EVERY_MS} ms, ${terminated} server connections terminated under ${CLIENTS} clients; calls: ${describeOutcomes(outcomes)} (${failures} clean failures, 0 hung, process up)`);
      figure(`pg_terminate_backend: acknowledged ${acked.signUps.length} sign-ups, ${acked.gifts.length} gift claims, ${acked.feedback.length} feedback, ${acked.cashierPaid.length} cashier + ${acked.balancePaid.length} 余额 payments all present; ${notificationsRetried} notifications + ${deliveriesRetried} deliveries whose attempt had failed brought forward from their retry schedule; all delivered ${deliveredMs} ms after; ledger ${result.ledger.transactions} transactions, 0 differences, 0 orphan rows`);
    } finally {
      if (server) await stop(server, 'SIGKILL');
      await admin.end();
      await live.close();
    }
  });
});
