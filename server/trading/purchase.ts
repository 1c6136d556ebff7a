import type { Transaction } from 'kysely';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import type { Database } from '../db/schema.ts';
import { ageBandOf } from '../minors.ts';
import { tradeSettings } from './settings.ts';

/**
 * Buying a listing: the checks and the reservation that server/money/orders.ts
 * makes for an order of kind 'trade', in createOrder's transaction. The reservation is ONE
 * conditional update (on_sale → reserved, reserved_order_id = the order): of twenty buyers racing,
 * one update matches and the others find the row reserved and are refused (TRADE_MSG.reservedByOther),
 * their transactions rolled back, so nothing of theirs stays (no order, no posting).
 */

type Trx = Transaction<Database>;

/** Refused inside the transaction (orders.ts turns it into its Refusal). */
export class TradeRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TradeRefusal';
  }
}

export interface TradeProduct {
  listing_id: number;
  subject: string;
  amount_cents: number;
  game_id: number;
  platform_game_id: number;
  game_name: string;
  server_name: string;
  role_name: string;
  sub_account_id: number;
  /** When the reservation (and the order) ends. */
  reserved_until: Date;
}

/** The buyer's facts: real name and age (as withdrawals decide them). */
async function buyerCheck(trx: Trx, userId: number, now: Date): Promise<void> {
  const row = await trx.selectFrom('user_real_names').select('birth_date').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new TradeRefusal(TRADE_MSG.buyerNeedRealName);
  if (ageBandOf({ verified: true, birthDate: row.birth_date }, now) !== 'adult') throw new TradeRefusal(TRADE_MSG.buyerMinor);
}

/** What an order of kind 'trade' buys, after the buyer's and the listing's checks (nothing reserved yet). */
export async function tradeProduct(trx: Trx, userId: number, listingId: number | null | undefined, now: Date): Promise<TradeProduct> {
  if (listingId === null || listingId === undefined) throw new TradeRefusal(TRADE_MSG.listingMissing);
  await buyerCheck(trx, userId, now);
  const listing = await trx
    .selectFrom('trade_listings as l')
    .innerJoin('games as g', 'g.id', 'l.game_id')
    .select(['l.id', 'l.user_id', 'l.status', 'l.price_cents', 'l.game_id', 'l.platform_game_id', 'l.server_name', 'l.role_name', 'l.sub_account_id', 'g.name as game_name'])
    .where('l.id', '=', listingId)
    .executeTakeFirst();
  if (!listing || listing.status === 'draft') throw new TradeRefusal(TRADE_MSG.listingMissing);
  if (listing.user_id === userId) throw new TradeRefusal(TRADE_MSG.ownListing);
  if (listing.status === 'reserved') throw new TradeRefusal(TRADE_MSG.reservedByOther);
  if (listing.status !== 'on_sale' || listing.price_cents === null) throw new TradeRefusal(TRADE_MSG.notOnSale);
  const settings = await tradeSettings(trx);
  return {
    listing_id: listing.id,
    subject: `${listing.game_name} 账号交易`,
    amount_cents: listing.price_cents,
    game_id: listing.game_id,
    platform_game_id: listing.platform_game_id,
    game_name: listing.game_name,
    server_name: listing.server_name,
    role_name: listing.role_name,
    sub_account_id: listing.sub_account_id,
    reserved_until: new Date(now.getTime() + settings.reserve_ms),
  };
}

/** Reserves the listing for the order: on_sale → reserved, one winner; the others are refused. */
export async function reserveListing(trx: Trx, product: TradeProduct, orderId: number, now: Date): Promise<void> {
  const reserved = await trx
    .updateTable('trade_listings')
    .set({ status: 'reserved', reserved_order_id: orderId, reserved_until: product.reserved_until, updated_at: now })
    .where('id', '=', product.listing_id)
    .where('status', '=', 'on_sale')
    .where('price_cents', '=', product.amount_cents)
    .returning('id')
    .executeTakeFirst();
  if (!reserved) throw new TradeRefusal(TRADE_MSG.reservedByOther);
}

/** An unpaid trade order closed (expired or cancelled): its reservation ends, the listing is on sale again. */
export async function releaseReservation(trx: Trx, order: { id: number; listing_id: number | null }, now: Date): Promise<boolean> {
  if (order.listing_id === null) return false;
  const released = await trx
    .updateTable('trade_listings')
    .set({ status: 'on_sale', reserved_order_id: null, reserved_until: null, updated_at: now })
    .where('id', '=', order.listing_id)
    .where('status', '=', 'reserved')
    .where('reserved_order_id', '=', order.id)
    .returning('id')
    .executeTakeFirst();
  return released !== undefined;
}

/**
 * A provider payment of a trade order: the listing must be reserved for it. Still reserved for it
 * (the usual case, also a payment after reserved_until that the expiry job has not closed yet):
 * true. Closed meanwhile and on sale again: reserved again for this order (the buyer paid; the
 * account is still for sale): true. Reserved by another order, sold, withdrawn…: false, the
 * caller refunds the payment to 余额.
 */
export async function holdForPayment(trx: Trx, order: { id: number; listing_id: number | null; amount_cents: number }, now: Date): Promise<boolean> {
  if (order.listing_id === null) return false;
  const held = await trx
    .updateTable('trade_listings')
    .set({ status: 'reserved', reserved_order_id: order.id, reserved_until: now, updated_at: now })
    .where('id', '=', order.listing_id)
    .where('price_cents', '=', order.amount_cents)
    .where((eb) => eb.or([eb('status', '=', 'on_sale'), eb.and([eb('status', '=', 'reserved'), eb('reserved_order_id', '=', order.id)])]))
    .returning('id')
    .executeTakeFirst();
  return held !== undefined;
}
