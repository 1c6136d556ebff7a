import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { TradeRecordItem, TradeView } from '../../api/protocol/calls/trade.ts';
import type { StaffTrade } from '../../api/protocol/staff/trading.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import { feeOf, LISTING_STATUS_TEXT, TRADE_MSG, TRADE_STATUS_TEXT, type TradeRecordTab, type TradeStatus } from '../../api/protocol/trade-rules.ts';
import { artUrl, iso } from '../catalog/index.ts';
import type { Database, TradesTable } from '../db/schema.ts';
import { platform, player, post, type Transfer } from '../money/ledger.ts';
import { postMessage } from '../messages/index.ts';
import { payeeSealer } from '../withdrawals/index.ts';
import { endSubAccountSessions } from './sessions.ts';
import { tradeSettings } from './settings.ts';

/**
 * Paid trades: what paying for a listing does (onTradePaid, in the payment's
 * transaction), the release of the seller's proceeds (the job, the test build's fast-forward and
 * staff), the staff refund, the buyer's dispute, and the views. Every change is a conditional
 * UPDATE of the trade's status with its ledger posting (reference `trade:<id>:<event>`) and its
 * messages in one transaction, so of two racing changes one wins and money moves once.
 *
 * Money: the buyer's payment goes to the platform account `trade_escrow` (orders.ts
 * paymentTransfers); the release posts kind 'trade_proceeds' escrow → seller's 余额 (net, the
 * withdrawable kind) and escrow → platform_revenue (fee); a refund posts kind 'refund' escrow →
 * buyer's 余额 (price).
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type TradeRow = Selectable<TradesTable>;

export const TRADE_ESCROW = 'trade_escrow';

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const tradeLink = (tradeId: number) => ({ path: '/tradingsuccess', data: { trade_id: tradeId } });

/** Messages of a trade event to one side (kind 'trading'; idempotent by sourceRef). */
async function tell(trx: Trx, userId: number, tradeId: number, event: string, title: string, content: string, now: Date): Promise<void> {
  await postMessage(trx, { kind: 'trading', userId, title, content, link: tradeLink(tradeId), sourceRef: `trade:${tradeId}:${event}` }, now);
}

/** A free name for a sub-account joining `userId`'s sub-accounts of the game (the name kept when it is free). */
async function freeName(trx: Trx, userId: number, platformGameId: number, name: string, exceptId: number): Promise<string> {
  const taken = new Set(
    (await trx.selectFrom('game_sub_accounts').select('name').where('user_id', '=', userId).where('platform_game_id', '=', platformGameId).where('id', '<>', exceptId).execute()).map((r) => r.name),
  );
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name}(${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The sub-account moves to `toUserId` (renamed on a clash), unfrozen; the sessions on it end. */
async function moveSubAccount(trx: Trx, subAccountId: number, toUserId: number, reason: string, now: Date): Promise<void> {
  const sub = await trx.selectFrom('game_sub_accounts').select(['id', 'name', 'platform_game_id']).where('id', '=', subAccountId).forUpdate().executeTakeFirstOrThrow();
  const name = await freeName(trx, toUserId, sub.platform_game_id, sub.name, sub.id);
  await trx.updateTable('game_sub_accounts').set({ user_id: toUserId, name, frozen_listing_id: null }).where('id', '=', sub.id).execute();
  // Its roles (sim_game_roles.sub_account_id) follow it; whoever was logged in on it is logged out.
  await endSubAccountSessions(trx, sub.id, reason, now);
}

/**
 * Paying for a listing, in the payment's transaction (settlePaid of an order of kind 'trade'):
 * the listing reserved for this order → sold; a trade (cooling, release_at = now + the
 * cooling-off of trade_settings); the sub-account → the buyer; messages to both sides. The
 * caller has made sure the listing is reserved for the order (orders.ts holdForPayment).
 */
export async function onTradePaid(trx: Trx, order: { id: number; order_number: string; user_id: number; listing_id: number | null; pay_cents: number }, now: Date): Promise<TradeRow> {
  const listing = await trx
    .updateTable('trade_listings')
    .set({ status: 'sold', sold_at: now, reserved_until: null, updated_at: now })
    .where('id', '=', order.listing_id ?? -1)
    .where('status', '=', 'reserved')
    .where('reserved_order_id', '=', order.id)
    .returningAll()
    .executeTakeFirst();
  if (!listing) throw new Error(`trade order ${order.order_number}: its listing is not reserved for it`);
  const settings = await tradeSettings(trx);
  const price = order.pay_cents;
  // The fee the seller saw when submitting (copied on the listing); computed again only if the copy does not add up.
  const fee = listing.fee_cents + listing.net_cents === price ? listing.fee_cents : feeOf(price, settings.fee);
  const trade = await trx
    .insertInto('trades')
    .values({
      listing_id: listing.id,
      order_id: order.id,
      buyer_id: order.user_id,
      seller_id: listing.user_id,
      sub_account_id: listing.sub_account_id,
      price_cents: price,
      fee_cents: fee,
      net_cents: price - fee,
      status: 'cooling',
      paid_at: now,
      release_at: new Date(now.getTime() + settings.cooling_off_ms),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await moveSubAccount(trx, listing.sub_account_id, order.user_id, 'transferred', now);
  const hours = Math.round(settings.cooling_off_ms / 3_600_000);
  await tell(trx, order.user_id, trade.id, 'paid', '购买成功', `你已成功购买「${listing.title}」，小号已转入你的账号，可在交易详情查看角色信息与二级密码。${hours}小时冷静期内如有问题可申请售后。`, now);
  await tell(trx, listing.user_id, trade.id, 'paid', '账号已售出', `你出售的「${listing.title}」已被购买，成交价${formatYuan(price)}元，扣除手续费后${formatYuan(price - fee)}元将在${hours}小时冷静期后转入余额。`, now);
  await postMessage(
    trx,
    { kind: 'account_sale', userId: listing.user_id, title: '商品已售出', content: `你出售的「${listing.title}」已售出，小号已转给买家。`, link: { path: '/sellaccount' }, sourceRef: `listing:${listing.id}:sold` },
    now,
  );
  return trade;
}

/** The payment of a trade order that could not be honoured (the listing went to someone else): back to 余额. */
export async function tellLateRefund(trx: Trx, order: { user_id: number; order_number: string; subject: string; pay_cents: number }, now: Date): Promise<void> {
  await postMessage(
    trx,
    { kind: 'trading', userId: order.user_id, title: '购买未成功，已退款', content: `${order.subject}：${TRADE_MSG.lateRefund}（${formatYuan(order.pay_cents)}元）`, link: { path: '/traderecord' }, sourceRef: `order:${order.order_number}:late-refund` },
    now,
  );
}

// ---- Release, refund, dispute ----

function releaseTransfers(trade: TradeRow): Transfer[] {
  return [
    { from: platform(TRADE_ESCROW), to: player(trade.seller_id, 'wallet'), amount: trade.net_cents },
    { from: platform(TRADE_ESCROW), to: platform('platform_revenue'), amount: trade.fee_cents },
  ].filter((t) => t.amount > 0);
}

const titleOf = async (trx: Trx, listingId: number) => (await trx.selectFrom('trade_listings').select('title').where('id', '=', listingId).executeTakeFirstOrThrow()).title;

/** What a release or a refund changed: the row before and after. */
export interface Decided {
  before: TradeRow;
  after: TradeRow;
}

/**
 * Releases the seller's proceeds: `from` cooling (the job: only once release_at <= now) or
 * disputed (staff). One conditional update; its posting and messages in the same transaction.
 */
export async function releaseTrade(trx: Trx, tradeId: number, now: Date, by: { kind: 'job' } | { kind: 'staff'; staffId: number; note: string }): Promise<Result<Decided>> {
  const before = await trx.selectFrom('trades').selectAll().where('id', '=', tradeId).executeTakeFirst();
  if (!before) return { ok: false, message: TRADE_MSG.tradeMissing };
  let update = trx.updateTable('trades').set({ status: 'released', released_at: now }).where('id', '=', tradeId);
  if (by.kind === 'job') update = update.where('status', '=', 'cooling').where('release_at', '<=', now);
  else update = update.where('status', '=', 'disputed').set({ resolution: by.note, resolved_at: now, resolved_by: by.staffId });
  const after = await update.returningAll().executeTakeFirst();
  if (!after) return { ok: false, message: TRADE_MSG.wrongState };
  const transfers = releaseTransfers(after);
  if (transfers.length > 0) await post(trx, { reference: `trade:${after.id}:released`, kind: 'trade_proceeds', orderId: after.order_id, memo: '账号交易卖家所得', transfers });
  const title = await titleOf(trx, after.listing_id);
  await tell(trx, after.seller_id, after.id, 'released', '交易款已到账', `「${title}」的交易已完成，${formatYuan(after.net_cents)}元已转入你的余额（已扣手续费${formatYuan(after.fee_cents)}元），可提现。`, now);
  // The seller follows a sale under 账号出售 (上架, 审核, 已售出): its money arriving belongs there
  // too, as 已售出 is told in both kinds.
  await postMessage(
    trx,
    {
      kind: 'account_sale',
      userId: after.seller_id,
      title: '货款已到账',
      content: `你出售的「${title}」交易已完成，${formatYuan(after.net_cents)}元已转入你的余额（已扣手续费${formatYuan(after.fee_cents)}元），可在“我的钱包”提现。`,
      link: { path: '/mywallet' },
      sourceRef: `listing:${after.listing_id}:released`,
    },
    now,
  );
  await tell(trx, after.buyer_id, after.id, 'released', '交易已完成', `「${title}」的交易已完成。${by.kind === 'staff' ? `客服处理结果：${by.note}` : ''}`, now);
  return { ok: true, value: { before, after } };
}

/** Staff refund of a disputed trade: escrow → the buyer's 余额; the sub-account back to the seller. */
export async function refundTrade(trx: Trx, tradeId: number, now: Date, staffId: number, note: string): Promise<Result<Decided>> {
  const before = await trx.selectFrom('trades').selectAll().where('id', '=', tradeId).executeTakeFirst();
  if (!before) return { ok: false, message: TRADE_MSG.tradeMissing };
  // The buyer may have listed the sub-account meanwhile: a listing in review or on sale is taken
  // down with the refund (the sub-account goes back to the seller); one reserved by an open order
  // of a third player blocks the refund until that order is paid or closed.
  const relisted = await trx
    .selectFrom('trade_listings')
    .select(['id', 'status'])
    .where('sub_account_id', '=', before.sub_account_id)
    .where('user_id', '=', before.buyer_id)
    .where('status', 'in', ['reviewing', 'on_sale', 'reserved'])
    .forUpdate()
    .execute();
  if (relisted.some((l) => l.status === 'reserved')) return { ok: false, message: TRADE_MSG.wrongState };
  const after = await trx
    .updateTable('trades')
    .set({ status: 'refunded', refunded_at: now, resolution: note, resolved_at: now, resolved_by: staffId })
    .where('id', '=', tradeId)
    .where('status', '=', 'disputed')
    .returningAll()
    .executeTakeFirst();
  if (!after) return { ok: false, message: TRADE_MSG.wrongState };
  if (relisted.length > 0) {
    await trx
      .updateTable('trade_listings')
      .set({ status: 'withdrawn', updated_at: now })
      .where(
        'id',
        'in',
        relisted.map((l) => l.id),
      )
      .where('status', 'in', ['reviewing', 'on_sale'])
      .execute();
  }
  await post(trx, { reference: `trade:${after.id}:refund`, kind: 'refund', orderId: after.order_id, memo: '账号交易退款', transfers: [{ from: platform(TRADE_ESCROW), to: player(after.buyer_id, 'wallet'), amount: after.price_cents }] });
  await moveSubAccount(trx, after.sub_account_id, after.seller_id, 'refunded', now);
  const title = await titleOf(trx, after.listing_id);
  await tell(trx, after.buyer_id, after.id, 'refunded', '售后已退款', `「${title}」的售后申请已处理：${formatYuan(after.price_cents)}元已退回你的余额，小号已退回卖家。客服说明：${note}`, now);
  await tell(trx, after.seller_id, after.id, 'refunded', '交易已退款', `「${title}」的买家售后申请已处理：交易已退款，小号已退回你的账号。客服说明：${note}`, now);
  return { ok: true, value: { before, after } };
}

/** The buyer opens a dispute while the trade cools off: the release job skips it until staff decide. */
export async function openDispute(db: Db, buyerId: number, tradeId: number, reason: string, now: Date): Promise<Result<TradeRow>> {
  return db.transaction().execute(async (trx): Promise<Result<TradeRow>> => {
    const trade = await trx.selectFrom('trades').selectAll().where('id', '=', tradeId).where('buyer_id', '=', buyerId).forUpdate().executeTakeFirst();
    if (!trade) return { ok: false, message: TRADE_MSG.tradeMissing };
    if (trade.status === 'disputed') return { ok: false, message: TRADE_MSG.disputeOpen };
    const after = await trx
      .updateTable('trades')
      .set({ status: 'disputed', dispute_reason: reason, dispute_opened_at: now })
      .where('id', '=', tradeId)
      .where('status', '=', 'cooling')
      .where('release_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!after) return { ok: false, message: TRADE_MSG.disputeClosed };
    const title = await titleOf(trx, after.listing_id);
    await tell(trx, after.buyer_id, after.id, 'disputed', '售后申请已提交', `「${title}」：${TRADE_MSG.disputed}`, now);
    await tell(trx, after.seller_id, after.id, 'disputed', '买家申请了售后', `「${title}」的买家申请了售后，交易款暂缓到账，客服会尽快处理。原因：${reason}`, now);
    return { ok: true, value: after };
  });
}

/** The release job's pass: every cooling trade due at `now` released once (skip locked: safe in several processes). */
export async function releaseDueTrades(db: Db, now: Date): Promise<number> {
  let released = 0;
  const skipped: number[] = [];
  for (;;) {
    const outcome = await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('trades').select('id').where('status', '=', 'cooling').where('release_at', '<=', now).orderBy('release_at').orderBy('id').limit(1).forUpdate().skipLocked();
      if (skipped.length > 0) query = query.where('id', 'not in', skipped);
      const row = await query.executeTakeFirst();
      if (!row) return null;
      return { id: row.id, done: (await releaseTrade(trx, row.id, now, { kind: 'job' })).ok };
    });
    if (!outcome) return released;
    if (outcome.done) released++;
    else skipped.push(outcome.id);
  }
}

/** The test build's fast-forward: the release job's code path for this trade at release_at + 1 ms. */
export async function fastForward(db: Db, userId: number, tradeId: number): Promise<Result<TradeRow>> {
  const trade = await db.selectFrom('trades').selectAll().where('id', '=', tradeId).where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)])).executeTakeFirst();
  if (!trade) return { ok: false, message: TRADE_MSG.tradeMissing };
  const at = new Date(new Date(trade.release_at).getTime() + 1);
  await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('trades').select('id').where('id', '=', tradeId).where('status', '=', 'cooling').forUpdate().skipLocked().executeTakeFirst();
    if (locked) await releaseTrade(trx, tradeId, at, { kind: 'job' });
  });
  return { ok: true, value: await db.selectFrom('trades').selectAll().where('id', '=', tradeId).executeTakeFirstOrThrow() };
}

// ---- Views ----

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const disputeOf = (t: TradeRow) =>
  t.dispute_opened_at === null ? null : { reason: t.dispute_reason ?? '', opened_at: iso(t.dispute_opened_at), resolution: t.resolution, resolved_at: isoOrNull(t.resolved_at) };

/** A trade as one of its parties sees it (null for anyone else). The buyer reads the second-level password. */
export async function tradeView(db: Db, trade: TradeRow, viewerId: number, now: Date, secret: string): Promise<TradeView | null> {
  const side = trade.buyer_id === viewerId ? 'buyer' : trade.seller_id === viewerId ? 'seller' : null;
  if (side === null) return null;
  const row = await db
    .selectFrom('trade_listings as l')
    .innerJoin('games as g', 'g.id', 'l.game_id')
    .innerJoin('game_sub_accounts as s', 's.id', 'l.sub_account_id')
    .select(['l.title', 'l.game_id', 'g.name as game_name', 'g.icon_key', 'l.server_name', 'l.role_name', 'l.second_password_sealed', 's.name as sub_account_name'])
    .where('l.id', '=', trade.listing_id)
    .executeTakeFirstOrThrow();
  const { order_number } = await db.selectFrom('orders').select('order_number').where('id', '=', trade.order_id).executeTakeFirstOrThrow();
  let secondPassword: string | null = null;
  if (side === 'buyer' && row.second_password_sealed) {
    try {
      secondPassword = payeeSealer(secret).open(row.second_password_sealed);
    } catch {
      secondPassword = null;
    }
  }
  return {
    id: trade.id,
    listing_id: trade.listing_id,
    side,
    status: trade.status,
    status_text: TRADE_STATUS_TEXT[trade.status],
    order_number,
    title: row.title,
    game_id: row.game_id,
    game_name: row.game_name,
    game_icon: artUrl('icon', row.icon_key),
    server_name: row.server_name,
    role_name: row.role_name,
    sub_account_name: row.sub_account_name,
    price_cents: trade.price_cents,
    fee_cents: trade.fee_cents,
    net_cents: trade.net_cents,
    paid_at: iso(trade.paid_at),
    release_at: iso(trade.release_at),
    released_at: isoOrNull(trade.released_at),
    refunded_at: isoOrNull(trade.refunded_at),
    second_password: secondPassword,
    dispute: disputeOf(trade),
    can_dispute: side === 'buyer' && trade.status === 'cooling' && new Date(trade.release_at) > now,
  };
}

/** A trade by id or by its order's number, when the viewer is one of its parties. */
export async function findTrade(db: Db, viewerId: number, by: { trade_id?: number | undefined; order_number?: string | undefined }): Promise<TradeRow | null> {
  let query = db.selectFrom('trades as t').selectAll('t').where((eb) => eb.or([eb('t.buyer_id', '=', viewerId), eb('t.seller_id', '=', viewerId)]));
  if (by.trade_id !== undefined) query = query.where('t.id', '=', by.trade_id);
  else if (by.order_number) query = query.innerJoin('orders as o', 'o.id', 't.order_id').where('o.order_number', '=', by.order_number);
  else return null;
  return (await query.executeTakeFirst()) ?? null;
}

/** /traderecord: bought and sold are trades; on_sale (on sale and reserved) and reviewing are the player's listings. */
export async function tradeRecords(db: Db, userId: number, tab: TradeRecordTab, page: { limit: number; offset: number }): Promise<{ list: TradeRecordItem[]; total: number }> {
  if (tab === 'bought' || tab === 'sold') {
    const base = db.selectFrom('trades as t').where(tab === 'bought' ? 't.buyer_id' : 't.seller_id', '=', userId);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('trade_listings as l', 'l.id', 't.listing_id')
      .innerJoin('games as g', 'g.id', 'l.game_id')
      .select(['t.id', 't.listing_id', 't.status', 't.price_cents', 't.net_cents', 't.paid_at', 'l.title', 'l.server_name', 'g.name as game_name', 'g.icon_key'])
      .orderBy('t.paid_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      total: Number(n),
      list: rows.map((r) => ({
        tab,
        id: r.id,
        listing_id: r.listing_id,
        trade_id: r.id,
        title: r.title,
        game_name: r.game_name,
        game_icon: artUrl('icon', r.icon_key),
        server_name: r.server_name,
        price_cents: r.price_cents,
        net_cents: tab === 'sold' ? r.net_cents : 0,
        status_text: TRADE_STATUS_TEXT[r.status as TradeStatus],
        at: iso(r.paid_at),
      })),
    };
  }
  const statuses = tab === 'on_sale' ? (['on_sale', 'reserved'] as const) : (['reviewing'] as const);
  const base = db.selectFrom('trade_listings as l').where('l.user_id', '=', userId).where('l.status', 'in', [...statuses]);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('games as g', 'g.id', 'l.game_id')
    .select(['l.id', 'l.status', 'l.title', 'l.server_name', 'l.price_cents', 'l.net_cents', 'l.submitted_at', 'l.on_sale_at', 'l.updated_at', 'g.name as game_name', 'g.icon_key'])
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(n),
    list: rows.map((r) => ({
      tab,
      id: r.id,
      listing_id: r.id,
      trade_id: null,
      title: r.title,
      game_name: r.game_name,
      game_icon: artUrl('icon', r.icon_key),
      server_name: r.server_name,
      price_cents: r.price_cents ?? 0,
      net_cents: r.net_cents,
      status_text: LISTING_STATUS_TEXT[r.status],
      at: iso((tab === 'on_sale' ? r.on_sale_at : r.submitted_at) ?? r.updated_at),
    })),
  };
}

const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/** Trades as the staff console lists them. */
export async function staffTrades(db: Db, rows: TradeRow[]): Promise<StaffTrade[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.buyer_id, r.seller_id]))];
  const users = new Map((await db.selectFrom('users').select(['id', 'nickname', 'phone']).where('id', 'in', userIds).execute()).map((u) => [u.id, u]));
  const extra = await db
    .selectFrom('trades as t')
    .innerJoin('trade_listings as l', 'l.id', 't.listing_id')
    .innerJoin('games as g', 'g.id', 'l.game_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.id', 'l.title', 'g.name as game_name', 'o.order_number'])
    .where(
      't.id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(extra.map((e) => [e.id, e]));
  const person = (id: number) => ({ id, nickname: users.get(id)?.nickname ?? '', phone: maskPhone(users.get(id)?.phone ?? '') });
  return rows.map((t) => ({
    id: t.id,
    listing_id: t.listing_id,
    status: t.status,
    status_text: TRADE_STATUS_TEXT[t.status],
    order_number: byId.get(t.id)?.order_number ?? '',
    title: byId.get(t.id)?.title ?? '',
    game_name: byId.get(t.id)?.game_name ?? '',
    buyer: person(t.buyer_id),
    seller: person(t.seller_id),
    price_cents: t.price_cents,
    fee_cents: t.fee_cents,
    net_cents: t.net_cents,
    paid_at: iso(t.paid_at),
    release_at: iso(t.release_at),
    dispute: disputeOf(t),
  }));
}
