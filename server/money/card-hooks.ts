import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { activePurchases, FIRST_RECHARGE_BONUS_PCT, FIRST_RECHARGE_MAX_BONUS_CENTS, grantDaily, grantInstant, hasPaidOrder, lockPlayer, parseBenefits, termOf } from './cards.ts';

/**
 * What the order path asks of the products beside game top-ups (cards, bonuses). The order
 * service (server/money/orders.ts) calls these inside its own database transactions; the card and
 * privilege module (server/money/cards.ts) owns their bodies. Each is idempotent.
 */

export interface CardProduct {
  card_id: number;
  subject: string;
  price_cents: number;
  days: number;
}

/** A card for sale (one the catalogue lists with a price), or null. */
export async function cardProduct(trx: Transaction<Database>, cardId: number): Promise<CardProduct | null> {
  const card = await trx.selectFrom('cards').select(['id', 'name', 'price_cents', 'days']).where('id', '=', cardId).where('price_cents', '>', 0).where('days', '>', 0).executeTakeFirst();
  return card ? { card_id: card.id, subject: card.name, price_cents: card.price_cents, days: card.days } : null;
}

/**
 * Extra 乐玩币 (fen) a coins purchase of amountCents gets, decided when the order is created:
 * the best topup_bonus_pct of the player's active cards, plus the first-recharge offer
 * (FIRST_RECHARGE_BONUS_PCT % up to FIRST_RECHARGE_MAX_BONUS_CENTS) while the player has no paid
 * order and no other open coins order holds a bonus. The player's flags row is locked before the
 * offer is decided, so two concurrent createOrders do not both take it.
 */
export async function coinsBonus(trx: Transaction<Database>, userId: number, amountCents: number, now: Date): Promise<{ bonus_cents: number; reason: string }> {
  const reasons: string[] = [];
  let bonus = 0;
  const best = (await activePurchases(trx, userId, now)).reduce<{ pct: number; name: string }>((b, p) => ((p.benefits.topup_bonus_pct ?? 0) > b.pct ? { pct: p.benefits.topup_bonus_pct!, name: p.card_name } : b), { pct: 0, name: '' });
  if (best.pct > 0) {
    const cardBonus = Math.floor((amountCents * best.pct) / 100);
    if (cardBonus > 0) {
      bonus += cardBonus;
      reasons.push(`${best.name}赠送${best.pct}%`);
    }
  }
  // Only a player without a paid order takes the lock (such a player has no 余额 to pay from, so
  // this createOrder posts nothing to the ledger while holding it: the lock order stays ledger → flags).
  let offer = !(await hasPaidOrder(trx, userId));
  if (offer) {
    await lockPlayer(trx, userId);
    offer = !(await hasPaidOrder(trx, userId));
  }
  if (offer) {
    const open = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'coins')
      .where('status', 'in', ['created', 'paying'])
      .where('bonus_cents', '>', 0)
      .limit(1)
      .executeTakeFirst();
    if (!open) {
      const first = Math.min(FIRST_RECHARGE_MAX_BONUS_CENTS, Math.floor((amountCents * FIRST_RECHARGE_BONUS_PCT) / 100));
      if (first > 0) {
        bonus += first;
        reasons.push(`首充赠送${FIRST_RECHARGE_BONUS_PCT}%`);
      }
    }
  }
  return { bonus_cents: bonus, reason: reasons.join('，') };
}

/**
 * Called once, in the transaction that marks a card order paid: starts the card's term (or, while
 * the same card is active or already renewed, extends it from the last end), hands out its instant
 * coupons and, for a card whose daily benefit is sent automatically, today's benefit. A second call
 * for the same order does nothing.
 */
export async function fulfilCard(trx: Transaction<Database>, order: { id: number; user_id: number; card_id: number }, now: Date): Promise<void> {
  await lockPlayer(trx, order.user_id);
  const done = await trx.selectFrom('card_purchases').select('id').where('order_id', '=', order.id).executeTakeFirst();
  if (done) return;
  const card = await trx.selectFrom('cards').select(['days', 'benefits']).where('id', '=', order.card_id).executeTakeFirstOrThrow();
  const last = await trx
    .selectFrom('card_purchases')
    .select((eb) => eb.fn.max('ends_at').as('ends_at'))
    .where('user_id', '=', order.user_id)
    .where('card_id', '=', order.card_id)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  const from = last?.ends_at ? new Date(last.ends_at as Date | string) : now;
  const term = termOf(from, card.days);
  const purchase = await trx
    .insertInto('card_purchases')
    .values({ user_id: order.user_id, card_id: order.card_id, order_id: order.id, starts_at: term.starts_at, ends_at: term.ends_at, created_at: now })
    .returning(['id', 'user_id'])
    .executeTakeFirstOrThrow();
  const benefits = parseBenefits(card.benefits);
  await grantInstant(trx, purchase, benefits, now);
  if (benefits.daily?.auto && term.starts_at <= now) await grantDaily(trx, purchase, benefits, now, true);
}

/** Called in the transaction that marks any order paid: the player's first paid order is recorded once. */
export async function onOrderPaid(trx: Transaction<Database>, order: { id: number; user_id: number; kind: string; pay_cents: number }, _now: Date): Promise<void> {
  // Recorded already (the usual case): no lock taken.
  const flags = await trx.selectFrom('user_money_flags').select('first_recharge_order_id').where('user_id', '=', order.user_id).executeTakeFirst();
  if (flags?.first_recharge_order_id) return;
  await lockPlayer(trx, order.user_id);
  await trx.updateTable('user_money_flags').set({ first_recharge_order_id: order.id }).where('user_id', '=', order.user_id).where('first_recharge_order_id', 'is', null).execute();
}
