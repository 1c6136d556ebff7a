import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { GIFT_PACK_MSG, importSummary, maskCode, withdrawSummary, type GiftPackStatus, type GiftRefusalKind } from '../../api/protocol/gift-packs.ts';
import * as gifts from '../../api/protocol/staff/gifts.ts';
import type { StaffGiftCode, StaffGiftPack } from '../../api/protocol/staff/gifts.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';
import { pageAnswer, pageOf } from './fields.ts';
import { parseCodeFile } from './gift-code-file.ts';
import { iso } from './game-list.ts';

/**
 * 礼包管理 (api/protocol/staff/gifts.ts): operators' gift packs and their code pools. The players'
 * side is ./gifts.ts (it takes free codes); this side creates packs, imports codes and withdraws
 * free ones. A write to a pack's codes locks the pack's row first (imports and withdrawals of one
 * pack run one at a time, so the stock before and after each is exact in its audit row), inserts
 * with ON CONFLICT (pack_id, code) DO NOTHING (a code is in a pack once, whoever else imports it),
 * and keeps gift_packs.total equal to the pack's codes. Gift reads are not in the read cache, and
 * every write here goes through the call's transaction, so players' pages show it at once.
 */

type PackQueryDb = Database & { gp: Database['gift_packs']; g: Database['games'] };

/** Codes are inserted this many per statement (a PostgreSQL statement takes at most 65,535 parameters). */
const INSERT_CHUNK = 1_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

function packQuery(db: Kysely<Database>) {
  return db
    .selectFrom('gift_packs as gp')
    .innerJoin('games as g', 'g.id', 'gp.game_id')
    .select(['gp.id', 'gp.game_id', 'g.name as game_name', 'gp.name', 'gp.content', 'gp.usage', 'gp.valid_from', 'gp.valid_until', 'gp.vip_level'])
    .select((eb) => eb.selectFrom('gift_codes as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.pack_id', '=', 'gp.id').as('codes'))
    .select((eb) => eb.selectFrom('gift_codes as f').select(eb.fn.countAll<number>().as('n')).whereRef('f.pack_id', '=', 'gp.id').where('f.claimed_at', 'is', null).as('free'));
}

type PackRow = Awaited<ReturnType<ReturnType<typeof packQuery>['execute']>>[number];

function statusOf(row: { valid_from: Date | null; valid_until: Date }, remaining: number, now: Date): GiftPackStatus {
  if (row.valid_from && new Date(row.valid_from) > now) return 'upcoming';
  if (new Date(row.valid_until) <= now) return 'expired';
  return remaining > 0 ? 'active' : 'soldout';
}

function packView(row: PackRow, now: Date): StaffGiftPack {
  const total = Number(row.codes ?? 0);
  const remaining = Number(row.free ?? 0);
  return {
    id: row.id,
    game: { id: row.game_id, name: row.game_name },
    name: row.name,
    content: row.content,
    usage: row.usage,
    valid_from: row.valid_from ? iso(row.valid_from) : null,
    valid_until: iso(row.valid_until),
    vip_level: row.vip_level,
    total,
    claimed: total - remaining,
    remaining,
    status: statusOf(row, remaining, now),
  };
}

async function packById(db: Kysely<Database>, id: number, now: Date): Promise<StaffGiftPack | null> {
  const row = await packQuery(db).where('gp.id', '=', id).executeTakeFirst();
  return row ? packView(row, now) : null;
}

/** The list's status filter in SQL (statusOf in words). */
function statusWhere(status: GiftPackStatus, now: Date) {
  return (eb: ExpressionBuilder<PackQueryDb, 'gp' | 'g'>) => {
    const started = eb.or([eb('gp.valid_from', 'is', null), eb('gp.valid_from', '<=', now)]);
    const hasFree = eb.exists(eb.selectFrom('gift_codes as s').select(sql.lit(1).as('one')).whereRef('s.pack_id', '=', 'gp.id').where('s.claimed_at', 'is', null));
    if (status === 'upcoming') return eb('gp.valid_from', '>', now);
    if (status === 'expired') return eb.and([started, eb('gp.valid_until', '<=', now)]);
    return eb.and([started, eb('gp.valid_until', '>', now), status === 'active' ? hasFree : eb.not(hasFree)]);
  };
}

/** Locks the pack's row for the call's transaction; null when there is none. */
async function lockPack(db: Kysely<Database>, id: number) {
  return db.selectFrom('gift_packs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Keeps the players' total (their page's bar) equal to the pack's codes. */
async function syncTotal(db: Kysely<Database>, packId: number): Promise<void> {
  await db
    .updateTable('gift_packs')
    .set((eb) => ({ total: eb.selectFrom('gift_codes').select(eb.fn.countAll<number>().as('n')).where('pack_id', '=', packId) }))
    .where('id', '=', packId)
    .execute();
}

const stockOf = (pack: StaffGiftPack) => ({ total: pack.total, claimed: pack.claimed, remaining: pack.remaining });

/** What the audit keeps of a pack's own fields. */
function fieldsOf(row: { game_id: number; name: string; content: string; usage: string; valid_from: Date | null; valid_until: Date; vip_level: number }) {
  return { game_id: row.game_id, name: row.name, content: row.content, usage: row.usage, valid_from: row.valid_from ? iso(row.valid_from) : null, valid_until: iso(row.valid_until), vip_level: row.vip_level };
}

export const staffGiftCalls: StaffCallDefinition[] = [
  handleStaff(gifts.list, async ({ db, input, now }) => {
    const page = pageOf(input);
    let q = packQuery(db);
    let counted = db.selectFrom('gift_packs as gp').innerJoin('games as g', 'g.id', 'gp.game_id');
    if (input.game_id !== undefined) {
      q = q.where('gp.game_id', '=', input.game_id);
      counted = counted.where('gp.game_id', '=', input.game_id);
    }
    if (input.keyword !== '') {
      const pattern = `%${escapeLike(input.keyword)}%`;
      q = q.where((eb) => eb.or([eb('gp.name', 'ilike', pattern), eb('g.name', 'ilike', pattern)]));
      counted = counted.where((eb) => eb.or([eb('gp.name', 'ilike', pattern), eb('g.name', 'ilike', pattern)]));
    }
    if (input.status) {
      q = q.where(statusWhere(input.status, now));
      counted = counted.where(statusWhere(input.status, now));
    }
    const total = Number((await counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total > page.offset ? await q.orderBy('gp.id', 'desc').limit(page.limit).offset(page.offset).execute() : [];
    return staffOk(pageAnswer(page, rows.map((row) => packView(row, now)), total));
  }),

  handleStaff(gifts.save, async (ctx) => {
    const { db, input, now } = ctx;
    if (input.valid_until <= input.valid_from) return staffRefuse(GIFT_PACK_MSG.validOrder);
    const game = await db.selectFrom('games').select('id').where('id', '=', input.game_id).executeTakeFirst();
    if (!game) return staffRefuse(GIFT_PACK_MSG.missingGame);
    const values = { game_id: input.game_id, name: input.name, content: input.content, usage: input.usage, valid_from: input.valid_from, valid_until: input.valid_until, vip_level: input.vip_level };
    if (input.id === undefined) {
      if (input.valid_until <= now) return staffRefuse(GIFT_PACK_MSG.validPast);
      const created = await db.insertInto('gift_packs').values({ ...values, total: 0 }).returning('id').executeTakeFirstOrThrow();
      await ctx.audit('gifts.create', `gift_pack:${created.id}`, null, fieldsOf(values));
      return staffOk({ pack: (await packById(db, created.id, now))! }, GIFT_PACK_MSG.created);
    }
    const before = await lockPack(db, input.id);
    if (!before) return staffRefuse(GIFT_PACK_MSG.missingPack);
    // Its codes were made for its game.
    if (before.game_id !== input.game_id) return staffRefuse(GIFT_PACK_MSG.gameFixed);
    // An ended pack may keep its end while its words are corrected; a new end must be ahead.
    if (input.valid_until <= now && input.valid_until.getTime() !== new Date(before.valid_until).getTime()) return staffRefuse(GIFT_PACK_MSG.validPast);
    await db.updateTable('gift_packs').set(values).where('id', '=', input.id).execute();
    await ctx.audit('gifts.update', `gift_pack:${input.id}`, fieldsOf(before), fieldsOf(values));
    return staffOk({ pack: (await packById(db, input.id, now))! }, GIFT_PACK_MSG.saved);
  }),

  handleStaff(gifts.importCodes, async (ctx) => {
    const { db, input, now } = ctx;
    const parsed = parseCodeFile(input.text);
    if (!parsed.ok) return staffRefuse(parsed.message);
    if (parsed.lines === 0) return staffRefuse(GIFT_PACK_MSG.fileNoCodes);
    if (!(await lockPack(db, input.pack_id))) return staffRefuse(GIFT_PACK_MSG.missingPack);
    const before = (await packById(db, input.pack_id, now))!;
    let added = 0;
    for (let i = 0; i < parsed.codes.length; i += INSERT_CHUNK) {
      const chunk = parsed.codes.slice(i, i + INSERT_CHUNK);
      const inserted = await db
        .insertInto('gift_codes')
        .values(chunk.map((code) => ({ pack_id: input.pack_id, code })))
        .onConflict((oc) => oc.columns(['pack_id', 'code']).doNothing())
        .returning('id')
        .execute();
      added += inserted.length;
    }
    if (added > 0) await syncTotal(db, input.pack_id);
    const refused: Record<GiftRefusalKind, number> = { ...parsed.refused, duplicate_in_pack: parsed.codes.length - added };
    const refusedTotal = Object.values(refused).reduce((sum, n) => sum + n, 0);
    const pack = (await packById(db, input.pack_id, now))!;
    await ctx.audit('gifts.import', `gift_pack:${input.pack_id}`, stockOf(before), { ...stockOf(pack), file_name: input.file_name, lines: parsed.lines, added, refused });
    return staffOk({ added, refused, refused_total: refusedTotal, lines: parsed.lines, pack }, importSummary(added, refused));
  }),

  handleStaff(gifts.codes, async ({ db, input, now }) => {
    const page = pageOf(input);
    const pack = await packById(db, input.pack_id, now);
    if (!pack) return staffRefuse(GIFT_PACK_MSG.missingPack);
    const filter = input.filter ?? 'all';
    let base = db.selectFrom('gift_codes as c').where('c.pack_id', '=', input.pack_id);
    if (filter === 'free') base = base.where('c.claimed_at', 'is', null);
    if (filter === 'claimed') base = base.where('c.claimed_at', 'is not', null);
    const total = filter === 'all' ? pack.total : filter === 'free' ? pack.remaining : pack.claimed;
    let q = base.leftJoin('users as u', 'u.id', 'c.claimed_by').select(['c.id', 'c.code', 'c.claimed_at', 'c.claimed_by', 'u.nickname', 'u.phone']);
    q = filter === 'claimed' ? q.orderBy('c.claimed_at', 'desc').orderBy('c.id', 'desc') : q.orderBy('c.id');
    const rows = total > page.offset ? await q.limit(page.limit).offset(page.offset).execute() : [];
    const list: StaffGiftCode[] = rows.map((row) => {
      const claimed = row.claimed_at !== null;
      return {
        id: row.id,
        code: claimed ? maskCode(row.code) : row.code,
        claimed,
        claimed_at: row.claimed_at ? iso(row.claimed_at) : null,
        user: claimed && row.claimed_by !== null ? { id: row.claimed_by, nickname: row.nickname ?? '', phone: maskPhone(row.phone ?? '') } : null,
      };
    });
    return staffOk({ ...pageAnswer(page, list, total), pack });
  }),

  handleStaff(gifts.withdraw, async (ctx) => {
    const { db, input, now } = ctx;
    if (!(await lockPack(db, input.pack_id))) return staffRefuse(GIFT_PACK_MSG.missingPack);
    const before = (await packById(db, input.pack_id, now))!;
    let removed = db.deleteFrom('gift_codes').where('pack_id', '=', input.pack_id).where('claimed_at', 'is', null);
    let keptClaimed = 0;
    if (input.ids) {
      removed = removed.where('id', 'in', input.ids);
      const claimed = await db
        .selectFrom('gift_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('pack_id', '=', input.pack_id)
        .where('id', 'in', input.ids)
        .where('claimed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      keptClaimed = Number(claimed.n);
    }
    const gone = await removed.returning(['id', 'code']).execute();
    if (gone.length > 0) await syncTotal(db, input.pack_id);
    const pack = (await packById(db, input.pack_id, now))!;
    // The codes themselves when chosen one by one; a whole pool is its count.
    await ctx.audit('gifts.withdraw', `gift_pack:${input.pack_id}`, stockOf(before), {
      ...stockOf(pack),
      withdrawn: gone.length,
      ...(input.ids ? { codes: gone.map((row) => row.code), kept_claimed: keptClaimed } : { all: true }),
    });
    return staffOk({ withdrawn: gone.length, kept_claimed: keptClaimed, pack }, withdrawSummary(gone.length, keptClaimed));
  }),

  handleStaff(gifts.games, async ({ db, input }) => {
    let q = db.selectFrom('games').select(['id', 'name']);
    if (input.keyword !== '') {
      const pattern = `%${escapeLike(input.keyword)}%`;
      const asId = /^\d{1,9}$/.test(input.keyword) ? Number(input.keyword) : null;
      q = q.where((eb) => (asId === null ? eb('name', 'ilike', pattern) : eb.or([eb('name', 'ilike', pattern), eb('id', '=', asId)])));
    }
    return staffOk({ list: await q.orderBy('id').limit(20).execute() });
  }),
];
