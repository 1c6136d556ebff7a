import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MSG } from '../../api/protocol/messages.ts';
import { MONEY_MSG, ORDER_TTL_MS } from '../../api/protocol/money.ts';
import { PAGE_ERROR } from '../../api/protocol/call-spec.ts';
import { moneyHarness } from '../../tests/helpers/money.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { runDeliveryPass, runNotificationPass } from '../money/jobs.ts';
import { runExpiryPass } from '../money/orders.ts';
import { sandboxProvider } from '../money/payments/sandbox.ts';
import { fetchPost } from '../money/delivery.ts';
import { publishNotice } from '../messages/staff.ts';

/** Tuesday 2026-06-02 10:00 China time. */
const START = Date.parse('2026-06-02T10:00:00+08:00');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
type Loose = Record<string, any>;

describe.each(DATABASE_KINDS)('message centre and notice calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1382000');
  const at = () => new Date(clock.current);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, money: { sendAtOnce: false } });
  });
  afterAll(() => server.close());
  beforeEach(() => clock.advance(60_000));

  it('every player call needs a token; notices are public', async () => {
    for (const path of ['/api/user/getMessageList', '/api/user/getMessageDetail', '/api/user/readAllMessages', '/api/user/deleteMessage', '/api/user/getUnreadNotice', '/api/user/getIsPop', '/api/user/markNoticeSeen']) {
      expect(await h.call(path, { id: 1 })).toMatchObject({ code: 105 });
    }
    const list = await h.call('/api/notice/getNoticeList', {});
    expect(list).toMatchObject({ code: 1, data: { page: 1, limit: 20 } });
    expect(list.data.total).toBeGreaterThanOrEqual(3);
    const first = list.data.list[0] as Loose;
    expect(first).toMatchObject({ title: '充值狂欢：0.1折起，首充加赠10%', popup: true });
    expect(first.summary.length).toBeLessThanOrEqual(61);
    expect((await h.call('/api/notice/getNoticeDetail', { id: first.id })).data.content).toContain('<strong>0.1折起</strong>');
    expect(await h.call('/api/notice/getNoticeDetail', { id: 987_654 })).toMatchObject({ code: -1, msg: MESSAGE_MSG.noticeMissing });
    expect(await h.call('/api/notice/getNoticeDetail', { id: 'x' })).toMatchObject({ code: -1, msg: MESSAGE_MSG.noticeMissing });
  });

  it('a paid coins order writes one 充值成功 message; detail reads it; another player gets 消息不存在', async () => {
    const p = await h.signUp();
    const other = await h.signUp();
    const before = (await h.call('/api/user/getUnreadNotice', {}, p)).data;
    // A new player: the seeded broadcasts are older than them, so nothing is unread.
    expect(before).toEqual({ activity: 0, trading: 0, account_sale: 0, order: 0, system: 0, total: 0 });

    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    expect((await h.payAtCashier(order.pay_url)).status).toBe(303);
    await runNotificationPass(h.db(), at(), fetchPost);
    expect((await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).data.status).toBe('delivered');
    // The provider's notification again (a duplicate): still one message.
    const note = await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.url', 'n.body']).where('t.out_trade_no', '=', order.order_number).executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 5 }, () => fetchPost(note.url, note.body)));

    expect((await h.call('/api/user/getUnreadNotice', {}, p)).data).toEqual({ activity: 0, trading: 0, account_sale: 0, order: 1, system: 0, total: 1 });
    const list = await h.call('/api/user/getMessageList', { kind: 'order' }, p);
    expect(list).toMatchObject({ code: 1, data: { total: 1, unread: 1, page: 1, limit: 20 } });
    const message = list.data.list[0] as Loose;
    expect(message).toMatchObject({ kind: 'order', title: '充值成功', read: false, broadcast: false, link: { path: '/rechargerecord' } });
    expect(message.content).toBe(`6.00乐玩币已到账，另赠0.60乐玩币。\n订单号：${order.order_number}`);
    expect((await h.db().selectFrom('messages').select('source_ref').where('id', '=', message.id).executeTakeFirstOrThrow()).source_ref).toBe(`order:${order.order_number}:delivered`);

    expect(await h.call('/api/user/getMessageDetail', { id: message.id }, other)).toMatchObject({ code: -1, msg: MESSAGE_MSG.messageMissing });
    expect(await h.call('/api/user/deleteMessage', { id: message.id }, other)).toMatchObject({ code: -1, msg: MESSAGE_MSG.messageMissing });
    expect((await h.call('/api/user/getMessageList', { kind: 'order' }, other)).data.total).toBe(0);

    expect(await h.call('/api/user/getMessageDetail', { id: message.id }, p)).toMatchObject({ code: 1, data: { id: message.id, read: true } });
    expect((await h.call('/api/user/getUnreadNotice', {}, p)).data.total).toBe(0);
    expect(await h.call('/api/user/deleteMessage', { id: message.id }, p)).toMatchObject({ code: 1, msg: MESSAGE_MSG.deleted });
    expect(await h.call('/api/user/getMessageDetail', { id: message.id }, p)).toMatchObject({ code: -1, msg: MESSAGE_MSG.messageMissing });
  });

  it('a game top-up: 支付成功 when paid, 充值已到账 when the game acknowledges; a refused delivery is refunded with 订单已退款; an unpaid order expires with 订单已关闭', async () => {
    const p = await h.signUp();
    const { roleId } = await h.role(p);
    await h.fundCoins(p, 10_000);
    const paid = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 3000, role_id: roleId, pay_method: 'coins' }, p);
    expect(paid.data.status).toBe('paid');
    await runDeliveryPass(h.db(), at(), { deliver: async () => ({ kind: 'ok' }) });
    const refusedOrder = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 600, role_id: roleId, pay_method: 'coins' }, p);
    await runDeliveryPass(h.db(), at(), { deliver: async () => ({ kind: 'refused', reason: 'role_missing' }) });
    const unpaid = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 100 }, p);
    clock.advance(ORDER_TTL_MS + 1000);
    expect(await runExpiryPass(h.db(), sandboxProvider(server.config.money.sandboxPayKey), at())).toBeGreaterThanOrEqual(1);
    await runExpiryPass(h.db(), sandboxProvider(server.config.money.sandboxPayKey), at());

    const list = (await h.call('/api/user/getMessageList', { kind: 'order', limit: 50 }, p)).data;
    const byRef = new Map<string, Loose>();
    const refs = await h.db().selectFrom('messages').select(['id', 'source_ref']).where('user_id', '=', p.id).execute();
    for (const row of refs) byRef.set(row.source_ref!, list.list.find((m: Loose) => m.id === row.id));
    expect([...byRef.keys()].sort()).toEqual(
      [
        `order:${paid.data.order_number}:paid`,
        `order:${paid.data.order_number}:delivered`,
        `order:${refusedOrder.data.order_number}:paid`,
        `order:${refusedOrder.data.order_number}:refunded`,
        `order:${unpaid.data.order_number}:expired`,
      ].sort(),
    );
    expect(byRef.get(`order:${paid.data.order_number}:paid`)).toMatchObject({ title: '支付成功，正在发放' });
    expect(byRef.get(`order:${paid.data.order_number}:delivered`)?.title).toBe('充值已到账');
    expect(byRef.get(`order:${paid.data.order_number}:delivered`)?.content).toContain('¥30.00充值已到账');
    const refund = byRef.get(`order:${refusedOrder.data.order_number}:refunded`)!;
    expect(refund.title).toBe('订单已退款');
    expect(refund.content).toContain(MONEY_MSG.deliveryFailed);
    expect(refund.content).toContain('6.00乐玩币已退回乐玩币账户');
    expect(byRef.get(`order:${unpaid.data.order_number}:expired`)).toMatchObject({ title: '订单已关闭' });
    // Newest first.
    const times = list.list.map((m: Loose) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.unread).toBe(5);
  });

  it('lists page newest first (PROTOCOL §10); read-all per kind and for all; bad fields are refused', async () => {
    const p = await h.signUp();
    const db = h.db();
    const { postMessage } = await import('../messages/writer.ts');
    for (let i = 1; i <= 7; i++) {
      clock.advance(1000);
      await postMessage(db, { kind: i % 2 ? 'trading' : 'activity', userId: p.id, title: `消息${i}`, content: `内容${i}` }, at());
    }
    const page1 = (await h.call('/api/user/getMessageList', { kind: 'trading', page: 1, limit: 3 }, p)).data;
    const page2 = (await h.call('/api/user/getMessageList', { kind: 'trading', page: '2', limit: '3' }, p)).data;
    expect(page1.list.map((m: Loose) => m.title)).toEqual(['消息7', '消息5', '消息3']);
    // The seeded 交易安全提醒 broadcast is older than every message of this test: last.
    expect(page2.list.map((m: Loose) => m.title)).toEqual(['消息1', '交易安全提醒']);
    expect(page2.list[1]).toMatchObject({ broadcast: true, read: true });
    expect(page1.total).toBe(5);
    // Without kind: every kind (the player's own and the seeded broadcasts).
    const all = (await h.call('/api/user/getMessageList', { limit: 50 }, p)).data;
    expect(all.total).toBeGreaterThanOrEqual(7 + 4);
    expect(all.unread).toBe(7);

    expect(await h.call('/api/user/getMessageList', { kind: 'promo' }, p)).toMatchObject({ code: -1, msg: MESSAGE_MSG.messageKindInvalid });
    expect(await h.call('/api/user/getMessageList', { page: 0 }, p)).toMatchObject({ code: -1, msg: PAGE_ERROR });
    expect(await h.call('/api/user/readAllMessages', { kind: 'x' }, p)).toMatchObject({ code: -1, msg: MESSAGE_MSG.messageKindInvalid });

    expect(await h.call('/api/user/readAllMessages', { kind: 'trading' }, p)).toMatchObject({ code: 1, msg: MESSAGE_MSG.readAll, data: { read: 4 } });
    expect((await h.call('/api/user/getUnreadNotice', {}, p)).data).toMatchObject({ trading: 0, activity: 3, total: 3 });
    expect(await h.call('/api/user/readAllMessages', {}, p)).toMatchObject({ code: 1, data: { read: 3 } });
    expect((await h.call('/api/user/getUnreadNotice', {}, p)).data.total).toBe(0);
  });

  it('getIsPop offers the newest pop-up notice until markNoticeSeen; 20 concurrent marks answer first once', async () => {
    const p = await h.signUp();
    const pop = await h.call('/api/user/getIsPop', {}, p);
    expect(pop).toMatchObject({ code: 1, data: { title: '充值狂欢：0.1折起，首充加赠10%', popup: true } });
    const id = pop.data.id;
    const marks = await Promise.all(Array.from({ length: 20 }, () => h.call('/api/user/markNoticeSeen', { id }, p)));
    expect(marks.every((m) => m.code === 1)).toBe(true);
    expect(marks.filter((m) => m.data.first)).toHaveLength(1);
    expect(await h.call('/api/user/getIsPop', {}, p)).toMatchObject({ code: 1, data: null });

    // A newer pop-up notice is offered again, once.
    clock.advance(1000);
    const published = await publishNotice(h.db(), null, { title: '停服维护公告', html: '<p>今晚维护</p>', popup: true }, at());
    expect(published.ok).toBe(true);
    clock.advance(1000);
    expect((await h.call('/api/user/getIsPop', {}, p)).data).toMatchObject({ title: '停服维护公告' });
    expect(await h.call('/api/user/markNoticeSeen', { id: 999_999 }, p)).toMatchObject({ code: -1, msg: MESSAGE_MSG.noticeMissing });
  });
});
