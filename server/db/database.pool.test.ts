import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool when the server ends a connection (faults)', () => {
  it('reports a connection lost (idle, or checked out in a transaction) instead of crashing; the next query gets a new connection', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({ url, poolSize: 1, onPoolError: (error) => lost.push(error) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = rows[0]!.pid;
      // The pooled connection is idle now: end it from outside, as pg_terminate_backend or a PostgreSQL restart does.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(lost.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(again.rows[0]!.pid).not.toBe(pid);

      // Checked out in a transaction, between two statements: the transaction fails, the process does not.
      const inTransaction = database.db.transaction().execute(async (trx) => {
        const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [own.rows[0]!.pid]);
        for (let i = 0; i < 50 && lost.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
        await sql`select 1`.execute(trx);
      });
      await expect(inTransaction).rejects.toThrow();
      expect(lost.length).toBeGreaterThanOrEqual(2);
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
