import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { seedCatalog } from '../../server/db/seed-catalog.ts';
import { seedContent } from '../../server/db/seed-content.ts';
import { admin, databaseUrl } from '../helpers/global-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data folder; each fault test copies it (the server's DATA_DIR). */
    faultsPgliteDir: string;
    /** PostgreSQL (TEST_DATABASE_URL): the migrated and seeded template database of this run, '' without one. */
    faultsPgTemplate: string;
    /** The prefix of every database this run creates (dropped at the end). */
    faultsPgPrefix: string;
    /** Gift packs anyone may claim (no VIP level, valid for days, codes to spare), per engine. */
    faultsGiftPacks: { pglite: number[]; postgres: number[] };
  }
}

async function claimablePacks(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('gift_packs')
    .innerJoin('gift_codes', 'gift_codes.pack_id', 'gift_packs.id')
    .select('gift_packs.id')
    .where('gift_packs.vip_level', '=', 0)
    .where('gift_packs.valid_until', '>', new Date(Date.now() + 2 * 86_400_000))
    .where('gift_codes.claimed_by', 'is', null)
    .groupBy('gift_packs.id')
    .having(sql`count(*)`, '>=', 40)
    .orderBy('gift_packs.id')
    .limit(20)
    .execute();
  if (rows.length === 0) throw new Error('the seeded catalogue has no claimable gift packs');
  return rows.map((row) => row.id);
}


/**
 * Seeds once per run what every fault test starts from, so that no server process spends its
 * start-up migrating and seeding: a PGlite folder on disk, and (with TEST_DATABASE_URL) a
 * PostgreSQL template database. The teardown removes the folder and drops every database of the run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-faults-'));
  const seeded = path.join(dir, 'seeded');
  const handle = await openDatabase({ dataDir: seeded });
  await migrateToLatest(handle.db);
  await seedContent(handle.db);
  await seedCatalog(handle.db);
  const packs = { pglite: await claimablePacks(handle.db), postgres: [] as number[] };
  await handle.close();
  project.provide('faultsPgliteDir', seeded);
  const url = process.env.TEST_DATABASE_URL;
  const prefix = `gp_faults_${randomBytes(4).toString('hex')}`;
  project.provide('faultsPgPrefix', prefix);
  if (!url) {
    console.log('[faults] TEST_DATABASE_URL is not set: the PostgreSQL fault tests are skipped');
    project.provide('faultsPgTemplate', '');
    project.provide('faultsGiftPacks', packs);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const template = `${prefix}_template`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${template}`));
  const pgHandle = await openDatabase({ url: databaseUrl(url, template), poolSize: 4 });
  await migrateToLatest(pgHandle.db);
  await seedContent(pgHandle.db);
  await seedCatalog(pgHandle.db);
  packs.postgres = await claimablePacks(pgHandle.db);
  await pgHandle.close();
  project.provide('faultsPgTemplate', template);
  project.provide('faultsGiftPacks', packs);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const made = await admin(url, (client) => client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}\\_%'`));
    const copies = made.rows.filter((row) => row.datname !== template);
    await Promise.all(copies.map((row) => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`))));
    await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
}
