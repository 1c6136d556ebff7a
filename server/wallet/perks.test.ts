import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { CHINA_OFFSET_MS, chinaDate, DAY_MS } from '../china-time.ts';
import { SPEND_CAPS } from '../minors.ts';
import { runOnce, startAutosendJob } from '../money/autosend.ts';
import { coinsBonus, fulfilCard, onOrderPaid } from '../money/card-hooks.ts';
import { FIRST_RECHARGE_MAX_BONUS_CENTS } from '../money/cards.ts';
import { balanceOf, checkLedger, platform, player, post } from '../money/ledger.ts';
import { CARD_PERKS, ensurePerks, LEVELS } from '../money/perks-catalog.ts';

/** 2026-03-02 10:00 China time. */
const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const HOUR = 3600_000;

interface Player {
  token: string;
  uuid: string;
  phone: string;
  id: number;
}

/** A China-time wall clock moment as epoch ms ('2026-03-05', 23, 50). */
function chinaAt(day: string, hour: number, minute = 0): number {
  return Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS + hour * HOUR + minute * 60_000;
}

describe.each(DATABASE_KINDS)('cards, privileges and offers on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let serial = 0;
  let orderSerial = 0;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown> = {}, who: Player | null = null) => wireClient(server.url, clock.now)(path, payload, who);
  const now = () => new Date(clock.current);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());
  beforeEach(() => clock.advance(HOUR));

  async function signUp(): Promise<Player> {
    clock.advance(61_000);
    const phone = `1371111${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const { id } = await db().selectFrom('users').select('id').where('uuid', '=', answer.data.user_uuid).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, phone, id };
  }

  const cardByName = (name: string) => db().selectFrom('cards').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  /** A card order paid by the provider, the way the order service's paid transaction does it. */
  async function buyCard(who: Player, name: string, at = now()) {
    const card = await cardByName(name);
    return db()
      .transaction()
      .execute(async (trx) => {
        const order = await trx
          .insertInto('orders')
          .values({ order_number: `PK${kind}${++orderSerial}`, user_id: who.id, kind: 'card', subject: card.name, amount_cents: card.price_cents, pay_cents: card.price_cents, card_id: card.id, status: 'paid', paid_at: at, created_at: at })
          .returning(['id', 'order_number', 'user_id', 'card_id', 'kind', 'pay_cents'])
          .executeTakeFirstOrThrow();
        await post(trx, { reference: `order:${order.order_number}:paid`, kind: 'payment', orderId: order.id, transfers: [{ from: platform('platform_cash'), to: platform('platform_revenue'), amount: order.pay_cents }] });
        await onOrderPaid(trx, order, at);
        await fulfilCard(trx, { id: order.id, user_id: who.id, card_id: card.id }, at);
        // The order service may call it again (a duplicate notification): nothing more happens.
        await fulfilCard(trx, { id: order.id, user_id: who.id, card_id: card.id }, at);
        return trx.selectFrom('card_purchases').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      });
  }

  /** A coins order: created with its bonus, then (unless `open`) paid by the provider. */
  async function buyCoins(who: Player, amountCents: number, options: { open?: boolean; at?: Date } = {}) {
    const at = options.at ?? now();
    return db()
      .transaction()
      .execute(async (trx) => {
        const { bonus_cents } = await coinsBonus(trx, who.id, amountCents, at);
        const order = await trx
          .insertInto('orders')
          .values({ order_number: `PK${kind}${++orderSerial}`, user_id: who.id, kind: 'coins', subject: '乐玩币', amount_cents: amountCents, pay_cents: amountCents, bonus_cents, status: options.open ? 'paying' : 'paid', paid_at: options.open ? null : at, created_at: at })
          .returning(['id', 'order_number', 'user_id', 'kind', 'pay_cents', 'bonus_cents'])
          .executeTakeFirstOrThrow();
        if (!options.open) {
          const transfers = [{ from: platform('platform_cash'), to: player(who.id, 'coins'), amount: amountCents }];
          if (bonus_cents > 0) transfers.push({ from: platform('promotion_expense'), to: player(who.id, 'coins'), amount: bonus_cents });
          await post(trx, { reference: `order:${order.order_number}:paid`, kind: 'payment', orderId: order.id, transfers });
          await onOrderPaid(trx, order, at);
        }
        return order;
      });
  }

  const grants = (purchaseId: number) => db().selectFrom('card_benefit_grants').selectAll().where('purchase_id', '=', purchaseId).orderBy('id').execute();

  it('gives every seeded card its benefits, the same from the seed and from migration 0011', async () => {
    const cards = await db().selectFrom('cards').select(['id', 'name', 'benefits', 'contents']).orderBy('id').execute();
    expect(cards).toHaveLength(12);
    for (const card of cards) {
      expect(CARD_PERKS[card.name], card.name).toBeDefined();
      expect(card.contents).toEqual(CARD_PERKS[card.name]!.contents);
      expect(Object.keys(card.benefits).length, card.name).toBeGreaterThan(0);
    }
    // 648省钱卡: six coupons making up 648元, and a daily 6元 无门槛 coupon.
    const saver = cards.find((c) => c.name === '648省钱卡')!;
    const pack = await db().selectFrom('coupons').select(['amount_cents', 'source', 'game_id']).where('id', 'in', saver.benefits.instant_coupons!.map((i) => i.coupon_id)).execute();
    expect(pack).toHaveLength(6);
    expect(pack.reduce((s, c) => s + c.amount_cents, 0)).toBe(64_800);
    expect(pack.every((c) => c.source === 'card' && c.game_id === null)).toBe(true);
    expect(cards.some((c) => c.benefits.daily?.kind === 'coins' && c.benefits.daily.auto)).toBe(true);
    const perkCoupons = async () => Number((await db().selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '<>', 'center').executeTakeFirstOrThrow()).n);
    const before = await perkCoupons();
    // An older database: cards without benefits and with the old lines; the migration's step fills them.
    await sql`update cards set benefits = '{}'::jsonb, contents = '["旧的说明"]'::jsonb`.execute(db());
    await db().transaction().execute((trx) => ensurePerks(trx));
    expect(await db().selectFrom('cards').select(['id', 'name', 'benefits', 'contents']).orderBy('id').execute()).toEqual(cards);
    expect(await perkCoupons()).toBe(before);
  });

  it('keeps card and level coupons out of the coupon centre', async () => {
    const who = await signUp();
    const perk = await db().selectFrom('coupons').select('id').where('source', '=', 'card').executeTakeFirstOrThrow();
    expect(await call('/api/coupon/receiveCoupon', { coupon_id: perk.id }, who)).toMatchObject({ code: -1, msg: '代金券不存在' });
    const centre = await call('/api/coupon/getCouponList', { limit: 50 }, who);
    expect(centre.data.list.length).toBeGreaterThan(0);
    const perkIds = new Set((await db().selectFrom('coupons').select('id').where('source', '<>', 'center').execute()).map((r) => r.id));
    expect(centre.data.list.some((c: { coupon_id: number }) => perkIds.has(c.coupon_id))).toBe(false);
  });

  it('answers getCardDetail for anyone, with the signed-in player’s own purchase', async () => {
    const card = await cardByName('648省钱卡');
    const anonymous = await call('/api/card/getCardDetail', { card_id: card.id });
    expect(anonymous).toMatchObject({ code: 1, data: { id: card.id, name: '648省钱卡', price_cents: 3000, days: 30, owned: null, benefits: { topup_bonus_pct: 0, daily: { kind: 'coupon', amount_cents: 600, auto: false } } } });
    expect(anonymous.data.benefits.instant_coupons).toHaveLength(6);
    expect(await call('/api/card/getCardDetail', { card_id: 9999 })).toMatchObject({ code: -1, msg: MONEY_MSG.cardMissing });
    const who = await signUp();
    const other = await signUp();
    const purchase = await buyCard(who, '648省钱卡');
    expect((await call('/api/card/getCardDetail', { card_id: card.id }, who)).data.owned).toEqual({ purchase_id: purchase.id, ends_at: new Date(purchase.ends_at).toISOString() });
    expect((await call('/api/card/getCardDetail', { card_id: card.id }, other)).data.owned).toBeNull();
  });

  it('buys a 648省钱卡: six coupons at once, then one daily coupon a day — 20 concurrent claims make one grant', async () => {
    const who = await signUp();
    const purchase = await buyCard(who, '648省钱卡');
    const cardCoupons = await call('/api/coupon/myCardCouponList', { limit: 20 }, who);
    expect(cardCoupons.data.total).toBe(6);
    expect(cardCoupons.data.list.reduce((s: number, c: { amount_cents: number }) => s + c.amount_cents, 0)).toBe(64_800);
    expect(await grants(purchase.id)).toMatchObject([{ kind: 'instant', auto: true, amount_cents: 64_800, day: chinaDate(now()) }]);

    const mine = await call('/api/card/getMyCards', {}, who);
    expect(mine.data.list).toMatchObject([{ purchase_id: purchase.id, name: '648省钱卡', active: true, today: { kind: 'coupon', auto: false, granted: false } }]);
    expect(await call('/api/user/isSubVip', {}, who)).toMatchObject({ code: 1, data: { is_vip: 1, cards: [{ name: '648省钱卡' }] } });

    const answers = await Promise.all(Array.from({ length: 20 }, () => call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)));
    console.log(`[figure] 20 concurrent claimCardBenefit of one 648省钱卡 day: ${answers.filter((a) => a.code === 1).length} granted, ${answers.filter((a) => a.msg === MONEY_MSG.benefitClaimed).length} × ${MONEY_MSG.benefitClaimed}`);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === MONEY_MSG.benefitClaimed)).toHaveLength(19);
    const won = answers.find((a) => a.code === 1)!;
    expect(won.data).toMatchObject({ card_name: '648省钱卡', kind: 'coupon', amount_cents: 600, coupon_name: '省钱卡每日6元无门槛券', auto: false, day: chinaDate(now()) });
    expect((await grants(purchase.id)).filter((g) => g.kind === 'coupon')).toHaveLength(1);
    expect((await call('/api/coupon/myCardCouponList', {}, who)).data.total).toBe(7);
    expect((await call('/api/card/getMyCards', {}, who)).data.list[0].today).toEqual({ kind: 'coupon', auto: false, granted: true });

    // The next China-time day: one more.
    clock.advance(DAY_MS);
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: 1 });
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.benefitClaimed });
    expect((await grants(purchase.id)).filter((g) => g.kind === 'coupon')).toHaveLength(2);
  });

  it('a card without a daily benefit refuses a claim; another player’s purchase is not theirs to see or claim', async () => {
    const who = await signUp();
    const intruder = await signUp();
    const trial = await buyCard(who, '新人体验卡');
    expect(await call('/api/card/claimCardBenefit', { purchase_id: trial.id }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.benefitNone });
    const saver = await buyCard(who, '648省钱卡');
    expect(await call('/api/card/claimCardBenefit', { purchase_id: saver.id }, intruder)).toMatchObject({ code: -1, msg: MONEY_MSG.cardNotActive });
    expect(await grants(saver.id)).toHaveLength(1);
    expect((await call('/api/card/getMyCards', {}, intruder)).data.list).toEqual([]);
    expect((await call('/api/card/getAutoSendList', {}, intruder)).data).toMatchObject({ list: [], total: 0 });
    expect((await call('/api/user/isSubVip', {}, intruder)).data).toEqual({ is_vip: 0, cards: [] });
    expect((await call('/api/coupon/myCardCouponList', {}, intruder)).data.total).toBe(0);
    for (const path of ['/api/card/getMyCards', '/api/card/claimCardBenefit', '/api/card/getAutoSendList', '/api/user/isSubVip', '/api/user/getIsPromote', '/api/user/getCouponActivity', '/api/user/changeLevelCoupon', '/api/user/firstRechargeSeen']) {
      expect((await call(path, { purchase_id: saver.id, level: 1 })).code, path).toBe(105);
    }
  });

  it('sends a coins card’s daily 乐玩币 automatically: on the day of purchase, once a day however often the job runs, across days', async () => {
    const who = await signUp();
    const purchase = await buyCard(who, '回归福利卡');
    const coins = () => balanceOf(db(), player(who.id, 'coins'));
    // The day of purchase: instant pack + today's 2 乐玩币, already.
    expect((await grants(purchase.id)).map((g) => g.kind)).toEqual(['instant', 'coins']);
    expect(await coins()).toBe(200);
    expect(await runOnce(db(), now())).toBe(0);

    clock.advance(DAY_MS);
    const runs = await Promise.all([runOnce(db(), now()), runOnce(db(), now()), runOnce(db(), now())]);
    console.log(`[figure] autosend run 3 times at once and once more the same China day: ${runs.join(' + ')} grant(s)`);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runOnce(db(), now())).toBe(0);
    expect(await coins()).toBe(400);
    const day = chinaDate(now());
    const refs = await db().selectFrom('ledger_transactions').select(['reference', 'kind']).where('reference', 'like', `card:${purchase.id}:%`).orderBy('id').execute();
    expect(refs).toHaveLength(2);
    expect(refs[1]).toEqual({ reference: `card:${purchase.id}:${day}:coins`, kind: 'card_benefit' });

    // A claim of an auto benefit already sent: refused; a day later a claim may come before the job.
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.benefitClaimed });
    clock.advance(DAY_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(await runOnce(db(), now())).toBe(0);
    expect(await coins()).toBe(600);
    const today = chinaDate(now());
    const posted = await db().selectFrom('ledger_transactions').select('id').where('reference', '=', `card:${purchase.id}:${today}:coins`).execute();
    console.log(`[figure] 20 concurrent claims of a daily 乐玩币 benefit + an autosend run: ${answers.filter((a) => a.code === 1).length} grant, ${posted.length} ledger transaction card:${purchase.id}:${today}:coins`);
    expect(posted).toHaveLength(1);

    const list = await call('/api/card/getAutoSendList', { limit: 2 }, who);
    expect(list.data.total).toBe(3); // instant + two sent days (the third day was claimed)
    expect(list.data.list).toHaveLength(2);
    expect(list.data.list[0]).toMatchObject({ card_name: '回归福利卡', kind: 'coins', amount_cents: 200, coupon_name: null, auto: true });
    const second = await call('/api/card/getAutoSendList', { limit: 2, page: 2 }, who);
    expect(second.data.list).toMatchObject([{ kind: 'instant', amount_cents: 3000, coupon_name: '回归福利卡开卡礼包' }]);
    const ledger = await checkLedger(db());
    expect(ledger.problems).toEqual([]);
  });

  it('runs the autosend job at start and stops it cleanly', async () => {
    const who = await signUp();
    const purchase = await buyCard(who, '回归福利卡');
    clock.advance(DAY_MS);
    const errors: unknown[] = [];
    const job = startAutosendJob({ db: db(), now: () => clock.current, intervalMs: 3600_000, log: { info: () => {}, error: (obj) => errors.push(obj) } });
    await job.firstRun;
    await job.stop();
    expect(errors).toEqual([]);
    expect((await grants(purchase.id)).map((g) => [g.kind, g.auto])).toEqual([
      ['instant', true],
      ['coins', true],
      ['coins', true],
    ]);
    expect(await balanceOf(db(), player(who.id, 'coins'))).toBe(400);
  });

  it('counts a term in China-time days: bought at 23:50, a 7-day card ends at 00:00 seven days later; a renewal extends it', async () => {
    clock.advance(chinaAt(chinaDate(clock.current + DAY_MS), 23, 50) - clock.current);
    const who = await signUp();
    const day = chinaDate(now());
    const purchase = await buyCard(who, '超值周卡');
    const end = chinaAt(day, 0) + 7 * DAY_MS;
    expect(new Date(purchase.ends_at).getTime()).toBe(end);
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: 1, data: { day } });

    clock.advance(end - 60_000 - clock.current);
    expect((await call('/api/user/isSubVip', {}, who)).data.is_vip).toBe(1);
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: 1 });
    const claimed = (await grants(purchase.id)).filter((g) => g.kind === 'coupon').map((g) => g.day);
    expect(claimed).toHaveLength(2);
    clock.advance(end - clock.current);
    expect(await call('/api/user/isSubVip', {}, who)).toMatchObject({ code: 1, data: { is_vip: 0, cards: [] } });
    expect(await call('/api/card/claimCardBenefit', { purchase_id: purchase.id }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.cardNotActive });
    expect((await call('/api/card/getMyCards', {}, who)).data.list).toMatchObject([{ purchase_id: purchase.id, active: false, today: null }]);

    // Bought while active: the second term starts at the first's end.
    const first = await buyCard(who, '超值周卡');
    const second = await buyCard(who, '超值周卡');
    expect(new Date(second.starts_at).getTime()).toBe(new Date(first.ends_at).getTime());
    expect(new Date(second.ends_at).getTime()).toBe(new Date(first.ends_at).getTime() + 7 * DAY_MS);
    expect((await call('/api/user/isSubVip', {}, who)).data.cards).toEqual([{ card_id: first.card_id, name: '超值周卡', ends_at: new Date(second.ends_at).toISOString() }]);
    expect(await call('/api/card/claimCardBenefit', { purchase_id: second.id }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.cardNotActive });
    const mine = (await call('/api/card/getMyCards', {}, who)).data.list;
    expect(mine.map((c: { purchase_id: number }) => c.purchase_id)).toEqual([first.id, second.id, purchase.id]);
  });

  it('offers the first recharge once: the dialog shows once, the bonus goes to the first coins order only', async () => {
    const who = await signUp();
    expect((await call('/api/user/getIsPromote', {}, who)).data).toEqual({ is_promote: 1, first_recharge: { eligible: true, show_dialog: true, bonus_pct: 10, max_bonus_cents: FIRST_RECHARGE_MAX_BONUS_CENTS } });
    expect(await call('/api/user/firstRechargeSeen', {}, who)).toMatchObject({ code: 1 });
    expect(await call('/api/user/firstRechargeSeen', {}, who)).toMatchObject({ code: 1 });
    expect((await call('/api/user/getIsPromote', {}, who)).data.first_recharge).toMatchObject({ eligible: true, show_dialog: false });

    // An open order holding the offer: a second order created meanwhile does not get it too.
    const open = await buyCoins(who, 64_800, { open: true });
    expect(open.bonus_cents).toBe(FIRST_RECHARGE_MAX_BONUS_CENTS);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => buyCoins(who, 10_000, { open: true })));
    expect(concurrent.map((o) => o.bonus_cents)).toEqual([0, 0, 0, 0, 0]);
    await db().updateTable('orders').set({ status: 'expired' }).where('user_id', '=', who.id).execute();

    const orders = await Promise.all(Array.from({ length: 5 }, () => buyCoins(who, 5_000)));
    expect(orders.map((o) => o.bonus_cents).sort((a, b) => b - a)).toEqual([500, 0, 0, 0, 0]);
    expect(await balanceOf(db(), player(who.id, 'coins'))).toBe(25_500);
    expect(await call('/api/user/getIsPromote', {}, who)).toMatchObject({ data: { is_promote: 0, first_recharge: { eligible: false, show_dialog: false } } });
    const flags = await db().selectFrom('user_money_flags').selectAll().where('user_id', '=', who.id).executeTakeFirstOrThrow();
    expect(orders.map((o) => o.id)).toContain(flags.first_recharge_order_id);
    expect((await buyCoins(who, 5_000)).bonus_cents).toBe(0);

    // A first order that is a card takes the offer away; the card's own bonus applies instead.
    const member = await signUp();
    await buyCard(member, '畅玩月卡');
    expect((await call('/api/user/getIsPromote', {}, member)).data.is_promote).toBe(0);
    expect((await buyCoins(member, 10_000)).bonus_cents).toBe(500);
    await buyCard(member, '黄金月卡');
    expect((await buyCoins(member, 10_000)).bonus_cents).toBe(500); // the best card's rate, not the sum
    await buyCard(member, '胭脂红卡·月卡');
    expect((await buyCoins(member, 9_999)).bonus_cents).toBe(999);
  });

  it('hands out level coupons once a level a month, and refuses below the level', async () => {
    const who = await signUp();
    const activity = async () => (await call('/api/user/getCouponActivity', {}, who)).data;
    expect(await activity()).toMatchObject({ level: 0, total_paid_cents: 0, next_level_cents: 600 });
    expect((await activity()).coupons.map((c: { level: number }) => c.level)).toEqual([1, 2, 3, 4, 5]);
    expect(await call('/api/user/changeLevelCoupon', { level: 1 }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.levelLow });
    expect(await call('/api/user/changeLevelCoupon', { level: 9 }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.levelLow });

    await buyCoins(who, 10_000);
    // Paid with 乐玩币 (already counted as bought) and unpaid orders do not count.
    await db().insertInto('orders').values({ order_number: `PK${kind}${++orderSerial}`, user_id: who.id, kind: 'game', amount_cents: 5_000, pay_cents: 5_000, pay_method: 'coins', status: 'delivered' }).execute();
    await buyCoins(who, 50_000, { open: true });
    expect(await activity()).toMatchObject({ level: 2, total_paid_cents: 10_000, next_level_cents: 50_000 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/api/user/changeLevelCoupon', { level: 2 }, who)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === MONEY_MSG.levelClaimed)).toHaveLength(9);
    const given = answers.find((a) => a.code === 1)!.data;
    const coupon = await db().selectFrom('user_coupons').selectAll().where('id', '=', given.id).executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ user_id: who.id, coupon_id: given.coupon_id, source: 'activity' });
    expect(await call('/api/user/changeLevelCoupon', { level: 1 }, who)).toMatchObject({ code: 1 });
    expect(await call('/api/user/changeLevelCoupon', { level: 3 }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.levelLow });
    expect((await activity()).coupons.slice(0, 3).map((c: { claimed: boolean; can_claim: boolean }) => [c.claimed, c.can_claim])).toEqual([
      [true, false],
      [true, false],
      [false, false],
    ]);
    expect((await activity()).coupons[1]).toMatchObject({ amount_cents: LEVELS[1]!.coupon.amount_cents, name: LEVELS[1]!.coupon.name });

    // The next China-time month: again.
    const month = new Date(clock.current + CHINA_OFFSET_MS).toISOString().slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const nextMonth = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
    clock.advance(chinaAt(nextMonth, 0) - 1_000 - clock.current);
    expect(await call('/api/user/changeLevelCoupon', { level: 2 }, who)).toMatchObject({ code: -1, msg: MONEY_MSG.levelClaimed });
    clock.advance(2_000);
    expect(await call('/api/user/changeLevelCoupon', { level: 2 }, who)).toMatchObject({ code: 1 });
    expect(await db().selectFrom('level_coupon_claims').select('month').where('user_id', '=', who.id).where('level', '=', 2).orderBy('month').execute()).toEqual([{ month }, { month: nextMonth.slice(0, 7) }]);
  });

  it('serves the money texts with the rules’ own figures', async () => {
    const guide = await call('/api/down/getMoneyText', { key: 'topup_guide' });
    expect(guide).toMatchObject({ code: 1, data: { title: '充值指南' } });
    const teen = SPEND_CAPS['8-16']!;
    expect(guide.data.content).toContain(`单次充值不超过${teen.perPayment / 100}元，每月累计不超过${teen.perMonth / 100}元`);
    expect(guide.data.content).toContain('未满8周岁的用户不能充值');
    expect(guide.data.content).toContain('1元=1乐玩币');
    const money = await call('/api/down/getMoneyText', { key: 'money_instruction' });
    expect(money.data.content).toContain('退回到余额');
    expect(money.data.content).toContain('提现');
    const coupons = await call('/api/down/getMoneyText', { key: 'coupon_instruction' });
    expect(coupons.data).toMatchObject({ title: '优惠券使用说明' });
    expect(coupons.data.content).toContain('每笔订单最多使用一张代金券');
    expect(coupons.data.content).toContain('自动释放');
    expect(await call('/api/down/getMoneyText', { key: 'nope' })).toMatchObject({ code: -1, msg: MONEY_MSG.textMissing });
  });
});
