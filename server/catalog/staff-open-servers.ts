import { parse } from 'csv-parse/sync';
import { sql, type Kysely } from 'kysely';
import {
  IMPORT_ROWS_MAX,
  importedMsg,
  importRefusedMsg,
  isHeaderRow,
  LIST_RANGE_DAYS_MAX,
  OPEN_SERVER_MSG,
  openAtAllowed,
  parseOpenServerRow,
  type GameRef,
} from '../../api/protocol/open-servers.ts';
import * as openServers from '../../api/protocol/staff/open-servers.ts';
import type { StaffOpenServer } from '../../api/protocol/staff/open-servers.ts';
import { DAY_MS, parseChinaDate } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 开服表 for operators (api/protocol/staff/open-servers.ts). A row belongs to a game and to its
 * first platform version (as the seed's rows do; the players' pages show the game). Writes go
 * through the call's transaction, so the read cache (server/db/read-cache.ts) and the home
 * layout (showcase.ts, keyed on the same write counters) drop what they held for open_servers.
 */

type Db = Kysely<Database>;

/**
 * Writes of the table take one transaction lock (pg_advisory_xact_lock, an arbitrary key no other
 * code uses), so the duplicate check and the insert of two operators (or a file sent twice) never
 * interleave: the second sees the first's rows.
 */
const OPEN_SERVERS_LOCK = 270_401;
const lockTable = (db: Db) => sql`select pg_advisory_xact_lock(${OPEN_SERVERS_LOCK})`.execute(db);

function serversQuery(db: Db) {
  return db
    .selectFrom('open_servers as o')
    .innerJoin('games as g', 'g.id', 'o.game_id')
    .select(['o.id', 'o.game_id', 'g.name as game_name', 'o.platform_game_id', 'o.server_name', 'o.open_at']);
}

type Row = { id: number; game_id: number; game_name: string; platform_game_id: number; server_name: string; open_at: Date | string };

const view = (row: Row): StaffOpenServer => ({ ...row, open_at: new Date(row.open_at).toISOString() });

async function readServer(db: Db, id: number, lock = false): Promise<StaffOpenServer | null> {
  const query = serversQuery(db).where('o.id', '=', id);
  const row = await (lock ? query.forUpdate('o') : query).executeTakeFirst();
  return row ? view(row) : null;
}

/** The game's first platform version (its sort order), or null when the game or its versions are missing. */
async function firstPlatform(db: Db, gameId: number): Promise<{ game: boolean; platformGameId: number | null }> {
  const game = await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
  if (!game) return { game: false, platformGameId: null };
  const platform = await db.selectFrom('platform_games').select('id').where('game_id', '=', gameId).orderBy('sort').orderBy('id').executeTakeFirst();
  return { game: true, platformGameId: platform?.id ?? null };
}

async function duplicateOf(db: Db, gameId: number, serverName: string, openAt: Date, except?: number): Promise<boolean> {
  let query = db.selectFrom('open_servers').select('id').where('game_id', '=', gameId).where('server_name', '=', serverName).where('open_at', '=', openAt);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** What a create or update may write, or the refusal's message. */
async function checked(db: Db, input: { game_id: number; server_name: string; open_at: Date }, now: Date, except?: number) {
  if (!openAtAllowed(input.open_at, now)) return { ok: false as const, message: OPEN_SERVER_MSG.timeOutOfRange };
  const { game, platformGameId } = await firstPlatform(db, input.game_id);
  if (!game) return { ok: false as const, message: OPEN_SERVER_MSG.gameUnknown };
  if (platformGameId === null) return { ok: false as const, message: OPEN_SERVER_MSG.gameNoPlatform };
  if (await duplicateOf(db, input.game_id, input.server_name, input.open_at, except)) return { ok: false as const, message: OPEN_SERVER_MSG.duplicate };
  return { ok: true as const, values: { game_id: input.game_id, platform_game_id: platformGameId, server_name: input.server_name, open_at: input.open_at } };
}

/** The CSV's records (cells as text), or null when it cannot be read as CSV. */
function csvRecords(text: string): string[][] | null {
  try {
    return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    return null;
  }
}

/** Games named by the rows, by id and by exact name, each with its first platform version. */
async function gamesFor(db: Db, refs: readonly GameRef[]) {
  const ids = [...new Set(refs.flatMap((ref) => ('id' in ref ? [ref.id] : [])))];
  const names = [...new Set(refs.flatMap((ref) => ('name' in ref ? [ref.name] : [])))];
  const rows =
    ids.length + names.length === 0
      ? []
      : await db
          .selectFrom('games as g')
          .select(['g.id', 'g.name'])
          .select((eb) => eb.selectFrom('platform_games as p').select('p.id').whereRef('p.game_id', '=', 'g.id').orderBy('p.sort').orderBy('p.id').limit(1).as('platform_game_id'))
          .where((eb) => eb.or([...(ids.length ? [eb('g.id', 'in', ids)] : []), ...(names.length ? [eb('g.name', 'in', names)] : [])]))
          .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Two games of one name cannot be told apart by it: such a name is refused (use the id).
  const byName = new Map<string, (typeof rows)[number] | 'ambiguous'>();
  for (const r of rows) byName.set(r.name, byName.has(r.name) ? 'ambiguous' : r);
  return { byId, byName };
}

export const staffOpenServerCalls: StaffCallDefinition[] = [
  handleStaff(openServers.games, async (ctx) => {
    const keyword = ctx.input.keyword;
    let query = ctx.db.selectFrom('games').select(['id', 'name']);
    if (/^\d{1,9}$/.test(keyword)) query = query.where((eb) => eb.or([eb('id', '=', Number(keyword)), eb('name', 'like', `%${keyword}%`)]));
    else if (keyword !== '') query = query.where(sql<boolean>`strpos(name, ${keyword}) > 0`);
    return staffOk({ list: await query.orderBy('name').orderBy('id').limit(20).execute() });
  }),

  handleStaff(openServers.list, async (ctx) => {
    const from = parseChinaDate(ctx.input.from);
    const to = parseChinaDate(ctx.input.to);
    if (!from || !to || to < from || (to.getTime() - from.getTime()) / DAY_MS >= LIST_RANGE_DAYS_MAX) return staffRefuse(OPEN_SERVER_MSG.rangeInvalid);
    const { page, limit } = ctx.input;
    let base = ctx.db.selectFrom('open_servers as o').where('o.open_at', '>=', from).where('o.open_at', '<', new Date(to.getTime() + DAY_MS));
    if (ctx.input.game_id !== undefined) base = base.where('o.game_id', '=', ctx.input.game_id);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .innerJoin('games as g', 'g.id', 'o.game_id')
      .select(['o.id', 'o.game_id', 'g.name as game_name', 'o.platform_game_id', 'o.server_name', 'o.open_at'])
      .orderBy('o.open_at')
      .orderBy('o.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return staffOk({ list: rows.map(view), total, page, limit });
  }),

  handleStaff(openServers.create, async (ctx) => {
    await lockTable(ctx.db);
    const check = await checked(ctx.db, ctx.input, ctx.now);
    if (!check.ok) return staffRefuse(check.message);
    const { id } = await ctx.db.insertInto('open_servers').values(check.values).returning('id').executeTakeFirstOrThrow();
    const server = (await readServer(ctx.db, id))!;
    await ctx.audit('openServers.create', `open_server:${id}`, null, server);
    return staffOk({ server }, OPEN_SERVER_MSG.created);
  }),

  handleStaff(openServers.update, async (ctx) => {
    await lockTable(ctx.db);
    const before = await readServer(ctx.db, ctx.input.id, true);
    if (!before) return staffRefuse(OPEN_SERVER_MSG.notFound);
    const check = await checked(ctx.db, ctx.input, ctx.now, ctx.input.id);
    if (!check.ok) return staffRefuse(check.message);
    await ctx.db.updateTable('open_servers').set(check.values).where('id', '=', ctx.input.id).execute();
    const server = (await readServer(ctx.db, ctx.input.id))!;
    await ctx.audit('openServers.update', `open_server:${server.id}`, before, server);
    return staffOk({ server }, OPEN_SERVER_MSG.updated);
  }),

  handleStaff(openServers.remove, async (ctx) => {
    const before = await readServer(ctx.db, ctx.input.id, true);
    if (!before) return staffRefuse(OPEN_SERVER_MSG.notFound);
    await ctx.db.deleteFrom('open_servers').where('id', '=', ctx.input.id).execute();
    await ctx.audit('openServers.remove', `open_server:${before.id}`, before, null);
    return staffOk({ id: before.id }, OPEN_SERVER_MSG.removed);
  }),

  handleStaff(openServers.importCsv, async (ctx) => {
    const records = csvRecords(ctx.input.csv);
    if (!records) return staffRefuse(OPEN_SERVER_MSG.csvUnreadable);
    // Row numbers are the file's records from 1, the header included, as a spreadsheet numbers them.
    const numbered = records.map((cells, i) => ({ row: i + 1, cells }));
    const rows = numbered.length > 0 && isHeaderRow(numbered[0]!.cells) ? numbered.slice(1) : numbered;
    if (rows.length === 0) return staffRefuse(OPEN_SERVER_MSG.csvEmpty);
    if (rows.length > IMPORT_ROWS_MAX) return staffRefuse(OPEN_SERVER_MSG.csvTooMany);

    await lockTable(ctx.db);
    const parsed = rows.map(({ row, cells }) => ({ row, result: parseOpenServerRow(cells, ctx.now) }));
    const games = await gamesFor(ctx.db, parsed.flatMap(({ result }) => (result.ok ? [result.game] : [])));
    const refused: Array<{ row: number; message: string }> = [];
    const accepted: Array<{ row: number; values: { game_id: number; platform_game_id: number; server_name: string; open_at: Date } }> = [];
    const seen = new Set<string>();
    for (const { row, result } of parsed) {
      if (!result.ok) {
        refused.push({ row, message: result.message });
        continue;
      }
      const game = 'id' in result.game ? games.byId.get(result.game.id) : games.byName.get(result.game.name);
      if (game === 'ambiguous') {
        refused.push({ row, message: '有多个同名游戏，请填写游戏ID' });
        continue;
      }
      if (!game) {
        refused.push({ row, message: OPEN_SERVER_MSG.gameUnknown });
        continue;
      }
      if (game.platform_game_id === null) {
        refused.push({ row, message: OPEN_SERVER_MSG.gameNoPlatform });
        continue;
      }
      const key = `${game.id}\u0000${result.server_name}\u0000${result.open_at.getTime()}`;
      if (seen.has(key)) {
        refused.push({ row, message: OPEN_SERVER_MSG.duplicateInFile });
        continue;
      }
      seen.add(key);
      accepted.push({ row, values: { game_id: game.id, platform_game_id: game.platform_game_id, server_name: result.server_name, open_at: result.open_at } });
    }
    // Rows already in the table (a file uploaded twice): one query for the whole file.
    if (accepted.length > 0) {
      const existing = await ctx.db
        .selectFrom('open_servers')
        .select(['game_id', 'server_name', 'open_at'])
        .where('game_id', 'in', [...new Set(accepted.map((a) => a.values.game_id))])
        .where('open_at', 'in', [...new Set(accepted.map((a) => a.values.open_at.getTime()))].map((ms) => new Date(ms)))
        .execute();
      const present = new Set(existing.map((e) => `${e.game_id}\u0000${e.server_name}\u0000${new Date(e.open_at).getTime()}`));
      for (const a of accepted) {
        if (present.has(`${a.values.game_id}\u0000${a.values.server_name}\u0000${a.values.open_at.getTime()}`)) refused.push({ row: a.row, message: OPEN_SERVER_MSG.duplicate });
      }
    }
    if (refused.length > 0) {
      refused.sort((a, b) => a.row - b.row);
      return staffOk({ added: 0, refused, servers: [] }, importRefusedMsg(refused.length));
    }
    const ids = await ctx.db.insertInto('open_servers').values(accepted.map((a) => a.values)).returning('id').execute();
    const servers = (await serversQuery(ctx.db).where('o.id', 'in', ids.map((r) => r.id)).orderBy('o.open_at').orderBy('o.id').execute()).map(view);
    await ctx.audit('openServers.import', `open_servers:${ids[0]!.id}-${ids[ids.length - 1]!.id}`, null, { count: servers.length, servers });
    return staffOk({ added: servers.length, refused: [], servers }, importedMsg(servers.length));
  }),
];
