import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_MSG } from '../../api/protocol/store.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { DAY_MS } from '../china-time.ts';
import type { StoreItemsTable } from '../db/schema.ts';
import { balanceOf, checkLedger, platform, player } from '../money/ledger.ts';
import { creditPoints, POINTS } from './accounts.ts';
import { redeem } from './store.ts';

const HOUR = 3600_000;

interface Player {
  token: string;
  uuid: string;
  id: number;
}

/**
 * The coin store's rules against a real server and database: refusals leave nothing behind, a
 * retried request answers its first result, and under concurrency the stock, the per-player limit
 * and the points hold (100 redemptions of the last 5 → exactly 5; the ledger adds up).
 */
describe.each(DATABASE_KINDS)('coin store on %s', (kind) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 2, 0, 0));
  let server: TestServer;
  let serial = 0;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown> = {}, who: Player | null = null) => wireClient(server.url, clock.now)(path, payload, who);
  const now = () => new Date(clock.current);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Player> {
    clock.advance(61_000);
    const phone = `1362222${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const { id } = await db().selectFrom('users').select('id').where('uuid', '=', answer.data.user_uuid).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id };
  }

  /** Players straight into the table (the concurrency tests need many and never call the wire as them). */
  async function quietPlayers(count: number): Promise<number[]> {
    const rows = await db()
      .insertInto('users')
      .values(Array.from({ length: count }, () => ({ uuid: randomUUID(), phone: `1990${String(++serial).padStart(7, '0')}`, nickname: `p${serial}`, avatar: '' })))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  const givePoints = (userId: number, amount: number) =>
    db()
      .transaction()
      .execute((trx) => creditPoints(trx, userId, { reference: `test:points:${userId}:${randomUUID()}`, kind: 'task_reward', amount, memo: '测试积分' }));

  const points = (userId: number) => balanceOf(db(), player(userId, POINTS));
  const coins = (userId: number) => balanceOf(db(), player(userId, 'coins'));
  const stockOf = async (itemId: number) => (await db().selectFrom('store_items').select('stock').where('id', '=', itemId).executeTakeFirstOrThrow()).stock;
  const redemptionsOf = async (itemId: number) => Number((await db().selectFrom('store_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow()).n);

  async function item(values: Partial<Insertable<StoreItemsTable>> = {}): Promise<number> {
    const row = await db()
      .insertInto('store_items')
      .values({ kind: 'coins', coins_cents: 100, title: `测试乐玩币${++serial}`, points_price: 10, stock: 100, per_user_limit: null, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function couponId(): Promise<number> {
    return (await db().selectFrom('coupons').select('id').where('name', '=', '全平台通用10元券').executeTakeFirstOrThrow()).id;
  }

  async function packWithCodes(): Promise<number> {
    const pack = await db()
      .selectFrom('gift_packs as gp')
      .select('gp.id')
      .where('gp.valid_until', '>', new Date(clock.current + 30 * DAY_MS))
      .where((eb) => eb.exists(eb.selectFrom('gift_codes as gc').select('gc.id').whereRef('gc.pack_id', '=', 'gp.id').where('gc.claimed_at', 'is', null)))
      .orderBy('gp.id', 'desc')
      .executeTakeFirstOrThrow();
    return pack.id;
  }

  it('lists the seeded items with their states, signed out and in, and refuses a player with no points', async () => {
    const out = await call('/api/store/getStoreItems');
    expect(out.code).toBe(1);
    expect(out.data.points).toBeNull();
    const seeded = out.data.list as { title: string; state: string; kind: string; redeemed: number }[];
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seeded.map((i) => i.kind))).toEqual(new Set(['coupon', 'coins', 'gift_code']));
    expect(seeded.some((i) => i.state === 'sold_out')).toBe(true);
    expect(seeded.some((i) => i.state === 'not_started')).toBe(true);
    // Available first.
    expect(seeded[0]!.state).toBe('available');
    expect(seeded.findIndex((i) => i.state !== 'available')).toBeGreaterThan(seeded.filter((i) => i.state === 'available').length - 1);

    const who = await signUp();
    const mine = await call('/api/store/getStoreItems', {}, who);
    expect(mine.data.points).toBe(0);
    const coins1 = (mine.data.list as { id: number; title: string }[]).find((i) => i.title === '1元乐玩币')!;
    const stock = await stockOf(coins1.id);
    const refused = await call('/api/store/redeemStoreItem', { item_id: coins1.id, request_id: randomUUID() }, who);
    expect(refused).toMatchObject({ code: -1, msg: STORE_MSG.pointsShort, data: { reason: 'points' } });
    // Nothing left behind: stock, count, redemption, ledger.
    expect(await stockOf(coins1.id)).toBe(stock);
    expect(await db().selectFrom('store_user_counts').select('count').where('user_id', '=', who.id).execute()).toEqual([]);
    expect(await db().selectFrom('store_redemptions').select('id').where('user_id', '=', who.id).execute()).toEqual([]);
    expect(await coins(who.id)).toBe(0);
    // Malformed fields are the declaration's refusals.
    expect(await call('/api/store/redeemStoreItem', { item_id: coins1.id, request_id: 'short' }, who)).toMatchObject({ code: -1, msg: STORE_MSG.requestInvalid });
    expect(await call('/api/store/getStoreItem', { item_id: 99999999 })).toMatchObject({ code: -1, msg: STORE_MSG.missing });
    expect((await call('/api/store/redeemStoreItem', { item_id: coins1.id, request_id: randomUUID() })).code).not.toBe(1);
  });

  it('delivers each kind, answers a retry with its first result, and refuses by the rules', async () => {
    const who = await signUp();
    await givePoints(who.id, 1000);
    const coinsItem = await item({ points_price: 200, coins_cents: 500, title: '5元乐玩币（测试）' });
    const couponItem = await item({ kind: 'coupon', coins_cents: null, coupon_id: await couponId(), points_price: 100, per_user_limit: 2 });
    const packId = await packWithCodes();
    const giftItem = await item({ kind: 'gift_code', coins_cents: null, gift_pack_id: packId, points_price: 50, per_user_limit: 1 });

    // 乐玩币 through the ledger.
    const key = randomUUID();
    const first = await call('/api/store/redeemStoreItem', { item_id: coinsItem, request_id: key }, who);
    expect(first).toMatchObject({ code: 1, msg: STORE_MSG.redeemed, data: { points: 800, record: { item_id: coinsItem, kind: 'coins', points_paid: 200, coins_cents: 500, gift_code: null, coupon: null } } });
    expect(await coins(who.id)).toBe(500);
    // /mywallet's 收入记录 names it.
    expect((await call('/api/user/getInMoney', { account: 'coins' }, who)).data.list[0]).toMatchObject({ amount_cents: 500, title: '积分兑换乐玩币' });
    // The same request again: the first record, nothing moved twice.
    const again = await call('/api/store/redeemStoreItem', { item_id: coinsItem, request_id: key }, who);
    expect(again).toMatchObject({ code: 1, data: { record: { id: first.data.record.id }, points: 800 } });
    expect(await coins(who.id)).toBe(500);
    expect(await points(who.id)).toBe(800);
    expect(await redemptionsOf(coinsItem)).toBe(1);
    // The same key for another item is refused.
    expect(await call('/api/store/redeemStoreItem', { item_id: couponItem, request_id: key }, who)).toMatchObject({ code: -1, msg: STORE_MSG.requestReused, data: { reason: 'request' } });

    // A coupon into the player's coupons (source 'store'), listed by myCouponList.
    const coupon = await call('/api/store/redeemStoreItem', { item_id: couponItem, request_id: randomUUID() }, who);
    expect(coupon).toMatchObject({ code: 1, data: { points: 700, record: { kind: 'coupon', coupon: { name: '全平台通用10元券', amount_cents: 1000 } } } });
    const userCoupon = await db().selectFrom('user_coupons').selectAll().where('id', '=', coupon.data.record.coupon.user_coupon_id).executeTakeFirstOrThrow();
    expect(userCoupon).toMatchObject({ user_id: who.id, source: 'store', used_at: null });
    expect(Math.abs(new Date(userCoupon.expires_at).getTime() - (clock.current + 15 * DAY_MS))).toBeLessThan(60_000);
    const myCoupons = await call('/api/coupon/myCouponList', { status: 1 }, who);
    expect(myCoupons.data.list.map((c: { id: number }) => c.id)).toContain(userCoupon.id);

    // A gift code of the pack, held like a claimed one; the limit of 1 then refuses.
    const gift = await call('/api/store/redeemStoreItem', { item_id: giftItem, request_id: randomUUID() }, who);
    expect(gift).toMatchObject({ code: 1, data: { points: 650, record: { kind: 'gift_code' } } });
    const code = await db().selectFrom('gift_codes').select(['code', 'claimed_by']).where('pack_id', '=', packId).where('claimed_by', '=', who.id).executeTakeFirstOrThrow();
    expect(gift.data.record.gift_code).toBe(code.code);
    expect(await call('/api/store/redeemStoreItem', { item_id: giftItem, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.limitReached, data: { reason: 'limit' } });
    // Another gift item of the same pack: the player already holds its code.
    const samePack = await item({ kind: 'gift_code', coins_cents: null, gift_pack_id: packId, points_price: 50, per_user_limit: 1 });
    // The item's stock as listed is never more than the pack's free codes.
    const free = Number((await db().selectFrom('gift_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('pack_id', '=', packId).where('claimed_at', 'is', null).executeTakeFirstOrThrow()).n);
    expect((await call('/api/store/getStoreItem', { item_id: samePack }, who)).data.item.stock).toBe(Math.min(100, free));
    expect(await call('/api/store/redeemStoreItem', { item_id: samePack, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.giftHeld, data: { reason: 'gift_held' } });

    // Validity, activity, stock.
    const later = await item({ valid_from: new Date(clock.current + DAY_MS) });
    const over = await item({ valid_from: new Date(clock.current - 2 * DAY_MS), valid_to: new Date(clock.current - DAY_MS) });
    const hidden = await item({ active: false });
    const soldOut = await item({ stock: 0 });
    expect(await call('/api/store/redeemStoreItem', { item_id: later, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.notStarted });
    expect(await call('/api/store/redeemStoreItem', { item_id: over, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.ended });
    expect(await call('/api/store/redeemStoreItem', { item_id: hidden, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.missing });
    expect(await call('/api/store/redeemStoreItem', { item_id: soldOut, request_id: randomUUID() }, who)).toMatchObject({ code: -1, msg: STORE_MSG.soldOut });
    const view = await call('/api/store/getStoreItem', { item_id: later }, who);
    expect(view).toMatchObject({ code: 1, data: { points: 650, item: { state: 'not_started', redeemed: 0 } } });
    expect((await call('/api/store/getStoreItem', { item_id: over }, who)).data.item.state).toBe('ended');
    expect((await call('/api/store/getStoreItem', { item_id: giftItem }, who)).data.item).toMatchObject({ state: 'limit_reached', redeemed: 1 });
    // The window opens: the same item is redeemable (an earlier refusal left nothing behind).
    clock.advance(DAY_MS + HOUR);
    expect((await call('/api/store/redeemStoreItem', { item_id: later, request_id: randomUUID() }, who)).code).toBe(1);

    // The records, newest first, paged.
    const records = await call('/api/store/getRedeemRecords', { page: 1, limit: 3 }, who);
    expect(records.data.total).toBe(4);
    expect(records.data.list.map((r: { item_id: number }) => r.item_id)).toEqual([later, giftItem, couponItem]);
    const page2 = await call('/api/store/getRedeemRecords', { page: 2, limit: 3 }, who);
    expect(page2.data.list.map((r: { item_id: number }) => r.item_id)).toEqual([coinsItem]);
    expect((await call('/api/store/getRedeemRecords', {})).code).not.toBe(1);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('100 concurrent redemptions of the last 5 items give exactly 5', async () => {
    const itemId = await item({ stock: 5, points_price: 10 });
    const players = await quietPlayers(100);
    // One transaction for the hundred credits (the real ledger, fewer round trips).
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const id of players) await creditPoints(trx, id, { reference: `test:points:${id}:${randomUUID()}`, kind: 'task_reward', amount: 100, memo: '测试积分' });
      });
    const redeemedBefore = await balanceOf(db(), platform('points_redeemed'));
    const results = await Promise.all(players.map((id) => redeem(db(), id, itemId, randomUUID(), now())));
    expect(results.filter((r) => r.status === 'redeemed')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'refused' && r.reason === 'sold_out')).toHaveLength(95);
    expect(await stockOf(itemId)).toBe(0);
    expect(await redemptionsOf(itemId)).toBe(5);
    expect((await balanceOf(db(), platform('points_redeemed'))) - redeemedBefore).toBe(50);
    const balances = await Promise.all(players.map(points));
    expect(balances.filter((b) => b === 90)).toHaveLength(5);
    expect(balances.filter((b) => b === 100)).toHaveLength(95);
    const coinsGiven = await Promise.all(players.map(coins));
    expect(coinsGiven.reduce((s, c) => s + c, 0)).toBe(500);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('holds the per-player limit and one result per request under concurrency, and rolls back a short balance', async () => {
    const [one, two] = await quietPlayers(2);
    await givePoints(one!, 1000);
    const limited = await item({ per_user_limit: 2, points_price: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(db(), one!, limited, randomUUID(), now())));
    expect(results.filter((r) => r.status === 'redeemed')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'refused' && r.reason === 'limit')).toHaveLength(18);
    expect(await stockOf(limited)).toBe(98);
    expect(await points(one!)).toBe(980);

    // Ten copies of one request: one redemption, every answer its record.
    const open = await item({ points_price: 10 });
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 10 }, () => redeem(db(), one!, open, key, now())));
    const ids = new Set(same.map((r) => (r.status === 'refused' ? r.reason : r.record.id)));
    expect(ids.size).toBe(1);
    expect(same.filter((r) => r.status === 'redeemed')).toHaveLength(1);
    expect(await redemptionsOf(open)).toBe(1);
    expect(await points(one!)).toBe(970);

    // Points short for the second of two: its stock, count and redemption roll back.
    await givePoints(two!, 15);
    const costly = await item({ points_price: 10, stock: 10 });
    const pair = await Promise.all([redeem(db(), two!, costly, randomUUID(), now()), redeem(db(), two!, costly, randomUUID(), now())]);
    expect(pair.map((r) => (r.status === 'refused' ? r.reason : r.status)).sort()).toEqual(['points', 'redeemed']);
    expect(await stockOf(costly)).toBe(9);
    expect(await db().selectFrom('store_user_counts').select('count').where('user_id', '=', two!).where('item_id', '=', costly).executeTakeFirst()).toEqual({ count: 1 });
    expect(await points(two!)).toBe(5);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
