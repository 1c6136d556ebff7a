import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { STORE_ADMIN_MSG } from '../../api/protocol/store-admin.ts';
import { STORE_MSG } from '../../api/protocol/store.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { creditPoints } from '../rewards/index.ts';

/**
 * 积分商城's items through the real server, on PGlite and PostgreSQL: an operator creates and edits
 * an item (checked, audited), the players' store shows the change at once, an item off the shelf
 * cannot be redeemed, 总库存 lowered while redemptions race never oversells, and other roles get 403.
 */

describe.each(DATABASE_KINDS)('积分商城 items (%s)', (kind) => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  const h = moneyHarness(() => server, clock, kind === 'pglite' ? '1366300' : '1366400');
  let operator: StaffCredentials;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = operator) => staffCall(server.url, path, payload, who);
  const audits = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();
  const form = (extra: Record<string, unknown> = {}) => ({ kind: 'coins', coins_cents: 100, title: '1元乐玩币', description: '立即到账', points_price: 100, total: 10, per_user_limit: 0, sort: 0, ...extra });

  async function newItem(extra: Record<string, unknown> = {}): Promise<number> {
    const answer = await call('/staff/api/store/save', form(extra));
    expect(answer.body).toMatchObject({ code: STAFF_CODE.ok, msg: STORE_ADMIN_MSG.created });
    return answer.body.data.item.id;
  }

  async function playerWithPoints(points = 1000): Promise<MoneyPlayer> {
    const p = await h.signUp(null);
    await db()
      .transaction()
      .execute((trx) => creditPoints(trx, p.id, { reference: `test:points:${p.id}:${randomUUID()}`, kind: 'task_reward', amount: points, memo: '测试积分' }));
    return p;
  }

  const redeem = (who: MoneyPlayer, itemId: number) => h.call('/api/store/redeemStoreItem', { item_id: itemId, request_id: randomUUID() }, who);
  const listed = async (who: MoneyPlayer | null, itemId: number) => (await h.call('/api/store/getStoreItems', {}, who)).data.list.find((i: { id: number }) => i.id === itemId);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    operator = await signedInStaff(db(), 'operator', new Date(clock.current));
  });
  afterAll(() => server.close());

  it('creates and edits an item, audited with before and after; the players’ store shows each change at once', async () => {
    const created = await call('/staff/api/store/save', form());
    expect(created.body).toMatchObject({ code: 1, msg: STORE_ADMIN_MSG.created, data: { item: { kind: 'coins', title: '1元乐玩币', coins_cents: 100, points_price: 100, total: 10, stock: 10, redeemed: 0, per_user_limit: null, active: true } } });
    const id = created.body.data.item.id;
    expect(await audits(`store-item:${id}`)).toEqual([{ staff_id: operator.account.id, action: 'store.create', before: null, after: expect.objectContaining({ title: '1元乐玩币', stock: 10, total: 10 }) }]);
    expect(await listed(null, id)).toMatchObject({ title: '1元乐玩币', points_price: 100, stock: 10, state: 'available' });

    const p = await playerWithPoints();
    expect(await redeem(p, id)).toMatchObject({ code: 1, msg: STORE_MSG.redeemed });
    const edited = await call('/staff/api/store/save', form({ id, title: '1元乐玩币（特惠）', points_price: 80, total: 4, per_user_limit: 2, sort: 5 }));
    expect(edited.body).toMatchObject({ code: 1, msg: STORE_ADMIN_MSG.saved, data: { item: { id, title: '1元乐玩币（特惠）', total: 4, stock: 3, redeemed: 1, per_user_limit: 2, sort: 5 } } });
    expect((await audits(`store-item:${id}`)).at(-1)).toMatchObject({ action: 'store.update', before: { title: '1元乐玩币', points_price: 100, stock: 9, total: 10, redeemed: 1 }, after: { title: '1元乐玩币（特惠）', points_price: 80, stock: 3, total: 4, redeemed: 1 } });
    expect(await listed(p, id)).toMatchObject({ title: '1元乐玩币（特惠）', points_price: 80, stock: 3, per_user_limit: 2, redeemed: 1 });

    const page = await call('/staff/api/store/list', { status: 'on', limit: 50 });
    expect(page.body.data.list.find((i: { id: number }) => i.id === id)).toMatchObject({ total: 4, stock: 3, redeemed: 1 });
  });

  it('refuses bad forms with their messages and changes nothing', async () => {
    const id = await newItem({ total: 2 });
    const p = await playerWithPoints();
    await redeem(p, id);
    await redeem(p, id);
    const refusals: [Record<string, unknown>, string][] = [
      [form({ id, total: 1 }), STORE_ADMIN_MSG.totalBelowRedeemed],
      [form({ points_price: 0 }), STORE_ADMIN_MSG.price],
      [form({ title: '' }), STORE_ADMIN_MSG.titleRequired],
      [form({ coins_cents: undefined }), STORE_ADMIN_MSG.coins],
      [form({ kind: 'coupon', coins_cents: undefined, coupon_id: 999_999 }), STORE_ADMIN_MSG.missingCoupon],
      [form({ kind: 'gift_code', coins_cents: undefined, gift_pack_id: 999_999, per_user_limit: 1 }), STORE_ADMIN_MSG.missingPack],
      [form({ valid_from: '2026-03-03T10:00:00Z', valid_to: '2026-03-03T09:00:00Z' }), STORE_ADMIN_MSG.window],
      [form({ image: 'javascript:alert(1)' }), STORE_ADMIN_MSG.image],
      [form({ id: 999_999 }), STORE_ADMIN_MSG.missingItem],
    ];
    for (const [payload, message] of refusals) expect((await call('/staff/api/store/save', payload)).body, message).toMatchObject({ code: STAFF_CODE.refused, msg: message });
    expect(await db().selectFrom('store_items').select(['stock', 'title']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ stock: 0, title: '1元乐玩币' });
    expect((await audits(`store-item:${id}`)).map((a) => a.action)).toEqual(['store.create']);
    // Raising 总库存 of a sold-out item gives the player their next redemption.
    expect((await call('/staff/api/store/save', form({ id, total: 3 }))).body).toMatchObject({ code: 1, data: { item: { stock: 1, redeemed: 2 } } });
    expect(await redeem(p, id)).toMatchObject({ code: 1 });
  });

  it('an item off the shelf is gone from the players’ store and cannot be redeemed; back on, it can', async () => {
    const id = await newItem();
    const p = await playerWithPoints();
    const off = await call('/staff/api/store/setShelf', { id, on: '0' });
    expect(off.body).toMatchObject({ code: 1, msg: STORE_ADMIN_MSG.shelvedOff, data: { item: { id, active: false } } });
    expect(await listed(p, id)).toBeUndefined();
    expect(await redeem(p, id)).toMatchObject({ code: -1, msg: STORE_MSG.missing });
    expect((await call('/staff/api/store/list', { status: 'off', limit: 50 })).body.data.list.some((i: { id: number }) => i.id === id)).toBe(true);
    expect((await audits(`store-item:${id}`)).at(-1)).toMatchObject({ action: 'store.shelf', before: { active: true }, after: { active: false } });
    expect((await call('/staff/api/store/setShelf', { id, on: '1' })).body).toMatchObject({ code: 1, msg: STORE_ADMIN_MSG.shelvedOn });
    expect(await redeem(p, id)).toMatchObject({ code: 1 });
  });

  it('总库存 lowered while redemptions race: stock never below zero, never oversold, every redemption counted', async () => {
    const id = await newItem({ total: 6 });
    // Signed up one at a time: the harness moves the clock for each SMS code.
    const players: MoneyPlayer[] = [];
    for (let i = 0; i < 10; i++) players.push(await playerWithPoints());
    const [saved, ...answers] = await Promise.all([call('/staff/api/store/save', form({ id, total: 3 })), ...players.map((p) => redeem(p, id))]);
    const redeemedOk = answers.filter((a) => a.code === 1).length;
    const row = await db().selectFrom('store_items').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
    const rows = Number((await db().selectFrom('store_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', id).executeTakeFirstOrThrow()).n);
    expect(rows).toBe(redeemedOk);
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(answers.filter((a) => a.code !== 1).every((a) => a.msg === STORE_MSG.soldOut)).toBe(true);
    if (saved.body.code === 1) {
      // The save came first or between: everything after it took from 3 − (redeemed before it).
      expect(rows).toBeLessThanOrEqual(3);
      expect(row.stock + rows).toBe(3);
    } else {
      expect(saved.body.msg).toBe(STORE_ADMIN_MSG.totalBelowRedeemed);
      expect(rows).toBe(6);
      expect(row.stock).toBe(0);
    }
  });

  it.each(['agent', 'reviewer', 'finance'] as const)('%s gets 403 on every store call and changes nothing', async (role: StaffRole) => {
    const id = await newItem();
    const who = await signedInStaff(db(), role, new Date(clock.current));
    for (const [path, payload] of [
      ['/staff/api/store/list', {}],
      ['/staff/api/store/save', form({ id, title: '改名' })],
      ['/staff/api/store/setShelf', { id, on: '0' }],
    ] as const) {
      expect((await call(path, payload, who)).body, `${role} ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect(await db().selectFrom('store_items').select(['title', 'active']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ title: '1元乐玩币', active: true });
    expect((await audits(`store-item:${id}`)).map((row) => row.action)).toEqual(['store.create']);
  });

  it('admin may make every store call', async () => {
    const admin = await signedInStaff(db(), 'admin', new Date(clock.current));
    const created = await call('/staff/api/store/save', form(), admin);
    expect(created.body.code).toBe(1);
    expect((await call('/staff/api/store/setShelf', { id: created.body.data.item.id, on: 0 }, admin)).body.code).toBe(1);
    expect((await call('/staff/api/store/list', {}, admin)).body.code).toBe(1);
  });
});
