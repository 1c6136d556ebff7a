import type { Transaction } from 'kysely';
import * as trading from '../../api/protocol/staff/trading.ts';
import { LISTING_STATUSES, TRADE_MSG, TRADE_STATUSES, type ListingStatus, type TradeStatus } from '../../api/protocol/trade-rules.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition, type StaffContext } from '../staff/index.ts';
import { joinedListings, reviewListing, staffListingViews, type ListingRow, type ReviewAction } from './listings.ts';
import { refundTrade, releaseTrade, staffTrades, type Decided, type Result, type TradeRow } from './trades.ts';

/**
 * 账号交易: trades and disputes (api/protocol/staff/trading.ts trades, refund, release) over
 * server/trading/trades.ts. Every query runs in the call's transaction (ctx.db): the conditional
 * update of the trade, its ledger posting, both sides' messages and the audit row commit
 * together; of a refund and a release racing, one wins and the other answers 状态已变化.
 */

/** What the audit keeps: the state and the money, who and when. */
const auditState = (t: TradeRow) => ({ status: t.status, buyer_id: t.buyer_id, seller_id: t.seller_id, price_cents: t.price_cents, fee_cents: t.fee_cents, net_cents: t.net_cents, resolution: t.resolution });

async function decide(ctx: Omit<StaffContext, 'input'> & { input: { id: number } }, action: 'refund' | 'release', run: (trx: Transaction<Database>) => Promise<Result<Decided>>) {
  const result = await run(ctx.db as Transaction<Database>);
  if (!result.ok) return staffRefuse(result.message);
  await ctx.audit(`trading.${action}`, `trade:${ctx.input.id}`, auditState(result.value.before), auditState(result.value.after));
  const [trade] = await staffTrades(ctx.db, [result.value.after]);
  return staffOk({ trade: trade! }, action === 'refund' ? TRADE_MSG.refunded : TRADE_MSG.released);
}

/** Disputes (and cooling trades) are worked oldest first; finished ones newest first. */
const OLDEST_FIRST: readonly TradeStatus[] = ['disputed', 'cooling'];

export const staffTradeDisputeCalls: StaffCallDefinition[] = [
  handleStaff(trading.trades, async (ctx) => {
    const { page, limit } = ctx.input;
    const status = ctx.input.status ?? 'disputed';
    const direction = OLDEST_FIRST.includes(status) ? 'asc' : 'desc';
    const rows = await ctx.db
      .selectFrom('trades')
      .selectAll()
      .where('status', '=', status)
      .orderBy(status === 'disputed' ? 'dispute_opened_at' : 'paid_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const grouped = await ctx.db.selectFrom('trades').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(TRADE_STATUSES.map((s) => [s, Number(grouped.find((row) => row.status === s)?.n ?? 0)])) as Record<TradeStatus, number>;
    return staffOk({ list: await staffTrades(ctx.db, rows), total: counts[status], page, limit, counts });
  }),
  handleStaff(trading.refund, (ctx) => decide(ctx, 'refund', (trx) => refundTrade(trx, ctx.input.id, ctx.now, ctx.staff.id, ctx.input.note))),
  handleStaff(trading.release, (ctx) => decide(ctx, 'release', (trx) => releaseTrade(trx, ctx.input.id, ctx.now, { kind: 'staff', staffId: ctx.staff.id, note: ctx.input.note }))),
];

/**
 * 账号交易 review queue (api/protocol/staff/trading.ts listings, approve, reject) over
 * server/trading/listings.ts. Every query runs in the call's transaction (ctx.db): the state
 * change, the sub-account's release, the seller's message and the audit row commit together.
 */

/** What the audit keeps: the state and the price; never the second-level password. */
const listingAuditState = (row: ListingRow) => ({ status: row.status, user_id: row.user_id, sub_account_id: row.sub_account_id, price_cents: row.price_cents, reject_reason: row.reject_reason });

const AUDIT_ACTION: Record<ReviewAction['kind'], string> = { approve: 'trading.approve', reject: 'trading.reject' };
const DONE_MSG: Record<ReviewAction['kind'], string> = { approve: TRADE_MSG.approved, reject: TRADE_MSG.rejected };

async function review(ctx: Omit<StaffContext, 'input'> & { input: { id: number } }, action: ReviewAction) {
  const result = await reviewListing(ctx.db as Transaction<Database>, ctx.input.id, ctx.staff.id, action, ctx.now);
  if (!result.ok) return staffRefuse(result.message);
  await ctx.audit(AUDIT_ACTION[action.kind], `trade_listing:${ctx.input.id}`, listingAuditState(result.value.before), listingAuditState(result.value.after));
  const [listing] = await staffListingViews(ctx.db, [result.value.after], ctx.now, ctx.config);
  return staffOk({ listing: listing! }, DONE_MSG[action.kind]);
}

export const staffListingReviewCalls: StaffCallDefinition[] = [
  handleStaff(trading.listings, async (ctx) => {
    const { page, limit } = ctx.input;
    const status = ctx.input.status ?? 'reviewing';
    const rows =
      status === 'reviewing'
        ? await joinedListings(ctx.db).where('l.status', '=', status).orderBy('l.submitted_at', 'asc').orderBy('l.id', 'asc').limit(limit).offset((page - 1) * limit).execute()
        : await joinedListings(ctx.db).where('l.status', '=', status).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc').limit(limit).offset((page - 1) * limit).execute();
    const grouped = await ctx.db.selectFrom('trade_listings').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(LISTING_STATUSES.map((s) => [s, Number(grouped.find((row) => row.status === s)?.n ?? 0)])) as Record<ListingStatus, number>;
    return staffOk({ list: await staffListingViews(ctx.db, rows, ctx.now, ctx.config), total: counts[status], page, limit, counts });
  }),
  handleStaff(trading.approve, (ctx) => review(ctx, { kind: 'approve' })),
  handleStaff(trading.reject, (ctx) => review(ctx, { kind: 'reject', reason: ctx.input.reason })),
];
