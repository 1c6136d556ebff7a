import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import {
  WALLET_NOT_WITHDRAWABLE_NOTE,
  WITHDRAW_DAILY_CENTS,
  WITHDRAW_DAILY_COUNT,
  WITHDRAW_MAX_CENTS,
  WITHDRAW_MIN_CENTS,
  WITHDRAW_MSG,
  wrongStateMessage,
} from '../../api/protocol/withdraw-rules.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { balanceOf, checkLedger, platform, player, post } from '../money/ledger.ts';
import { INCOME } from '../rewards/accounts.ts';

/**
 * Withdrawals through the real server: every rule of the request (fields, real
 * name, adults only, the payee's name, daily count and amount, the withdrawable part of 余额, a
 * request_id retried), 20 concurrent submits against a small income, the staff review (approve →
 * paid | rejected, double clicks racing, pay racing reject), the roles, the player's messages and
 * records, and the ledger re-added at the end.
 */

// 2026-03-02 10:00 China time.
const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('withdrawals on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let finance: StaffCredentials;
  const m = moneyHarness(() => server, clock, kind === 'pglite' ? '1390020' : '1390021');
  const db = () => server.database.db;
  let requests = 0;
  const rid = () => `wd-${kind}-${String(++requests).padStart(12, '0')}`;
  const submit = (who: MoneyPlayer, fields: Record<string, unknown>, source: 'income' | 'wallet' = 'income') =>
    m.call(source === 'income' ? '/api/user/profitTixian' : '/api/user/balanceTixian', { request_id: rid(), amount_cents: 1000, alipay_account: '13800138000', payee_name: '张三', ...fields }, who);
  const info = async (who: MoneyPlayer) => (await m.call('/api/user/getWithdrawInfo', {}, who)).data;
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = finance) => staffCall(server.url, path, payload, who);

  /** Invitation income, as the invitation slice will credit it: from invite_share_expense, in a transaction. */
  const giveIncome = (who: MoneyPlayer, cents: number) =>
    db()
      .transaction()
      .execute((trx) => post(trx, { reference: `test:income:${randomUUID()}`, kind: 'invite_share', memo: '邀请收益', transfers: [{ from: platform('invite_share_expense'), to: player(who.id, INCOME), amount: cents }] }));
  const giveWallet = (who: MoneyPlayer, cents: number, kind: string) =>
    db()
      .transaction()
      .execute((trx) => post(trx, { reference: `test:wallet:${randomUUID()}`, kind, transfers: [{ from: platform('platform_liabilities'), to: player(who.id, 'wallet'), amount: cents }] }));
  const messagesOf = (who: MoneyPlayer) => db().selectFrom('messages').select(['title', 'content', 'kind', 'link', 'source_ref']).where('user_id', '=', who.id).where('source_ref', 'like', 'withdrawal:%').orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    finance = await signedInStaff(db(), 'finance', new Date(clock.current));
  });
  afterAll(() => server.close());

  it('refuses without real name, for minors, a wrong payee, malformed fields; takes a request once per request_id', async () => {
    const unverified = await m.signUp(null);
    expect(await info(unverified)).toMatchObject({ real_name: { verified: false, name_masked: '', adult: false }, income_cents: 0, wallet_cents: 0 });
    expect(await submit(unverified, {})).toMatchObject({ code: -1, msg: WITHDRAW_MSG.needRealName });
    const minor = await m.signUp('2012-05-01');
    await giveIncome(minor, 5000);
    expect((await info(minor)).real_name).toEqual({ verified: true, name_masked: '张*', adult: false });
    expect(await submit(minor, {})).toMatchObject({ code: -1, msg: WITHDRAW_MSG.minor });

    const alice = await m.signUp();
    await giveIncome(alice, 5000);
    expect(await info(alice)).toEqual({
      real_name: { verified: true, name_masked: '张*', adult: true },
      income_cents: 5000,
      wallet_cents: 0,
      wallet_withdrawable_cents: 0,
      wallet_note: WALLET_NOT_WITHDRAWABLE_NOTE,
      limits: { min_cents: WITHDRAW_MIN_CENTS, max_cents: WITHDRAW_MAX_CENTS, daily_count: WITHDRAW_DAILY_COUNT, daily_cents: WITHDRAW_DAILY_CENTS },
      today: { count: 0, amount_cents: 0 },
    });
    const refusals: [Record<string, unknown>, string][] = [
      [{ request_id: 'short' }, WITHDRAW_MSG.badRequestId],
      [{ amount_cents: undefined }, WITHDRAW_MSG.amountMissing],
      [{ amount_cents: '10.5' }, WITHDRAW_MSG.amountFormat],
      [{ amount_cents: WITHDRAW_MIN_CENTS - 1 }, WITHDRAW_MSG.amountMin],
      [{ amount_cents: WITHDRAW_MAX_CENTS + 1 }, WITHDRAW_MSG.amountMax],
      [{ alipay_account: '' }, WITHDRAW_MSG.accountMissing],
      [{ alipay_account: '12800138000' }, WITHDRAW_MSG.accountBad],
      [{ alipay_account: 'someone@' }, WITHDRAW_MSG.accountBad],
      [{ payee_name: '' }, WITHDRAW_MSG.nameMissing],
      [{ payee_name: '张' }, WITHDRAW_MSG.nameBad],
      [{ payee_name: '李四' }, WITHDRAW_MSG.nameMismatch],
      [{ amount_cents: 6000 }, WITHDRAW_MSG.incomeShort],
    ];
    for (const [fields, msg] of refusals) expect(await submit(alice, fields), JSON.stringify(fields)).toEqual({ code: -1, msg, data: null });
    expect(await balanceOf(db(), player(alice.id, INCOME))).toBe(5000);

    const requestId = rid();
    const first = await submit(alice, { request_id: requestId, amount_cents: 2000, alipay_account: ' Pay.Me@Example.COM ', payee_name: ' 张 三 ' });
    expect(first).toMatchObject({ code: 1, msg: WITHDRAW_MSG.submitted, data: { created: true, withdrawal: { source: 'income', amount_cents: 2000, alipay_account: 'p***@example.com', status: 'submitted', status_text: '审核中', reject_reason: null } } });
    // The retry of the same request (the account and payee as typed, checked the same) answers it…
    const again = await submit(alice, { request_id: requestId, amount_cents: 2000, alipay_account: 'pay.me@example.com', payee_name: '张三' });
    expect(again.data).toEqual({ ...first.data, created: false });
    // …and the same request_id asking for anything else is refused, never answered with the first.
    for (const other of [{ amount_cents: 4000 }, { amount_cents: 2000 }, { amount_cents: 2000, alipay_account: 'pay.me@example.com', payee_name: '李四' }]) {
      expect(await submit(alice, { request_id: requestId, ...other }), JSON.stringify(other)).toEqual({ code: -1, msg: WITHDRAW_MSG.requestReused, data: null });
    }
    expect(await submit(alice, { request_id: requestId, amount_cents: 2000, alipay_account: 'pay.me@example.com', payee_name: '张三' }, 'wallet')).toEqual({ code: -1, msg: WITHDRAW_MSG.requestReused, data: null });
    expect(await balanceOf(db(), player(alice.id, INCOME))).toBe(3000);
    expect(await balanceOf(db(), platform('withdrawals_pending'))).toBe(2000);
    expect((await db().selectFrom('withdrawals').select(['alipay_account', 'payee_name_sealed']).where('id', '=', first.data.withdrawal.id).executeTakeFirstOrThrow()).payee_name_sealed).not.toContain('张');
    expect(await messagesOf(alice)).toEqual([
      { kind: 'system', title: '提现申请已提交', content: expect.stringContaining('从收益提现¥20.00'), link: { path: '/incomewithdrawals' }, source_ref: `withdrawal:${first.data.withdrawal.id}:submitted` },
    ]);
    expect((await info(alice)).today).toEqual({ count: 1, amount_cents: 2000 });
  });

  it('余额: only the credits of the withdrawable kinds, less what was withdrawn; daily count and amount per China day', async () => {
    const bob = await m.signUp();
    await giveWallet(bob, 5000, 'refund');
    expect(await info(bob)).toMatchObject({ wallet_cents: 5000, wallet_withdrawable_cents: 0, wallet_note: WALLET_NOT_WITHDRAWABLE_NOTE });
    expect(await submit(bob, {}, 'wallet')).toMatchObject({ code: -1, msg: WITHDRAW_MSG.walletShort });
    await giveWallet(bob, 3000, 'trade_proceeds');
    expect(await info(bob)).toMatchObject({ wallet_cents: 8000, wallet_withdrawable_cents: 3000, wallet_note: '' });
    expect(await submit(bob, { amount_cents: 2000 }, 'wallet')).toMatchObject({ code: 1, data: { withdrawal: { source: 'wallet', amount_cents: 2000, alipay_account: '138****8000' } } });
    expect(await info(bob)).toMatchObject({ wallet_cents: 6000, wallet_withdrawable_cents: 1000 });
    expect(await submit(bob, { amount_cents: 1500 }, 'wallet')).toMatchObject({ code: -1, msg: WITHDRAW_MSG.walletShort });

    // Daily count: 3 a China day (rejected ones are not counted).
    await giveIncome(bob, 10_000);
    expect(await submit(bob, {})).toMatchObject({ code: 1 });
    const third = await submit(bob, {});
    expect(third).toMatchObject({ code: 1 });
    expect(await submit(bob, {})).toEqual({ code: -1, msg: WITHDRAW_MSG.dailyCount, data: null });
    expect((await staff('/staff/api/withdrawals/reject', { id: third.data.withdrawal.id, reason: '账号信息有误' })).body.code).toBe(1);
    expect(await submit(bob, {})).toMatchObject({ code: 1 });
    expect(await submit(bob, {})).toMatchObject({ code: -1, msg: WITHDRAW_MSG.dailyCount });
    // 23:59:59 China time is the same day; 00:00 the next.
    const nextDay = Date.UTC(2026, 2, 2, 16, 0, 0);
    clock.advance(nextDay - 1000 - clock.current);
    expect(await submit(bob, {})).toMatchObject({ code: -1, msg: WITHDRAW_MSG.dailyCount });
    clock.advance(nextDay - clock.current);
    expect(await submit(bob, {})).toMatchObject({ code: 1 });

    // Daily amount: ¥10,000 a day.
    const rich = await m.signUp();
    await giveIncome(rich, 2 * WITHDRAW_DAILY_CENTS);
    expect(await submit(rich, { amount_cents: WITHDRAW_MAX_CENTS })).toMatchObject({ code: 1 });
    expect(await submit(rich, { amount_cents: WITHDRAW_DAILY_CENTS - WITHDRAW_MAX_CENTS })).toMatchObject({ code: 1 });
    expect(await submit(rich, { amount_cents: WITHDRAW_MIN_CENTS })).toEqual({ code: -1, msg: WITHDRAW_MSG.dailyAmount, data: null });

    // A player sees only their own records.
    const bobs = await m.call('/api/user/getWithdrawList', { limit: 50 }, bob);
    expect(bobs.data.total).toBe(5);
    expect(bobs.data.list.map((w: { status_text: string }) => w.status_text)).toEqual(['审核中', '审核中', '已驳回', '审核中', '审核中']);
    expect(bobs.data.list[2]).toMatchObject({ status: 'rejected', reject_reason: '账号信息有误' });
    const richs = await m.call('/api/user/getWithdrawList', {}, rich);
    expect(richs.data.list.map((w: { id: number }) => w.id).some((id: number) => bobs.data.list.some((b: { id: number }) => b.id === id))).toBe(false);
    expect((await m.call('/api/user/getWithdrawList', { page: 2, limit: 2 }, bob)).data).toMatchObject({ page: 2, limit: 2, total: 5, list: [{}, {}] });
    clock.advance(DAY);
  });

  it('20 concurrent submits, same and different request_ids, against a small income: one request per id, never below zero', async () => {
    const carol = await m.signUp();
    await giveIncome(carol, 3500);
    const same = rid();
    const burst = await Promise.all(Array.from({ length: 10 }, () => submit(carol, { request_id: same, amount_cents: 1000 })));
    expect(burst.every((a) => a.code === 1)).toBe(true);
    expect(new Set(burst.map((a) => a.data.withdrawal.id)).size).toBe(1);
    expect(burst.filter((a) => a.data.created).length).toBe(1);
    expect(await balanceOf(db(), player(carol.id, INCOME))).toBe(2500);

    const spread = await Promise.all(Array.from({ length: 10 }, () => submit(carol, { amount_cents: 1500 })));
    expect(spread.filter((a) => a.code === 1).length).toBe(1);
    expect(spread.filter((a) => a.code === -1).map((a) => a.msg)).toEqual(Array(9).fill(WITHDRAW_MSG.incomeShort));
    expect(await balanceOf(db(), player(carol.id, INCOME))).toBe(1000);
    const rows = await db().selectFrom('withdrawals').select(['amount_cents']).where('user_id', '=', carol.id).execute();
    expect(rows.map((r) => r.amount_cents).sort()).toEqual([1000, 1500]);
    expect((await messagesOf(carol)).length).toBe(2);
  });

  it('ten submits at once with one request_id and two amounts: one request made, its retries answered, the others refused', async () => {
    const erin = await m.signUp();
    await giveIncome(erin, 2500);
    // One new request_id, ten at once asking two different amounts: one request is made; the
    // retries of its amount answer it, the others are refused as a reused request_id.
    const mixed = rid();
    const race = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(erin, { request_id: mixed, amount_cents: i % 2 === 0 ? 1000 : 1100 })));
    const made = race.filter((a) => a.code === 1);
    expect(made.filter((a) => a.data.created).length).toBe(1);
    const amount = made[0]!.data.withdrawal.amount_cents as number;
    expect(made.length).toBe(5);
    expect(made.every((a) => a.data.withdrawal.amount_cents === amount && a.data.withdrawal.id === made[0]!.data.withdrawal.id)).toBe(true);
    expect(race.filter((a) => a.code === -1).map((a) => a.msg)).toEqual(Array(5).fill(WITHDRAW_MSG.requestReused));
    expect(await balanceOf(db(), player(erin.id, INCOME))).toBe(2500 - amount);
    expect((await db().selectFrom('withdrawals').select('id').where('user_id', '=', erin.id).execute()).length).toBe(1);
  });

  it('staff review: approve → paid | rejected, money to platform_cash or back, a message each; racing clicks; roles; audited', async () => {
    // A fresh session: the clock moved a day on (sessions end after 30 idle minutes).
    finance = await signedInStaff(db(), 'finance', new Date(clock.current));
    const dave = await m.signUp();
    await giveIncome(dave, 10_000);
    const a = (await submit(dave, { amount_cents: 3000 })).data.withdrawal.id as number;
    const b = (await submit(dave, { amount_cents: 2000 })).data.withdrawal.id as number;
    const c = (await submit(dave, { amount_cents: 1000 })).data.withdrawal.id as number;
    const cashBefore = await balanceOf(db(), platform('platform_cash'));
    const pendingBefore = await balanceOf(db(), platform('withdrawals_pending'));

    const queue = await staff('/staff/api/withdrawals/list', { limit: 50 });
    expect(queue.body.code).toBe(1);
    const item = queue.body.data.list.find((w: { id: number }) => w.id === a);
    expect(item).toMatchObject({ id: a, status: 'submitted', status_text: '审核中', amount_cents: 3000, alipay_account: '13800138000', payee_name: '张三', source: 'income', user: { id: dave.id } });
    expect(item.user.phone).toMatch(/^139\*{4}\d{4}$/);
    expect(queue.body.data.counts.submitted).toBe(queue.body.data.total);

    // Double clicks: of two approves one wins.
    const approvals = await Promise.all([staff('/staff/api/withdrawals/approve', { id: a }), staff('/staff/api/withdrawals/approve', { id: a })]);
    expect(approvals.map((r) => r.body.code).sort()).toEqual([-1, 1]);
    expect(approvals.find((r) => r.body.code === -1)!.body.msg).toBe(wrongStateMessage('approved'));
    expect(approvals.find((r) => r.body.code === 1)!.body).toMatchObject({ msg: WITHDRAW_MSG.approved, data: { withdrawal: { id: a, status: 'approved' } } });
    // Pay needs approval first; a payout reference is required.
    expect((await staff('/staff/api/withdrawals/pay', { id: b, payout_ref: 'ALI-1' })).body).toEqual({ code: -1, msg: wrongStateMessage('submitted'), data: null });
    expect((await staff('/staff/api/withdrawals/pay', { id: a, payout_ref: ' ' })).body).toEqual({ code: -1, msg: WITHDRAW_MSG.payoutMissing, data: null });
    expect((await staff('/staff/api/withdrawals/reject', { id: b, reason: '' })).body).toEqual({ code: -1, msg: WITHDRAW_MSG.reasonMissing, data: null });
    expect((await staff('/staff/api/withdrawals/approve', { id: 987_654 })).body).toEqual({ code: -1, msg: WITHDRAW_MSG.missing, data: null });
    // Pay racing reject on an approved request: exactly one wins.
    const race = await Promise.all([staff('/staff/api/withdrawals/pay', { id: a, payout_ref: '2026030222001' }), staff('/staff/api/withdrawals/reject', { id: a, reason: '重复申请' })]);
    expect(race.map((r) => r.body.code).sort()).toEqual([-1, 1]);
    const paidWon = race[0]!.body.code === 1;
    // Double reject of a submitted one: one wins, the money goes back once.
    const rejects = await Promise.all([staff('/staff/api/withdrawals/reject', { id: b, reason: '支付宝账号与姓名不符' }), staff('/staff/api/withdrawals/reject', { id: b, reason: '支付宝账号与姓名不符' })]);
    expect(rejects.map((r) => r.body.code).sort()).toEqual([-1, 1]);
    expect((await staff('/staff/api/withdrawals/approve', { id: b })).body.msg).toBe(wrongStateMessage('rejected'));
    // c: approve then pay.
    expect((await staff('/staff/api/withdrawals/approve', { id: c })).body.code).toBe(1);
    const paid = await staff('/staff/api/withdrawals/pay', { id: c, payout_ref: 'ALI-20260302-3' });
    expect(paid.body).toMatchObject({ code: 1, msg: WITHDRAW_MSG.paid, data: { withdrawal: { id: c, status: 'paid', status_text: '已到账', payout_ref: 'ALI-20260302-3' } } });
    expect((await staff('/staff/api/withdrawals/reject', { id: c, reason: '晚了' })).body.msg).toBe(wrongStateMessage('paid'));

    const paidCents = 1000 + (paidWon ? 3000 : 0);
    const returned = 2000 + (paidWon ? 0 : 3000);
    expect(await balanceOf(db(), player(dave.id, INCOME))).toBe(10_000 - 6000 + returned);
    expect(await balanceOf(db(), platform('platform_cash'))).toBe(cashBefore + paidCents);
    expect(await balanceOf(db(), platform('withdrawals_pending'))).toBe(pendingBefore - 6000);

    const titles = (await messagesOf(dave)).map((msg) => `${msg.source_ref} ${msg.title}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        `withdrawal:${a}:approved 提现申请已通过`,
        paidWon ? `withdrawal:${a}:paid 提现已到账` : `withdrawal:${a}:rejected 提现申请被驳回`,
        `withdrawal:${b}:rejected 提现申请被驳回`,
        `withdrawal:${c}:paid 提现已到账`,
      ]),
    );
    expect(titles).toHaveLength(3 + 2 + 1 + 2);
    const rejectedMsg = (await messagesOf(dave)).find((msg) => msg.source_ref === `withdrawal:${b}:rejected`)!;
    expect(rejectedMsg.content).toContain('支付宝账号与姓名不符');
    expect(rejectedMsg.content).toContain('¥20.00已退回您的收益');

    const audit = await db().selectFrom('staff_audit').select(['action', 'target', 'before', 'after', 'staff_id']).where('target', 'in', [`withdrawal:${a}`, `withdrawal:${b}`, `withdrawal:${c}`]).orderBy('id').execute();
    expect(audit.map((row) => `${row.action} ${row.target}`)).toEqual([
      `withdrawals.approve withdrawal:${a}`,
      `${paidWon ? 'withdrawals.pay' : 'withdrawals.reject'} withdrawal:${a}`,
      `withdrawals.reject withdrawal:${b}`,
      `withdrawals.approve withdrawal:${c}`,
      `withdrawals.pay withdrawal:${c}`,
    ]);
    expect(audit.every((row) => row.staff_id === finance.account.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('张三');

    // The player's record shows each state.
    const records = (await m.call('/api/user/getWithdrawList', {}, dave)).data.list;
    expect(records.find((w: { id: number }) => w.id === b)).toMatchObject({ status: 'rejected', status_text: '已驳回', reject_reason: '支付宝账号与姓名不符' });
    expect(records.find((w: { id: number }) => w.id === c)).toMatchObject({ status: 'paid', status_text: '已到账' });
    expect((await staff('/staff/api/withdrawals/list', { status: 'paid' })).body.data.list[0]).toMatchObject({ id: c });

    // Roles: finance and admin only (the console's 403 answer).
    const admin = await signedInStaff(db(), 'admin', new Date(clock.current));
    expect((await staff('/staff/api/withdrawals/list', { status: 'rejected' }, admin)).body.code).toBe(1);
    for (const role of ['agent', 'reviewer'] as const) {
      const who = await signedInStaff(db(), role, new Date(clock.current));
      for (const [path, payload] of [
        ['/staff/api/withdrawals/list', {}],
        ['/staff/api/withdrawals/approve', { id: a }],
        ['/staff/api/withdrawals/pay', { id: a, payout_ref: 'x' }],
        ['/staff/api/withdrawals/reject', { id: a, reason: 'x' }],
      ] as const) {
        const answer = await staff(path, payload, who);
        expect(answer.body, `${role} ${path}`).toMatchObject({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden });
      }
    }
    expect((await staff('/staff/api/withdrawals/list', { status: 'done' })).body).toEqual({ code: -1, msg: WITHDRAW_MSG.badStatus, data: null });
  });

  it('收益说明 states the rules with the figures of the module that enforces them', async () => {
    const text = await m.call('/api/down/getMoneyText', { key: 'money_instruction' });
    expect(text.data.title).toBe('钱包与收益说明');
    expect(text.data.content).toContain(`单笔不少于${WITHDRAW_MIN_CENTS / 100}元、不超过${WITHDRAW_MAX_CENTS / 100}元`);
    expect(text.data.content).toContain(`最多申请${WITHDRAW_DAILY_COUNT}笔，累计不超过${WITHDRAW_DAILY_CENTS / 100}元`);
    expect(text.data.content).toContain('不能提现');
    // The invitation share's sentence is written in from invite_settings when served, so it follows a change.
    expect(text.data.content).toContain('注册后180天内，其每笔通过在线支付成功的乐玩币充值和游戏充值金额的5%计入您的收益');
    expect(text.data.content).not.toContain('{{');
    await db().updateTable('invite_settings').set({ share_bp: 750, share_days: 90 }).where('id', '=', 1).execute();
    const changed = await m.call('/api/down/getMoneyText', { key: 'money_instruction' });
    expect(changed.data.content).toContain('注册后90天内，其每笔通过在线支付成功的乐玩币充值和游戏充值金额的7.5%计入您的收益');
    await db().updateTable('invite_settings').set({ share_bp: 500, share_days: 180 }).where('id', '=', 1).execute();
  });

  it('the ledger adds up after all of it', async () => {
    const report = await checkLedger(db());
    expect(report.problems).toEqual([]);
    const negative = await db().selectFrom('ledger_accounts').select('id').where('user_id', 'is not', null).where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
