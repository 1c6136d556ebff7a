import * as calls from '../../api/protocol/calls/trade.ts';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { pageAnswer, pageOf } from '../catalog/index.ts';
import { createOrder } from '../money/orders.ts';
import { moneyServices } from '../money/services.ts';
import { fastForward, findTrade, openDispute, tradeRecords, tradeView } from '../trading/trades.ts';

/**
 * 小号交易, the buyer's side and the records (api/protocol/calls/trade.ts):
 * buyListing (an order of kind 'trade' through createOrder, the listing reserved in its
 * transaction), getTrade, openDispute, getTradeRecords and the test build's fastForwardTrade.
 * A player reads and changes only the trades they are a party of (others read 交易不存在).
 */

export const tradePurchaseCalls = defineCalls(
  handle(calls.buyListing, async ({ db, user, config, now, input }) => {
    const services = moneyServices(config);
    const result = await createOrder({ db, provider: services.provider, notifyUrl: services.notifyUrl, now }, user.id, {
      idempotency_key: input.idempotency_key,
      kind: 'trade',
      listing_id: input.listing_id,
      pay_method: input.pay_method,
    });
    return result.ok ? ok(result.order) : refuse(result.message);
  }),
  handle(calls.getTrade, async ({ db, user, now, config, input }) => {
    const trade = await findTrade(db, user.id, { trade_id: input.trade_id, order_number: input.order_number });
    const view = trade ? await tradeView(db, trade, user.id, now, config.realName.secret) : null;
    return view ? ok(view) : refuse(TRADE_MSG.tradeMissing);
  }),
  handle(calls.openDispute, async ({ db, user, now, config, input }) => {
    const result = await openDispute(db, user.id, input.trade_id, input.reason, now);
    if (!result.ok) return refuse(result.message);
    return ok((await tradeView(db, result.value, user.id, now, config.realName.secret))!, TRADE_MSG.disputed);
  }),
  handle(calls.getTradeRecords, async ({ db, user, input }) => {
    const page = pageOf(input);
    const { list, total } = await tradeRecords(db, user.id, input.tab, page);
    return ok(pageAnswer(page, list, total));
  }),
  handle(calls.fastForwardTrade, async ({ db, user, now, config, input }) => {
    if (config.production) return refuse(TRADE_MSG.testOff);
    const result = await fastForward(db, user.id, input.trade_id);
    if (!result.ok) return refuse(result.message);
    return ok((await tradeView(db, result.value, user.id, now, config.realName.secret))!);
  }),
);
