import type { Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A short read cache for public catalogue reads (game cards, list pages, search ranks), so the
 * hottest player calls cost no database round trip while nothing changes (the server
 * bench: these reads were about half of the mix's server and PostgreSQL time).
 *
 * Freshness: every write made through a database handle of this process (any INSERT, UPDATE,
 * DELETE, MERGE, or raw SQL that is not a SELECT/WITH…SELECT) bumps its tables' write counters, and
 * an entry is only used while the counters of the tables it read are unchanged, so in one process a
 * read after a write always sees the write. Writes made by other server processes (or by hand in
 * psql) show within READ_CACHE_TTL_MS, as a staff edit of the home page already does.
 */
export const READ_CACHE_TTL_MS = 5_000;
/** At most this many entries per database handle; past it the oldest go first. */
export const READ_CACHE_MAX_ENTRIES = 2_000;

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** Raw SQL counts as a read only when it starts with SELECT or WITH and names no writing verb anywhere. */
const RAW_READ_START = /^\s*(select|with)\b/i;
const RAW_WRITE_VERB = /\b(insert|update|delete|merge|truncate)\b/i;
/** The counter every table also depends on: bumped by writes whose tables are not known (raw SQL, DDL). */
const ANY_TABLE = '*';

/** Counts writes per table on one Kysely instance (a plugin: it sees every query, transactions included). */
export class TableWrites implements KyselyPlugin {
  private readonly counters = new Map<string, number>();

  /** The sum of the counters of these tables (and of unknown writes): it changes whenever one of them is written. */
  epochOf(tables: readonly string[]): number {
    let sum = this.counters.get(ANY_TABLE) ?? 0;
    for (const table of tables) sum += this.counters.get(table) ?? 0;
    return sum;
  }

  private bump(tables: readonly string[]): void {
    for (const table of tables) this.counters.set(table, (this.counters.get(table) ?? 0) + 1);
  }

  /** The tables a query writes (ANY_TABLE when unknown), or null when it only reads. */
  private writtenBy(node: RootOperationNode): readonly string[] | null {
    if (node.kind === 'SelectQueryNode' && !node.with) return null;
    if (node.kind === 'RawNode') {
      const text = node.sqlFragments.join('?');
      return RAW_READ_START.test(text) && !RAW_WRITE_VERB.test(text) ? null : [ANY_TABLE];
    }
    if (node.kind === 'SelectQueryNode' || WRITE_KINDS.has(node.kind)) {
      const tables = new Set<string>();
      let writes = WRITE_KINDS.has(node.kind);
      walk(node, (child) => {
        if (WRITE_KINDS.has(child.kind)) writes = true;
        if (child.kind === 'TableNode') tables.add((child as unknown as { table: { identifier: { name: string } } }).table.identifier.name);
      });
      if (!writes) return null;
      return tables.size > 0 ? [...tables] : [ANY_TABLE];
    }
    return [ANY_TABLE]; // DDL and anything else
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = this.writtenBy(args.node);
    if (tables) {
      this.bump(tables);
      this.inFlight.set(args.queryId, tables);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Bumped again once the statement has run: a read that began between the two bumps is not kept.
    const tables = this.inFlight.get(args.queryId);
    if (tables) {
      this.inFlight.delete(args.queryId);
      this.bump(tables);
    }
    return args.result;
  }

  private readonly inFlight = new WeakMap<object, readonly string[]>();
}

function walk(node: unknown, visit: (node: OperationNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (typeof (node as { kind?: unknown }).kind === 'string') visit(node as OperationNode);
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) walk(value, visit);
}

interface Entry {
  at: number;
  epoch: number;
  value: Promise<unknown>;
}

class ReadCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly writes: TableWrites) {}

  read<T>(tables: readonly string[], key: string, now: number, load: () => Promise<T>): Promise<T> {
    const epoch = this.writes.epochOf(tables);
    const entry = this.entries.get(key);
    if (entry && entry.epoch === epoch && now >= entry.at && now - entry.at < READ_CACHE_TTL_MS) return entry.value as Promise<T>;
    const value = load();
    const fresh: Entry = { at: now, epoch, value };
    this.entries.delete(key);
    if (this.entries.size >= READ_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, fresh);
    // A failed load is not kept.
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return value;
  }
}

const caches = new WeakMap<Kysely<never>, ReadCache>();

/** Gives a handle its read cache, fed by its write counter (openDatabase does, for the handles it makes). */
export function trackWrites<DB>(db: Kysely<DB>, writes: TableWrites): Kysely<DB> {
  caches.set(db as unknown as Kysely<never>, new ReadCache(writes));
  return db;
}

/**
 * `load()` once per key while `tables` are unwritten and the entry is younger than
 * READ_CACHE_TTL_MS (by `now`, the request's clock); a handle openDatabase did not make is not
 * cached at all. The value is shared between requests: callers must not change it.
 */
export function cachedRead<DB, T>(db: Kysely<DB>, tables: readonly (keyof DB & string)[], key: string, now: Date, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db as unknown as Kysely<never>);
  return cache ? cache.read(tables, key, now.getTime(), load) : load();
}
