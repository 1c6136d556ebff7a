import type { Kysely, Transaction } from 'kysely';
import type { BenefitGrant, CardBenefitsView } from '../../api/protocol/calls/wallet.ts';
import { chinaDate, chinaDayStart, DAY_MS } from '../china-time.ts';
import type { CardBenefits, Database } from '../db/schema.ts';
import { platform, player, post } from './ledger.ts';

/**
 * Cards as privileges: a purchase's term, its instant coupons, its daily benefit
 * (claimed by the player or sent by the autosend job) and the first-recharge offer. Every grant is a
 * card_benefit_grants row, unique per (purchase, China-time day, kind): the insert that wins is the
 * only one that hands anything out, in the same database transaction (a daily 乐玩币 grant posts
 * `card:<purchase_id>:<day>:coins`, promotion_expense → player coins).
 *
 * A term is counted in whole China-time days: a card of N days bought on day D is active from the
 * purchase until 00:00 (China time) of day D+N, so its daily benefit comes on exactly N days, the
 * day of purchase included. A card bought while the same card is active starts when that ends.
 */

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** The first-recharge offer: extra 乐玩币 on a player's first paid order, when it is a coins purchase. */
export const FIRST_RECHARGE_BONUS_PCT = 10;
export const FIRST_RECHARGE_MAX_BONUS_CENTS = 3_000;

/** Order states that count as paid (for the first recharge and the level). */
export const PAID_STATUSES = ['paid', 'delivered'] as const;

function parseBenefits(value: unknown): CardBenefits {
  if (typeof value === 'string') return JSON.parse(value) as CardBenefits;
  return (value ?? {}) as CardBenefits;
}

/** The per-player row that serialises a player's money bookkeeping (card terms, first recharge). */
export async function lockPlayer(trx: Trx, userId: number): Promise<{ first_recharge_dialog_at: Date | null; first_recharge_order_id: number | null }> {
  await trx.insertInto('user_money_flags').values({ user_id: userId, first_recharge_dialog_at: null, first_recharge_order_id: null }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return trx.selectFrom('user_money_flags').select(['first_recharge_dialog_at', 'first_recharge_order_id']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** Whether the player has paid for any order yet (the first-recharge offer is for those who have not). */
export async function hasPaidOrder(db: Db, userId: number): Promise<boolean> {
  const flags = await db.selectFrom('user_money_flags').select('first_recharge_order_id').where('user_id', '=', userId).executeTakeFirst();
  if (flags?.first_recharge_order_id) return true;
  const paid = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', 'in', [...PAID_STATUSES, 'refunded']), eb('paid_at', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(paid);
}

// ---- Terms ----

/** A purchase's term: from `from` to 00:00 China time `days` days after from's day. */
export function termOf(from: Date, days: number): { starts_at: Date; ends_at: Date } {
  return { starts_at: from, ends_at: new Date(chinaDayStart(from).getTime() + days * DAY_MS) };
}

export interface ActivePurchase {
  id: number;
  user_id: number;
  card_id: number;
  card_name: string;
  benefits: CardBenefits;
  starts_at: Date;
  ends_at: Date;
}

function activeSelect(db: Db, now: Date) {
  return db
    .selectFrom('card_purchases as p')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .select(['p.id', 'p.user_id', 'p.card_id', 'c.name as card_name', 'c.benefits', 'p.starts_at', 'p.ends_at'])
    .where('p.starts_at', '<=', now)
    .where('p.ends_at', '>', now);
}

function toActive(row: { id: number; user_id: number; card_id: number; card_name: string; benefits: unknown; starts_at: Date | string; ends_at: Date | string }): ActivePurchase {
  return { ...row, benefits: parseBenefits(row.benefits), starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) };
}

/** The player's purchases active at `now`. */
export async function activePurchases(db: Db, userId: number, now: Date): Promise<ActivePurchase[]> {
  return (await activeSelect(db, now).where('p.user_id', '=', userId).orderBy('p.ends_at').orderBy('p.id').execute()).map(toActive);
}

/** Cards the player holds at `now`, each with the end of its last purchase (renewals included). */
export async function heldCards(db: Db, userId: number, now: Date): Promise<{ card_id: number; name: string; purchase_id: number; ends_at: Date }[]> {
  const active = await activePurchases(db, userId, now);
  const held: { card_id: number; name: string; purchase_id: number; ends_at: Date }[] = [];
  for (const purchase of active) {
    if (held.some((h) => h.card_id === purchase.card_id)) continue;
    const last = await db.selectFrom('card_purchases').select((eb) => eb.fn.max('ends_at').as('ends_at')).where('user_id', '=', userId).where('card_id', '=', purchase.card_id).executeTakeFirstOrThrow();
    held.push({ card_id: purchase.card_id, name: purchase.card_name, purchase_id: purchase.id, ends_at: new Date(last.ends_at as Date | string) });
  }
  return held;
}

// ---- Grants ----

export interface GrantResult {
  id: number;
  kind: 'instant' | 'coins' | 'coupon';
  amount_cents: number;
  user_coupon_id: number | null;
}

async function giveCoupon(trx: Trx, userId: number, couponId: number, now: Date, source: 'card' | 'activity'): Promise<{ id: number; expires_at: Date }> {
  const coupon = await trx.selectFrom('coupons').select(['id', 'valid_days']).where('id', '=', couponId).executeTakeFirstOrThrow();
  const expiresAt = new Date(now.getTime() + coupon.valid_days * DAY_MS);
  const row = await trx.insertInto('user_coupons').values({ user_id: userId, coupon_id: coupon.id, source, received_at: now, expires_at: expiresAt }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, expires_at: expiresAt };
}

export { giveCoupon };

/** The instant coupons of a purchase, once (the grant row of kind 'instant'). */
export async function grantInstant(trx: Trx, purchase: { id: number; user_id: number }, benefits: CardBenefits, now: Date): Promise<GrantResult | null> {
  const items = benefits.instant_coupons ?? [];
  if (items.length === 0) return null;
  const coupons = await trx
    .selectFrom('coupons')
    .select(['id', 'amount_cents'])
    .where(
      'id',
      'in',
      items.map((i) => i.coupon_id),
    )
    .execute();
  const amount = items.reduce((sum, item) => sum + item.count * (coupons.find((c) => c.id === item.coupon_id)?.amount_cents ?? 0), 0);
  const grant = await trx
    .insertInto('card_benefit_grants')
    .values({ purchase_id: purchase.id, user_id: purchase.user_id, day: chinaDate(now), kind: 'instant', amount_cents: amount, user_coupon_id: null, auto: true, created_at: now })
    .onConflict((oc) => oc.columns(['purchase_id', 'day', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!grant) return null;
  let first: number | null = null;
  for (const item of items) {
    for (let k = 0; k < item.count; k++) {
      const given = await giveCoupon(trx, purchase.user_id, item.coupon_id, now, 'card');
      first ??= given.id;
    }
  }
  await trx.updateTable('card_benefit_grants').set({ user_coupon_id: first }).where('id', '=', grant.id).execute();
  return { id: grant.id, kind: 'instant', amount_cents: amount, user_coupon_id: first };
}

/**
 * Today's (China time) daily benefit of a purchase, once: the grant row is inserted first and only
 * the insert that wins hands out the coupon or posts the 乐玩币, in the caller's transaction.
 * null: the card has no daily benefit, or today's was granted already.
 */
export async function grantDaily(trx: Trx, purchase: { id: number; user_id: number }, benefits: CardBenefits, now: Date, auto: boolean): Promise<GrantResult | null> {
  const daily = benefits.daily;
  if (!daily) return null;
  const day = chinaDate(now);
  let amount = 0;
  if (daily.kind === 'coins') amount = daily.amount_cents;
  else amount = (await trx.selectFrom('coupons').select('amount_cents').where('id', '=', daily.coupon_id).executeTakeFirstOrThrow()).amount_cents;
  const grant = await trx
    .insertInto('card_benefit_grants')
    .values({ purchase_id: purchase.id, user_id: purchase.user_id, day, kind: daily.kind, amount_cents: amount, user_coupon_id: null, auto, created_at: now })
    .onConflict((oc) => oc.columns(['purchase_id', 'day', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!grant) return null;
  let userCouponId: number | null = null;
  if (daily.kind === 'coins') {
    await post(trx, {
      reference: `card:${purchase.id}:${day}:coins`,
      kind: 'card_benefit',
      memo: '会员卡每日乐玩币',
      transfers: [{ from: platform('promotion_expense'), to: player(purchase.user_id, 'coins'), amount }],
    });
  } else {
    userCouponId = (await giveCoupon(trx, purchase.user_id, daily.coupon_id, now, 'card')).id;
    await trx.updateTable('card_benefit_grants').set({ user_coupon_id: userCouponId }).where('id', '=', grant.id).execute();
  }
  return { id: grant.id, kind: daily.kind, amount_cents: amount, user_coupon_id: userCouponId };
}

// ---- Views ----

export async function benefitsView(db: Db, benefits: CardBenefits): Promise<CardBenefitsView> {
  const ids = [...(benefits.instant_coupons ?? []).map((i) => i.coupon_id), ...(benefits.daily?.kind === 'coupon' ? [benefits.daily.coupon_id] : [])];
  const coupons = ids.length > 0 ? await db.selectFrom('coupons').select(['id', 'name', 'amount_cents']).where('id', 'in', ids).execute() : [];
  const couponOf = (id: number) => coupons.find((c) => c.id === id) ?? { id, name: '', amount_cents: 0 };
  const daily = benefits.daily;
  return {
    instant_coupons: (benefits.instant_coupons ?? []).map((i) => ({ coupon_id: i.coupon_id, name: couponOf(i.coupon_id).name, amount_cents: couponOf(i.coupon_id).amount_cents, count: i.count })),
    daily: !daily
      ? null
      : daily.kind === 'coins'
        ? { kind: 'coins', amount_cents: daily.amount_cents, auto: daily.auto }
        : { kind: 'coupon', coupon_id: daily.coupon_id, name: couponOf(daily.coupon_id).name, amount_cents: couponOf(daily.coupon_id).amount_cents, auto: daily.auto },
    topup_bonus_pct: benefits.topup_bonus_pct ?? 0,
  };
}

export { parseBenefits };

/** Grants as the player reads them (their own only), newest first. */
export function grantSelect(db: Db, userId: number) {
  return db
    .selectFrom('card_benefit_grants as g')
    .innerJoin('card_purchases as p', 'p.id', 'g.purchase_id')
    .innerJoin('cards as c', 'c.id', 'p.card_id')
    .leftJoin('user_coupons as uc', 'uc.id', 'g.user_coupon_id')
    .leftJoin('coupons as cp', 'cp.id', 'uc.coupon_id')
    .where('g.user_id', '=', userId)
    .select(['g.id', 'c.name as card_name', 'g.day', 'g.kind', 'g.amount_cents', 'cp.name as coupon_name', 'g.auto', 'g.created_at']);
}

export function grantView(row: { id: number; card_name: string; day: string; kind: 'instant' | 'coins' | 'coupon'; amount_cents: number; coupon_name: string | null; auto: boolean; created_at: Date | string }): BenefitGrant {
  return {
    id: row.id,
    card_name: row.card_name,
    day: row.day,
    kind: row.kind,
    amount_cents: row.amount_cents,
    // The instant grant is a pack of coupons: named as the pack.
    coupon_name: row.kind === 'coins' ? null : row.kind === 'instant' ? `${row.card_name}开卡礼包` : row.coupon_name,
    auto: row.auto,
    created_at: new Date(row.created_at).toISOString(),
  };
}
