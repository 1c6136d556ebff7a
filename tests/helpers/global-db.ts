import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { seedCatalog } from '../../server/db/seed-catalog.ts';
import { seedContent } from '../../server/db/seed-content.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** PostgreSQL (TEST_DATABASE_URL): the migrated and seeded template database of this run, '' without one. */
    pgTemplate: string;
  }
}

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs work on a one-off connection to `url` (CREATE/DROP DATABASE need one outside any pool). */
export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates and seeds one PGlite database per run; every PGlite test database starts from its dump.
 * With TEST_DATABASE_URL, also one PostgreSQL template database per run (`gp_<run>_template`):
 * each PostgreSQL test database is a copy of it (CREATE DATABASE … TEMPLATE, ≈0.5 s instead of
 * ≈10 s of migrations and seeding), and the run's teardown drops the copies and the template.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-pglite-'));
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  await seedContent(handle.db);
  await seedCatalog(handle.db);
  // The catalogue's inserts spill into a second 16 MB WAL segment; drop it so that every test
  // database loads from a small dump (≈46 MB instead of ≈63 MB, ~0.9 s instead of ~1.8 s).
  await sql`set wal_recycle = off`.execute(handle.db);
  await sql`checkpoint`.execute(handle.db);
  const dump = await handle.dump!();
  await handle.close();
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('[db tests] TEST_DATABASE_URL is not set: database tests run on PGlite only');
    project.provide('pgTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  console.log('[db tests] database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL)');
  const run = `gp_${randomBytes(4).toString('hex')}`;
  const template = `${run}_template`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${template}`));
  const pgHandle = await openDatabase({ url: databaseUrl(url, template), poolSize: 4 });
  await migrateToLatest(pgHandle.db);
  await seedContent(pgHandle.db);
  await seedCatalog(pgHandle.db);
  await pgHandle.close();
  project.provide('pgTemplate', template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    // The copies first (concurrently: each drop mostly waits for the disk), then the template.
    const copies = await admin(url, (client) => client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${run}\\_t\\_%'`));
    await Promise.all(copies.rows.map((row) => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`))));
    await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}
