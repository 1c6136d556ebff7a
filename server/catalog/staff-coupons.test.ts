import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_ADMIN_MSG, stockShortMessage } from '../../api/protocol/coupon-admin.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';

/**
 * 代金券管理 through the real server, on PGlite and PostgreSQL: an operator creates and edits a
 * coupon (checked, audited), issues it to players by ID or phone (skips with reasons, a 系统通知
 * each, idempotent by request_id), the player sees it in their coupon list and pays with it per its
 * rules; racing issues never pass the stock; other roles get 403 on every call.
 */

describe.each(DATABASE_KINDS)('代金券管理 (%s)', (kind) => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  const h = moneyHarness(() => server, clock, kind === 'pglite' ? '1366100' : '1366200');
  let operator: StaffCredentials;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = operator) => staffCall(server.url, path, payload, who);
  const audits = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();
  const held = (couponId: number) => db().selectFrom('user_coupons').select(['user_id', 'source']).where('coupon_id', '=', couponId).orderBy('user_id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    operator = await signedInStaff(db(), 'operator', new Date(clock.current));
  });
  afterAll(() => server.close());

  const form = (extra: Record<string, unknown> = {}) => ({ name: '满100减10', type: 'normal', amount_cents: 1000, threshold_cents: 10_000, valid_days: 7, total: 10, ...extra });

  async function newCoupon(extra: Record<string, unknown> = {}): Promise<number> {
    const answer = await call('/staff/api/coupons/save', form(extra));
    expect(answer.body).toMatchObject({ code: STAFF_CODE.ok, msg: COUPON_ADMIN_MSG.created });
    return answer.body.data.coupon.id;
  }

  const issue = (couponId: number, players: unknown[], requestId = randomUUID(), who: StaffCredentials = operator) => call('/staff/api/coupons/issue', { coupon_id: couponId, players, request_id: requestId }, who);

  it('creates and edits a coupon, audited with before and after; the centre lists it at once', async () => {
    const created = await call('/staff/api/coupons/save', form());
    expect(created.body).toMatchObject({ code: 1, msg: COUPON_ADMIN_MSG.created, data: { coupon: { game: null, name: '满100减10', amount_cents: 1000, threshold_cents: 10_000, condition_text: '满100元可用', total: 10, claimed: 0, issued: 0, used: 0, remaining: 10, status: 'active' } } });
    const id = created.body.data.coupon.id;
    expect(await audits(`coupon:${id}`)).toEqual([{ staff_id: operator.account.id, action: 'coupons.create', before: null, after: expect.objectContaining({ name: '满100减10', game_id: null, total: 10 }) }]);
    expect((await h.call('/api/coupon/getCouponList', { limit: 50 })).data.list.find((c: { coupon_id: number }) => c.coupon_id === id)).toMatchObject({ amount_cents: 1000, remaining: 10 });

    const edited = await call('/staff/api/coupons/save', form({ id, name: '周末券', total: 20, valid_days: 3 }));
    expect(edited.body).toMatchObject({ code: 1, msg: COUPON_ADMIN_MSG.saved, data: { coupon: { id, name: '周末券', total: 20, valid_days: 3 } } });
    expect((await audits(`coupon:${id}`)).at(-1)).toMatchObject({ action: 'coupons.update', before: { name: '满100减10', total: 10, valid_days: 7 }, after: { name: '周末券', total: 20, valid_days: 3 } });

    const listed = await call('/staff/api/coupons/list', { game_id: 0, status: 'active', limit: 50 });
    expect(listed.body.data.list.find((c: { id: number }) => c.id === id)).toMatchObject({ name: '周末券' });
    expect((await call('/staff/api/coupons/list', { status: 'soldout', limit: 50 })).body.data.list.some((c: { id: number }) => c.id === id)).toBe(false);
  });

  it('refuses bad forms with their messages and changes nothing', async () => {
    const id = await newCoupon();
    const before = await db().selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [payload, msg] of [
      [form({ name: '  ' }), COUPON_ADMIN_MSG.nameRequired],
      [form({ name: '券'.repeat(21) }), COUPON_ADMIN_MSG.nameLong],
      [form({ amount_cents: 0 }), COUPON_ADMIN_MSG.amount],
      [form({ amount_cents: 10_000 }), COUPON_ADMIN_MSG.amountBelowThreshold],
      [form({ threshold_cents: -1 }), COUPON_ADMIN_MSG.threshold],
      [form({ valid_days: 0 }), COUPON_ADMIN_MSG.validDays],
      [form({ total: 0 }), COUPON_ADMIN_MSG.total],
      [form({ type: 'gold' }), COUPON_ADMIN_MSG.badType],
      [form({ game_id: 987_654 }), COUPON_ADMIN_MSG.missingGame],
      [form({ id: 987_654 }), COUPON_ADMIN_MSG.missingCoupon],
    ] as const) {
      expect((await call('/staff/api/coupons/save', payload)).body, msg).toMatchObject({ code: -1, msg });
    }
    // 无门槛: any face value.
    expect((await call('/staff/api/coupons/save', form({ id, amount_cents: 5000, threshold_cents: 0 }))).body).toMatchObject({ code: 1, data: { coupon: { condition_text: '无门槛' } } });
    const p = await h.signUp(null);
    expect((await issue(id, [String(p.id)])).body).toMatchObject({ code: 1, data: { issued: 1 } });
    expect((await call('/staff/api/coupons/save', form({ id, amount_cents: 5000, threshold_cents: 0, total: 0 }))).body).toMatchObject({ code: -1, msg: COUPON_ADMIN_MSG.total });
    const stockFloor = await call('/staff/api/coupons/save', form({ id, amount_cents: 5000, threshold_cents: 0, total: 1 }));
    expect(stockFloor.body).toMatchObject({ code: 1 });
    const held = await db().selectFrom('coupons').select('claimed').where('id', '=', id).executeTakeFirstOrThrow();
    expect(held.claimed).toBe(1);
    // A held coupon keeps its terms.
    expect((await call('/staff/api/coupons/save', form({ id, amount_cents: 800, threshold_cents: 0, total: 5 }))).body).toMatchObject({ code: -1, msg: COUPON_ADMIN_MSG.termsFixed });
    expect((await db().selectFrom('coupons').select(['amount_cents', 'total']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ amount_cents: 5000, total: 1 });
    expect(before.amount_cents).toBe(1000);
  });

  it('issues to players by ID and phone, skipping with reasons; the player is told, sees it and pays with it per its rules', async () => {
    const a = await h.signUp();
    const b = await h.signUp();
    const { gameId, roleId } = await h.role(a);
    const id = await newCoupon({ game_id: gameId, name: '满20减5', amount_cents: 500, threshold_cents: 2000, total: 5 });
    const requestId = randomUUID();
    const answer = await issue(id, [String(a.id), b.phone, a.phone, '19999999999', 2_000_000_000], requestId);
    expect(answer.body).toMatchObject({
      code: 1,
      msg: '已发放2张，跳过3位玩家',
      data: {
        issued: 2,
        created: true,
        skipped: [
          { player: a.phone, reason: 'duplicate' },
          { player: '19999999999', reason: 'not_found' },
          { player: '2000000000', reason: 'not_found' },
        ],
        coupon: { id, claimed: 2, issued: 2, remaining: 3 },
      },
    });
    expect(await held(id)).toEqual([a, b].map((p) => ({ user_id: p.id, source: 'issue' })).sort((x, y) => x.user_id - y.user_id));
    expect((await audits(`coupon:${id}`)).at(-1)).toMatchObject({ action: 'coupons.issue', before: { total: 5, claimed: 0, remaining: 5 }, after: { claimed: 2, remaining: 3, request_id: requestId, issued_user_ids: [a.id, b.id] } });

    // The same request again (a retry): the same answer, nothing more issued, no second audit row.
    const again = await issue(id, [String(a.id), b.phone, a.phone, '19999999999', 2_000_000_000], requestId);
    expect(again.body).toMatchObject({ code: 1, data: { issued: 2, created: false, coupon: { claimed: 2 } } });
    expect((await audits(`coupon:${id}`)).filter((row) => row.action === 'coupons.issue')).toHaveLength(1);
    // A new request: both already hold it.
    expect((await issue(id, [String(a.id), b.phone])).body).toMatchObject({ code: 1, data: { issued: 0, skipped: [{ reason: 'holds' }, { reason: 'holds' }] } });
    // Nor may the player claim a second one in the centre (one per player); the centre shows it received.
    expect(await h.call('/api/coupon/receiveCoupon', { coupon_id: id }, a)).toMatchObject({ code: -1, data: { reason: 'already' } });
    expect((await h.call('/api/coupon/getCouponList', { game_id: gameId, limit: 50 }, a)).data.list.find((c: { coupon_id: number }) => c.coupon_id === id)).toMatchObject({ received: true, remaining: 3 });

    const messages = (await h.call('/api/user/getMessageList', { kind: 'system' }, a)).data.list;
    expect(messages.filter((m: { title: string }) => m.title === '您收到一张代金券')).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '您收到一张代金券', link: { path: '/mycoupon' } });
    expect(messages[0].content).toContain('满20减5');

    const mine = (await h.call('/api/coupon/myCouponList', { status: 1 }, a)).data.list.find((c: { coupon_id: number; source: string }) => c.coupon_id === id && c.source === 'issue');
    expect(mine).toMatchObject({ amount_cents: 500, threshold_cents: 2000, game_id: gameId, status: 1 });
    // Below its threshold it is refused; at it, it pays 5元.
    expect((await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 1999, role_id: roleId, user_coupon_id: mine.id }, a)).code).toBe(-1);
    const paid = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 2000, role_id: roleId, user_coupon_id: mine.id }, a);
    expect(paid).toMatchObject({ code: 1, data: { coupon_cents: 500, pay_cents: 1500 } });
  });

  it('refuses an issue past the stock whole, and bad lists with their messages', async () => {
    const id = await newCoupon({ total: 1 });
    const [a, b] = [await h.signUp(null), await h.signUp(null)];
    expect((await issue(id, [String(a.id), String(b.id)])).body).toMatchObject({ code: -1, msg: stockShortMessage(2, 1) });
    expect(await held(id)).toEqual([]);
    for (const [players, msg] of [
      [[], COUPON_ADMIN_MSG.playersRequired],
      [Array.from({ length: 1001 }, () => '1'), COUPON_ADMIN_MSG.playersTooMany],
      [['12', 'abc'], COUPON_ADMIN_MSG.badPlayer],
      [['12', '01234567890'], COUPON_ADMIN_MSG.badPlayer],
    ] as const) {
      expect((await issue(id, [...players])).body).toMatchObject({ code: -1, msg });
    }
    expect((await issue(987_654, [String(a.id)])).body).toMatchObject({ code: -1, msg: COUPON_ADMIN_MSG.missingCoupon });
    const other = await newCoupon();
    const requestId = randomUUID();
    expect((await issue(other, [String(a.id)], requestId)).body).toMatchObject({ code: 1 });
    expect((await issue(id, [String(a.id)], requestId)).body).toMatchObject({ code: -1, msg: COUPON_ADMIN_MSG.requestReused });
    expect(await held(id)).toEqual([]);
  });

  it('never over-issues: two operators with the same request issue once; two requests race for the last stock and one wins', async () => {
    const second = await signedInStaff(db(), 'operator', new Date(clock.current));
    const players = [await h.signUp(null), await h.signUp(null), await h.signUp(null)];
    const id = await newCoupon({ total: 3 });
    const requestId = randomUUID();
    const same = await Promise.all([issue(id, players.map((p) => String(p.id)), requestId), issue(id, players.map((p) => String(p.id)), requestId, second)]);
    expect(same.map((r) => r.body.data.issued)).toEqual([3, 3]);
    expect(same.map((r) => r.body.data.created).sort()).toEqual([false, true]);
    expect((await held(id)).length).toBe(3);

    const last = await newCoupon({ total: 1 });
    const racing = await Promise.all(players.map((p, i) => issue(last, [String(p.id)], undefined, i % 2 === 0 ? operator : second)));
    expect(racing.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(racing.filter((r) => r.body.code === -1).map((r) => r.body.msg)).toEqual([stockShortMessage(1, 0), stockShortMessage(1, 0)]);
    expect(await held(last)).toHaveLength(1);
    expect((await db().selectFrom('coupons').select(['claimed', 'total']).where('id', '=', last).executeTakeFirstOrThrow())).toEqual({ claimed: 1, total: 1 });
  });

  it.each(['agent', 'reviewer', 'finance'] as const)('%s gets 403 on every coupon call and changes nothing', async (role: StaffRole) => {
    const id = await newCoupon();
    const p: MoneyPlayer = await h.signUp(null);
    const who = await signedInStaff(db(), role, new Date(clock.current));
    for (const [path, payload] of [
      ['/staff/api/coupons/list', {}],
      ['/staff/api/coupons/save', form({ id, name: '改名' })],
      ['/staff/api/coupons/issue', { coupon_id: id, players: [String(p.id)], request_id: randomUUID() }],
    ] as const) {
      expect((await call(path, payload, who)).body, `${role} ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect(await held(id)).toEqual([]);
    expect((await audits(`coupon:${id}`)).map((row) => row.action)).toEqual(['coupons.create']);
  });

  it('admin may make every coupon call', async () => {
    const admin = await signedInStaff(db(), 'admin', new Date(clock.current));
    const p = await h.signUp(null);
    const created = await call('/staff/api/coupons/save', form(), admin);
    expect(created.body.code).toBe(1);
    expect((await issue(created.body.data.coupon.id, [p.phone], undefined, admin)).body).toMatchObject({ code: 1, data: { issued: 1 } });
    expect((await call('/staff/api/coupons/list', {}, admin)).body.code).toBe(1);
  });
});
