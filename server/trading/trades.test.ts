import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatYuan, MONEY_MSG } from '../../api/protocol/money.ts';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import { feeOf, netOf, TRADE_COOLING_OFF_MS, TRADE_MSG, TRADE_RESERVE_MS } from '../../api/protocol/trade-rules.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { fetchPost } from '../money/delivery.ts';
import { runNotificationPass } from '../money/jobs.ts';
import { balanceOf, checkLedger, platform, player, post } from '../money/ledger.ts';
import { markPaidByProvider, runExpiryPass } from '../money/orders.ts';
import { sandboxProvider } from '../money/payments/sandbox.ts';
import { tradePurchaseCalls } from './purchase-calls.ts';
import { payeeSealer, withdrawableWalletCents } from '../withdrawals/withdrawals.ts';
import { runTradingJobs } from './jobs.ts';
import { releaseDueTrades, TRADE_ESCROW } from './trades.ts';

/**
 * 小号交易, the money side through the real server: buyListing's refusals,
 * 20 buyers racing for one listing (provider and 余额), duplicate payment notifications, the
 * reservation released by expiry and cancel, a late payment refunded to 余额, the release job on
 * a simulated clock (disputes skipped, once even when two passes race), the buyer's dispute,
 * staff refund vs release, ownership and roles, the records, the cancellation conditions, and
 * the ledger re-added. Listings are inserted directly (slice S1 makes them through its calls).
 */

// 2026-03-02 10:00 China time.
const START = Date.UTC(2026, 2, 2, 2, 0, 0);

describe.each(DATABASE_KINDS)('trading purchase and escrow on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let finance: StaffCredentials;
  let admin: StaffCredentials;
  let reviewer: StaffCredentials;
  let agent: StaffCredentials;
  const m = moneyHarness(() => server, clock, kind === 'pglite' ? '1391500' : '1391501');
  const db = () => server.database.db;
  const at = () => new Date(clock.current);
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = finance) => staffCall(server.url, path, payload, who);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, money: { sendAtOnce: false } });
    finance = await signedInStaff(db(), 'finance', at());
    admin = await signedInStaff(db(), 'admin', at());
    reviewer = await signedInStaff(db(), 'reviewer', at());
    agent = await signedInStaff(db(), 'agent', at());
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => clock.advance(60_000));

  const giveWallet = (who: MoneyPlayer, cents: number) =>
    db()
      .transaction()
      .execute((trx) => post(trx, { reference: `test:wallet:${randomUUID()}`, kind: 'test_credit', transfers: [{ from: platform('platform_liabilities'), to: player(who.id, 'wallet'), amount: cents }] }));

  /** A listing on sale of a new sub-account of the seller (as slice S1's approve leaves it). */
  async function listing(seller: MoneyPlayer, options: { price?: number; secondPassword?: string } = {}) {
    const price = options.price ?? 10_000;
    const { roleId, platformGameId, gameId } = await m.role(seller);
    const role = await db().selectFrom('sim_game_roles').select(['sub_account_id', 'server_name', 'role_name']).where('id', '=', roleId).executeTakeFirstOrThrow();
    const row = await db()
      .insertInto('trade_listings')
      .values({
        user_id: seller.id,
        sub_account_id: role.sub_account_id,
        game_id: gameId,
        platform_game_id: platformGameId,
        status: 'on_sale',
        title: '满级账号低价出售',
        server_name: role.server_name,
        role_name: role.role_name,
        images: JSON.stringify([]),
        second_password_sealed: options.secondPassword ? payeeSealer(server.config.realName.secret).seal(options.secondPassword) : null,
        price_cents: price,
        fee_cents: feeOf(price),
        net_cents: netOf(price),
        created_at: at(),
        updated_at: at(),
        submitted_at: at(),
        on_sale_at: at(),
        expires_at: new Date(clock.current + 30 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('game_sub_accounts').set({ frozen_listing_id: row.id }).where('id', '=', role.sub_account_id).execute();
    return { listingId: row.id, subAccountId: role.sub_account_id, platformGameId, price };
  }

  const buy = (who: MoneyPlayer, listingId: number, payMethod: 'provider' | 'wallet' = 'provider', key = m.key()) =>
    m.call('/api/trade/buyListing', { idempotency_key: key, listing_id: listingId, pay_method: payMethod }, who);
  const listingRow = (id: number) => db().selectFrom('trade_listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const subRow = (id: number) => db().selectFrom('game_sub_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tradeOf = (listingId: number) => db().selectFrom('trades').selectAll().where('listing_id', '=', listingId).executeTakeFirst();
  const postings = (orderNumber: string) => db().selectFrom('ledger_transactions').select(['reference', 'kind']).where('reference', 'like', `order:${orderNumber}:%`).execute();

  /** Pays a provider order at the sandbox cashier and delivers the notification. */
  async function payByProvider(order: { pay_url: string }) {
    expect((await m.payAtCashier(order.pay_url)).status).toBe(303);
    await runNotificationPass(db(), at(), fetchPost);
  }

  /** A paid trade: seller, buyer, listing, trade row. */
  async function paidTrade(options: { secondPassword?: string; price?: number } = {}) {
    const seller = await m.signUp();
    const buyer = await m.signUp();
    const l = await listing(seller, options);
    await giveWallet(buyer, l.price);
    const answer = await buy(buyer, l.listingId, 'wallet');
    expect(answer).toMatchObject({ code: 1, data: { kind: 'trade', status: 'delivered' } });
    return { seller, buyer, ...l, order: answer.data, trade: (await tradeOf(l.listingId))! };
  }

  it('refuses buyers without real name, minors, the seller, bad pay methods, short wallets, listings not on sale; nothing stays behind', async () => {
    const seller = await m.signUp();
    const l = await listing(seller);
    expect(await buy(await m.signUp(null), l.listingId)).toMatchObject({ code: -1, msg: TRADE_MSG.buyerNeedRealName });
    expect(await buy(await m.signUp('2012-05-01'), l.listingId)).toMatchObject({ code: -1, msg: TRADE_MSG.buyerMinor });
    expect(await buy(seller, l.listingId)).toMatchObject({ code: -1, msg: TRADE_MSG.ownListing });
    const buyer = await m.signUp();
    expect(await m.call('/api/trade/buyListing', { idempotency_key: m.key(), listing_id: l.listingId, pay_method: 'coins' }, buyer)).toMatchObject({ code: -1, msg: TRADE_MSG.payMethodBad });
    expect(await buy(buyer, l.listingId, 'wallet')).toMatchObject({ code: -1, msg: MONEY_MSG.walletShort });
    expect(await buy(buyer, 987_654)).toMatchObject({ code: -1, msg: TRADE_MSG.listingMissing });
    // The createOrder call of the recharges cannot make a trade order (its kinds are coins, game, card).
    expect((await m.call('/api/order/createOrder', { idempotency_key: m.key(), kind: 'trade', listing_id: l.listingId }, buyer)).code).toBe(-1);
    expect(await listingRow(l.listingId)).toMatchObject({ status: 'on_sale', reserved_order_id: null });
    const orders = await db().selectFrom('orders').select('id').where('listing_id', '=', l.listingId).execute();
    expect(orders).toEqual([]);
    await db().updateTable('trade_listings').set({ status: 'withdrawn' }).where('id', '=', l.listingId).execute();
    expect(await buy(buyer, l.listingId)).toMatchObject({ code: -1, msg: TRADE_MSG.notOnSale });
  });

  it('20 buyers pay by 支付宝 for one listing at once: exactly 1 order, 19 × reservedByOther, no posting for the losers', async () => {
    const seller = await m.signUp();
    const l = await listing(seller);
    const buyers: MoneyPlayer[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await m.signUp());
    const before = await checkLedger(db());
    const answers = await Promise.all(buyers.map((b) => buy(b, l.listingId)));
    const winners = answers.filter((a) => a.code === 1);
    const losers = answers.filter((a) => a.code === -1);
    console.log(`[figure] ${kind}: 20 concurrent provider purchases of one listing: ${winners.length} order(s), ${losers.length} × ${TRADE_MSG.reservedByOther}`);
    expect(winners).toHaveLength(1);
    for (const a of losers) expect(a.msg).toBe(TRADE_MSG.reservedByOther);
    const orders = await db().selectFrom('orders').selectAll().where('listing_id', '=', l.listingId).execute();
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({ kind: 'trade', status: 'paying', amount_cents: l.price, pay_cents: l.price, coupon_cents: 0, subject: expect.stringMatching(/ 账号交易$/) });
    const row = await listingRow(l.listingId);
    expect(row).toMatchObject({ status: 'reserved', reserved_order_id: order.id });
    expect(new Date(row.reserved_until!).getTime()).toBe(new Date(order.created_at).getTime() + TRADE_RESERVE_MS);
    expect(new Date(order.expires_at!).getTime()).toBe(new Date(row.reserved_until!).getTime());
    // The cashier brings the buyer back to /orderpay.
    const sandbox = await db().selectFrom('sandbox_trades').select('return_url').where('out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    expect(sandbox.return_url).toBe(`/orderpay?data=${encodeURIComponent(JSON.stringify({ order_number: order.order_number }))}`);
    const after = await checkLedger(db());
    expect(after.transactions).toBe(before.transactions);
    expect(after.problems).toEqual([]);
    // The order is answered by getOneOrder (the /orderpay page polls it) and kept out of the recharge records.
    expect(await m.call('/api/order/getOneOrder', { order_number: order.order_number }, buyers[answers.indexOf(winners[0]!)]!)).toMatchObject({ code: 1, data: { kind: 'trade', status: 'paying' } });
    const mine = await m.call('/api/order/getMyOrders', {}, buyers[answers.indexOf(winners[0]!)]!);
    expect(mine.data.total).toBe(0);
  });

  it('20 buyers pay from 余额 at once: one pays, 19 refused with their wallets untouched; the ledger checks clean', async () => {
    const seller = await m.signUp();
    const l = await listing(seller, { price: 8_800 });
    const buyers: MoneyPlayer[] = [];
    for (let i = 0; i < 20; i++) {
      const b = await m.signUp();
      await giveWallet(b, 10_000);
      buyers.push(b);
    }
    const answers = await Promise.all(buyers.map((b) => buy(b, l.listingId, 'wallet')));
    const winners = answers.filter((a) => a.code === 1);
    const losers = answers.filter((a) => a.code === -1);
    console.log(`[figure] ${kind}: 20 concurrent 余额 purchases of one listing: ${winners.length} paid, ${losers.length} refused`);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.data).toMatchObject({ status: 'delivered', pay_method: 'wallet' });
    // Those that lost the reservation read 正在被其他买家购买; those that came after the sale, 已售出.
    for (const a of losers) expect([TRADE_MSG.reservedByOther, TRADE_MSG.notOnSale]).toContain(a.msg);
    const wallets = await Promise.all(buyers.map((b) => balanceOf(db(), player(b.id, 'wallet'))));
    const winner = buyers[answers.indexOf(winners[0]!)]!;
    expect(wallets.filter((w) => w === 10_000)).toHaveLength(19);
    expect(await balanceOf(db(), player(winner.id, 'wallet'))).toBe(10_000 - 8_800);
    const trade = (await tradeOf(l.listingId))!;
    expect(trade).toMatchObject({ buyer_id: winner.id, seller_id: seller.id, status: 'cooling', price_cents: 8_800, fee_cents: feeOf(8_800), net_cents: netOf(8_800) });
    expect(new Date(trade.release_at).getTime() - new Date(trade.paid_at).getTime()).toBe(TRADE_COOLING_OFF_MS);
    expect(await listingRow(l.listingId)).toMatchObject({ status: 'sold' });
    expect(await subRow(l.subAccountId)).toMatchObject({ user_id: winner.id, frozen_listing_id: null });
    const check = await checkLedger(db());
    console.log(`[figure] ${kind}: checkLedger after the races: ${check.accounts} accounts, ${check.transactions} transactions, ${check.problems.length} problems`);
    expect(check.problems).toEqual([]);
  });

  it('10 duplicate notifications make one trade; the sub-account moves (renamed on a clash, sessions ended); both sides are told', async () => {
    const seller = await m.signUp();
    const buyer = await m.signUp();
    const l = await listing(seller, { secondPassword: 'Pa$$w0rd' });
    const sellerSub = await subRow(l.subAccountId);
    // The buyer already has a sub-account of the same name in that game.
    await m.role(buyer, l.platformGameId);
    expect((await db().selectFrom('game_sub_accounts').select('name').where('user_id', '=', buyer.id).execute()).map((r) => r.name)).toContain(sellerSub.name);
    await db()
      .insertInto('sub_account_sessions')
      .values({ sub_account_id: l.subAccountId, user_id: seller.id, ticket_hash: randomUUID(), created_at: at(), expires_at: new Date(clock.current + 3_600_000) })
      .execute();
    // While listed, the seller cannot top the sub-account up.
    const sellerRole = await db().selectFrom('sim_game_roles').select('id').where('sub_account_id', '=', l.subAccountId).executeTakeFirstOrThrow();
    expect(await m.call('/api/order/createOrder', { idempotency_key: m.key(), kind: 'game', amount_cents: 600, role_id: sellerRole.id }, seller)).toMatchObject({ code: -1, msg: TRADE_MSG.frozen });
    const key = m.key();
    const order = (await buy(buyer, l.listingId, 'provider', key)).data;
    // A retry with the same key answers the same order (createOrder's idempotency).
    expect((await buy(buyer, l.listingId, 'provider', key)).data).toEqual(order);
    expect(await m.call('/api/trade/buyListing', { idempotency_key: key, listing_id: l.listingId, pay_method: 'wallet' }, buyer)).toMatchObject({ code: -1, msg: MONEY_MSG.keyReused });
    expect((await m.payAtCashier(order.pay_url)).status).toBe(303);
    const note = await db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.url', 'n.body']).where('t.out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetchPost(note.url, note.body)));
    expect(answers.map((a) => a.text)).toEqual(Array(10).fill('success'));
    const trades = await db().selectFrom('trades').select('id').where('listing_id', '=', l.listingId).execute();
    expect(trades).toHaveLength(1);
    expect(await postings(order.order_number)).toEqual([{ reference: `order:${order.order_number}:paid`, kind: 'payment' }]);
    expect(await balanceOf(db(), platform(TRADE_ESCROW))).toBeGreaterThanOrEqual(l.price);
    const sub = await subRow(l.subAccountId);
    expect(sub.user_id).toBe(buyer.id);
    expect(sub.name).toBe(`${sellerSub.name}(2)`);
    const sessions = await db().selectFrom('sub_account_sessions').select(['ended_at', 'end_reason']).where('sub_account_id', '=', l.subAccountId).execute();
    expect(sessions).toEqual([{ ended_at: expect.anything(), end_reason: 'transferred' }]);
    // Its role follows it: the buyer sees it among their roles of the game.
    const roles = await m.call('/api/order/getGameRoles', { platform_game_id: l.platformGameId }, buyer);
    expect(roles.data.sub_accounts.map((s: { id: number }) => s.id)).toContain(l.subAccountId);
    expect(await m.call('/api/order/getOneOrder', { order_number: order.order_number }, buyer)).toMatchObject({ code: 1, data: { status: 'delivered' } });
    // Now the buyer's, unfrozen: the buyer may top it up.
    expect(await m.call('/api/order/createOrder', { idempotency_key: m.key(), kind: 'game', amount_cents: 600, role_id: sellerRole.id }, buyer)).toMatchObject({ code: 1 });

    const tradeId = trades[0]!.id;
    const byOrder = await m.call('/api/trade/getTrade', { order_number: order.order_number }, buyer);
    expect(byOrder).toMatchObject({ code: 1, data: { id: tradeId, side: 'buyer', status: 'cooling', second_password: 'Pa$$w0rd', can_dispute: true, sub_account_name: `${sellerSub.name}(2)` } });
    expect(await m.call('/api/trade/getTrade', { trade_id: tradeId }, seller)).toMatchObject({ code: 1, data: { side: 'seller', second_password: null, can_dispute: false, net_cents: netOf(l.price) } });
    const messages = await db().selectFrom('messages').select(['user_id', 'kind', 'link', 'source_ref']).where('source_ref', 'like', `%:${tradeId}:paid`).orderBy('user_id').execute();
    const linkOf = (link: unknown) => (typeof link === 'string' ? JSON.parse(link) : link);
    expect(messages.map((r) => [r.user_id, r.kind, linkOf(r.link)])).toEqual(
      [
        [buyer.id, 'trading', { path: '/tradingsuccess', data: { trade_id: tradeId } }],
        [seller.id, 'trading', { path: '/tradingsuccess', data: { trade_id: tradeId } }],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const sold = await db().selectFrom('messages').select(['kind', 'link']).where('user_id', '=', seller.id).where('source_ref', '=', `listing:${l.listingId}:sold`).execute();
    expect(sold.map((r) => [r.kind, linkOf(r.link)])).toEqual([['account_sale', { path: '/sellaccount' }]]);
  });

  it('an order expired or cancelled releases the listing for the next buyer', async () => {
    const seller = await m.signUp();
    const [a, b, c] = [await m.signUp(), await m.signUp(), await m.signUp()];
    const l = await listing(seller);
    const first = (await buy(a, l.listingId)).data;
    expect(await buy(b, l.listingId)).toMatchObject({ code: -1, msg: TRADE_MSG.reservedByOther });
    const until = new Date((await listingRow(l.listingId)).reserved_until!).getTime();
    expect(until).toBe(new Date(first.expires_at).getTime());
    clock.advance(until - 1 - clock.current);
    await runExpiryPass(db(), sandboxProvider(server.config.money.sandboxPayKey), new Date(until - 1));
    expect(await listingRow(l.listingId)).toMatchObject({ status: 'reserved' });
    clock.advance(until - clock.current);
    await runExpiryPass(db(), sandboxProvider(server.config.money.sandboxPayKey), new Date(until));
    expect(await listingRow(l.listingId)).toMatchObject({ status: 'on_sale', reserved_order_id: null, reserved_until: null });
    expect(await m.call('/api/order/getOneOrder', { order_number: first.order_number }, a)).toMatchObject({ data: { status: 'expired' } });
    const second = await buy(b, l.listingId);
    expect(second).toMatchObject({ code: 1, data: { status: 'paying' } });
    expect(await m.call('/api/order/cancelOrder', { order_number: second.data.order_number }, b)).toMatchObject({ code: 1, data: { status: 'failed' } });
    expect(await listingRow(l.listingId)).toMatchObject({ status: 'on_sale', reserved_order_id: null });
    const third = await buy(c, l.listingId);
    expect(third).toMatchObject({ code: 1 });
    await payByProvider(third.data);
    expect(await tradeOf(l.listingId)).toMatchObject({ buyer_id: c.id, status: 'cooling' });
  });

  it("a late 支付宝 payment: refunded to 余额 when another buyer bought meanwhile, honoured when the listing is still on sale", async () => {
    const seller = await m.signUp();
    const [a, b] = [await m.signUp(), await m.signUp()];
    const l = await listing(seller);
    const late = (await buy(a, l.listingId)).data;
    clock.advance(TRADE_RESERVE_MS);
    await runExpiryPass(db(), sandboxProvider(server.config.money.sandboxPayKey), at());
    await giveWallet(b, l.price);
    expect(await buy(b, l.listingId, 'wallet')).toMatchObject({ code: 1, data: { status: 'delivered' } });
    // The provider confirms A's payment after all.
    const outcome = await markPaidByProvider(db(), { out_trade_no: late.order_number, trade_no: `SB${Date.now()}000000`.slice(0, 20), trade_status: 'TRADE_SUCCESS', total_cents: l.price }, at());
    expect(outcome).toBe('paid');
    expect(await m.call('/api/order/getOneOrder', { order_number: late.order_number }, a)).toMatchObject({ data: { status: 'refunded', fail_reason: TRADE_MSG.lateRefund } });
    expect(await balanceOf(db(), player(a.id, 'wallet'))).toBe(l.price);
    expect(await tradeOf(l.listingId)).toMatchObject({ buyer_id: b.id });
    expect(await subRow(l.subAccountId)).toMatchObject({ user_id: b.id });
    const told = await db().selectFrom('messages').select(['kind', 'content']).where('user_id', '=', a.id).where('source_ref', '=', `order:${late.order_number}:late-refund`).executeTakeFirstOrThrow();
    expect(told.kind).toBe('trading');
    expect(told.content).toContain(TRADE_MSG.lateRefund);
    // A second notification of it changes nothing.
    expect(await markPaidByProvider(db(), { out_trade_no: late.order_number, trade_no: 'SB000000000000000001', trade_status: 'TRADE_SUCCESS', total_cents: l.price }, at())).toBe('already');
    expect(await balanceOf(db(), player(a.id, 'wallet'))).toBe(l.price);

    // Expired but nobody else bought: the payment is honoured.
    const l2 = await listing(seller);
    const late2 = (await buy(a, l2.listingId)).data;
    clock.advance(TRADE_RESERVE_MS);
    await runExpiryPass(db(), sandboxProvider(server.config.money.sandboxPayKey), at());
    expect(await listingRow(l2.listingId)).toMatchObject({ status: 'on_sale' });
    expect(await markPaidByProvider(db(), { out_trade_no: late2.order_number, trade_no: 'SB000000000000000002', trade_status: 'TRADE_SUCCESS', total_cents: l2.price }, at())).toBe('paid');
    expect(await tradeOf(l2.listingId)).toMatchObject({ buyer_id: a.id, status: 'cooling' });
    expect(await listingRow(l2.listingId)).toMatchObject({ status: 'sold' });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('the release job on a simulated clock: nothing before release_at, exactly once after (two passes racing), disputes skipped; the proceeds are withdrawable', async () => {
    const t = await paidTrade({ price: 20_000 });
    const d = await paidTrade();
    expect(await m.call('/api/trade/openDispute', { trade_id: d.trade.id, reason: '账号被找回' }, d.buyer)).toMatchObject({ code: 1, msg: TRADE_MSG.disputed, data: { status: 'disputed', can_dispute: false } });
    const due = new Date(t.trade.release_at).getTime();
    await releaseDueTrades(db(), new Date(due - 1));
    expect(await tradeOf(t.listingId)).toMatchObject({ status: 'cooling' });
    expect(await balanceOf(db(), player(t.seller.id, 'wallet'))).toBe(0);
    const later = new Date(new Date(d.trade.release_at).getTime() + 1);
    const passes = await Promise.all([runTradingJobs(db(), later), runTradingJobs(db(), later), releaseDueTrades(db(), later)]);
    const releasedHere = await db().selectFrom('ledger_transactions').select('reference').where('reference', 'in', [`trade:${t.trade.id}:released`, `trade:${d.trade.id}:released`]).execute();
    expect(releasedHere).toEqual([{ reference: `trade:${t.trade.id}:released` }]);
    expect(passes.length).toBe(3);
    expect(await tradeOf(t.listingId)).toMatchObject({ status: 'released' });
    expect(await tradeOf(d.listingId)).toMatchObject({ status: 'disputed' });
    const wallet = await balanceOf(db(), player(t.seller.id, 'wallet'));
    expect(wallet).toBe(netOf(20_000));
    expect(await withdrawableWalletCents(db(), t.seller.id, wallet)).toBe(netOf(20_000));
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.kind', 'a.user_id', 'e.amount', 'x.kind as tkind'])
      .where('x.reference', '=', `trade:${t.trade.id}:released`)
      .orderBy('e.id')
      .execute();
    expect(entries.map((e) => [e.tkind, e.kind, e.user_id, Number(e.amount)]).sort()).toEqual(
      [
        ['trade_proceeds', TRADE_ESCROW, null, -netOf(20_000)],
        ['trade_proceeds', 'wallet', t.seller.id, netOf(20_000)],
        ['trade_proceeds', TRADE_ESCROW, null, -feeOf(20_000)],
        ['trade_proceeds', 'platform_revenue', null, feeOf(20_000)],
      ].sort(),
    );
    expect(await balanceOf(db(), player(d.seller.id, 'wallet'))).toBe(0);
    expect(await m.call('/api/trade/getTrade', { trade_id: t.trade.id }, t.seller)).toMatchObject({ data: { status: 'released', released_at: expect.any(String) } });
    const told = await db().selectFrom('messages').select('user_id').where('source_ref', '=', `trade:${t.trade.id}:released`).execute();
    expect(told.map((r) => r.user_id).sort()).toEqual([t.buyer.id, t.seller.id].sort());
    // The seller hears of the money under 账号出售 too, where the sale's other steps are told.
    const sale = await db().selectFrom('messages').select(['user_id', 'kind', 'title', 'content', 'link']).where('source_ref', '=', `listing:${t.listingId}:released`).execute();
    expect(sale).toEqual([{ user_id: t.seller.id, kind: 'account_sale', title: '货款已到账', content: expect.stringContaining(`${formatYuan(netOf(20_000))}元已转入你的余额`), link: { path: '/mywallet' } }]);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('the buyer cannot list a bought sub-account during its cooling-off (a refund would take it back); after release the usual rules apply', async () => {
    const t = await paidTrade();
    const reasonOf = async () => {
      const answer = await m.call('/api/trade/getSellGames', {}, t.buyer);
      const subs = (answer.data as { platforms: { games: { sub_accounts: { id: number; reason: string }[] }[] }[] }).platforms.flatMap((p) => p.games.flatMap((g) => g.sub_accounts));
      return subs.find((sub) => sub.id === t.subAccountId)?.reason;
    };
    expect(await reasonOf()).toBe(TRADE_MSG.inTrade);
    await releaseDueTrades(db(), new Date(new Date(t.trade.release_at).getTime() + 1));
    expect(await reasonOf()).not.toBe(TRADE_MSG.inTrade);
  });

  it('disputes: the buyer only, once, within the cooling-off; a third player can neither read nor dispute', async () => {
    const t = await paidTrade();
    const stranger = await m.signUp();
    expect(await m.call('/api/trade/getTrade', { trade_id: t.trade.id }, stranger)).toMatchObject({ code: -1, msg: TRADE_MSG.tradeMissing });
    expect(await m.call('/api/trade/getTrade', { order_number: t.order.order_number }, stranger)).toMatchObject({ code: -1, msg: TRADE_MSG.tradeMissing });
    expect(await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: '想要' }, stranger)).toMatchObject({ code: -1, msg: TRADE_MSG.tradeMissing });
    expect(await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: '想要' }, t.seller)).toMatchObject({ code: -1, msg: TRADE_MSG.tradeMissing });
    expect(await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: ' ' }, t.buyer)).toMatchObject({ code: -1, msg: TRADE_MSG.reasonMissing });
    expect(await m.call('/api/trade/fastForwardTrade', { trade_id: t.trade.id }, stranger)).toMatchObject({ code: -1, msg: TRADE_MSG.tradeMissing });
    expect(await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: '角色装备被转走' }, t.buyer)).toMatchObject({ code: 1, data: { status: 'disputed', dispute: { reason: '角色装备被转走' } } });
    expect(await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: '再次申请' }, t.buyer)).toMatchObject({ code: -1, msg: TRADE_MSG.disputeOpen });
    const late = await paidTrade();
    clock.advance(TRADE_COOLING_OFF_MS);
    expect(await m.call('/api/trade/openDispute', { trade_id: late.trade.id, reason: '太晚了' }, late.buyer)).toMatchObject({ code: -1, msg: TRADE_MSG.disputeClosed });
    expect(await m.call('/api/trade/getTrade', { trade_id: late.trade.id }, late.buyer)).toMatchObject({ data: { can_dispute: false } });
    // The test build's fast-forward (a party only) runs the release at release_at + 1 ms.
    const ff = await paidTrade();
    expect(await m.call('/api/trade/fastForwardTrade', { trade_id: ff.trade.id }, ff.buyer)).toMatchObject({ code: 1, data: { status: 'released' } });
    expect(await balanceOf(db(), player(ff.seller.id, 'wallet'))).toBe(ff.trade.net_cents);
    const answer = await tradePurchaseCalls.find((c) => c.path === '/api/trade/fastForwardTrade')!.handler({ fields: { trade_id: ff.trade.id }, user: { id: ff.buyer.id }, config: { ...server.config, production: true } } as never);
    expect(answer).toMatchObject({ code: -1, msg: TRADE_MSG.testOff });
  });

  it('staff: refund and release race, one wins; the refund returns the sub-account to the seller and ends the buyer’s sessions; roles', async () => {
    // Fresh sessions (the clock of the other tests ran past the first ones).
    finance = await signedInStaff(db(), 'finance', at());
    admin = await signedInStaff(db(), 'admin', at());
    reviewer = await signedInStaff(db(), 'reviewer', at());
    agent = await signedInStaff(db(), 'agent', at());
    const t = await paidTrade();
    await m.call('/api/trade/openDispute', { trade_id: t.trade.id, reason: '账号无法登录' }, t.buyer);
    await db()
      .insertInto('sub_account_sessions')
      .values({ sub_account_id: t.subAccountId, user_id: t.buyer.id, ticket_hash: randomUUID(), created_at: at(), expires_at: new Date(clock.current + 3_600_000) })
      .execute();
    for (const who of [reviewer, agent]) {
      for (const path of ['/staff/api/trading/trades', '/staff/api/trading/refund', '/staff/api/trading/release']) {
        const answer = await staff(path, { id: t.trade.id, note: '核实' }, who);
        expect(answer.body, `${who.account.role} ${path}`).toMatchObject({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden });
      }
    }
    const listed = await staff('/staff/api/trading/trades', {}, admin);
    expect(listed.body.code).toBe(1);
    expect(listed.body.data.counts.disputed).toBeGreaterThanOrEqual(1);
    expect(listed.body.data.list.map((r: { id: number }) => r.id)).toContain(t.trade.id);
    const row = listed.body.data.list.find((r: { id: number }) => r.id === t.trade.id);
    expect(row).toMatchObject({ status: 'disputed', order_number: t.order.order_number, buyer: { id: t.buyer.id }, seller: { id: t.seller.id }, dispute: { reason: '账号无法登录', resolution: null } });
    expect(row.buyer.phone).toMatch(/^\d{3}\*{4}\d{4}$/);

    const [refund, release] = await Promise.all([staff('/staff/api/trading/refund', { id: t.trade.id, note: '卖家找回了账号' }), staff('/staff/api/trading/release', { id: t.trade.id, note: '核实无误' }, admin)]);
    const wins = [refund, release].filter((a) => a.body.code === 1);
    console.log(`[figure] ${kind}: staff refund racing release: ${wins.length} won (${refund.body.code === 1 ? 'refund' : 'release'})`);
    expect(wins).toHaveLength(1);
    expect([refund, release].find((a) => a.body.code !== 1)!.body.msg).toBe(TRADE_MSG.wrongState);
    const final = (await tradeOf(t.listingId))!;
    const escrowPostings = await db().selectFrom('ledger_transactions').select('reference').where('reference', 'in', [`trade:${t.trade.id}:refund`, `trade:${t.trade.id}:released`]).execute();
    expect(escrowPostings).toHaveLength(1);
    if (final.status === 'refunded') {
      expect(refund.body).toMatchObject({ msg: TRADE_MSG.refunded, data: { trade: { status: 'refunded' } } });
      expect(await balanceOf(db(), player(t.buyer.id, 'wallet'))).toBe(t.price);
      expect(await subRow(t.subAccountId)).toMatchObject({ user_id: t.seller.id, frozen_listing_id: null });
      const open = await db().selectFrom('sub_account_sessions').select('id').where('sub_account_id', '=', t.subAccountId).where('ended_at', 'is', null).execute();
      expect(open).toEqual([]);
    } else {
      expect(final.status).toBe('released');
      expect(await balanceOf(db(), player(t.seller.id, 'wallet'))).toBe(t.trade.net_cents);
    }
    const audits = await db().selectFrom('staff_audit').select(['action', 'target']).where('target', '=', `trade:${t.trade.id}`).execute();
    expect(audits).toHaveLength(1);

    // A refund for certain: the sub-account goes back and the buyer's session ends.
    const r = await paidTrade();
    await m.call('/api/trade/openDispute', { trade_id: r.trade.id, reason: '账号无法登录' }, r.buyer);
    await db()
      .insertInto('sub_account_sessions')
      .values({ sub_account_id: r.subAccountId, user_id: r.buyer.id, ticket_hash: randomUUID(), created_at: at(), expires_at: new Date(clock.current + 3_600_000) })
      .execute();
    // Meanwhile the buyer listed it again (on sale): the refund takes that listing down.
    const sub = await subRow(r.subAccountId);
    const relisted = await db()
      .insertInto('trade_listings')
      .values({ user_id: r.buyer.id, sub_account_id: r.subAccountId, game_id: sub.game_id, platform_game_id: sub.platform_game_id, status: 'on_sale', title: '转手出售这个账号', images: '[]', price_cents: 9_000, created_at: at(), updated_at: at() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('game_sub_accounts').set({ frozen_listing_id: relisted.id }).where('id', '=', r.subAccountId).execute();
    // Reserved by a third player's open order, it blocks the refund (nothing changes).
    await db().updateTable('trade_listings').set({ status: 'reserved' }).where('id', '=', relisted.id).execute();
    expect((await staff('/staff/api/trading/refund', { id: r.trade.id, note: '卖家找回了账号' })).body).toMatchObject({ code: -1, msg: TRADE_MSG.wrongState });
    expect(await tradeOf(r.listingId)).toMatchObject({ status: 'disputed' });
    await db().updateTable('trade_listings').set({ status: 'on_sale' }).where('id', '=', relisted.id).execute();
    expect((await staff('/staff/api/trading/refund', { id: r.trade.id, note: '卖家找回了账号' })).body).toMatchObject({ code: 1, msg: TRADE_MSG.refunded });
    expect(await listingRow(relisted.id)).toMatchObject({ status: 'withdrawn' });
    expect(await subRow(r.subAccountId)).toMatchObject({ user_id: r.seller.id, frozen_listing_id: null });
    expect(await subRow(r.subAccountId)).toMatchObject({ user_id: r.seller.id });
    expect(await db().selectFrom('sub_account_sessions').select(['user_id', 'end_reason']).where('sub_account_id', '=', r.subAccountId).execute()).toEqual([{ user_id: r.buyer.id, end_reason: 'refunded' }]);
    expect(await balanceOf(db(), player(r.buyer.id, 'wallet'))).toBe(r.price);
    expect(await balanceOf(db(), player(r.seller.id, 'wallet'))).toBe(0);
    expect((await staff('/staff/api/trading/release', { id: r.trade.id, note: '再放款' })).body).toMatchObject({ code: -1, msg: TRADE_MSG.wrongState });
    // A cooling trade is not for staff to decide (the job releases it).
    const c = await paidTrade();
    expect((await staff('/staff/api/trading/refund', { id: c.trade.id, note: '无' })).body).toMatchObject({ code: -1, msg: TRADE_MSG.wrongState });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('records: bought, sold, on sale and reviewing tabs are the player’s own', async () => {
    const t = await paidTrade();
    const onSale = await listing(t.seller);
    await db().updateTable('trade_listings').set({ status: 'reviewing' }).where('id', '=', (await listing(t.seller)).listingId).execute();
    const tab = async (who: MoneyPlayer, name: string) => (await m.call('/api/trade/getTradeRecords', { tab: name }, who)).data;
    expect(await tab(t.buyer, 'bought')).toMatchObject({ total: 1, list: [{ tab: 'bought', id: t.trade.id, trade_id: t.trade.id, listing_id: t.listingId, price_cents: t.price, status_text: '冷静期中' }] });
    expect(await tab(t.buyer, 'sold')).toMatchObject({ total: 0, list: [] });
    expect(await tab(t.seller, 'sold')).toMatchObject({ total: 1, list: [{ tab: 'sold', trade_id: t.trade.id, net_cents: netOf(t.price) }] });
    expect(await tab(t.seller, 'on_sale')).toMatchObject({ total: 1, list: [{ tab: 'on_sale', id: onSale.listingId, trade_id: null, status_text: '出售中' }] });
    expect(await tab(t.seller, 'reviewing')).toMatchObject({ total: 1, list: [{ status_text: '审核中' }] });
    expect(await m.call('/api/trade/getTradeRecords', { tab: 'nope' }, t.seller)).toMatchObject({ code: -1, msg: TRADE_MSG.badFilter });
  });

  it('account cancellation waits for listings on sale and trades in progress, on both sides', async () => {
    const t = await paidTrade();
    const conditions = async (who: MoneyPlayer) => Object.fromEntries(((await m.call('/api/user/getCancelConditions', {}, who)).data.conditions as { key: string; passed: boolean; reason: string }[]).map((c) => [c.key, c]));
    expect((await conditions(t.buyer)).trades).toMatchObject({ passed: false, reason: '有1笔账号交易在冷静期或售后处理中，请等待交易完成后再申请注销' });
    expect((await conditions(t.seller)).trades).toMatchObject({ passed: false });
    expect((await conditions(t.seller)).listings).toMatchObject({ passed: true });
    await listing(t.seller);
    expect((await conditions(t.seller)).listings).toMatchObject({ passed: false, reason: '有1个账号正在审核、出售或交易中，请下架或等待交易完成后再申请注销' });
    await releaseDueTrades(db(), new Date(new Date(t.trade.release_at).getTime()));
    expect((await conditions(t.buyer)).trades).toMatchObject({ passed: true });
  });
});
