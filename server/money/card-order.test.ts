import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { moneyHarness } from '../../tests/helpers/money.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { chinaDate } from '../china-time.ts';
import { fetchPost } from './delivery.ts';
import { runNotificationPass } from './jobs.ts';
import { balanceOf, checkLedger, player } from './ledger.ts';

/** Monday 2026-03-02 10:00 China time. */
const START = Date.parse('2026-03-02T10:00:00+08:00');

/** The whole path through the order service: the card hooks as it calls them. */
describe.each(DATABASE_KINDS)('cards bought through the order service on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1382000');
  const at = () => new Date(clock.current);
  const notify = () => runNotificationPass(server.database.db, at(), fetchPost);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, money: { sendAtOnce: false } });
  });
  afterAll(() => server.close());

  it('buys a 648省钱卡 at the sandbox cashier: notified, the card is active, its pack arrives and the first daily benefit is claimed', async () => {
    const p = await h.signUp();
    const card = await h.db().selectFrom('cards').select(['id', 'price_cents']).where('name', '=', '648省钱卡').executeTakeFirstOrThrow();
    expect((await h.call('/api/user/getIsPromote', {}, p)).data.is_promote).toBe(1);
    const key = h.key();
    const created = await h.call('/api/order/createOrder', { idempotency_key: key, kind: 'card', card_id: card.id }, p);
    expect(created).toMatchObject({ code: 1, data: { kind: 'card', status: 'paying', amount_cents: card.price_cents, pay_cents: card.price_cents, bonus_cents: 0 } });
    expect((await h.call('/api/user/isSubVip', {}, p)).data.is_vip).toBe(0);
    expect((await h.payAtCashier(created.data.pay_url)).status).toBe(303);
    await notify();
    await notify();
    expect((await h.call('/api/order/getOneOrder', { order_number: created.data.order_number }, p)).data.status).toBe('delivered');

    expect(await h.call('/api/user/isSubVip', {}, p)).toMatchObject({ data: { is_vip: 1, cards: [{ card_id: card.id, name: '648省钱卡' }] } });
    expect((await h.call('/api/user/getIsPromote', {}, p)).data).toMatchObject({ is_promote: 0, first_recharge: { eligible: false, show_dialog: false } });
    const detail = await h.call('/api/card/getCardDetail', { card_id: card.id }, p);
    expect(detail.data.owned).not.toBeNull();
    expect((await h.call('/api/coupon/myCardCouponList', {}, p)).data.total).toBe(6);
    const mine = (await h.call('/api/card/getMyCards', {}, p)).data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ card_id: card.id, active: true, today: { kind: 'coupon', granted: false } });

    const claimed = await h.call('/api/card/claimCardBenefit', { purchase_id: mine[0].purchase_id }, p);
    expect(claimed).toMatchObject({ code: 1, msg: '领取成功', data: { card_name: '648省钱卡', kind: 'coupon', amount_cents: 600, day: chinaDate(at()) } });
    expect(await h.call('/api/card/claimCardBenefit', { purchase_id: mine[0].purchase_id }, p)).toMatchObject({ code: -1, msg: MONEY_MSG.benefitClaimed });
    expect((await h.call('/api/coupon/myCardCouponList', {}, p)).data.total).toBe(7);

    // The daily 6元 无门槛 coupon pays part of a game top-up.
    const { roleId } = await h.role(p);
    const daily = (await h.call('/api/coupon/myCardCouponList', {}, p)).data.list.find((c: { amount_cents: number }) => c.amount_cents === 600);
    const topup = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 1000, role_id: roleId, user_coupon_id: daily.id }, p);
    expect(topup).toMatchObject({ code: 1, data: { coupon_cents: 600, pay_cents: 400 } });
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });

  it('a first 乐玩币 purchase gets the first-recharge bonus once; a card then adds its own rate', async () => {
    const p = await h.signUp();
    const first = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 10_000 }, p);
    expect(first.data.bonus_cents).toBe(1_000);
    await h.payAtCashier(first.data.pay_url);
    await notify();
    expect(await balanceOf(h.db(), player(p.id, 'coins'))).toBe(11_000);
    const second = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 10_000 }, p);
    expect(second.data.bonus_cents).toBe(0);
    const card = await h.db().selectFrom('cards').select('id').where('name', '=', '畅玩月卡').executeTakeFirstOrThrow();
    // Paid from 乐玩币: straight to paid in the same transaction, card active at once.
    expect(await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'card', card_id: card.id, pay_method: 'coins' }, p)).toMatchObject({ code: 1 });
    expect((await h.call('/api/user/isSubVip', {}, p)).data.is_vip).toBe(1);
    const third = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 10_000 }, p);
    expect(third.data.bonus_cents).toBe(500);
    expect((await checkLedger(h.db())).problems).toEqual([]);
  });
});
