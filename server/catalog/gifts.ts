import type { ExpressionBuilder, Kysely } from 'kysely';
import * as calls from '../../api/protocol/calls/game.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { artUrl } from '../catalog/art.ts';
import { pageAnswer, pageOf } from '../catalog/fields.ts';
import { gamesByIds, iso } from '../catalog/game-list.ts';
import type { Database } from '../db/schema.ts';
import { taskOnGiftClaimed } from '../tasks/index.ts';

/**
 * 礼包 and 预约. A gift pack has a pool of codes (gift_codes); claiming takes one free code
 * with UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED), and a partial unique index on
 * (pack_id, claimed_by) lets a user hold one code per pack even when the same user claims
 * concurrently (the loser's statement fails with 23505 and answers the winner's code).
 */
/** SPEC §8 suppresses 已领取 as a toast; the UI shows the code instead. */
export const GIFT_MSG = calls.GIFT_CLAIM_MSG;

export const RESERVE_MSG = {
  reserved: '预约成功',
  already: '已预约',
  cancelled: '已取消预约',
  online: '游戏已上线，快去下载吧',
  missingGame: '游戏不存在',
} as const;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

interface PackRow {
  id: number;
  game_id: number;
  name: string;
  content: string;
  usage: string;
  valid_until: Date;
  vip_level: number;
  total: number;
}

/** Packs players see: those whose validity has begun (an operator may schedule one ahead). */
export function packStarted(now: Date) {
  return (eb: ExpressionBuilder<Database & { gp: Database['gift_packs'] }, 'gp'>) => eb.or([eb('gp.valid_from', 'is', null), eb('gp.valid_from', '<=', now)]);
}

async function packsWithCounts(db: Kysely<Database>, gameId: number, userId: number | null, now: Date, limit?: { offset: number; limit: number }) {
  let q = db
    .selectFrom('gift_packs as gp')
    .select(['gp.id', 'gp.game_id', 'gp.name', 'gp.content', 'gp.usage', 'gp.valid_until', 'gp.vip_level', 'gp.total'])
    .select((eb) =>
      eb
        .selectFrom('gift_codes as gc')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('gc.pack_id', '=', 'gp.id')
        .where('gc.claimed_at', 'is', null)
        .as('remaining'),
    )
    .select((eb) =>
      eb
        .selectFrom('gift_codes as mine')
        .select('mine.code')
        .whereRef('mine.pack_id', '=', 'gp.id')
        .where('mine.claimed_by', '=', userId ?? -1)
        .as('my_code'),
    )
    .where('gp.game_id', '=', gameId)
    .where(packStarted(now))
    .orderBy('gp.sort')
    .orderBy('gp.id');
  if (limit) q = q.limit(limit.limit).offset(limit.offset);
  return q.execute();
}

function packItem(row: PackRow & { remaining: number | null; my_code: string | null }, now: Date) {
  return {
    gift_id: row.id,
    game_id: row.game_id,
    name: row.name,
    content: row.content,
    usage: row.usage,
    valid_until: iso(row.valid_until),
    expired: new Date(row.valid_until) <= now,
    vip_level: row.vip_level,
    total: row.total,
    remaining: Number(row.remaining ?? 0),
    claimed: row.my_code !== null,
    code: row.my_code,
  };
}

/** For the game page: count, codes left, the first packs. */
export async function giftSummary(db: Kysely<Database>, gameId: number, userId: number | null, now: Date) {
  const packs = await packsWithCounts(db, gameId, userId, now);
  const items = packs.map((p) => packItem(p, now));
  return { count: items.length, remaining: items.reduce((s, p) => s + p.remaining, 0), list: items.slice(0, 3) };
}

async function heldCode(db: Kysely<Database>, packId: number, userId: number): Promise<string | null> {
  const row = await db.selectFrom('gift_codes').select('code').where('pack_id', '=', packId).where('claimed_by', '=', userId).executeTakeFirst();
  return row?.code ?? null;
}

export type GiftClaim = { status: 'received' | 'already'; code: string } | { status: 'soldOut' };

/**
 * Takes one free code of the pack for the user. Atomic on PostgreSQL under concurrency: first a
 * free row no other claim holds (FOR UPDATE SKIP LOCKED); when there is none, and the user holds no
 * code yet, once more waiting for the rows other claims hold (FOR UPDATE): a row whose claim failed
 * is taken, one whose claim committed is skipped, so what is answered after it is settled — the
 * user's own concurrent claim that won answers 'already' with its code, never 礼包已领完. If the
 * same user's other claim commits first, the unique index (pack_id, claimed_by) fails this one
 * (23505) and its code is answered instead. PGlite runs one statement at a time.
 */
export async function claimGiftCode(db: Kysely<Database>, packId: number, userId: number, now: Date): Promise<GiftClaim> {
  const fast = await takeFreeCode(db, packId, userId, now, true);
  if (fast) return { status: 'received', code: fast };
  const held = await heldCode(db, packId, userId);
  if (held) return { status: 'already', code: held };
  const waited = await takeFreeCode(db, packId, userId, now, false);
  if (waited) return { status: 'received', code: waited };
  const settled = await heldCode(db, packId, userId);
  return settled ? { status: 'already', code: settled } : { status: 'soldOut' };
}

/** The code claimed for the user, or null: none free (skipping or waiting for locked rows), or the user's other claim won. */
async function takeFreeCode(db: Kysely<Database>, packId: number, userId: number, now: Date, skipLocked: boolean): Promise<string | null> {
  try {
    const claimed = await db.transaction().execute((trx) =>
      trx
        .updateTable('gift_codes')
        .set({ claimed_by: userId, claimed_at: now })
        .where('id', '=', (eb) => {
          const free = eb.selectFrom('gift_codes as free').select('free.id').where('free.pack_id', '=', packId).where('free.claimed_at', 'is', null).orderBy('free.id').limit(1).forUpdate();
          return skipLocked ? free.skipLocked() : free;
        })
        .returning('code')
        .executeTakeFirst(),
    );
    return claimed?.code ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return null;
  }
}

export const giftCalls = defineCalls(
  handle(calls.getGiftList, async ({ db, input, user, now }) => {
    const page = pageOf(input);
    const gameId = input.game_id;
    const total = await db
      .selectFrom('gift_packs as gp')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gp.game_id', '=', gameId)
      .where(packStarted(now))
      .executeTakeFirstOrThrow();
    const rows = Number(total.n) > page.offset ? await packsWithCounts(db, gameId, user?.id ?? null, now, page) : [];
    return ok(pageAnswer(page, rows.map((r) => packItem(r, now)), Number(total.n)));
  }),
  handle(calls.receiveGift, async ({ db, input, user, now }) => {
    const giftId = input.gift_id;
    const userId = user.id;
    // A pack whose validity has not begun is not there yet for players.
    const pack = await db.selectFrom('gift_packs as gp').select(['gp.id', 'gp.valid_until']).where('gp.id', '=', giftId).where(packStarted(now)).executeTakeFirst();
    if (!pack) return refuse(GIFT_MSG.missing, { reason: 'missing' } satisfies calls.GiftRefusalData);
    const held = await heldCode(db, pack.id, userId);
    if (held) return ok({ code: held, gift_id: pack.id }, GIFT_MSG.already);
    if (new Date(pack.valid_until) <= now) return refuse(GIFT_MSG.expired, { reason: 'expired' } satisfies calls.GiftRefusalData);
    const claim = await claimGiftCode(db, pack.id, userId, now);
    if (claim.status === 'soldOut') return refuse(GIFT_MSG.soldOut, { reason: 'soldOut' } satisfies calls.GiftRefusalData);
    await taskOnGiftClaimed(db, userId, pack.id, now);
    return ok({ code: claim.code, gift_id: pack.id }, claim.status === 'received' ? GIFT_MSG.received : GIFT_MSG.already);
  }),
  handle(calls.myGiftList, async ({ db, input, user, now }) => {
    const page = pageOf(input);
    const base = db.selectFrom('gift_codes as gc').where('gc.claimed_by', '=', user.id);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows =
      total > page.offset
        ? await base
            .innerJoin('gift_packs as gp', 'gp.id', 'gc.pack_id')
            .innerJoin('games as g', 'g.id', 'gp.game_id')
            .select(['gc.code', 'gc.claimed_at', 'gp.id as gift_id', 'gp.name', 'gp.content', 'gp.usage', 'gp.valid_until', 'gp.vip_level', 'g.id as game_id', 'g.name as game_name', 'g.icon_key'])
            .orderBy('gc.claimed_at', 'desc')
            .orderBy('gc.id', 'desc')
            .limit(page.limit)
            .offset(page.offset)
            .execute()
        : [];
    return ok(
      pageAnswer(
        page,
        rows.map((r) => ({
          gift_id: r.gift_id,
          name: r.name,
          content: r.content,
          usage: r.usage,
          vip_level: r.vip_level,
          code: r.code,
          claimed_at: iso(r.claimed_at!),
          valid_until: iso(r.valid_until),
          expired: new Date(r.valid_until) <= now,
          game_id: r.game_id,
          game_name: r.game_name,
          icon: artUrl('icon', r.icon_key),
        })),
        total,
      ),
    );
  }),
  handle(calls.reserveGame, async ({ db, input, user, now }) => {
    const gameId = input.game_id;
    const game = await db.selectFrom('games').select(['id', 'online_at']).where('id', '=', gameId).executeTakeFirst();
    if (!game) return refuse(RESERVE_MSG.missingGame);
    if (new Date(game.online_at) <= now) return refuse(RESERVE_MSG.online);
    const inserted = await db
      .insertInto('reservations')
      .values({ user_id: user.id, game_id: game.id, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const counts = await reserveCounts(db, [game.id]);
    return ok({ game_id: game.id, reserved: true, reserve_count: counts.get(game.id) ?? 0 }, inserted ? RESERVE_MSG.reserved : RESERVE_MSG.already);
  }),
  handle(calls.cancelReserveGame, async ({ db, input, user }) => {
    const gameId = input.game_id;
    await db.deleteFrom('reservations').where('user_id', '=', user.id).where('game_id', '=', gameId).execute();
    const counts = await reserveCounts(db, [gameId]);
    return ok({ game_id: gameId, reserved: false, reserve_count: counts.get(gameId) ?? 0 }, RESERVE_MSG.cancelled);
  }),
  handle(calls.myReservations, async ({ db, input, user, now }) => {
    const page = pageOf(input);
    const base = db.selectFrom('reservations').where('user_id', '=', user.id);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total > page.offset ? await base.select(['game_id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute() : [];
    const items = await gamesByIds(db, now, rows.map((r) => r.game_id));
    const counts = await reserveCounts(db, rows.map((r) => r.game_id));
    const reservedAt = new Map(rows.map((r) => [r.game_id, iso(r.created_at)]));
    return ok(
      pageAnswer(
        page,
        items.map((item) => ({ ...item, reserved: true, reserved_at: reservedAt.get(item.game_id)!, reserve_count: counts.get(item.game_id) ?? 0, is_online: new Date(item.online_at) <= now })),
        total,
      ),
    );
  }),
);

/** Reservation counts shown to players: a seeded base plus real reservations. */
export async function reserveCounts(db: Kysely<Database>, gameIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (gameIds.length === 0) return counts;
  const rows = await db
    .selectFrom('games as g')
    .select(['g.id', 'g.reserve_base'])
    .select((eb) => eb.selectFrom('reservations as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.game_id', '=', 'g.id').as('real'))
    .where('g.id', 'in', gameIds)
    .execute();
  for (const row of rows) counts.set(row.id, row.reserve_base + Number(row.real ?? 0));
  return counts;
}

/** Which of these games the user reserved. */
export async function reservedBy(db: Kysely<Database>, userId: number | null, gameIds: number[]): Promise<Set<number>> {
  if (userId === null || gameIds.length === 0) return new Set();
  const rows = await db.selectFrom('reservations').select('game_id').where('user_id', '=', userId).where('game_id', 'in', gameIds).execute();
  return new Set(rows.map((r) => r.game_id));
}
