import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tests/helpers/eventually.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { DAY_MS } from '../china-time.ts';
import { balanceOf, checkLedger, player } from '../money/ledger.ts';
import { CHECK_IN_MSG, checkIn, MAKEUP_COST, STREAK_POINTS } from './check-in.ts';
import { TASK_MSG } from './engine.ts';
import { expirePoints, expiringNotice } from './expiry.ts';

/** Wednesday 2026-03-04 10:00 China time. */
const START = Date.parse('2026-03-04T10:00:00+08:00');

/** A valid 8×8 grey PNG (the avatar upload re-encodes it). */
function tinyPng(seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    let crc = ~0;
    for (const byte of body) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(~crc >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc(8 * 9);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) rows[y * 9 + 1 + x] = (x * 31 + y * 17 + seed) & 255;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(DATABASE_KINDS)('tasks, check-in and points on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1382000');
  const db = () => server.database.db;
  const points = (p: MoneyPlayer) => balanceOf(db(), player(p.id, 'points'));
  const taskId = async (code: string) => (await db().selectFrom('task_definitions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const states = async (p: MoneyPlayer) => {
    const daily = (await h.call('/api/user/getTaskPoint', {}, p)).data;
    const novice = (await h.call('/api/user/getNoviceTaskStatus', {}, p)).data;
    const all = [...daily.daily, ...daily.achievement, ...novice.list] as { code: string; state: number; progress: number }[];
    return Object.fromEntries(all.map((t) => [t.code, `${t.state}:${t.progress}`]));
  };
  const claim = async (p: MoneyPlayer, code: string) => h.call('/api/user/achieveTask', { task_id: await taskId(code) }, p);
  /** Moves the clock to hh:mm China time on the day `days` after the current China day. */
  const moveTo = (days: number, time: string) => {
    const today = new Date(clock.current + 8 * 3600_000).toISOString().slice(0, 10);
    const target = Date.parse(`${today}T${time}:00+08:00`) + days * DAY_MS;
    expect(target).toBeGreaterThan(clock.current);
    clock.advance(target - clock.current);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());

  it('every hook is fed by the real call: download point 49, paid order, gift claim, real name, avatar; each counts once; claims pay through the ledger', async () => {
    const p = await h.signUp(); // realNameAuth inside: 实名认证 becomes claimable
    const game = await db().selectFrom('games as g').innerJoin('platform_games as pg', 'pg.game_id', 'g.id').select(['g.id', 'pg.id as pg']).where('pg.is_h5', '=', false).orderBy('g.id').executeTakeFirstOrThrow();
    let s = await states(p);
    expect(s).toMatchObject({ daily_download: '0:0', novice_download: '0:0', novice_real_name: '1:1', daily_recharge: '0:0', daily_gift: '0:0', novice_avatar: '0:0' });

    // Not a download point, an anonymous one, an unknown game: nothing moves.
    await h.call('/point', { point_title: '下载开始', point_id: 48, game_id: game.id, platform_game_id: game.pg }, p);
    await h.call('/point', { point_title: '下载完成', point_id: 49, game_id: game.id, platform_game_id: game.pg });
    await h.call('/point', { point_title: '下载完成', point_id: 49, game_id: 999_999, platform_game_id: game.pg }, p);
    expect(await states(p)).toMatchObject({ daily_download: '0:0', novice_download: '0:0' });
    // The real one, reported twice: counted once.
    for (let i = 0; i < 2; i++) expect(await h.call('/point', { point_title: '下载完成', point_id: 49, game_id: game.id, platform_game_id: game.pg }, p)).toMatchObject({ code: 1 });
    expect(await db().selectFrom('task_events').select('source_ref').where('user_id', '=', p.id).where('event', '=', 'download').execute()).toHaveLength(1);
    s = await states(p);
    expect(s).toMatchObject({ daily_download: '1:1', novice_download: '1:1' });
    const clicked = (await h.call('/api/user/myClickGame', {}, p)).data.list;
    expect(clicked.map((g: { game_id: number }) => g.game_id)).toEqual([game.id]);

    // A paid coins order (the sandbox cashier, then its notification).
    const order = (await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'coins', amount_cents: 600 }, p)).data;
    expect((await h.payAtCashier(order.pay_url)).status).toBe(303);
    // The sandbox's notification reaches the merchant endpoint asynchronously.
    await eventually(async () => expect(await h.call('/api/order/getOneOrder', { order_number: order.order_number }, p)).toMatchObject({ data: { status: 'delivered' } }));
    expect(await states(p)).toMatchObject({ daily_recharge: '1:1', novice_recharge: '1:1' });

    // A gift pack claimed (and asked again: 已领取, no second count).
    const pack = await db().selectFrom('gift_packs as gp').select('gp.id').where('gp.valid_until', '>', new Date(clock.current)).where((eb) => eb.exists(eb.selectFrom('gift_codes as gc').select('gc.id').whereRef('gc.pack_id', '=', 'gp.id').where('gc.claimed_at', 'is', null))).orderBy('gp.id').executeTakeFirstOrThrow();
    expect(await h.call('/api/game/receiveGift', { gift_id: pack.id }, p)).toMatchObject({ code: 1 });
    expect(await h.call('/api/game/receiveGift', { gift_id: pack.id }, p)).toMatchObject({ code: 1, msg: '已领取' });
    expect(await states(p)).toMatchObject({ daily_gift: '1:1', achievement_gift_10: '0:1' });

    // An avatar uploaded and set.
    const ticket = (await h.call('/api/upload/getUploadTos', { purpose: 'avatar' }, p)).data.url;
    const uploaded = await fetch(server.url + ticket, { method: 'POST', headers: { 'content-type': 'image/png', authorization: `Bearer ${p.token}`, 'x-user-uuid': p.uuid }, body: new Uint8Array(tinyPng(p.id)) });
    const key = ((await uploaded.json()) as { data: { key: string } }).data.key;
    expect(await h.call('/api/user/headerImgEdit', { image: key }, p)).toMatchObject({ code: 1 });
    expect(await states(p)).toMatchObject({ novice_avatar: '1:1' });

    // Claims: each once, through the ledger; the count and the record follow.
    expect((await h.call('/api/user/getPointTaskNum', {}, p)).data).toMatchObject({ points: 0, claimable: 7 });
    const rewards = { daily_download: 10, novice_download: 30, daily_recharge: 20, novice_recharge: 50, daily_gift: 5, novice_avatar: 20, novice_real_name: 50 };
    let total = 0;
    for (const [code, reward] of Object.entries(rewards)) {
      total += reward;
      expect(await claim(p, code)).toMatchObject({ code: 1, msg: TASK_MSG.claimed, data: { points: reward, balance: total } });
      expect(await claim(p, code)).toMatchObject({ code: -1, msg: TASK_MSG.already, data: { reason: 'already' } });
    }
    expect(await claim(p, 'daily_share')).toMatchObject({ code: -1, msg: TASK_MSG.notDone, data: { reason: 'notDone' } });
    expect(await h.call('/api/user/achieveTask', { task_id: 999_999 }, p)).toMatchObject({ code: -1, msg: TASK_MSG.missing, data: { reason: 'missing' } });
    expect(await points(p)).toBe(total);
    const novice = (await h.call('/api/user/getNoviceTaskStatus', {}, p)).data;
    expect(novice.all_done).toBe(true);
    expect(novice.list.every((t: { state_text: string }) => t.state_text === '已领取')).toBe(true);
    expect((await h.call('/api/user/getPointTaskNum', {}, p)).data).toMatchObject({ points: total, claimable: 0 });
    const record = (await h.call('/api/user/pointRecord', { limit: 3 }, p)).data;
    expect(record).toMatchObject({ total: 7, balance: total, limit: 3 });
    expect(record.list[0]).toMatchObject({ amount: 50, kind: 'task_reward', title: '任务奖励：实名认证' });
    const over = (await h.call('/api/user/overTask', {}, p)).data;
    expect(over.total).toBe(7);
    expect(over.list[0]).toMatchObject({ title: '实名认证', reward_points: 50, period: 'once' });
  });

  it('20 concurrent claims of one task pay one reward; the ledger balances', async () => {
    const p = await h.signUp();
    const id = await taskId('novice_real_name');
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.call('/api/user/achieveTask', { task_id: id }, p)));
    const won = answers.filter((a) => a.code === 1);
    console.log(`[figure] 20 concurrent achieveTask: ${won.length} reward(s), ${answers.length - won.length} × ${[...new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))].join('/')}`);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === -1).every((a) => a.msg === TASK_MSG.already)).toBe(true);
    expect(await points(p)).toBe(50);
    const txs = await db().selectFrom('ledger_transactions').select('id').where('reference', 'like', `task:${id}:once:user:${p.id}`).execute();
    expect(txs).toHaveLength(1);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('daily periods turn at China midnight: progress before it cannot be claimed after it; validity windows hide and stop tasks', async () => {
    const p = await h.signUp();
    const game = await db().selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    moveTo(1, '23:59');
    await h.call('/point', { point_title: '下载完成', point_id: 49, game_id: game.id }, p);
    expect(await states(p)).toMatchObject({ daily_download: '1:1' });
    moveTo(1, '00:00');
    expect(await states(p)).toMatchObject({ daily_download: '0:0', novice_download: '1:1' });
    expect(await claim(p, 'daily_download')).toMatchObject({ code: -1, msg: TASK_MSG.notDone });
    // The same game downloaded again on the new day counts for the new day.
    await h.call('/point', { point_title: '下载完成', point_id: 49, game_id: game.id }, p);
    expect(await claim(p, 'daily_download')).toMatchObject({ code: 1, data: { points: 10 } });
    const periods = await db().selectFrom('task_progress').select(['period', 'claimed_at']).where('user_id', '=', p.id).where('task_id', '=', await taskId('daily_download')).orderBy('period').execute();
    expect(periods.map((r) => [r.period.length, r.claimed_at !== null])).toEqual([
      [10, false],
      [10, true],
    ]);

    // A task valid from tomorrow is neither listed nor counted today; once valid it is.
    const now = new Date(clock.current);
    await db()
      .insertInto('task_definitions')
      .values({ code: 'test_future_gift', kind: 'daily', event: 'gift_claim', target: 1, reward_points: 3, title: '限时：领取礼包', valid_from: new Date(now.getTime() + DAY_MS), valid_to: new Date(now.getTime() + 2 * DAY_MS), sort_order: 99 })
      .execute();
    expect(Object.keys(await states(p))).not.toContain('test_future_gift');
    const packs = await db().selectFrom('gift_packs as gp').select('gp.id').where('gp.valid_until', '>', new Date(now.getTime() + 3 * DAY_MS)).where((eb) => eb.exists(eb.selectFrom('gift_codes as gc').select('gc.id').whereRef('gc.pack_id', '=', 'gp.id').where('gc.claimed_at', 'is', null))).orderBy('gp.id').limit(2).execute();
    expect(await h.call('/api/game/receiveGift', { gift_id: packs[0]!.id }, p)).toMatchObject({ code: 1 });
    clock.advance(DAY_MS);
    expect(await states(p)).toMatchObject({ test_future_gift: '0:0' });
    expect(await h.call('/api/game/receiveGift', { gift_id: packs[1]!.id }, p)).toMatchObject({ code: 1 });
    expect(await states(p)).toMatchObject({ test_future_gift: '1:1' });
    clock.advance(DAY_MS);
    expect(Object.keys(await states(p))).not.toContain('test_future_gift');
    await db().deleteFrom('task_definitions').where('code', '=', 'test_future_gift').execute();
  });

  it('check-in: a 7-day streak that wraps, breaks on a missed day; makeup only yesterday, before today, 3 a month, 20 points, no points paid', async () => {
    const p = await h.signUp();
    moveTo(1, '09:00');
    let settle = (await h.call('/api/user/getSettle', {}, p)).data;
    expect(settle).toMatchObject({ today_day: 1, checked_today: false, total_days: 0, makeup: { available: true, cost: MAKEUP_COST, left_this_month: 3 } });
    expect(settle.days.map((d: { points: number }) => d.points)).toEqual([...STREAK_POINTS]);
    let earned = 0;
    for (let day = 1; day <= 8; day++) {
      const answer = await h.call('/api/user/signOnPoint', {}, p);
      const streak = ((day - 1) % 7) + 1;
      earned += STREAK_POINTS[streak - 1]!;
      expect(answer).toMatchObject({ code: 1, data: { streak_day: streak, points: STREAK_POINTS[streak - 1], settle: { checked_today: true, today_day: streak } } });
      expect(await h.call('/api/user/signOnPoint', {}, p)).toMatchObject({ code: -1, msg: CHECK_IN_MSG.already, data: { reason: 'already' } });
      expect(await h.call('/api/user/settleAdd', {}, p)).toMatchObject({ code: -1, msg: CHECK_IN_MSG.makeupAfterToday, data: { reason: 'makeupAfterToday' } });
      moveTo(1, '08:00');
    }
    expect(await points(p)).toBe(earned);
    // Yesterday was checked in: no makeup needed. Skip a day: the streak breaks unless made up.
    expect(await h.call('/api/user/settleAdd', {}, p)).toMatchObject({ code: -1, msg: CHECK_IN_MSG.makeupNotNeeded, data: { reason: 'makeupNotNeeded' } });
    moveTo(1, '08:00');
    settle = (await h.call('/api/user/getSettle', {}, p)).data;
    expect(settle).toMatchObject({ today_day: 1, makeup: { available: true } });
    expect(await h.call('/api/user/settleAdd', {}, p)).toMatchObject({ code: 1, msg: CHECK_IN_MSG.makeupDone, data: { streak_day: 2, points: 0, settle: { today_day: 3, checked_today: false } } });
    expect(await points(p)).toBe(earned - MAKEUP_COST);
    expect(await h.call('/api/user/signOnPoint', {}, p)).toMatchObject({ code: 1, data: { streak_day: 3 } });
    // 累计签到 counts makeups too: 10 check-in days so far.
    expect(await states(p)).toMatchObject({ achievement_checkin_30: '0:10' });

    // The monthly limit (China calendar month): three makeups, the fourth is refused.
    const month = () => new Date(clock.current + 8 * 3600_000).toISOString().slice(0, 7);
    const used = async () => Number((await db().selectFrom('check_ins').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', p.id).where('makeup', '=', true).where('day', 'like', `${month()}-%`).executeTakeFirstOrThrow()).n);
    while ((await used()) < 3) {
      moveTo(2, '08:00');
      expect(await h.call('/api/user/settleAdd', {}, p)).toMatchObject({ code: 1 });
    }
    moveTo(2, '08:00');
    if (new Date(clock.current + 8 * 3600_000 - DAY_MS).toISOString().slice(0, 7) === month()) {
      expect(await h.call('/api/user/settleAdd', {}, p)).toMatchObject({ code: -1, msg: CHECK_IN_MSG.makeupMonthly, data: { reason: 'makeupMonthly' } });
      expect((await h.call('/api/user/getSettle', {}, p)).data.makeup).toMatchObject({ available: false, left_this_month: 0, reason: CHECK_IN_MSG.makeupMonthly });
    }
    // Without 20 points a makeup is refused and nothing changes.
    const poor = await h.signUp();
    moveTo(2, '08:00');
    expect(await h.call('/api/user/settleAdd', {}, poor)).toMatchObject({ code: -1, msg: CHECK_IN_MSG.makeupPoints, data: { reason: 'makeupPoints' } });
    expect(await db().selectFrom('check_ins').select('id').where('user_id', '=', poor.id).execute()).toHaveLength(0);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('sharing: only ANOTHER signed-in player opening the link advances 分享一款游戏, once per visitor, game and day', async () => {
    const sharer = await h.signUp();
    const friend = await h.signUp();
    const game = await db().selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    const link = (await h.call('/api/user/getShareLink', { game_id: game.id }, sharer)).data;
    expect(link.url).toContain('/gamedetail?data=');
    expect(JSON.parse(decodeURIComponent(link.url.split('data=')[1]))).toEqual({ game_id: game.id, share: link.code });
    expect((await h.call('/api/user/getShareLink', { game_id: game.id }, sharer)).data.code).toBe(link.code);
    // The sharer's own visits, an anonymous one, an unknown code: nothing.
    expect(await h.call('/api/user/reportShareVisit', { code: link.code, game_id: game.id }, sharer)).toMatchObject({ code: 1, data: { counted: false } });
    expect(await h.call('/api/user/reportShareVisit', { code: link.code, game_id: game.id })).toMatchObject({ code: 1, data: { counted: false } });
    expect(await h.call('/api/user/reportShareVisit', { code: 'ZZZZZZZZ', game_id: game.id }, friend)).toMatchObject({ code: 1, data: { counted: false } });
    expect(await states(sharer)).toMatchObject({ daily_share: '0:0' });
    expect(await h.call('/api/user/reportShareVisit', { code: link.code, game_id: game.id }, friend)).toMatchObject({ code: 1, data: { counted: true } });
    expect(await h.call('/api/user/reportShareVisit', { code: link.code, game_id: game.id }, friend)).toMatchObject({ code: 1, data: { counted: false } });
    expect(await states(sharer)).toMatchObject({ daily_share: '1:1' });
    expect(await states(friend)).toMatchObject({ daily_share: '0:0' });
  });

  it('H5 play minutes come from the play page heartbeat with a live ticket, one minute per beat at most', async () => {
    const p = await h.signUp();
    moveTo(1, '10:00');
    const h5 = await db().selectFrom('platform_games as pg').innerJoin('games as g', 'g.id', 'pg.game_id').select(['pg.id']).where('pg.is_h5', '=', true).where('g.online_at', '<=', new Date(clock.current)).orderBy('pg.id').executeTakeFirstOrThrow();
    const grant = await h.call('/api/game/startPlay', { platform_game_id: h5.id }, p);
    expect(grant).toMatchObject({ code: 1 });
    const ticket = new URL(grant.data.url, server.url).searchParams.get('ticket')!;
    const page = await fetch(`${server.url}${grant.data.url}`);
    expect(await page.text()).toContain('/play/h5-beat.js');
    expect((await fetch(`${server.url}/play/h5-beat.js`)).headers.get('content-type')).toContain('javascript');
    const beat = async (t = ticket, id = h5.id) => {
      const res = await fetch(`${server.url}/play/h5/${id}/beat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: t }) });
      return { status: res.status, body: (await res.json()) as { code: number; data: { minutes: number; counted: boolean } | null } };
    };
    expect((await beat('x'.repeat(32))).body).toMatchObject({ code: -1, data: null });
    expect((await beat(ticket, h5.id + 100_000)).body).toMatchObject({ code: -1, data: null });
    expect((await beat()).body.data).toEqual({ minutes: 0, counted: false });
    // Beats faster than a minute do not count; a long silence is still one minute.
    clock.advance(20_000);
    expect((await beat()).body.data).toEqual({ minutes: 0, counted: false });
    clock.advance(40_000);
    expect((await beat()).body.data).toEqual({ minutes: 1, counted: true });
    clock.advance(5 * 60_000);
    expect((await beat()).body.data).toEqual({ minutes: 2, counted: true });
    for (let i = 0; i < 9; i++) {
      clock.advance(60_000);
      await beat();
    }
    // The ticket lived on past its 10 minutes because the beats extended it.
    expect(await states(p)).toMatchObject({ daily_h5_play: '1:10' });
    expect(await claim(p, 'daily_h5_play')).toMatchObject({ code: 1, data: { points: 10 } });
  });

  it('points expire at the end of the next calendar year: balance minus what was earned since Jan 1 of that year, once', async () => {
    const p = await h.signUp();
    const db0 = db();
    // Earned this year (2026): check-in points; spend part of them.
    moveTo(1, '09:00');
    await h.call('/api/user/signOnPoint', {}, p);
    moveTo(1, '09:00');
    await h.call('/api/user/signOnPoint', {}, p);
    const in2026 = await points(p);
    expect(in2026).toBe(STREAK_POINTS[0] + STREAK_POINTS[1]);
    const notice = (await h.call('/api/user/getPointTaskNum', {}, p)).data.expiring;
    expect(notice).toEqual({ points: 0, expires_at: '2026-12-31T16:00:00.000Z' });
    // 2027 (the session is long gone by then: the engine is driven directly with the clock's time).
    clock.advance(Date.parse('2027-06-01T09:00:00+08:00') - clock.current);
    expect(await checkIn(db0, p.id, new Date(clock.current))).toMatchObject({ ok: true, streak_day: 1 });
    // The 2026 points are now "last year's": they expire at the end of 2027.
    expect(await expiringNotice(db0, p.id, new Date(clock.current))).toEqual({ points: in2026, expires_at: '2027-12-31T16:00:00.000Z', balance: in2026 + STREAK_POINTS[0] });
    // The pass in 2027 expires 2025's points: nothing for this player.
    expect((await expirePoints(db0, new Date(clock.current))).year).toBe(2025);
    expect(await points(p)).toBe(in2026 + STREAK_POINTS[0]);
    // Just before 2028 (China time) nothing; just after, 2026's points go, once.
    expect((await expirePoints(db0, new Date(Date.parse('2027-12-31T23:59:59+08:00')))).year).toBe(2025);
    const first = await expirePoints(db0, new Date(Date.parse('2028-01-01T00:00:00+08:00')));
    expect(first.year).toBe(2026);
    expect(await points(p)).toBe(STREAK_POINTS[0]);
    await expirePoints(db0, new Date(Date.parse('2028-01-01T01:00:00+08:00')));
    expect(await points(p)).toBe(STREAK_POINTS[0]);
    const expired = await db0.selectFrom('ledger_transactions').select(['kind', 'memo']).where('reference', '=', `points:expire:${p.id}:2026`).execute();
    expect(expired).toEqual([{ kind: 'points_expire', memo: '2026年积分过期' }]);
    // In 2028 the 2027 check-in is last year's: it is what will expire at the end of 2028.
    expect(await expiringNotice(db0, p.id, new Date(Date.parse('2028-01-01T01:00:00+08:00')))).toMatchObject({ points: STREAK_POINTS[0] });
    expect((await checkLedger(db0)).problems).toEqual([]);
  });
});
