import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { seedCatalog } from '../../server/db/seed-catalog.ts';
import { seedContent } from '../../server/db/seed-content.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let dumpBytes: Buffer | null = null;

/** A fresh, migrated and seeded database of the given kind; close() drops it. */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    dumpBytes ??= readFileSync(inject('pgliteDump'));
    return openDatabase({ loadDataDir: new Blob([new Uint8Array(dumpBytes)]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ url, schema, poolSize: 4 });
  await migrateToLatest(handle.db);
  await seedContent(handle.db);
  await seedCatalog(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
