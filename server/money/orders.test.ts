import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_MSG, NOTIFY_RETRY_SCHEDULE_MS, ORDER_REQUEST_STALE_MS, ORDER_TTL_MS } from '../../api/protocol/money.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { moneyHarness } from '../../tests/helpers/money.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { MINORS_MSG } from '../minors.ts';
import { fetchPost, type GameDelivery } from './delivery.ts';
import { runDeliveryPass, runNotificationPass } from './jobs.ts';
import { balanceOf, checkLedger, player } from './ledger.ts';
import { markPaidByProvider, runExpiryPass } from './orders.ts';
import { sandboxProvider } from './payments/sandbox.ts';

/** Monday 2026-03-02 10:00 China time. */
const START = Date.parse('2026-03-02T10:00:00+08:00');

describe.each(DATABASE_KINDS)('orders and payments on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1381000');
  const at = () => new Date(clock.current);
  const notify = () => runNotificationPass(server.database.db, at(), fetchPost);
  const provider = () => sandboxProvider(server.config.money.sandboxPayKey);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, money: { sendAtOnce: false } });
  });
  afterAll(() => server.close());
  beforeEach(() => clock.advance(60_000));

  it('idempotency: the same key and payload answer the same order; another payload is refused; a request in flight is refused', async () => {
    const p = await h.signUp();
    const key = h.key();
    const first = await h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 600 }, p);
    expect(first).toMatchObject({ code: 1, data: { kind: 'coins', status: 'paying', amount_cents: 600, pay_cents: 600, subject: '6乐玩币' } });
    expect(first.data.order_number).toMatch(/^LW\d{14}\d{6}$/);
    expect(first.data.order_number.slice(2, 16)).toBe('20260302100' + first.data.order_number.slice(13, 16));
    expect(first.data.pay_url).toMatch(/^\/sandbox-pay\/cashier\/SB\d{18}$/);
    const again = await h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 600 }, p);
    expect(again.data).toEqual(first.data);
    expect(await h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 3000 }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.keyReused });
    const count = await h.db().selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // A request that took its key and has not finished: a second one is refused until it is stale.
    const inFlight = h.key();
    await h.db().insertInto('order_requests').values({ user_id: p.id, idempotency_key: inFlight, request_hash: (await import('./orders.ts')).requestHash({ idempotency_key: inFlight, kind: 'coins', amount_cents: 600 }), order_id: null, created_at: at() }).execute();
    expect(await h.call('/api/order/createOrder', { idempotency_key: inFlight, kind: 'coins', amount_cents: 600 }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.inFlight });
    clock.advance(ORDER_REQUEST_STALE_MS);
    expect(await h.call('/api/order/createOrder', { idempotency_key: inFlight, kind: 'coins', amount_cents: 600 }, p)).toMatchObject({ code: 1, data: { status: 'paying' } });
  });

  it('10 duplicate notifications and 10 client retries of one order make exactly 1 ledger transaction', async () => {
    const p = await h.signUp();
    const key = h.key();
    const order = (await h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 3000 }, p)).data;
    expect((await h.payAtCashier(order.pay_url)).status).toBe(303);
    const note = await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.url', 'n.body']).where('t.out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => fetchPost(note.url, note.body)),
      ...Array.from({ length: 10 }, () => h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 3000 }, p)),
    ]);
    expect(answers.slice(0, 10).map((a) => (a as { text: string }).text)).toEqual(Array(10).fill('success'));
    for (const a of answers.slice(10)) expect(a).toMatchObject({ code: 1, data: { order_number: order.order_number } });
    const paid = await h.countPaid(order.order_number);
    console.log(`[figure] 10 duplicate notifications + 10 createOrder retries of ${order.order_number}: ${paid} ledger transaction(s) with reference order:…:paid`);
    expect(paid).toBe(1);
    // The player's first coins order carries the first-recharge bonus (10 %, decided at creation).
    expect(order.bonus_cents).toBe(300);
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(3300);
    expect(await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).toMatchObject({ code: 1, data: { status: 'delivered', status_text: '已到账', pay_url: null } });
    expect((await h.call('/api/user/getMoney', {}, p)).data).toEqual({ wallet_cents: 0, coins_cents: 3300 });
    const incoming = (await h.call('/api/user/getInMoney', {}, p)).data;
    expect(incoming.total).toBe(2);
    expect(incoming.list.map((r: { amount_cents: number }) => r.amount_cents).sort((a: number, b: number) => a - b)).toEqual([300, 3000]);
    for (const r of incoming.list) expect(r).toMatchObject({ account: 'coins', kind: 'payment', order_number: order.order_number });
    expect(Object.fromEntries(incoming.list.map((r: { amount_cents: number; title: string }) => [r.amount_cents, r.title]))).toEqual({ 3000: '充值30乐玩币', 300: '充值赠送（30乐玩币）' });
    expect((await h.call('/api/user/getUserInfo', {}, p)).data.coins).toBe(33);
  });

  it('50 concurrent coins-paid game top-ups of one funded account never overdraw; successes = floor(balance / price); the ledger checks clean', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    await h.fundCoins(p, 100_000); // ¥1000 of 乐玩币
    const price = 3_000;
    const answers = await Promise.all(Array.from({ length: 50 }, () => h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: price, role_id: roleId, pay_method: 'coins' }, p)));
    const successes = answers.filter((a) => a.code === 1).length;
    const refusals = answers.filter((a) => a.code === -1);
    console.log(`[figure] 50 concurrent spends of ¥30 from ¥1000 of 乐玩币: ${successes} paid, ${refusals.length} refused (${MONEY_MSG.coinsShort})`);
    expect(successes).toBe(Math.floor(100_000 / price));
    for (const r of refusals) expect(r.msg).toBe(MONEY_MSG.coinsShort);
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(100_000 - successes * price);
    // Refused orders left nothing behind.
    const orders = await h.db().selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(successes);
    const check = await checkLedger(h.db());
    console.log(`[figure] checkLedger after the concurrent spends: ${check.accounts} accounts, ${check.transactions} transactions, ${check.entries} entries, ${check.problems.length} problems`);
    expect(check.problems).toEqual([]);
  });

  it('the notification retry schedule: 4m, 10m, 10m, 1h, 2h, 6h, 15h after the first attempt, then given up', async () => {
    const p = await h.signUp();
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 100 }, p)).data;
    await h.payAtCashier(order.pay_url);
    const sent: number[] = [];
    let passAt = 0;
    // The merchant refuses this order's notification; others (of other tests) go through.
    const refusing = async (url: string, body: string) => {
      if (!body.includes(order.order_number)) return fetchPost(url, body);
      sent.push(passAt);
      return { status: 200, text: 'fail' };
    };
    const passAtTime = (time: number) => {
      clock.advance(time - clock.current);
      passAt = time;
      return runNotificationPass(h.db(), new Date(time), refusing);
    };
    const first = clock.current;
    await passAtTime(first);
    let due = first;
    for (const [i, delay] of NOTIFY_RETRY_SCHEDULE_MS.entries()) {
      due += delay;
      await passAtTime(due - 1);
      expect(sent.length).toBe(i + 1);
      await passAtTime(due);
      expect(sent.length).toBe(i + 2);
    }
    expect(sent.map((time) => (time - first) / 60_000)).toEqual([0, 4, 14, 24, 84, 204, 564, 1464]);
    const row = await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.attempts', 'n.gave_up_at', 'n.acknowledged_at']).where('t.out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(8);
    expect(row.gave_up_at).not.toBeNull();
    expect(row.acknowledged_at).toBeNull();
    await passAtTime(clock.current + 24 * 3600_000);
    expect(sent.length).toBe(8);
    // The order never heard of it: it expires.
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data.status).toBe('paying');
  });

  it('a notification may arrive before, after or instead of the player’s return', async () => {
    const p = await h.signUp();
    // Before: the notification settles the order, then the player comes back and reads it paid.
    const before = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    const back = await h.payAtCashier(before.pay_url);
    await notify();
    expect(back.headers.get('location')).toBe(`/rechargepay?data=${encodeURIComponent(JSON.stringify({ order_number: before.order_number }))}`);
    expect((await h.call('/api/order/getOneOrder', { order_number: before.order_number }, p)).data.status).toBe('delivered');
    // After: the player returns and polls while it is paying; the notification comes later.
    const after = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    await h.payAtCashier(after.pay_url);
    expect((await h.call('/api/order/getOneOrder', { order_number: after.order_number }, p)).data.status).toBe('paying');
    await notify();
    expect((await h.call('/api/order/getOneOrder', { order_number: after.order_number }, p)).data.status).toBe('delivered');
    // Instead: the player never comes back (no poll); the notification alone pays it.
    const instead = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    await h.payAtCashier(instead.pay_url);
    await notify();
    const row = await h.db().selectFrom('orders').select(['status']).where('order_number', '=', instead.order_number).executeTakeFirstOrThrow();
    expect(row.status).toBe('delivered');
    // 3 × 600, and the first order's first-recharge bonus of 60.
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(1860);
  });

  it('the notify endpoint answers fail for a bad signature or a wrong amount, success for an order already paid', async () => {
    const p = await h.signUp();
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    await h.payAtCashier(order.pay_url);
    const note = await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.url', 'n.body']).where('t.out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    const form = new URLSearchParams(note.body);
    const forged = new URLSearchParams(form);
    forged.set('total_amount', '0.01');
    expect((await fetchPost(note.url, forged.toString())).text).toBe('fail');
    const badSign = new URLSearchParams(form);
    badSign.set('sign', 'AAAA');
    expect((await fetchPost(note.url, badSign.toString())).text).toBe('fail');
    expect(await h.countPaid(order.order_number)).toBe(0);
    expect((await fetchPost(note.url, note.body)).text).toBe('success');
    expect((await fetchPost(note.url, note.body)).text).toBe('success');
    expect(await h.countPaid(order.order_number)).toBe(1);
  });

  it('an unpaid order expires after 30 minutes and its coupon is free again; the cashier then refuses to pay', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    const couponId = await h.coupon(p, { amount: 500, threshold: 3000 });
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponId }, p)).data;
    expect(order).toMatchObject({ status: 'paying', coupon_cents: 500, pay_cents: 2500 });
    expect((await h.db().selectFrom('user_coupons').select('locked_order_id').where('id', '=', couponId).executeTakeFirstOrThrow()).locked_order_id).not.toBeNull();
    const status = async () => (await h.db().selectFrom('orders').select('status').where('order_number', '=', order.order_number).executeTakeFirstOrThrow()).status;
    clock.advance(ORDER_TTL_MS - 1000);
    await runExpiryPass(h.db(), provider(), at());
    expect(await status()).toBe('paying');
    clock.advance(1000);
    expect(await runExpiryPass(h.db(), provider(), at())).toBeGreaterThanOrEqual(1);
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data).toMatchObject({ status: 'expired', status_text: '已过期' });
    expect((await h.db().selectFrom('user_coupons').select(['locked_order_id', 'used_at']).where('id', '=', couponId).executeTakeFirstOrThrow())).toEqual({ locked_order_id: null, used_at: null });
    expect((await h.payAtCashier(order.pay_url)).status).toBe(303);
    expect(await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select('n.id').where('t.out_trade_no', '=', order.order_number).executeTakeFirst()).toBeUndefined();
    // The coupon serves another order.
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponId }, p)).toMatchObject({ code: 1, data: { coupon_cents: 500 } });
  });

  it('a payment confirmed after its order expired is honoured when its coupon is still free, and refunded to 余额 when another order took the coupon', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    const late = (no: string, pay: number) => markPaidByProvider(h.db(), { out_trade_no: no, trade_no: `LATE${no}`, trade_status: 'TRADE_SUCCESS', total_cents: pay }, at());
    const couponA = await h.coupon(p, { amount: 500, threshold: 3000 });
    const couponB = await h.coupon(p, { amount: 500, threshold: 3000 });
    const a = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponA }, p)).data;
    const b = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponB }, p)).data;
    clock.advance(ORDER_TTL_MS);
    await runExpiryPass(h.db(), provider(), at());
    // Coupon B is taken by a new order meanwhile; coupon A stays free.
    const taker = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponB }, p)).data;
    expect(taker).toMatchObject({ status: 'paying', coupon_cents: 500 });

    expect(await late(a.order_number, 2500)).toBe('paid');
    expect((await h.call('/api/order/getOneOrder', { order_number: a.order_number }, p)).data).toMatchObject({ status: 'paid', fail_reason: null });
    expect(await h.db().selectFrom('user_coupons').select(['used_at', 'locked_order_id']).where('id', '=', couponA).executeTakeFirstOrThrow()).toMatchObject({ locked_order_id: null, used_at: expect.anything() });

    expect(await late(b.order_number, 2500)).toBe('paid');
    expect((await h.call('/api/order/getOneOrder', { order_number: b.order_number }, p)).data).toMatchObject({ status: 'refunded', fail_reason: MONEY_MSG.lateRefund });
    expect(await balanceOf(h.db(), player(p.id, 'wallet'))).toBe(2500);
    // The other order still holds coupon B; a duplicate notification moves nothing.
    expect((await h.db().selectFrom('user_coupons').select(['locked_order_id', 'used_at']).where('id', '=', couponB).executeTakeFirstOrThrow())).toEqual({ locked_order_id: expect.any(Number), used_at: null });
    expect(await late(b.order_number, 2500)).toBe('already');
    expect(await balanceOf(h.db(), player(p.id, 'wallet'))).toBe(2500);
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });

  it('a coupon held by an open order cannot be used by a second; cancelling (the call or the cashier’s 取消) releases it', async () => {
    const p = await h.signUp();
    const { roleId, platformGameId } = await h.role(p);
    const couponId = await h.coupon(p, { amount: 1000, threshold: 5000 });
    const order = { idempotency_key: h.key(), kind: 'game', amount_cents: 6000, role_id: roleId, user_coupon_id: couponId };
    const first = (await h.call('/api/order/createOrder', order, p)).data;
    expect(await h.call('/api/order/createOrder', { ...order, idempotency_key: h.key() }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.couponUnusable });
    const coupons = await h.call('/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 6000, platform_game_id: platformGameId }, p);
    expect(coupons.data.unusable).toEqual([expect.objectContaining({ id: couponId, reason: '已被其他订单占用' })]);
    expect(await h.call('/api/order/cancelOrder', { order_number: first.order_number }, p)).toMatchObject({ code: 1, data: { status: 'failed', fail_reason: MONEY_MSG.cancelled } });
    expect(await h.call('/api/order/cancelOrder', { order_number: first.order_number }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.orderClosed });
    const second = (await h.call('/api/order/createOrder', { ...order, idempotency_key: h.key() }, p)).data;
    expect(second).toMatchObject({ status: 'paying', coupon_cents: 1000, coupon_name: '满50减10' });
    // The cashier's 取消 closes the trade and cancels the order; the coupon is free again.
    const cancel = await fetch(`${server.url}${second.pay_url}/cancel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect((await h.call('/api/order/getOneOrder', { order_number: second.order_number }, p)).data).toMatchObject({ status: 'failed', fail_reason: MONEY_MSG.cancelled });
    expect((await h.call('/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 6000, platform_game_id: platformGameId }, p)).data).toMatchObject({ best_id: couponId, unusable: [] });
  });

  it('checkout coupons: usable and unusable with the reason, the best preselected', async () => {
    const p = await h.signUp();
    const { platformGameId, gameId } = await h.role(p);
    const other = await h.db().selectFrom('games').select(['id', 'name']).where('id', '!=', gameId).orderBy('id').executeTakeFirstOrThrow();
    const big = await h.coupon(p, { amount: 1000, threshold: 5000, days: 3 });
    const bigLater = await h.coupon(p, { amount: 1000, threshold: 5000, days: 5 });
    const high = await h.coupon(p, { amount: 5000, threshold: 50000 });
    const elsewhere = await h.coupon(p, { amount: 500, gameId: other.id });
    const here = await h.coupon(p, { amount: 300, gameId });
    const answer = (await h.call('/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 6000, platform_game_id: platformGameId }, p)).data;
    expect(answer.best_id).toBe(big);
    expect(answer.usable.map((c: { id: number }) => c.id).sort()).toEqual([big, bigLater, here].sort());
    const reasons = Object.fromEntries(answer.unusable.map((c: { id: number; reason: string }) => [c.id, c.reason]));
    expect(reasons).toEqual({ [high]: '未满足使用门槛（满500元可用）', [elsewhere]: `仅限《${other.name}》使用` });
    const coins = (await h.call('/api/order/getCheckoutCoupons', { kind: 'coins', amount_cents: 6000 }, p)).data;
    expect(coins.usable).toEqual([]);
    expect(new Set(coins.unusable.map((c: { reason: string }) => c.reason))).toEqual(new Set(['仅限游戏充值使用']));
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 6000, user_coupon_id: big }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.couponNotForKind });
    clock.advance(3 * 86_400_000);
    const later = (await h.call('/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 6000, platform_game_id: platformGameId }, p)).data;
    expect(later.unusable.find((c: { id: number }) => c.id === big).reason).toBe('已过期');
    expect(later.best_id).toBe(bigLater);
  });

  it('minors: age 15 pays ¥50 but not ¥51, and not past ¥200 a month; age 17 ¥100 / ¥400; unverified accounts not at all', async () => {
    const fifteen = await h.signUp('2010-06-01');
    await h.fundCoins(fifteen, 1_000_000);
    const { roleId } = await h.role(fifteen);
    const buy = (who: typeof fifteen, cents: number, role: number) => h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: cents, role_id: role, pay_method: 'coins' }, who);
    expect(await buy(fifteen, 5100, roleId)).toMatchObject({ code: -1, msg: MINORS_MSG.payOnce8to16 });
    for (let i = 0; i < 4; i++) expect(await buy(fifteen, 5000, roleId)).toMatchObject({ code: 1 });
    expect(await buy(fifteen, 100, roleId)).toMatchObject({ code: -1, msg: MINORS_MSG.payMonth8to16 });

    const seventeen = await h.signUp('2008-06-01');
    await h.fundCoins(seventeen, 1_000_000);
    const r17 = (await h.role(seventeen)).roleId;
    expect(await buy(seventeen, 10_100, r17)).toMatchObject({ code: -1, msg: MINORS_MSG.payOnce16to18 });
    for (let i = 0; i < 4; i++) expect(await buy(seventeen, 10_000, r17)).toMatchObject({ code: 1 });
    expect(await buy(seventeen, 100, r17)).toMatchObject({ code: -1, msg: MINORS_MSG.payMonth16to18 });
    // Provider payments count too.
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 100 }, seventeen)).toMatchObject({ code: -1, msg: MINORS_MSG.payMonth16to18 });

    const unverified = await h.signUp(null);
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 100 }, unverified)).toMatchObject({ code: -1, msg: MINORS_MSG.payNeedsRealName });
  });

  it('a player cannot read or cancel another player’s order, nor top up another player’s role', async () => {
    const a = await h.signUp();
    const b = await h.signUp();
    const { roleId } = await h.role(a);
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, a)).data;
    expect(await h.call('/api/order/getOneOrder', { order_number: order.order_number }, b)).toMatchObject({ code: -1, msg: MONEY_MSG.orderMissing });
    expect(await h.call('/api/order/cancelOrder', { order_number: order.order_number }, b)).toMatchObject({ code: -1, msg: MONEY_MSG.orderMissing });
    expect((await h.call('/api/order/getMyOrders', {}, b)).data).toMatchObject({ total: 0, list: [] });
    expect((await h.call('/api/order/getMyOrders', {}, a)).data).toMatchObject({ total: 1 });
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 600, role_id: roleId }, b)).toMatchObject({ code: -1, msg: MONEY_MSG.roleMissing });
  });

  it('a game top-up is delivered to the simulated game once; the role, the sub-account total and the ledger follow', async () => {
    const p = await h.signUp();
    const { roleId, platformGameId } = await h.role(p);
    const couponId = await h.coupon(p, { amount: 500, threshold: 3000 });
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponId }, p)).data;
    await h.payAtCashier(order.pay_url);
    await notify();
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data.status).toBe('paid');
    const services = (await import('./services.ts')).moneyServices(server.config, clock.now);
    expect((await runDeliveryPass(h.db(), at(), services.game)).delivered).toBeGreaterThanOrEqual(1);
    expect(await runDeliveryPass(h.db(), at(), services.game)).toMatchObject({ sent: 0 });
    const credited = await h.db().selectFrom('sim_game_deliveries').selectAll().where('order_number', '=', order.order_number).execute();
    expect(credited).toEqual([expect.objectContaining({ role_id: roleId, amount_cents: 3000 })]);
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data).toMatchObject({ status: 'delivered', coupon_name: '满30减5' });
    const roles = (await h.call('/api/order/getGameRoles', { platform_game_id: platformGameId }, p)).data;
    expect(roles.sub_accounts[0]).toMatchObject({ total_topup_cents: 3000, roles: [{ id: roleId, balance_cents: 3000 }] });
    expect((await h.db().selectFrom('user_coupons').select('used_at').where('id', '=', couponId).executeTakeFirstOrThrow()).used_at).not.toBeNull();
    expect((await h.call('/api/order/getMyRechargeGames', {}, p)).data.list[0]).toMatchObject({ platform_game_id: platformGameId, sub_account_count: 1 });
    expect((await h.call('/api/order/getUserOrders', { platform_game_id: platformGameId }, p)).data).toMatchObject({ total: 1, list: [{ order_number: order.order_number }] });
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });

  it('delivery is retried on the schedule and, when the game refuses for good or never answers, the order is refunded (provider money to 余额, coupon back)', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    const couponId = await h.coupon(p, { amount: 500, threshold: 3000 });
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, user_coupon_id: couponId }, p)).data;
    await h.payAtCashier(order.pay_url);
    await notify();
    let calls = 0;
    const game = (await import('./services.ts')).moneyServices(server.config, clock.now).game;
    // The game is down for this order (others, of other tests, go through).
    const down: GameDelivery = {
      deliver: async (request) => {
        if (request.order_number !== order.order_number) return game.deliver(request);
        calls++;
        return { kind: 'retry', reason: 'connect ECONNREFUSED' };
      },
    };
    await runDeliveryPass(h.db(), at(), down);
    for (const delay of NOTIFY_RETRY_SCHEDULE_MS) {
      clock.advance(delay - 1);
      await runDeliveryPass(h.db(), at(), down);
      clock.advance(1);
      await runDeliveryPass(h.db(), at(), down);
    }
    expect(calls).toBe(8);
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data).toMatchObject({ status: 'refunded', fail_reason: MONEY_MSG.deliveryFailed });
    expect(await balanceOf(h.db(), player(p.id, 'wallet'))).toBe(2500);
    expect((await h.db().selectFrom('user_coupons').select('used_at').where('id', '=', couponId).executeTakeFirstOrThrow()).used_at).toBeNull();

    // A definitive refusal refunds at once; a 乐玩币 payment goes back to 乐玩币.
    await h.fundCoins(p, 2000);
    const second = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 2000, role_id: roleId, pay_method: 'coins' }, p)).data;
    expect(second.status).toBe('paid');
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(0);
    await runDeliveryPass(h.db(), at(), { deliver: async () => ({ kind: 'refused', reason: 'role_missing' }) });
    expect((await h.call('/api/order/getOneOrder', { order_number: second.order_number }, p)).data.status).toBe('refunded');
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(2000);
    const wallet = (await h.call('/api/user/getOutMoney', { account: 'coins' }, p)).data;
    expect(wallet.list[0]).toMatchObject({ amount_cents: -2000, kind: 'payment' });
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });

  it('the simulated game refuses a callback with a bad signature and credits a repeated one once', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    const { deliverySign } = await import('./delivery.ts');
    const params = { order_number: 'LW20260302100000000001', role_id: String(roleId), amount_cents: '600', timestamp: '1' };
    const signed = new URLSearchParams({ ...params, sign: deliverySign(server.config.money.deliveryKey, params) }).toString();
    const url = `${server.url}/sim-game/deliver`;
    expect(await fetchPost(url, new URLSearchParams({ ...params, sign: deliverySign('another key of 16+ bytes', params) }).toString())).toMatchObject({ status: 403, text: 'bad_sign' });
    expect(await fetchPost(url, signed)).toMatchObject({ status: 200, text: 'ok' });
    expect(await fetchPost(url, signed)).toMatchObject({ status: 200, text: 'ok' });
    const role = await h.db().selectFrom('sim_game_roles').select('balance_cents').where('id', '=', roleId).executeTakeFirstOrThrow();
    expect(Number(role.balance_cents)).toBe(600);
    const missing = { ...params, order_number: 'LW20260302100000000002', role_id: '999999' };
    expect((await fetchPost(url, new URLSearchParams({ ...missing, sign: deliverySign(server.config.money.deliveryKey, missing) }).toString())).text).toBe('role_missing');
  });

  it('the sandbox cashier page shows the subject and the amount with 支付 and 取消', async () => {
    const p = await h.signUp();
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 64800 }, p)).data;
    const res = await fetch(`${server.url}${order.pay_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('648乐玩币');
    expect(html).toContain('¥648.00');
    expect(html).toContain('>支付</button>');
    expect(html).toContain('>取消</button>');
    expect((await fetch(`${server.url}/sandbox-pay/cashier/SB000000000000000000`)).status).toBe(404);
  });

  it('every catalogue game with a platform version can be topped up: it offers at least one server (1服 when it has no 开服 yet)', async () => {
    const p = await h.signUp();
    const games = await h.db().selectFrom('platform_games').select('id').execute();
    const { serversOf } = await import('../wallet/orders.ts');
    for (const game of games) expect((await serversOf(h.db(), game.id, at())).length).toBeGreaterThan(0);
    const withoutServers = await h.db().selectFrom('platform_games as p').select('p.id').where((eb) => eb.not(eb.exists(eb.selectFrom('open_servers as s').select('s.id').whereRef('s.platform_game_id', '=', 'p.id')))).executeTakeFirst();
    if (withoutServers) expect((await h.call('/api/order/getGameRoles', { platform_game_id: withoutServers.id }, p)).data.servers).toEqual(['1服']);
    expect(await h.call('/api/order/addSubAccount', { platform_game_id: games[0]!.id, server_name: '不存在的服' }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.serverMissing });
  });

  it('10 concurrent requests with one key make one order; the others answer it or 请勿重复提交', async () => {
    const p = await h.signUp();
    const key = h.key();
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 1200 }, p)));
    const orders = await h.db().selectFrom('orders').select('order_number').where('user_id', '=', p.id).execute();
    expect(orders).toHaveLength(1);
    for (const a of answers) {
      if (a.code === 1) expect(a.data.order_number).toBe(orders[0]!.order_number);
      else expect(a).toMatchObject({ code: -1, msg: MONEY_MSG.inFlight });
    }
    expect(answers.some((a) => a.code === 1)).toBe(true);
  });

  it('a card bought through the provider starts its term; 乐玩币 bought from 余额; the records name them', async () => {
    const p = await h.signUp();
    const card = await h.db().selectFrom('cards').select(['id', 'name', 'price_cents']).orderBy('id').executeTakeFirstOrThrow();
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'card', card_id: card.id }, p)).data;
    expect(order).toMatchObject({ kind: 'card', subject: card.name, amount_cents: card.price_cents, status: 'paying' });
    await h.payAtCashier(order.pay_url);
    await notify();
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data.status).toBe('delivered');
    expect(await h.db().selectFrom('card_purchases').select('card_id').where('user_id', '=', p.id).execute()).toEqual([{ card_id: card.id }]);
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'card', card_id: 999_999 }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.cardMissing });

    // 余额 (here from a refund posting) buys 乐玩币 at once.
    const { platform, post } = await import('./ledger.ts');
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:wallet:${p.id}`, kind: 'refund', transfers: [{ from: platform('platform_liabilities'), to: player(p.id, 'wallet'), amount: 1000 }] }));
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 1100, pay_method: 'wallet' }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.walletShort });
    const coins = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 1000, pay_method: 'wallet' }, p)).data;
    expect(coins).toMatchObject({ status: 'delivered', pay_method: 'wallet', pay_url: null });
    expect((await h.call('/api/user/getMoney', {}, p)).data).toEqual({ wallet_cents: 0, coins_cents: 1000 });
    expect((await h.call('/api/user/getOutMoney', {}, p)).data.list[0]).toMatchObject({ account: 'wallet', amount_cents: -1000, title: '兑换10乐玩币', order_number: coins.order_number });
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 1000, pay_method: 'coins' }, p)).toMatchObject({ code: -1 });
    expect((await h.call('/api/order/getMyOrders', { kind: 'card', status: 'done' }, p)).data).toMatchObject({ total: 1, list: [{ order_number: order.order_number }] });
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });
});
