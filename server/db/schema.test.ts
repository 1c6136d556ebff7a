import path from 'node:path';
import { sql } from 'kysely';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import type { DatabaseHandle } from './database.ts';

/**
 * server/db/schema.ts is written by hand; this holds it to the migrated database. The database's
 * tables and columns (information_schema) are compared with the `Database` interface as Kysely
 * selects it (`Selectable<…>`, read with the TypeScript compiler): the same tables, the same
 * columns, the same nullability, and a TypeScript type of the column's family.
 */

/** A column's family, as both sides are read. */
type Family = 'number' | 'string' | 'boolean' | 'date' | 'json';

interface ColumnShape {
  /** 'any': the TypeScript type is unknown, which says nothing of null. */
  nullable: boolean | 'any';
  /** The database side has one family; the TypeScript side may be a union of several. */
  families: readonly Family[];
}

type Shape = Map<string, Map<string, ColumnShape>>;

/** PostgreSQL's data_type → what the driver hands over (bigint is parsed to a number: database.ts). */
const DB_FAMILY: Record<string, Family> = {
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  'double precision': 'number',
  real: 'number',
  numeric: 'string',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  // node-postgres reads a calendar date as a Date (local midnight) too.
  date: 'date',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  'timestamp without time zone': 'date',
  jsonb: 'json',
  json: 'json',
};

async function databaseShape(handle: DatabaseHandle): Promise<Shape> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(handle.db);
  const shape: Shape = new Map();
  for (const row of rows) {
    // Kysely's own bookkeeping, not the app's.
    if (row.table_name.startsWith('kysely_')) continue;
    const family = DB_FAMILY[row.data_type];
    if (!family) throw new Error(`${row.table_name}.${row.column_name}: no family for the database type ${row.data_type} (add it to DB_FAMILY)`);
    let table = shape.get(row.table_name);
    if (!table) shape.set(row.table_name, (table = new Map()));
    table.set(row.column_name, { nullable: row.is_nullable === 'YES', families: [family] });
  }
  return shape;
}

/** The select type of every column of `Database`, read with the TypeScript compiler. */
function interfaceShape(): Shape {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const probe = path.join(dir, '__schema-probe__.ts');
  const probeText = `import type { Selectable } from 'kysely';\nimport type { Database } from './schema.ts';\nexport type Selected = { [T in keyof Database]: Selectable<Database[T]> };\n`;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, allowImportingTsExtensions: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === probe ? probeText : readFile(name));
  host.fileExists = (name) => name === probe || fileExists(name);
  host.getSourceFile = (name, version, onError, create) => (name === probe ? ts.createSourceFile(name, probeText, version) : getSourceFile(name, version, onError, create));
  const program = ts.createProgram([probe], options, host);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (errors.length > 0) throw new Error(`schema probe does not compile:\n${errors.join('\n')}`);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const alias = source.statements.find(ts.isTypeAliasDeclaration)!;
  const selected = checker.getTypeAtLocation(alias.name);

  const familiesOf = (type: ts.Type, where: string): ColumnShape => {
    if (type.getFlags() & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return { nullable: 'any', families: ['json'] };
    const parts = type.isUnion() ? type.types : [type];
    let nullable = false;
    const families = new Set<Family>();
    for (const part of parts) {
      const flags = part.getFlags();
      if (flags & ts.TypeFlags.Null) nullable = true;
      else if (flags & ts.TypeFlags.Undefined) throw new Error(`${where}: a selected column is never undefined`);
      else if (flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.EnumLike)) families.add('number');
      else if (flags & ts.TypeFlags.StringLike) families.add('string');
      else if (flags & ts.TypeFlags.BooleanLike) families.add('boolean');
      else if (part.getSymbol()?.getName() === 'Date') families.add('date');
      // Objects, arrays, unknown: what a jsonb column holds.
      else families.add('json');
    }
    return { nullable, families: [...families] };
  };

  const shape: Shape = new Map();
  for (const tableSymbol of selected.getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(tableSymbol, alias);
    const table = new Map<string, ColumnShape>();
    for (const columnSymbol of tableType.getProperties()) {
      const name = `${tableSymbol.getName()}.${columnSymbol.getName()}`;
      table.set(columnSymbol.getName(), familiesOf(checker.getTypeOfSymbolAtLocation(columnSymbol, alias), name));
    }
    shape.set(tableSymbol.getName(), table);
  }
  return shape;
}

/** Every difference, one line each, naming the table and column. */
export function schemaDifferences(database: Shape, declared: Shape): string[] {
  const out: string[] = [];
  for (const table of [...new Set([...database.keys(), ...declared.keys()])].sort()) {
    const inDb = database.get(table);
    const inTs = declared.get(table);
    if (!inTs) {
      out.push(`${table}: a table of the database that schema.ts does not declare`);
      continue;
    }
    if (!inDb) {
      out.push(`${table}: declared in schema.ts but not in the migrated database`);
      continue;
    }
    for (const column of [...new Set([...inDb.keys(), ...inTs.keys()])].sort()) {
      const db = inDb.get(column);
      const declaredColumn = inTs.get(column);
      if (!declaredColumn) out.push(`${table}.${column}: a column of the database that schema.ts does not declare`);
      else if (!db) out.push(`${table}.${column}: declared in schema.ts but not in the migrated database`);
      else {
        if (declaredColumn.nullable !== 'any' && db.nullable !== declaredColumn.nullable) out.push(`${table}.${column}: ${db.nullable ? 'nullable' : 'not null'} in the database, ${declaredColumn.nullable ? 'nullable' : 'not null'} in schema.ts`);
        const dbFamily = db.families[0]!;
        // A jsonb column may hold any shape. Any other column's TypeScript type has the family the
        // driver hands over, and may also admit a string (a bigint sum or a timestamp some code
        // passes on as text); nothing else.
        const fits = dbFamily === 'json' || (declaredColumn.families.includes(dbFamily) && declaredColumn.families.every((family) => family === dbFamily || family === 'string'));
        if (!fits) out.push(`${table}.${column}: ${dbFamily} in the database, ${declaredColumn.families.join(' | ') || 'never'} in schema.ts`);
      }
    }
  }
  return out;
}

describe('schemaDifferences', () => {
  const one = (table: string, column: string, shape: ColumnShape): Shape => new Map([[table, new Map([[column, shape]])]]);
  it('names the table and column of each difference', () => {
    expect(schemaDifferences(one('users', 'phone', { nullable: false, families: ['string'] }), one('users', 'phone', { nullable: true, families: ['string'] }))).toEqual(['users.phone: not null in the database, nullable in schema.ts']);
    expect(schemaDifferences(one('users', 'coins', { nullable: false, families: ['number'] }), one('users', 'coins', { nullable: false, families: ['string'] }))).toEqual(['users.coins: number in the database, string in schema.ts']);
    expect(schemaDifferences(one('users', 'coins', { nullable: false, families: ['number'] }), one('users', 'coins', { nullable: false, families: ['number', 'boolean'] }))).toEqual(['users.coins: number in the database, number | boolean in schema.ts']);
    expect(schemaDifferences(one('users', 'coins', { nullable: false, families: ['number'] }), one('users', 'coins', { nullable: false, families: ['string', 'number'] }))).toEqual([]);
    expect(schemaDifferences(one('users', 'at', { nullable: true, families: ['date'] }), one('users', 'at', { nullable: true, families: ['date', 'string'] }))).toEqual([]);
    expect(schemaDifferences(one('audit', 'before', { nullable: true, families: ['json'] }), one('audit', 'before', { nullable: 'any', families: ['json'] }))).toEqual([]);
    expect(schemaDifferences(one('users', 'a', { nullable: false, families: ['number'] }), one('users', 'b', { nullable: false, families: ['number'] }))).toEqual([
      'users.a: a column of the database that schema.ts does not declare',
      'users.b: declared in schema.ts but not in the migrated database',
    ]);
    expect(schemaDifferences(one('a', 'x', { nullable: false, families: ['json'] }), one('b', 'x', { nullable: false, families: ['json'] }))).toEqual([
      'a: a table of the database that schema.ts does not declare',
      'b: declared in schema.ts but not in the migrated database',
    ]);
    expect(schemaDifferences(one('t', 'j', { nullable: true, families: ['json'] }), one('t', 'j', { nullable: true, families: ['json', 'number'] }))).toEqual([]);
  });
});

describe('schemaDifferences (property)', () => {
  const families: Family[] = ['number', 'string', 'boolean', 'date', 'json'];
  const columnShape = fc.record({ nullable: fc.boolean(), family: fc.constantFrom(...families) });
  const shapes = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), columnShape, { minKeys: 1, maxKeys: 5 }), { minKeys: 1, maxKeys: 5 });
  const toShape = (raw: Record<string, Record<string, { nullable: boolean; family: Family }>>): Shape =>
    new Map(Object.entries(raw).map(([table, columns]) => [table, new Map(Object.entries(columns).map(([column, c]) => [column, { nullable: c.nullable, families: [c.family] }]))]));

  it('finds nothing between a shape and itself, and exactly one line naming the column whose nullability flips', () => {
    fc.assert(
      fc.property(shapes, fc.nat(), (raw, pick) => {
        expect(schemaDifferences(toShape(raw), toShape(raw))).toEqual([]);
        const table = Object.keys(raw)[pick % Object.keys(raw).length]!;
        const column = Object.keys(raw[table]!)[pick % Object.keys(raw[table]!).length]!;
        const changed = toShape(raw);
        const before = changed.get(table)!.get(column)!;
        changed.get(table)!.set(column, { ...before, nullable: !before.nullable });
        const lines = schemaDifferences(toShape(raw), changed);
        expect(lines).toHaveLength(1);
        expect(lines[0]!.startsWith(`${table}.${column}: `)).toBe(true);
      }),
    );
  });
});

describe.each(DATABASE_KINDS)('server/db/schema.ts against the migrated database on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // The run's database: a fresh one migrated by the global setup (tests/helpers/global-db.ts),
    // so the migrations alone decide its schema (the seeds add rows, never columns).
    handle = await createTestDatabase(kind);
  }, 120_000);
  afterAll(() => handle?.close());

  it('declares every table and column, with its nullability and type family', async () => {
    const database = await databaseShape(handle);
    const declared = interfaceShape();
    // The compiler read real types (a type it could not resolve would read as unknown and compare as anything).
    expect(declared.get('users')?.get('phone')).toEqual({ nullable: false, families: ['string'] });
    expect(declared.get('users')?.get('password_hash')).toEqual({ nullable: true, families: ['string'] });
    expect(declared.get('orders')?.get('created_at')).toEqual({ nullable: false, families: ['date'] });
    const unknownColumns = [...declared].flatMap(([table, columns]) => [...columns].filter(([, c]) => c.nullable === 'any').map(([column]) => `${table}.${column}`));
    console.log(`[figure] columns typed unknown in schema.ts (jsonb): ${unknownColumns.join(', ')}`);
    const columns = [...database.values()].reduce((n, table) => n + table.size, 0);
    console.log(`[figure] ${database.size} tables, ${columns} columns compared with schema.ts`);
    expect(schemaDifferences(database, declared)).toEqual([]);
    // Reading schema.ts builds a TypeScript program: slow on a loaded 2-core machine.
  }, 300_000);
});
