import type { Transaction } from 'kysely';
import { DAY_MS } from '../catalog/china-time.ts';
import type { Database } from '../db/schema.ts';

/**
 * What the order path asks of the products beside game top-ups (cards, bonuses). The order
 * service (server/money/orders.ts) calls these inside its own database transactions; the card and
 * privilege module owns their bodies.
 */

export interface CardProduct {
  card_id: number;
  subject: string;
  price_cents: number;
  days: number;
}

/** A card for sale, or null. */
export async function cardProduct(trx: Transaction<Database>, cardId: number): Promise<CardProduct | null> {
  const card = await trx.selectFrom('cards').select(['id', 'name', 'price_cents', 'days']).where('id', '=', cardId).executeTakeFirst();
  return card ? { card_id: card.id, subject: card.name, price_cents: card.price_cents, days: card.days } : null;
}

/** Extra 乐玩币 (fen) a coins purchase of amountCents gets, decided when the order is created. */
export async function coinsBonus(_trx: Transaction<Database>, _userId: number, _amountCents: number, _now: Date): Promise<{ bonus_cents: number; reason: string }> {
  return { bonus_cents: 0, reason: '' };
}

/** Called once, in the transaction that marks a card order paid: starts (or extends) the card's term. */
export async function fulfilCard(trx: Transaction<Database>, order: { id: number; user_id: number; card_id: number }, now: Date): Promise<void> {
  const card = await trx.selectFrom('cards').select(['days']).where('id', '=', order.card_id).executeTakeFirstOrThrow();
  await trx
    .insertInto('card_purchases')
    .values({ user_id: order.user_id, card_id: order.card_id, order_id: order.id, starts_at: now, ends_at: new Date(now.getTime() + card.days * DAY_MS), created_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** Called in the transaction that marks any order paid (first recharge bookkeeping). */
export async function onOrderPaid(_trx: Transaction<Database>, _order: { id: number; user_id: number; kind: string; pay_cents: number }, _now: Date): Promise<void> {}
