import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations.ts';
import { TableWrites, trackWrites } from './read-cache.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connection counts (metrics). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** PGlite only: a dump to start other databases from (tests). */
  dump?: () => Promise<Blob>;
  /**
   * Runs fn holding the start-up lock: on PostgreSQL a session advisory lock, so several processes
   * starting at once on one database migrate and seed one after another (the seeders read, then
   * insert); on PGlite (one process) it just runs fn.
   */
  startupLock<T>(fn: () => Promise<T>): Promise<T>;
}

/** pg_advisory_lock(key1, key2) of the start-up migration and seeding (an arbitrary pair no other code uses). */
export const STARTUP_LOCK_KEYS = [0x67_70, 16] as const;

// PostgreSQL bigint (count(*), sums) arrive as strings; the values here stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | null;
  /** PGlite folder, or 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from a dump made with dumpDataDir() (fast test databases). */
  loadDataDir?: Blob | File;
  /** PostgreSQL only: run in this schema (created if missing), e.g. one per test. */
  schema?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: told of an error on a pooled connection (the server restarted, the connection
   * was terminated), idle or checked out. The pool drops that connection and opens another when
   * needed; without a listener the 'error' event would end the process.
   */
  onPoolError?: (error: Error) => void;
}

/** A handle whose writes the read cache hears of (server/db/read-cache.ts). */
function withWriteTracking(dialect: PostgresDialect): Kysely<Database> {
  const writes = new TableWrites();
  return trackWrites(new Kysely<Database>({ dialect, plugins: [writes] }), writes);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // jit off: every app query is short, but the planner's cost estimate of the game search's
      // ranking once crossed the JIT threshold and compiling took 377 of its 408 ms (docs/decisions.md).
      options: `-c jit=off${schema ? ` -c search_path=${schema}` : ''}`,
    });
    const onPoolError = options.onPoolError ?? ((error: Error) => console.warn(`database pool: connection lost (${error.message})`));
    // Every connection keeps its own listener: pg-pool listens only while a connection is idle, so one
    // ended while checked out (in a transaction, between statements) would otherwise crash the process.
    // Its query fails (the request answers 500), and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', (error) => onPoolError(error)));
    // The pool re-emits an idle connection's error: already reported by the listener above.
    pool.on('error', () => {});
    const db = withWriteTracking(new PostgresDialect({ pool }));
    async function startupLock<T>(fn: () => Promise<T>): Promise<T> {
      // A connection of its own holds the lock while fn uses the pool's others.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', [...STARTUP_LOCK_KEYS]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [...STARTUP_LOCK_KEYS]);
        }
      } finally {
        client.release();
      }
    }
    return { db, kind: 'postgres', pool, startupLock, close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    dataDir: options.dataDir ?? 'memory://',
    // The game search's trigram indexes (migration 0031).
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = withWriteTracking(new PostgresDialect({ pool }));
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    startupLock: (fn) => fn(),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
