import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../api/protocol/wire.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { claimCoupon } from './coupons.ts';
import { claimGiftCode } from './gifts.ts';
import { signingClock } from '../../api/protocol/wire.ts';


// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
type Item = Record<string, any>;

describe.each(DATABASE_KINDS)('gifts, coupons and reservations on %s', (kind) => {
  const now = signingClock();
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
    call = wireClient(server.url, now);
  });
  afterAll(() => server.close());

  /** Signs a new user up the way the app does (SMS code from the dev outbox). */
  async function signUp(): Promise<Credentials & { id: number }> {
    const phone = `1370000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const user = await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id: user.id };
  }

  const freeCodes = async (packId: number) =>
    Number((await db().selectFrom('gift_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('pack_id', '=', packId).where('claimed_at', 'is', null).executeTakeFirstOrThrow()).n);

  async function openPack(offset = 0) {
    return db()
      .selectFrom('gift_packs')
      .select(['id', 'game_id', 'total'])
      .where('valid_until', '>', new Date())
      .where('vip_level', '=', 0)
      .orderBy('id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  it('gives one user exactly one code per pack, even for 10 concurrent claims', async () => {
    const user = await signUp();
    const pack = await openPack();
    const before = await freeCodes(pack.id);
    expect(before).toBe(pack.total);

    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/api/game/receiveGift', { gift_id: pack.id }, user)));
    expect(answers.every((a) => a.code === 1)).toBe(true);
    const codes = new Set(answers.map((a) => a.data.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect(answers.filter((a) => a.msg === '领取成功')).toHaveLength(1);
    expect(answers.filter((a) => a.msg === '已领取')).toHaveLength(9);
    expect(await freeCodes(pack.id)).toBe(before - 1);
    const held = await db().selectFrom('gift_codes').select('code').where('pack_id', '=', pack.id).where('claimed_by', '=', user.id).execute();
    expect(held).toEqual([{ code }]);

    // A repeat claim answers the same code (code 1, '已领取') so the UI can show and copy it.
    expect(await call('/api/game/receiveGift', { gift_id: pack.id }, user)).toEqual({ code: 1, msg: '已领取', data: { code, gift_id: pack.id } });

    const list = await call('/api/game/getGiftList', { game_id: pack.game_id }, user);
    const entry = list.data.list.find((g: Item) => g.gift_id === pack.id);
    expect(entry).toMatchObject({ claimed: true, code, remaining: before - 1, total: pack.total });
    const anonymous = await call('/api/game/getGiftList', { game_id: pack.game_id });
    expect(anonymous.data.list.find((g: Item) => g.gift_id === pack.id)).toMatchObject({ claimed: false, code: null });
    const mine = await call('/api/game/myGiftList', {}, user);
    expect(mine.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(mine.data.list[0]).toMatchObject({ gift_id: pack.id, code, game_id: pack.game_id, icon: expect.stringMatching(/^\/art\/icon\//) });
  });

  it('hands the last code to exactly one of several users claiming at once, then answers 礼包已领完', async () => {
    const users = await Promise.all([signUp(), signUp(), signUp()]);
    const pack = await openPack(1);
    // Leave one free code in the pool.
    await db()
      .updateTable('gift_codes')
      .set({ claimed_at: new Date() })
      .where('pack_id', '=', pack.id)
      .where('id', '<>', (eb) => eb.selectFrom('gift_codes').select((e) => e.fn.max('id').as('m')).where('pack_id', '=', pack.id))
      .execute();
    expect(await freeCodes(pack.id)).toBe(1);
    const answers = await Promise.all(users.flatMap((u) => [u, u].map((x) => call('/api/game/receiveGift', { gift_id: pack.id }, x))));
    const winners = answers.filter((a) => a.code === 1);
    expect(new Set(winners.map((a) => a.data.code)).size).toBe(1);
    expect(answers.filter((a) => a.code === -1).every((a) => a.msg === '礼包已领完')).toBe(true);
    expect(await freeCodes(pack.id)).toBe(0);
    const holders = await db().selectFrom('gift_codes').select('claimed_by').where('pack_id', '=', pack.id).where('claimed_by', 'is not', null).execute();
    expect(holders).toHaveLength(1);
  });

  it('claims atomically at the database level: 10 parallel claims by one user, and by several users for 2 codes', async () => {
    // Straight to the claim (no pre-check): on PostgreSQL the pool runs these in parallel.
    const user = await signUp();
    const pack = await openPack(3);
    const before = await freeCodes(pack.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => claimGiftCode(db(), pack.id, user.id, new Date())));
    expect(results.filter((r) => r.status === 'received')).toHaveLength(1);
    expect(results.every((r) => r.status !== 'soldOut')).toBe(true);
    expect(new Set(results.map((r) => ('code' in r ? r.code : null))).size).toBe(1);
    expect(await freeCodes(pack.id)).toBe(before - 1);

    const others = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const scarce = await openPack(4);
    await db()
      .updateTable('gift_codes')
      .set({ claimed_at: new Date() })
      .where('pack_id', '=', scarce.id)
      .where('id', 'not in', (eb) => eb.selectFrom('gift_codes as k').select('k.id').where('k.pack_id', '=', scarce.id).orderBy('k.id', 'desc').limit(2))
      .execute();
    const race = await Promise.all(others.flatMap((u) => [1, 2, 3].map(() => claimGiftCode(db(), scarce.id, u.id, new Date()))));
    const holders = await db().selectFrom('gift_codes').select(['claimed_by', 'code']).where('pack_id', '=', scarce.id).where('claimed_by', 'is not', null).execute();
    expect(holders).toHaveLength(2);
    expect(new Set(holders.map((h) => h.claimed_by)).size).toBe(2);
    expect(race.filter((r) => r.status === 'received')).toHaveLength(2);
    expect(race.filter((r) => r.status === 'soldOut')).toHaveLength(6);
    expect(await freeCodes(scarce.id)).toBe(0);
  });

  // Two connections are needed: PGlite has one, and a transaction held open on it would block the claim for good.
  it.runIf(kind === 'postgres')('a claim that finds only a code the same user is taking waits for it and answers its code, never 礼包已领完', async () => {
    const user = await signUp();
    const pack = await openPack(5);
    // One free code left, and the user's first claim holds it, not yet committed.
    const codes = await db().selectFrom('gift_codes').select(['id', 'code']).where('pack_id', '=', pack.id).where('claimed_at', 'is', null).orderBy('id').execute();
    const last = codes.at(-1)!;
    await db().updateTable('gift_codes').set({ claimed_at: new Date() }).where('pack_id', '=', pack.id).where('id', '!=', last.id).where('claimed_at', 'is', null).execute();
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const first = db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('gift_codes').set({ claimed_by: user.id, claimed_at: new Date() }).where('id', '=', last.id).execute();
        taken();
        await committed;
      });
    await lockTaken;
    const second = claimGiftCode(db(), pack.id, user.id, new Date());
    // Before the first claim commits, the second has not answered (it waits for the held code).
    expect(await Promise.race([second.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))])).toBe('waiting');
    commit();
    await first;
    expect(await second).toEqual({ status: 'already', code: last.code });
  });

  it('refuses expired, unknown and anonymous gift claims', async () => {
    const user = await signUp();
    const pack = await openPack(2);
    await db().updateTable('gift_packs').set({ valid_until: new Date(Date.now() - 1000) }).where('id', '=', pack.id).execute();
    expect(await call('/api/game/receiveGift', { gift_id: pack.id }, user)).toEqual({ code: -1, msg: '礼包已过期', data: { reason: 'expired' } });
    expect(await call('/api/game/receiveGift', { gift_id: 9_999_999 }, user)).toMatchObject({ code: -1, msg: '礼包不存在', data: { reason: 'missing' } });
    expect(await call('/api/game/receiveGift', { gift_id: 'x' }, user)).toMatchObject({ code: -1, msg: '参数错误' });
    expect((await call('/api/game/receiveGift', { gift_id: pack.id })).code).toBe(105);
    expect(await call('/api/game/getGiftList', { game_id: pack.game_id, page: 0 })).toMatchObject({ code: -1, msg: '分页参数错误' });
  });

  it('claims a coupon once per user (concurrently too), respects stock, and lists my coupons by status', async () => {
    const [a, b] = [await signUp(), await signUp()];
    const coupon = await db().selectFrom('coupons').select(['id', 'game_id', 'claimed', 'total']).where('type', '=', 'normal').where('game_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();

    const first = await call('/api/coupon/receiveCoupon', { coupon_id: coupon.id }, a);
    expect(first).toMatchObject({ code: 1, msg: '领取成功', data: { coupon_id: coupon.id, id: expect.any(Number) } });
    expect(await call('/api/coupon/receiveCoupon', { coupon_id: coupon.id }, a)).toEqual({ code: -1, msg: '已领取', data: { reason: 'already' } });

    const burst = await Promise.all(Array.from({ length: 6 }, () => call('/api/coupon/receiveCoupon', { coupon_id: coupon.id }, b)));
    expect(burst.filter((r) => r.code === 1)).toHaveLength(1);
    expect(burst.filter((r) => r.code === -1).every((r) => r.msg === '已领取')).toBe(true);
    const after = await db().selectFrom('coupons').select('claimed').where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(after.claimed).toBe(coupon.claimed + 2);

    // Stock: one left, two users want it.
    const scarce = await db().selectFrom('coupons').select(['id']).where('type', '=', 'normal').where('game_id', 'is not', null).orderBy('id').offset(1).executeTakeFirstOrThrow();
    await db().updateTable('coupons').set({ total: 1, claimed: 0 }).where('id', '=', scarce.id).execute();
    const race = await Promise.all([a, b].map((u) => call('/api/coupon/receiveCoupon', { coupon_id: scarce.id }, u)));
    expect(race.filter((r) => r.code === 1)).toHaveLength(1);
    expect(race.find((r) => r.code === -1)).toEqual({ code: -1, msg: '已领完', data: { reason: 'soldOut' } });
    expect(Number((await db().selectFrom('user_coupons').select((eb) => eb.fn.countAll<number>().as('n')).where('coupon_id', '=', scarce.id).executeTakeFirstOrThrow()).n)).toBe(1);
    expect((await db().selectFrom('coupons').select('claimed').where('id', '=', scarce.id).executeTakeFirstOrThrow()).claimed).toBe(1);
    expect(await call('/api/coupon/receiveCoupon', { coupon_id: 9_999_999 }, a)).toMatchObject({ code: -1, msg: '代金券不存在' });

    const listed = await call('/api/coupon/getCouponList', { game_id: coupon.game_id }, a);
    expect(listed.data.list.find((c: Item) => c.coupon_id === coupon.id)).toMatchObject({ received: true, game_id: coupon.game_id, amount: expect.any(Number), condition_text: expect.any(String) });
    const universal = await call('/api/coupon/getCouponList', {});
    expect(universal.data.list.length).toBeGreaterThan(0);
    expect(universal.data.list.every((c: Item) => c.game_id === null && c.game_name === '全平台通用' && c.received === false)).toBe(true);

    const num = await call('/api/coupon/getMyCouponNum', {}, a);
    const aCount = race[0]!.code === 1 ? 2 : 1;
    expect(num.data).toMatchObject({ num: aCount, usable: aCount, used: 0, expired: 0 });
    await db().updateTable('user_coupons').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', first.data.id).execute();
    const usable = await call('/api/coupon/myCouponList', { status: 1 }, a);
    expect(usable.data.total).toBe(aCount - 1);
    const expired = await call('/api/coupon/myCouponList', { status: '3' }, a);
    expect(expired.data.list).toHaveLength(1);
    expect(expired.data.list[0]).toMatchObject({ id: first.data.id, coupon_id: coupon.id, status: 3, status_text: '已过期' });
    expect((await call('/api/coupon/myCouponList', {}, a)).data.total).toBe(aCount);
    expect(await call('/api/coupon/myCouponList', { status: 7 }, a)).toMatchObject({ code: -1, msg: '参数错误' });
    expect(await call('/api/coupon/myCardCouponList', {}, a)).toMatchObject({ code: 1, data: { list: [], total: 0 } });
  });

  it('claims coupons atomically at the database level: per-user limit and stock under parallel claims', async () => {
    const users = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const coupon = await db().selectFrom('coupons').select(['id', 'claimed']).where('type', '=', 'normal').where('game_id', 'is not', null).orderBy('id').offset(2).executeTakeFirstOrThrow();
    const same = await Promise.all(Array.from({ length: 8 }, () => claimCoupon(db(), users[0]!.id, coupon.id, new Date())));
    expect(same.filter((r) => r.status === 'ok')).toHaveLength(1);
    expect(same.filter((r) => r.status === 'already')).toHaveLength(7);
    expect((await db().selectFrom('coupons').select('claimed').where('id', '=', coupon.id).executeTakeFirstOrThrow()).claimed).toBe(coupon.claimed + 1);

    const scarce = await db().selectFrom('coupons').select('id').where('type', '=', 'normal').where('game_id', 'is not', null).orderBy('id').offset(3).executeTakeFirstOrThrow();
    await db().updateTable('coupons').set({ total: 2, claimed: 0 }).where('id', '=', scarce.id).execute();
    const race = await Promise.all(users.flatMap((u) => [u, u].map((x) => claimCoupon(db(), x.id, scarce.id, new Date()))));
    expect(race.filter((r) => r.status === 'ok')).toHaveLength(2);
    const owners = await db().selectFrom('user_coupons').select('user_id').where('coupon_id', '=', scarce.id).execute();
    expect(owners).toHaveLength(2);
    expect(new Set(owners.map((o) => o.user_id)).size).toBe(2);
    expect((await db().selectFrom('coupons').select('claimed').where('id', '=', scarce.id).executeTakeFirstOrThrow()).claimed).toBe(2);
  });

  it('claims every BT coupon of a game with receiveBtCoupon', async () => {
    const user = await signUp();
    const game = await db()
      .selectFrom('coupons')
      .select(['game_id', sql<number>`count(*)`.as('n')])
      .where('type', '=', 'bt')
      .groupBy('game_id')
      .orderBy('game_id')
      .executeTakeFirstOrThrow();
    const answer = await call('/api/coupon/receiveBtCoupon', { game_id: game.game_id }, user);
    expect(answer).toMatchObject({ code: 1, msg: '领取成功', data: { count: Number(game.n) } });
    expect(await call('/api/coupon/receiveBtCoupon', { game_id: game.game_id }, user)).toMatchObject({ code: -1, msg: '已领取' });
    const normal = await db().selectFrom('coupons').select('id').where('type', '=', 'normal').orderBy('id').executeTakeFirstOrThrow();
    expect(await call('/api/coupon/receiveBtCoupon', { coupon_id: normal.id }, user)).toMatchObject({ code: -1, msg: '该代金券不是BT券', data: { reason: 'notBt' } });
    const noBt = await db().selectFrom('games').select('id').where('id', 'not in', db().selectFrom('coupons').select('game_id').where('type', '=', 'bt').where('game_id', 'is not', null).$narrowType<{ game_id: number }>()).executeTakeFirstOrThrow();
    expect(await call('/api/coupon/receiveBtCoupon', { game_id: noBt.id }, user)).toMatchObject({ code: -1, msg: '暂无可领取的BT券', data: { reason: 'noBtCoupons' } });
    expect((await call('/api/coupon/getMyCouponNum', {}, user)).data.num).toBe(Number(game.n));
  });

  it('reserves an upcoming game once, lists it, and refuses games already online', async () => {
    const user = await signUp();
    const upcoming = await db().selectFrom('games').select(['id', 'reserve_base']).where('online_at', '>', new Date()).orderBy('online_at').executeTakeFirstOrThrow();
    expect(await call('/api/game/reserveGame', { game_id: upcoming.id }, user)).toEqual({ code: 1, msg: '预约成功', data: { game_id: upcoming.id, reserved: true, reserve_count: upcoming.reserve_base + 1 } });
    expect(await call('/api/game/reserveGame', { game_id: upcoming.id }, user)).toMatchObject({ code: 1, msg: '已预约', data: { reserve_count: upcoming.reserve_base + 1 } });
    const mine = await call('/api/game/myReservations', {}, user);
    expect(mine.data).toMatchObject({ total: 1 });
    expect(mine.data.list[0]).toMatchObject({ game_id: upcoming.id, platform_game_id: expect.any(Number), reserved: true, is_online: false });
    const week = await call('/api/game/getWeekOrderGames', { limit: 50 }, user);
    expect(week.data.list.find((g: Item) => g.game_id === upcoming.id)).toMatchObject({ reserved: true });
    const detail = await call('/api/game/getGameDetail', { game_id: upcoming.id }, user);
    expect(detail.data).toMatchObject({ can_reserve: true, reserved: true, reserve_count: upcoming.reserve_base + 1 });
    expect(await call('/api/game/cancelReserveGame', { game_id: upcoming.id }, user)).toMatchObject({ code: 1, data: { reserved: false, reserve_count: upcoming.reserve_base } });
    const online = await db().selectFrom('games').select('id').where('online_at', '<=', new Date()).executeTakeFirstOrThrow();
    expect(await call('/api/game/reserveGame', { game_id: online.id }, user)).toMatchObject({ code: -1, msg: '游戏已上线，快去下载吧' });
    expect(await call('/api/game/reserveGame', { game_id: 9_999_999 }, user)).toMatchObject({ code: -1, msg: '游戏不存在' });
  });
});
