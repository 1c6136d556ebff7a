import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_MSG } from '../../api/protocol/calls/invite.ts';
import { INVITE_CODE_PATTERN } from '../../api/protocol/invite-code.ts';
import { idFor, moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock } from '../../tests/helpers/wire-client.ts';
import { ANONYMISE_STEPS } from '../cancellation.ts';
import { fetchPost } from '../money/delivery.ts';
import { runNotificationPass } from '../money/jobs.ts';
import { balanceOf, checkLedger, platform, player, post } from '../money/ledger.ts';
import { refundOrder } from '../money/orders.ts';

/** Monday 2026-03-02 10:00 China time. */
const START = Date.parse('2026-03-02T10:00:00+08:00');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(DATABASE_KINDS)('invitations and income on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1391000');
  const at = () => new Date(clock.current);
  let serial = 5000;
  let sends = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, money: { sendAtOnce: false } });
  });
  afterAll(() => server.close());
  beforeEach(() => clock.advance(60_000));

  /** Registers a new phone (or the given one) through trendRegister with an optional invite code; real name when asked. */
  async function register(options: { invite?: string; phone?: string; realName?: boolean } = {}) {
    const phone = options.phone ?? `1391000${String(++serial).padStart(4, '0')}`;
    clock.advance(61_000);
    if (++sends % 10 === 0) clock.advance(HOUR);
    expect(await h.call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await h.call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1, ...(options.invite !== undefined ? { invite_code: options.invite } : {}) });
    expect(answer.code).toBe(200);
    const { id } = await h.db().selectFrom('users').select('id').where('uuid', '=', answer.data.user_uuid).executeTakeFirstOrThrow();
    const who: MoneyPlayer = { token: answer.data.token, uuid: answer.data.user_uuid, id, phone };
    if (options.realName) expect(await h.call('/api/user/realNameAuth', { real_name: '李四', id_card: idFor('1990-01-01') }, who)).toMatchObject({ code: 1 });
    return { who, answer };
  }

  const info = async (who: MoneyPlayer) => {
    const answer = await h.call('/api/user/getInviteInfo', {}, who);
    expect(answer.code).toBe(1);
    return answer.data;
  };
  const messagesOf = async (userId: number, prefix: string) =>
    (await h.db().selectFrom('messages').select(['title', 'source_ref', 'kind']).where('user_id', '=', userId).where('source_ref', 'like', `${prefix}%`).orderBy('id').execute()) as { title: string; source_ref: string; kind: string }[];

  /** A provider-paid order, paid at the sandbox cashier; `duplicates` copies of its notification are delivered at once. */
  async function topUp(who: MoneyPlayer, order: Record<string, unknown>, duplicates = 1) {
    const created = await h.call('/api/order/createOrder', { idempotency_key: h.key(), ...order }, who);
    expect(created.code).toBe(1);
    expect((await h.payAtCashier(created.data.pay_url)).status).toBe(303);
    const note = await h.db().selectFrom('payment_notifications as n').innerJoin('sandbox_trades as t', 't.trade_no', 'n.trade_no').select(['n.url', 'n.body']).where('t.out_trade_no', '=', created.data.order_number).executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: duplicates }, () => fetchPost(note.url, note.body)));
    for (const a of answers) expect((a as { text: string }).text).toBe('success');
    await runNotificationPass(h.db(), at(), fetchPost);
    return created.data as { order_number: string; pay_cents: number };
  }

  const shareLedgerCount = async (orderNumber: string) =>
    Number((await h.db().selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string>().as('n')).where('reference', '=', `invite:share:${orderNumber}`).executeTakeFirstOrThrow()).n);

  it('binding: by the link at registration, unknown and malformed codes register unbound, no self, no rebinding, no mutual, the window, one binding per phone even after cancellation', async () => {
    const { who: a } = await register();
    const first = await info(a);
    expect(first.code).toMatch(INVITE_CODE_PATTERN);
    expect(first).toMatchObject({ share_path: `/?invite=${first.code}`, invited_count: 0, income_total_cents: 0, income_balance_cents: 0, debt_cents: 0, rules: { share_bp: 500, share_days: 180, bind_window_hours: 24 }, inviter: null });
    expect((await info(a)).code).toBe(first.code);

    // B registers through A's link (typed in lower case with spaces): bound; A is told once.
    const { who: b, answer: bAnswer } = await register({ invite: ` ${first.code.toLowerCase()} ` });
    expect(bAnswer.data).toMatchObject({ registered: true, invite: { bound: true, msg: INVITE_MSG.bound } });
    expect(await messagesOf(a.id, 'invite:bind:')).toEqual([{ title: '好友接受了你的邀请', source_ref: `invite:bind:${b.id}`, kind: 'activity' }]);
    expect((await info(b)).inviter).toMatchObject({ phone: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}` });
    expect((await info(b)).can_bind_until).toBeNull();

    // Unknown and malformed codes: registered all the same, not bound, and the answer says so.
    const { who: c, answer: cAnswer } = await register({ invite: 'ZZZZZZ' });
    expect(cAnswer.data).toMatchObject({ registered: true, invite: { bound: false, msg: `${INVITE_MSG.codeUnknown}，已为你正常注册` } });
    const { answer: dAnswer } = await register({ invite: 'not a code!' });
    expect(dAnswer.data).toMatchObject({ registered: true, invite: { bound: false } });
    const { answer: plain } = await register();
    expect(plain.data.invite).toBeUndefined();
    // userRegister (with a password) binds the same way.
    const withPassword = `1391000${String(++serial).padStart(4, '0')}`;
    clock.advance(61_000);
    if (++sends % 10 === 0) clock.advance(HOUR);
    expect(await h.call('/api/login/sendCode', { phone: withPassword, type: '1' })).toMatchObject({ code: 1 });
    const registered = await h.call('/api/login/userRegister', { account: withPassword, phone_code: await devSmsCode(server.url, withPassword), password: 'lewan2026', agree_agreement: 1, invite_code: first.code });
    expect(registered).toMatchObject({ code: 200, data: { registered: true, invite: { bound: true } } });

    // C, within the window: not its own code; A's code binds once; a second code is refused.
    const cCode = (await info(c)).code;
    const cCreated = (await h.db().selectFrom('users').select('created_at').where('id', '=', c.id).executeTakeFirstOrThrow()).created_at;
    expect((await info(c)).can_bind_until).toBe(new Date(new Date(cCreated).getTime() + 24 * HOUR).toISOString());
    expect(await h.call('/api/user/bindInviteCode', { invite_code: cCode }, c)).toMatchObject({ code: -1, msg: INVITE_MSG.self });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: '' }, c)).toMatchObject({ code: -1, msg: INVITE_MSG.codeRequired });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: 'abc' }, c)).toMatchObject({ code: -1, msg: INVITE_MSG.codeUnknown });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: first.code }, c)).toMatchObject({ code: 1, msg: INVITE_MSG.bound });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: first.code }, c)).toMatchObject({ code: -1, msg: INVITE_MSG.alreadyBound });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: (await info(b)).code }, c)).toMatchObject({ code: -1, msg: INVITE_MSG.alreadyBound });

    // Mutual: F invites G; F may not then enter G's code.
    const { who: f } = await register();
    const { who: g } = await register({ invite: (await info(f)).code });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: (await info(g)).code }, f)).toMatchObject({ code: -1, msg: INVITE_MSG.mutual });

    // The window: 24 h after registering, entering a code is closed.
    const { who: late } = await register();
    clock.advance(24 * HOUR);
    expect((await info(late)).can_bind_until).toBeNull();
    expect(await h.call('/api/user/bindInviteCode', { invite_code: first.code }, late)).toMatchObject({ code: -1, msg: INVITE_MSG.windowClosed });

    // Eight concurrent bindings of one fresh player with four inviters' codes: one binding.
    const inviters = await Promise.all([b, f, g, late].map((p) => info(p)));
    const { who: racer } = await register();
    const raced = await Promise.all(inviters.flatMap((i) => [i.code, i.code]).map((code) => h.call('/api/user/bindInviteCode', { invite_code: code }, racer)));
    expect(raced.filter((r) => r.code === 1)).toHaveLength(1);
    expect(Number((await h.db().selectFrom('invite_bindings').select((eb) => eb.fn.countAll<string>().as('n')).where('invitee_id', '=', racer.id).executeTakeFirstOrThrow()).n)).toBe(1);

    // B's account is cancelled (anonymised); the number registers again with another code: not bound.
    await h.db().transaction().execute(async (trx) => {
      for (const step of ANONYMISE_STEPS) await step.run(trx, b.id, at());
    });
    const { who: bAgain, answer: again } = await register({ phone: b.phone, invite: (await info(f)).code });
    expect(bAgain.id).not.toBe(b.id);
    expect(again.data).toMatchObject({ registered: true, invite: { bound: false, msg: `${INVITE_MSG.phoneUsed}，已为你正常注册` } });
    expect(await h.call('/api/user/bindInviteCode', { invite_code: first.code }, bAgain)).toMatchObject({ code: -1, msg: INVITE_MSG.phoneUsed });
    // The cancelled account's own code binds no one.
    const { answer: viaCancelled } = await register({ invite: inviters[0]!.code });
    expect(viaCancelled.data).toMatchObject({ registered: true, invite: { bound: false, msg: `${INVITE_MSG.codeUnknown}，已为你正常注册` } });

    // A's list: C, the password registration and the cancelled B (masked as 已注销), newest first, paged.
    const list = (await h.call('/api/user/getInviteInfoList', { page: 1, limit: 10 }, a)).data;
    expect(list.total).toBe(3);
    const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    expect(list.list.map((r: { phone: string }) => r.phone)).toEqual([masked(c.phone), masked(withPassword), '已注销']);
    expect((await h.call('/api/user/getInviteInfoList', { page: 2, limit: 2 }, a)).data.list.map((r: { phone: string }) => r.phone)).toEqual(['已注销']);
    expect((await info(a)).invited_count).toBe(3);
  });

  it('income: 5 % of provider-paid top-ups once (10 duplicate notifications), none for 乐玩币-paid, clawed back on refund even after a withdrawal, netted, none after the period; the ledger checks clean', async () => {
    const { who: a0 } = await register();
    const code = (await info(a0)).code;
    const { who: b } = await register({ invite: code, realName: true });
    let a = a0;

    // A 乐玩币 top-up of ¥30 through the provider, its notification delivered 10 times at once.
    const coins = await topUp(b, { kind: 'coins', amount_cents: 3000 }, 10);
    expect(await shareLedgerCount(coins.order_number)).toBe(1);
    expect(await balanceOf(h.db(), player(a.id, 'income'))).toBe(150);
    expect(await messagesOf(a.id, 'invite:share:')).toEqual([{ title: '邀请收益到账', source_ref: `invite:share:${coins.order_number}`, kind: 'activity' }]);
    const records = (await h.call('/api/user/downLineOrder', {}, a)).data;
    expect(records).toMatchObject({ total: 1, income_balance_cents: 150 });
    expect(records.list[0]).toMatchObject({ order_number: coins.order_number, order_cents: 3000, share_bp: 500, amount_cents: 150, credited_cents: 150, netted_cents: 0, status: 'credited', clawed_back_at: null });

    // Paid with 乐玩币 (the same money again): no share.
    const { roleId } = await h.role(b);
    const spent = await h.call('/api/order/createOrder', { idempotency_key: h.key(), kind: 'game', amount_cents: 1000, role_id: roleId, pay_method: 'coins' }, b);
    expect(spent).toMatchObject({ code: 1 });
    expect((await h.call('/api/user/downLineOrder', {}, a)).data.total).toBe(1);

    // A game top-up of ¥30 through the provider: +150 (rounded down: ¥0.19 → 0 fen is no record).
    const game = await topUp(b, { kind: 'game', amount_cents: 3000, role_id: roleId });
    expect(await balanceOf(h.db(), player(a.id, 'income'))).toBe(300);

    // A withdraws ¥2.50 of it (the withdrawal slice's movement), then B's game order is refunded:
    // 50 taken back from what is left, 100 carried as debt.
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:withdraw:${a.id}`, kind: 'withdrawal', transfers: [{ from: player(a.id, 'income'), to: platform('withdrawals_pending'), amount: 250 }] }));
    const gameId = (await h.db().selectFrom('orders').select('id').where('order_number', '=', game.order_number).executeTakeFirstOrThrow()).id;
    expect(await refundOrder(h.db(), gameId, at(), '充值发放失败，已退款')).toBe(true);
    expect(await refundOrder(h.db(), gameId, at(), '充值发放失败，已退款')).toBe(false);
    expect(await balanceOf(h.db(), player(a.id, 'income'))).toBe(0);
    expect(await info(a)).toMatchObject({ income_total_cents: 150, income_balance_cents: 0, debt_cents: 100 });
    expect(await messagesOf(a.id, 'invite:clawback:')).toHaveLength(1);
    const clawed = (await h.call('/api/user/downLineOrder', {}, a)).data.list[0];
    expect(clawed).toMatchObject({ order_number: game.order_number, status: 'clawed_back', amount_cents: 150 });

    // Later income nets the debt first: ¥10 → 50 netted; ¥30 → 50 netted, 100 credited.
    await topUp(b, { kind: 'coins', amount_cents: 1000 });
    expect(await info(a)).toMatchObject({ income_balance_cents: 0, debt_cents: 50 });
    const last = await topUp(b, { kind: 'coins', amount_cents: 3000 });
    expect(await info(a)).toMatchObject({ income_total_cents: 150 + 50 + 150, income_balance_cents: 100, debt_cents: 0 });
    expect((await h.call('/api/user/downLineOrder', { page: 1, limit: 1 }, a)).data.list[0]).toMatchObject({ order_number: last.order_number, amount_cents: 150, credited_cents: 100, netted_cents: 50 });
    const invitees = (await h.call('/api/user/getInviteInfoList', {}, a)).data.list;
    expect(invitees).toHaveLength(1);
    expect(invitees[0]).toMatchObject({ income_cents: 350 });

    // 180 days after binding the share ends.
    clock.advance(180 * DAY);
    const { who: bLater } = await register({ phone: b.phone });
    expect(bLater.id).toBe(b.id);
    const after = await topUp(bLater, { kind: 'coins', amount_cents: 3000 });
    expect(await shareLedgerCount(after.order_number)).toBe(0);
    a = (await register({ phone: a.phone })).who;
    expect((await h.call('/api/user/downLineOrder', {}, a)).data.total).toBe(4);

    // An unbound player's top-up moves no income.
    const { who: lone } = await register({ realName: true });
    await topUp(lone, { kind: 'coins', amount_cents: 3000 });
    const expense = await balanceOf(h.db(), platform('invite_share_expense'));
    expect(expense).toBe(-(150 + 150 - 50 + 0 + 100));

    const check = await checkLedger(h.db());
    console.log(`[figure] invite income: 10 duplicate notifications → ${await shareLedgerCount(coins.order_number)} share posting; clawback after withdrawal took 50, debt 100, netted by the next two shares; checkLedger ${check.problems.length} problems`);
    expect(check.problems).toEqual([]);
  });
});
