import * as calls from '../../api/protocol/calls/trade.ts';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { pageAnswer, pageOf } from '../catalog/index.ts';
import { makeTestSubAccount } from '../trading/listing-fixtures.ts';
import {
  feed,
  feedGames,
  listingCard,
  myListingViews,
  myListings,
  ownListing,
  publicListing,
  saveListingDraft,
  sellGames,
  submitListing,
  withdrawListing,
} from '../trading/listings.ts';
import { enterSubAccount } from '../trading/sessions.ts';
import { tradeText } from '../trading/texts.ts';

/**
 * 小号交易, the sellers' side and the listings feed (api/protocol/calls/trade.ts).
 * A seller reads and changes only their own listings; the feed and /wantpay show
 * on-sale and reserved listings to anyone. Rules: server/trading/listings.ts.
 */
export const tradeListingCalls = defineCalls(
  handle(calls.trunkNeedKnow, async ({ db, now }) => ok(await tradeText(db, 'sell', now))),
  handle(calls.businessRule, async ({ db, now }) => ok(await tradeText(db, 'buy', now))),

  handle(calls.getSellGames, async ({ db, user, now }) => {
    const { platforms, settings } = await sellGames(db, user.id, now);
    return ok({
      platforms,
      rules: {
        min_age_days: settings.min_age_days,
        min_topup_cents: settings.min_topup_cents,
        fee_rate_bp: settings.fee.rate_bp,
        fee_min_cents: settings.fee.min_cents,
        min_price_cents: settings.min_price_cents,
        max_price_cents: settings.max_price_cents,
      },
    });
  }),

  handle(calls.submitListing, async ({ db, user, input, now, config }) => {
    const result = await submitListing(db, user.id, input, now, config.realName.secret);
    if (!result.ok) return refuse(result.message);
    const [listing] = await myListingViews(db, [result.value.row], now, config);
    return ok({ listing: listing!, created: result.value.created }, TRADE_MSG.submitted);
  }),

  handle(calls.saveListingDraft, async ({ db, user, input, now, config }) => {
    const result = await saveListingDraft(db, user.id, input, now);
    if (!result.ok) return refuse(result.message);
    const [listing] = await myListingViews(db, [result.value], now, config);
    return ok({ listing: listing! }, TRADE_MSG.saved);
  }),

  handle(calls.withdrawListing, async ({ db, user, input, now, config }) => {
    const result = await withdrawListing(db, user.id, input.listing_id, now);
    if (!result.ok) return refuse(result.message);
    const [listing] = await myListingViews(db, [result.value], now, config);
    return ok({ listing: listing! }, TRADE_MSG.withdrawn);
  }),

  handle(calls.getMyListings, async ({ db, user, input, now, config }) => {
    const page = pageOf(input);
    const { rows, total } = await myListings(db, user.id, input.status, page.page, page.limit);
    return ok(pageAnswer(page, await myListingViews(db, rows, now, config), total));
  }),

  handle(calls.getMyListing, async ({ db, user, input, now, config }) => {
    const row = await ownListing(db, user.id, input.listing_id);
    if (!row) return refuse(TRADE_MSG.listingMissing);
    const [listing] = await myListingViews(db, [row], now, config);
    return ok(listing!);
  }),

  handle(calls.getListings, async ({ db, input, now, config }) => {
    if (input.min_price_cents !== undefined && input.max_price_cents !== undefined && input.min_price_cents > input.max_price_cents) return refuse(TRADE_MSG.priceRangeBad);
    const page = pageOf(input);
    const { rows, total } = await feed(db, { ...input, keyword: input.keyword ?? '', page: page.page, limit: page.limit });
    return ok(pageAnswer(page, rows.map((row) => listingCard(row, now, config)), total));
  }),

  handle(calls.getListingGames, async ({ db }) => ok({ list: await feedGames(db) })),

  handle(calls.getListing, async ({ db, user, input, now, config }) => {
    const detail = await publicListing(db, input.listing_id, user?.id ?? null, now, config);
    return detail ? ok(detail) : refuse(TRADE_MSG.listingMissing);
  }),

  handle(calls.enterSubAccount, async ({ db, user, input, now }) => {
    const result = await enterSubAccount(db, user.id, input.sub_account_id, now);
    return result.ok ? ok(result.value) : refuse(result.message);
  }),

  handle(calls.getTradeTestStatus, async ({ config }) => ok({ enabled: !config.production })),

  handle(calls.makeTestSubAccount, async ({ db, user, input, now, config }) => {
    if (config.production) return refuse(TRADE_MSG.testOff);
    const result = await makeTestSubAccount(db, user.id, input.platform_game_id, now);
    return result.ok ? ok(result.value) : refuse(result.message);
  }),
);
