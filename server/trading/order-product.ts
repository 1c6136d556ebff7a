import type { Transaction } from 'kysely';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import type { Database } from '../db/schema.ts';
import { Refusal } from '../money/orders.ts';
import type { OrderProduct } from '../money/products.ts';
import { holdForPayment, releaseReservation, reserveListing, TradeRefusal, tradeProduct } from './purchase.ts';
import { onTradePaid, tellLateRefund, TRADE_ESCROW } from './trades.ts';

/** Money's refusal, so the order service answers the player with the trading rule's message. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TradeRefusal) throw new Refusal(error.message);
    throw error;
  }
}

/**
 * 账号交易 as a product of the order service (server/money/products.ts): an order of kind 'trade'
 * buys a listing, reserved while the order is open, made a trade when it is paid.
 */
export const tradeOrderProduct: OrderProduct = {
  async prepare(trx: Transaction<Database>, userId, request, now) {
    // 支付宝 or 余额 only, no coupon; the buyer and the listing checked, reserved once the order exists.
    if (request.pay_method !== 'provider' && request.pay_method !== 'wallet') throw new Refusal(TRADE_MSG.payMethodBad);
    if (request.user_coupon_id !== null && request.user_coupon_id !== undefined) throw new Refusal(MONEY_MSG.couponNotForKind);
    const trade = await refusing(() => tradeProduct(trx, userId, request.listing_id, now));
    return {
      columns: {
        subject: trade.subject,
        amount_cents: trade.amount_cents,
        game_id: trade.game_id,
        platform_game_id: trade.platform_game_id,
        game_name: trade.game_name,
        sub_account_id: trade.sub_account_id,
        server_name: trade.server_name,
        role_name: trade.role_name,
        listing_id: trade.listing_id,
      },
      // The order lives as long as its reservation.
      expiresAt: trade.reserved_until,
      created: (orderId) => refusing(() => reserveListing(trx, trade, orderId, now)),
    };
  },
  // Held in escrow until the cooling-off ends (trades.ts releases or refunds it).
  paidInto: TRADE_ESCROW,
  // The trading messages are the player's news.
  paid: async (trx, order, now) => void (await onTradePaid(trx, order, now)),
  holdForPayment,
  lateRefundReason: TRADE_MSG.lateRefund,
  lateRefunded: tellLateRefund,
  // The listing is on sale again for the next buyer.
  closed: async (trx, order, now) => void (await releaseReservation(trx, order, now)),
};
