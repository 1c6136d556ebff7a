import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { databaseUrl } from './global-db.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let dumpBytes: Buffer | null = null;

/** A fresh, migrated and seeded database of the given kind (PGlite: dropped on close; PostgreSQL: by the run's teardown). */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    dumpBytes ??= readFileSync(inject('pgliteDump'));
    return openDatabase({ loadDataDir: new Blob([new Uint8Array(dumpBytes)]) });
  }
  // A copy of the run's migrated and seeded template database (tests/helpers/global-db.ts); the
  // run's teardown drops it, so closing only ends the pool.
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('pgTemplate');
  const name = `${template.replace(/_template$/, '')}_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return openDatabase({ url: databaseUrl(url, name), poolSize: 4 });
}
