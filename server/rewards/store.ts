import type { Kysely, Transaction } from 'kysely';
import type { RedeemRecord, StoreItemView } from '../../api/protocol/calls/store.ts';
import { storeItemState, type StoreRefusal } from '../../api/protocol/store.ts';
import { DAY_MS } from '../china-time.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { InsufficientFunds, platform, player, post } from '../money/ledger.ts';
import { debitPoints, pointsOf } from './accounts.ts';

/**
 * The coin store (积分商城). One redemption is one database transaction, in this order (which is
 * also the lock order, the same for every redemption, so two never deadlock):
 *   1. the redemption row (user_id, request_id unique): a retry of a committed request conflicts
 *      and answers the first result; a concurrent retry waits for the first and then conflicts;
 *   2. the item's stock: `stock = stock - 1 where stock > 0` (the item's row lock serialises
 *      redemptions of one item; stock never goes below zero, a CHECK backs it);
 *   3. the player's count of the item: `count = count + 1 where count < limit` on the player's
 *      store_user_counts row (its row lock is the per-player lock of the limit);
 *   4. the points: debitPoints (player points → points_redeemed; InsufficientFunds → 积分不足);
 *   5. the goods: a user_coupons row (source 'store'), 乐玩币 (promotion_expense → player coins,
 *      through the ledger) or one free gift code of the pack (as receiveGift takes one).
 * Any refusal throws inside the transaction, so everything above rolls back.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

export class StoreRefused extends Error {
  constructor(readonly reason: StoreRefusal) {
    super(`store refused: ${reason}`);
    this.name = 'StoreRefused';
  }
}

/** The same request committed meanwhile. */
class Repeated extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function itemQuery(db: Db) {
  return db
    .selectFrom('store_items as i')
    .leftJoin('coupons as c', 'c.id', 'i.coupon_id')
    .leftJoin('gift_packs as gp', 'gp.id', 'i.gift_pack_id')
    .leftJoin('games as g', 'g.id', 'gp.game_id')
    .select([
      'i.id',
      'i.kind',
      'i.title',
      'i.image',
      'i.description',
      'i.points_price',
      'i.stock',
      'i.per_user_limit',
      'i.valid_from',
      'i.valid_to',
      'i.sort',
      'i.coupon_id',
      'i.coins_cents',
      'i.gift_pack_id',
      'c.name as coupon_name',
      'c.amount_cents as coupon_amount_cents',
      'c.threshold_cents as coupon_threshold_cents',
      'c.valid_days as coupon_valid_days',
      'gp.name as pack_name',
      'g.name as game_name',
    ])
    // A gift item can hand out no more codes than its pack has free (the game page takes from the same pool).
    .select((eb) => eb.selectFrom('gift_codes as gc').select(eb.fn.countAll<number>().as('n')).whereRef('gc.pack_id', '=', 'i.gift_pack_id').where('gc.claimed_at', 'is', null).as('free_codes'))
    .where('i.active', '=', true);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

async function redeemedCounts(db: Db, userId: number | null): Promise<Map<number, number>> {
  if (userId === null) return new Map();
  const rows = await db.selectFrom('store_user_counts').select(['item_id', 'count']).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.item_id, r.count]));
}

function itemView(row: ItemRow, redeemed: number, now: Date): StoreItemView {
  const stock = row.kind === 'gift_code' ? Math.min(row.stock, Number(row.free_codes ?? 0)) : row.stock;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    image: row.image,
    description: row.description,
    points_price: row.points_price,
    stock,
    per_user_limit: row.per_user_limit,
    valid_from: row.valid_from ? iso(row.valid_from) : null,
    valid_to: row.valid_to ? iso(row.valid_to) : null,
    redeemed,
    state: storeItemState({ ...row, stock }, redeemed, now),
    coupon:
      row.kind === 'coupon' && row.coupon_id !== null
        ? { coupon_id: row.coupon_id, name: row.coupon_name ?? '', amount_cents: row.coupon_amount_cents ?? 0, threshold_cents: row.coupon_threshold_cents ?? 0, valid_days: row.coupon_valid_days ?? 0 }
        : null,
    coins_cents: row.kind === 'coins' ? row.coins_cents : null,
    gift: row.kind === 'gift_code' && row.gift_pack_id !== null ? { pack_id: row.gift_pack_id, name: row.pack_name ?? '', game_name: row.game_name ?? '' } : null,
  };
}

const STATE_ORDER = { available: 0, limit_reached: 1, not_started: 2, sold_out: 3, ended: 4 } as const;

/** The listed items: available first, then by sort and id. */
export async function storeItems(db: Db, userId: number | null, now: Date): Promise<StoreItemView[]> {
  const [rows, counts] = await Promise.all([itemQuery(db).orderBy('i.sort').orderBy('i.id').execute(), redeemedCounts(db, userId)]);
  const views = rows.map((row) => itemView(row, counts.get(row.id) ?? 0, now));
  // Array.prototype.sort is stable: the database's order stays within a state.
  return views.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);
}

export async function storeItem(db: Db, itemId: number, userId: number | null, now: Date): Promise<StoreItemView | null> {
  const row = await itemQuery(db).where('i.id', '=', itemId).executeTakeFirst();
  if (!row) return null;
  return itemView(row, (await redeemedCounts(db, userId)).get(itemId) ?? 0, now);
}

// ---- Records ----

function recordQuery(db: Db) {
  return db
    .selectFrom('store_redemptions as r')
    .leftJoin('user_coupons as uc', 'uc.id', 'r.user_coupon_id')
    .leftJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select(['r.id', 'r.item_id', 'r.kind', 'r.title', 'r.points_paid', 'r.user_coupon_id', 'r.gift_code', 'r.coins_cents', 'r.created_at', 'r.request_id', 'c.name as coupon_name', 'c.amount_cents as coupon_amount_cents', 'c.threshold_cents as coupon_threshold_cents', 'uc.expires_at as coupon_expires_at']);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['executeTakeFirstOrThrow']>>;

function recordView(row: RecordRow): RedeemRecord {
  return {
    id: row.id,
    item_id: row.item_id,
    kind: row.kind,
    title: row.title,
    points_paid: row.points_paid,
    coupon:
      row.user_coupon_id !== null && row.coupon_expires_at !== null
        ? { user_coupon_id: row.user_coupon_id, name: row.coupon_name ?? '', amount_cents: row.coupon_amount_cents ?? 0, threshold_cents: row.coupon_threshold_cents ?? 0, expires_at: iso(row.coupon_expires_at) }
        : null,
    gift_code: row.gift_code,
    coins_cents: row.coins_cents,
    created_at: iso(row.created_at),
  };
}

export async function redeemRecords(db: Db, userId: number, page: { offset: number; limit: number }): Promise<{ list: RedeemRecord[]; total: number }> {
  const total = Number((await db.selectFrom('store_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const rows = total > page.offset ? await recordQuery(db).where('r.user_id', '=', userId).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(page.limit).offset(page.offset).execute() : [];
  return { list: rows.map(recordView), total };
}

// ---- Redemption ----

export type RedeemResult = { status: 'redeemed' | 'repeated'; record: RedeemRecord; points: number } | { status: 'refused'; reason: StoreRefusal };

/** A committed redemption of this request, when there is one (a different item: refused). */
async function earlier(db: Db, userId: number, itemId: number, requestId: string): Promise<RedeemResult | null> {
  const row = await recordQuery(db).where('r.user_id', '=', userId).where('r.request_id', '=', requestId).executeTakeFirst();
  if (!row) return null;
  if (row.item_id !== itemId) return { status: 'refused', reason: 'request' };
  return { status: 'repeated', record: recordView(row), points: await pointsOf(db, userId) };
}

async function takeGiftCode(trx: Trx, packId: number, userId: number, now: Date): Promise<string> {
  const held = await trx.selectFrom('gift_codes').select('id').where('pack_id', '=', packId).where('claimed_by', '=', userId).executeTakeFirst();
  if (held) throw new StoreRefused('gift_held');
  const pack = await trx.selectFrom('gift_packs').select('valid_until').where('id', '=', packId).executeTakeFirstOrThrow();
  if (new Date(pack.valid_until) <= now) throw new StoreRefused('ended');
  const taken = await trx
    .updateTable('gift_codes')
    .set({ claimed_by: userId, claimed_at: now })
    .where('id', '=', (eb) =>
      eb.selectFrom('gift_codes as free').select('free.id').where('free.pack_id', '=', packId).where('free.claimed_at', 'is', null).orderBy('free.id').limit(1).forUpdate().skipLocked(),
    )
    .returning('code')
    .executeTakeFirst();
  if (!taken) throw new StoreRefused('sold_out');
  return taken.code;
}

/**
 * Redeems one item for the player. Idempotent by request id: a request that committed answers
 * its record again ('repeated'); a refused one left nothing behind, so its retry is decided anew.
 */
export async function redeem(db: Kysely<Database>, userId: number, itemId: number, requestId: string, now: Date): Promise<RedeemResult> {
  const before = await earlier(db, userId, itemId, requestId);
  if (before) return before;
  try {
    const redemptionId = await db.transaction().execute(async (trx) => {
      const item = await trx.selectFrom('store_items').selectAll().where('id', '=', itemId).where('active', '=', true).executeTakeFirst();
      if (!item) throw new StoreRefused('missing');
      // The window is read once here; the stock, limit and points are decided by the guarded updates below.
      const state = storeItemState({ ...item, stock: 1 }, 0, now);
      if (state === 'ended' || state === 'not_started') throw new StoreRefused(state);
      const inserted = await trx
        .insertInto('store_redemptions')
        .values({ user_id: userId, item_id: item.id, request_id: requestId, kind: item.kind, title: item.title, points_paid: item.points_price, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // The same request committed meanwhile (a concurrent retry): answer its result after this rolls back.
      if (!inserted) throw new Repeated();
      const stocked = await trx.updateTable('store_items').set((eb) => ({ stock: eb('stock', '-', 1) })).where('id', '=', item.id).where('stock', '>', 0).returning('id').executeTakeFirst();
      if (!stocked) throw new StoreRefused('sold_out');
      await trx.insertInto('store_user_counts').values({ user_id: userId, item_id: item.id, count: 0 }).onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing()).execute();
      let counted = trx.updateTable('store_user_counts').set((eb) => ({ count: eb('count', '+', 1) })).where('user_id', '=', userId).where('item_id', '=', item.id);
      if (item.per_user_limit !== null) counted = counted.where('count', '<', item.per_user_limit);
      if (!(await counted.returning('count').executeTakeFirst())) throw new StoreRefused('limit');
      await debitPoints(trx, userId, { reference: `store:redeem:${inserted.id}`, kind: 'store_redeem', amount: item.points_price, memo: `积分兑换：${item.title}` });
      const delivered: { user_coupon_id?: number; coins_cents?: number; gift_code?: string } = {};
      if (item.kind === 'coupon') {
        const coupon = await trx.selectFrom('coupons').select(['id', 'valid_days']).where('id', '=', item.coupon_id!).executeTakeFirstOrThrow();
        const row = await trx
          .insertInto('user_coupons')
          .values({ user_id: userId, coupon_id: coupon.id, source: 'store', received_at: now, expires_at: new Date(now.getTime() + coupon.valid_days * DAY_MS) })
          .returning('id')
          .executeTakeFirstOrThrow();
        delivered.user_coupon_id = row.id;
      } else if (item.kind === 'coins') {
        await post(trx, { reference: `store:redeem:${inserted.id}:coins`, kind: 'store_coins', memo: `积分兑换：${item.title}`, transfers: [{ from: platform('promotion_expense'), to: player(userId, 'coins'), amount: item.coins_cents! }] });
        delivered.coins_cents = item.coins_cents!;
      } else {
        delivered.gift_code = await takeGiftCode(trx, item.gift_pack_id!, userId, now);
      }
      await trx.updateTable('store_redemptions').set(delivered).where('id', '=', inserted.id).execute();
      return inserted.id;
    });
    const row = await recordQuery(db).where('r.id', '=', redemptionId).executeTakeFirstOrThrow();
    return { status: 'redeemed', record: recordView(row), points: await pointsOf(db, userId) };
  } catch (error) {
    if (error instanceof StoreRefused) return { status: 'refused', reason: error.reason };
    if (error instanceof InsufficientFunds) return { status: 'refused', reason: 'points' };
    // Another redemption of this player's took the pack's code for them first (unique pack, player).
    if (isUniqueViolation(error) && (error as { constraint?: string }).constraint !== 'store_redemptions_request_uq') return { status: 'refused', reason: 'gift_held' };
    if (error instanceof Repeated || isUniqueViolation(error)) {
      const again = await earlier(db, userId, itemId, requestId);
      if (again) return again;
    }
    throw error;
  }
}

