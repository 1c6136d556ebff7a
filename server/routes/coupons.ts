import { sql, type Kysely } from 'kysely';
import { MSG } from '../../api/protocol/codes.ts';
import { defineCalls, ok, refuse, type CallContext } from '../calls.ts';
import { DAY_MS } from '../catalog/china-time.ts';
import { pageAnswer, readChoice, readId, readOptionalId, readPage, type Page } from '../catalog/fields.ts';
import { iso } from '../catalog/game-list.ts';
import type { CouponType, Database, UserCouponSource } from '../db/schema.ts';

/**
 * 代金券 (catalogue side). Claiming inserts the user's coupon (a partial unique index allows one
 * 'receive' per user and coupon, so concurrent claims by one user yield one) and takes one from
 * stock with `claimed = claimed + 1 WHERE claimed < total`, in one transaction: out of stock
 * rolls the claim back.
 */
export const COUPON_MSG = {
  received: '领取成功',
  /** Exactly SPEC §8's suppressed 'already claimed'. */
  already: '已领取',
  soldOut: '已领完',
  missing: '代金券不存在',
  noBtCoupons: '暂无可领取的BT券',
  notBt: '该代金券不是BT券',
} as const;

/** myCouponList status: 1 usable, 2 used, 3 expired (0 or absent: all). */
export const COUPON_STATUS = { usable: 1, used: 2, expired: 3 } as const;
const STATUS_TEXT: Record<number, string> = { 1: '可使用', 2: '已使用', 3: '已过期' };
const UNIVERSAL = '全平台通用';

function yuan(cents: number): number {
  return Math.round(cents) / 100;
}

function conditionText(thresholdCents: number): string {
  return thresholdCents > 0 ? `满${yuan(thresholdCents)}元可用` : '无门槛';
}

class SoldOut extends Error {}

type ClaimResult = { status: 'ok'; userCouponId: number; expiresAt: Date } | { status: 'already' | 'soldOut' | 'missing' };

export async function claimCoupon(db: Kysely<Database>, userId: number, couponId: number, now: Date): Promise<ClaimResult> {
  const coupon = await db.selectFrom('coupons').select(['id', 'valid_days']).where('id', '=', couponId).executeTakeFirst();
  if (!coupon) return { status: 'missing' };
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
    .select(['c.id', 'c.game_id', 'g.name as game_name', 'c.name', 'c.type', 'c.amount_cents', 'c.threshold_cents', 'c.valid_days', 'c.total', 'c.claimed'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('user_coupons as uc').select('uc.id').whereRef('uc.coupon_id', '=', 'c.id').where('uc.user_id', '=', userId ?? -1).where('uc.source', '=', 'receive'))
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

async function myCoupons(ctx: CallContext, page: Page, status: number, source: UserCouponSource | null) {
  const { db, now, user } = ctx;
  let base = db.selectFrom('user_coupons as uc').where('uc.user_id', '=', user!.id);
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

function readStatus(fields: Record<string, unknown>): number | null {
  const raw = fields.status;
  if (raw === undefined || raw === null || raw === '' || raw === 0 || raw === '0') return 0;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d$/.test(raw) ? Number(raw) : NaN;
  return n === 1 || n === 2 || n === 3 ? n : null;
}

export const couponCalls = defineCalls(
  {
    path: '/api/coupon/getCouponList',
    auth: 'optional',
    async handler({ db, fields, user }) {
      const page = readPage(fields);
      if (!page.ok) return page.response;
      const gameId = readOptionalId(fields, 'game_id');
      if (!gameId.ok) return gameId.response;
      const type = readChoice(fields, 'type', ['normal', 'bt'] as const);
      if (type === null) return refuse(MSG.paramError);
      let q = couponSelect(db, user?.id ?? null);
      q = gameId.value === undefined ? q.where('c.game_id', 'is', null) : q.where('c.game_id', '=', gameId.value);
      if (type) q = q.where('c.type', '=', type);
      const total = Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = total > page.value.offset ? await q.orderBy('c.type').orderBy('c.amount_cents').orderBy('c.id').limit(page.value.limit).offset(page.value.offset).execute() : [];
      return ok(pageAnswer(page.value, rows.map(couponItem), total));
    },
  },
  {
    path: '/api/coupon/receiveCoupon',
    auth: 'required',
    async handler({ db, fields, user, now }) {
      const couponId = readId(fields, 'coupon_id');
      if (!couponId.ok) return couponId.response;
      const result = await claimCoupon(db, user!.id, couponId.value, now);
      if (result.status !== 'ok') return refuse(COUPON_MSG[result.status]);
      return ok({ id: result.userCouponId, coupon_id: couponId.value, expires_at: iso(result.expiresAt) }, COUPON_MSG.received);
    },
  },
  {
    path: '/api/coupon/receiveBtCoupon',
    auth: 'required',
    async handler({ db, fields, user, now }) {
      const couponId = readOptionalId(fields, 'coupon_id');
      if (!couponId.ok) return couponId.response;
      let ids: number[];
      if (couponId.value !== undefined) {
        const coupon = await db.selectFrom('coupons').select(['id', 'type']).where('id', '=', couponId.value).executeTakeFirst();
        if (!coupon) return refuse(COUPON_MSG.missing);
        if (coupon.type !== 'bt') return refuse(COUPON_MSG.notBt);
        ids = [coupon.id];
      } else {
        const gameId = readId(fields, 'game_id');
        if (!gameId.ok) return gameId.response;
        const rows = await db.selectFrom('coupons').select('id').where('game_id', '=', gameId.value).where('type', '=', 'bt').orderBy('amount_cents').orderBy('id').execute();
        if (rows.length === 0) return refuse(COUPON_MSG.noBtCoupons);
        ids = rows.map((r) => r.id);
      }
      const received: { id: number; coupon_id: number; expires_at: string }[] = [];
      let already = 0;
      for (const id of ids) {
        const result = await claimCoupon(db, user!.id, id, now);
        if (result.status === 'ok') received.push({ id: result.userCouponId, coupon_id: id, expires_at: iso(result.expiresAt) });
        if (result.status === 'already') already++;
      }
      if (received.length > 0) return ok({ count: received.length, list: received }, COUPON_MSG.received);
      return refuse(already === ids.length ? COUPON_MSG.already : COUPON_MSG.soldOut);
    },
  },
  {
    path: '/api/coupon/getMyCouponNum',
    auth: 'required',
    async handler({ db, user, now }) {
      const row = await db
        .selectFrom('user_coupons')
        .select([
          sql<number>`count(*) filter (where used_at is null and expires_at > ${now})`.as('usable'),
          sql<number>`count(*) filter (where used_at is not null)`.as('used'),
          sql<number>`count(*) filter (where used_at is null and expires_at <= ${now})`.as('expired'),
        ])
        .where('user_id', '=', user!.id)
        .executeTakeFirstOrThrow();
      const usable = Number(row.usable);
      const used = Number(row.used);
      const expired = Number(row.expired);
      return ok({ num: usable, usable, used, expired, total: usable + used + expired });
    },
  },
  {
    path: '/api/coupon/myCouponList',
    auth: 'required',
    async handler(ctx) {
      const page = readPage(ctx.fields);
      if (!page.ok) return page.response;
      const status = readStatus(ctx.fields);
      if (status === null) return refuse(MSG.paramError);
      return ok(await myCoupons(ctx, page.value, status, null));
    },
  },
  {
    path: '/api/coupon/myCardCouponList',
    auth: 'required',
    async handler(ctx) {
      const page = readPage(ctx.fields);
      if (!page.ok) return page.response;
      const status = readStatus(ctx.fields);
      if (status === null) return refuse(MSG.paramError);
      return ok(await myCoupons(ctx, page.value, status, 'card'));
    },
  },
);
