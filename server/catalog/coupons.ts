import { sql, type Kysely } from 'kysely';
import * as calls from '../../api/protocol/calls/coupon.ts';
import { MSG } from '../../api/protocol/codes.ts';
import { defineCalls, handle, ok, refuse, type AuthedContext } from '../calls.ts';
import { DAY_MS } from '../china-time.ts';
import { pageAnswer, pageOf, type Page } from '../catalog/fields.ts';
import { iso } from '../catalog/game-list.ts';
import type { CouponType, Database, UserCouponSource } from '../db/schema.ts';

/**
 * 代金券 (catalogue side). Claiming inserts the user's coupon (a partial unique index allows one
 * 'receive' per user and coupon, so concurrent claims by one user yield one) and takes one from
 * stock with `claimed = claimed + 1 WHERE claimed < total`, in one transaction: out of stock
 * rolls the claim back. A coupon an operator issued the player (source 'issue') counts as received.
 */
export const COUPON_MSG = calls.COUPON_CLAIM_MSG;

/** A declared claim refusal: its message, and its reason for the client to branch on. */
const refuseClaim = (reason: calls.CouponRefusal) => refuse(COUPON_MSG[reason], { reason } satisfies calls.CouponRefusalData);

/** myCouponList status: 1 usable, 2 used, 3 expired (0 or absent: all). */
export const COUPON_STATUS = calls.COUPON_STATUS;
const STATUS_TEXT: Record<number, string> = { 1: '可使用', 2: '已使用', 3: '已过期' };
export const UNIVERSAL = '全平台通用';

function yuan(cents: number): number {
  return Math.round(cents) / 100;
}

/** 满30元可用 / 无门槛: the coupon lists and the checkout say it alike. */
export function conditionText(thresholdCents: number): string {
  return thresholdCents > 0 ? `满${yuan(thresholdCents)}元可用` : '无门槛';
}

class SoldOut extends Error {}

type ClaimResult = { status: 'ok'; userCouponId: number; expiresAt: Date } | { status: 'already' | 'soldOut' | 'missing' };

export async function claimCoupon(db: Kysely<Database>, userId: number, couponId: number, now: Date): Promise<ClaimResult> {
  const coupon = await db.selectFrom('coupons').select(['id', 'valid_days']).where('id', '=', couponId).where('source', '=', 'center').executeTakeFirst();
  if (!coupon) return { status: 'missing' };
  // One per player: a coupon an operator issued them counts as theirs (server/catalog/staff-coupons.ts).
  const issued = await db.selectFrom('user_coupons').select('id').where('user_id', '=', userId).where('coupon_id', '=', coupon.id).where('source', '=', 'issue').executeTakeFirst();
  if (issued) return { status: 'already' };
  try {
    return await db.transaction().execute(async (trx) => {
      const expiresAt = new Date(now.getTime() + coupon.valid_days * DAY_MS);
      const inserted = await trx
        .insertInto('user_coupons')
        .values({ user_id: userId, coupon_id: coupon.id, source: 'receive', received_at: now, expires_at: expiresAt })
        // The arbiter is the partial unique index user_coupons_one_per_user (a literal predicate, so it can be inferred).
        .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).where(sql<boolean>`source = 'receive'`).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { status: 'already' as const };
      const taken = await trx
        .updateTable('coupons')
        .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
        .where('id', '=', coupon.id)
        .whereRef('claimed', '<', 'total')
        .returning('id')
        .executeTakeFirst();
      if (!taken) throw new SoldOut();
      return { status: 'ok' as const, userCouponId: inserted.id, expiresAt };
    });
  } catch (error) {
    if (error instanceof SoldOut) return { status: 'soldOut' };
    throw error;
  }
}

function couponSelect(db: Kysely<Database>, userId: number | null) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('games as g', 'g.id', 'c.game_id')
    // Card and level coupons are handed out by their card or level, not from the centre.
    .where('c.source', '=', 'center')
    .select(['c.id', 'c.game_id', 'g.name as game_name', 'c.name', 'c.type', 'c.amount_cents', 'c.threshold_cents', 'c.valid_days', 'c.total', 'c.claimed'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('user_coupons as uc').select('uc.id').whereRef('uc.coupon_id', '=', 'c.id').where('uc.user_id', '=', userId ?? -1).where('uc.source', 'in', ['receive', 'issue']))
        .as('received'),
    );
}

type CouponRow = Awaited<ReturnType<ReturnType<typeof couponSelect>['execute']>>[number];

function couponItem(row: CouponRow) {
  return {
    coupon_id: row.id,
    game_id: row.game_id,
    game_name: row.game_name ?? UNIVERSAL,
    name: row.name,
    type: row.type,
    amount: yuan(row.amount_cents),
    amount_cents: row.amount_cents,
    threshold: yuan(row.threshold_cents),
    threshold_cents: row.threshold_cents,
    condition_text: conditionText(row.threshold_cents),
    valid_days: row.valid_days,
    total: row.total,
    remaining: row.total - row.claimed,
    received: Boolean(row.received),
  };
}

/** For the game page: how many coupons, the biggest amount, the first few. */
export async function couponSummary(db: Kysely<Database>, gameId: number, userId: number | null) {
  const rows = await couponSelect(db, userId).where('c.game_id', '=', gameId).orderBy('c.type').orderBy('c.amount_cents').orderBy('c.id').execute();
  const items = rows.map(couponItem);
  return { count: items.length, max_amount: items.reduce((m, c) => Math.max(m, c.amount), 0), list: items.slice(0, 3) };
}

async function myCoupons(ctx: AuthedContext, page: Page, status: number, source: UserCouponSource | null) {
  const { db, now, user } = ctx;
  let base = db.selectFrom('user_coupons as uc').where('uc.user_id', '=', user.id);
  if (source) base = base.where('uc.source', '=', source);
  if (status === COUPON_STATUS.usable) base = base.where('uc.used_at', 'is', null).where('uc.expires_at', '>', now);
  if (status === COUPON_STATUS.used) base = base.where('uc.used_at', 'is not', null);
  if (status === COUPON_STATUS.expired) base = base.where('uc.used_at', 'is', null).where('uc.expires_at', '<=', now);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows =
    total > page.offset
      ? await base
          .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
          .leftJoin('games as g', 'g.id', 'c.game_id')
          .select(['uc.id', 'uc.coupon_id', 'uc.source', 'uc.received_at', 'uc.expires_at', 'uc.used_at', 'c.name', 'c.type', 'c.amount_cents', 'c.threshold_cents', 'c.game_id', 'g.name as game_name'])
          .orderBy('uc.received_at', 'desc')
          .orderBy('uc.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute()
      : [];
  const list = rows.map((r) => {
    const s = r.used_at ? COUPON_STATUS.used : new Date(r.expires_at) <= now ? COUPON_STATUS.expired : COUPON_STATUS.usable;
    return {
      id: r.id,
      coupon_id: r.coupon_id,
      name: r.name,
      type: r.type as CouponType,
      source: r.source,
      game_id: r.game_id,
      game_name: r.game_name ?? UNIVERSAL,
      amount: yuan(r.amount_cents),
      amount_cents: r.amount_cents,
      threshold: yuan(r.threshold_cents),
      threshold_cents: r.threshold_cents,
      condition_text: conditionText(r.threshold_cents),
      received_at: iso(r.received_at),
      expires_at: iso(r.expires_at),
      used_at: r.used_at ? iso(r.used_at) : null,
      status: s,
      status_text: STATUS_TEXT[s]!,
    };
  });
  return pageAnswer(page, list, total);
}

export const couponCalls = defineCalls(
  handle(calls.getCouponList, async ({ db, input, user }) => {
    const page = pageOf(input);
    const gameId = input.game_id;
    const { type } = input;
    let q = couponSelect(db, user?.id ?? null);
    q = gameId === undefined ? q.where('c.game_id', 'is', null) : q.where('c.game_id', '=', gameId);
    if (type) q = q.where('c.type', '=', type);
    const total = Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total > page.offset ? await q.orderBy('c.type').orderBy('c.amount_cents').orderBy('c.id').limit(page.limit).offset(page.offset).execute() : [];
    return ok(pageAnswer(page, rows.map(couponItem), total));
  }),
  handle(calls.receiveCoupon, async ({ db, input, user, now }) => {
    const couponId = input.coupon_id;
    const result = await claimCoupon(db, user.id, couponId, now);
    if (result.status !== 'ok') return refuseClaim(result.status);
    return ok({ id: result.userCouponId, coupon_id: couponId, expires_at: iso(result.expiresAt) }, COUPON_MSG.received);
  }),
  handle(calls.receiveBtCoupon, async ({ db, input, user, now }) => {
    const couponId = input.coupon_id;
    let ids: number[];
    if (couponId !== undefined) {
      const coupon = await db.selectFrom('coupons').select(['id', 'type']).where('id', '=', couponId).where('source', '=', 'center').executeTakeFirst();
      if (!coupon) return refuseClaim('missing');
      if (coupon.type !== 'bt') return refuseClaim('notBt');
      ids = [coupon.id];
    } else {
      // game_id is needed only without coupon_id: checked here.
      const gameId = input.game_id;
      if (gameId === undefined || gameId === null) return refuse(MSG.paramError);
      const rows = await db.selectFrom('coupons').select('id').where('game_id', '=', gameId).where('type', '=', 'bt').orderBy('amount_cents').orderBy('id').execute();
      if (rows.length === 0) return refuseClaim('noBtCoupons');
      ids = rows.map((r) => r.id);
    }
    const received: { id: number; coupon_id: number; expires_at: string }[] = [];
    let already = 0;
    for (const id of ids) {
      const result = await claimCoupon(db, user.id, id, now);
      if (result.status === 'ok') received.push({ id: result.userCouponId, coupon_id: id, expires_at: iso(result.expiresAt) });
      if (result.status === 'already') already++;
    }
    if (received.length > 0) return ok({ count: received.length, list: received }, COUPON_MSG.received);
    return refuseClaim(already === ids.length ? 'already' : 'soldOut');
  }),
  handle(calls.getMyCouponNum, async ({ db, user, now }) => {
    const row = await db
      .selectFrom('user_coupons')
      .select([
        sql<number>`count(*) filter (where used_at is null and expires_at > ${now})`.as('usable'),
        sql<number>`count(*) filter (where used_at is not null)`.as('used'),
        sql<number>`count(*) filter (where used_at is null and expires_at <= ${now})`.as('expired'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const usable = Number(row.usable);
    const used = Number(row.used);
    const expired = Number(row.expired);
    return ok({ num: usable, usable, used, expired, total: usable + used + expired });
  }),
  handle(calls.myCouponList, async (ctx) => ok(await myCoupons(ctx, pageOf(ctx.input), ctx.input.status, null))),
  handle(calls.myCardCouponList, async (ctx) => ok(await myCoupons(ctx, pageOf(ctx.input), ctx.input.status, 'card'))),
);
