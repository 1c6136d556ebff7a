import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { COOLING_OFF_MS } from '../../api/protocol/calls/account-cancel.ts';
import { CANCELLED_NICKNAME, CANCEL_CONDITIONS, runCancellationJob, startCancellationJob, tombstonePhone } from '../cancellation.ts';
import { CODE_MSG, CODE_TTL_MS } from '../verification-codes.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { MemoryKvStore } from '../kv-store.ts';
import { CANCEL_MSG } from './account-cancel.ts';
import type { OrderStatus } from '../db/schema.ts';
import { platform, player as ledgerPlayer, post } from '../money/ledger.ts';

const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const HOUR = 3600_000;

type Credentials = { token: string; uuid: string };
interface Player extends Credentials {
  phone: string;
  id: number;
}

/** Sign-up, codes and calls against one server; the clock moves past the SMS limits between sends. */
function harness(server: () => TestServer, clock: ManualClock, prefix: string) {
  let serial = 0;
  const call = (path: string, payload: Record<string, unknown> = {}, who: Credentials | null = null) => wireClient(server().url, clock.now)(path, payload, who);
  const db = () => server().database.db;
  /** Past the per-phone 60 s cooldown (and, hourly, the per-address limit). */
  const nextSendWindow = () => clock.advance(61_000);

  async function signIn(phone: string) {
    nextSendWindow();
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    return call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server().url, phone), agree_agreement: 1 });
  }

  async function signUp(): Promise<Player> {
    const phone = `${prefix}${String(++serial).padStart(4, '0')}`;
    const answer = await signIn(phone);
    expect(answer).toMatchObject({ code: 200, data: { registered: true, cancellation: null } });
    const { id } = await db().selectFrom('users').select('id').where('uuid', '=', answer.data.user_uuid).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, phone, id };
  }

  /** A type-5 code, sent to the account's own phone. */
  async function cancelCode(player: Player): Promise<string> {
    nextSendWindow();
    expect(await call('/api/login/sendCode', { type: '5' }, player)).toMatchObject({ code: 1 });
    return (await devSmsCode(server().url, player.phone))!;
  }

  async function applyCancel(player: Player) {
    return call('/api/user/applyCancel', { phone_code: await cancelCode(player) }, player);
  }

  return { call, db, signIn, signUp, cancelCode, applyCancel };
}

describe.each(DATABASE_KINDS)('account cancellation calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = harness(() => server, clock, '1370000');

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());
  // Every test starts in a fresh hour: SMS sends per address are limited (20 an hour).
  beforeEach(() => clock.advance(HOUR));

  it('every call but the agreement needs a token', async () => {
    for (const path of ['/api/user/getCancelConditions', '/api/user/applyCancel', '/api/user/revokeCancel', '/api/user/getCancelStatus']) {
      expect(await h.call(path, { phone_code: '1234' })).toMatchObject({ code: 105 });
    }
  });

  it('serves the cancellation agreement as site content', async () => {
    const answer = await h.call('/api/user/getCancelRule');
    expect(answer).toMatchObject({ code: 1, data: { title: '乐玩游戏盒账号注销协议', cooling_off_days: 15 } });
    expect(answer.data.content).toContain('15天冷静期');
    expect(answer.data.content).toContain('依法保留');
  });

  it('lists the conditions: a clean account passes them all, with the phone masked', async () => {
    const player = await h.signUp();
    const answer = await h.call('/api/user/getCancelConditions', {}, player);
    expect(answer).toEqual({
      code: 1,
      msg: 'success',
      data: {
        all_passed: true,
        phone: `${player.phone.slice(0, 3)}****${player.phone.slice(-4)}`,
        conditions: [
          { key: 'balance', title: '账号内无乐玩币余额', passed: true, reason: '' },
          { key: 'wallet', title: '账号内无余额', passed: true, reason: '' },
          { key: 'orders', title: '无未完成的订单', passed: true, reason: '' },
          { key: 'income', title: '账号内无邀请收益', passed: true, reason: '' },
          { key: 'withdrawals', title: '无处理中的提现', passed: true, reason: '' },
          { key: 'listings', title: '无出售中的账号', passed: true, reason: '' },
          { key: 'trades', title: '无进行中的账号交易', passed: true, reason: '' },
        ],
      },
    });
    expect(answer.data.conditions).toHaveLength(CANCEL_CONDITIONS.length);
  });

  it('a positive 乐玩币 balance blocks, listed and on apply; the code is not spent', async () => {
    const player = await h.signUp();
    // 30 乐玩币 (3000 fen of 币) given through the ledger.
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:coins:${player.id}`, kind: 'card_benefit', transfers: [{ from: platform('promotion_expense'), to: ledgerPlayer(player.id, 'coins'), amount: 3000 }] }));
    const listed = await h.call('/api/user/getCancelConditions', {}, player);
    expect(listed.data.all_passed).toBe(false);
    expect(listed.data.conditions[0]).toEqual({ key: 'balance', title: '账号内无乐玩币余额', passed: false, reason: '账号内还有30乐玩币，请使用完毕后再申请注销' });
    const code = await h.cancelCode(player);
    expect(await h.call('/api/user/applyCancel', { phone_code: code }, player)).toMatchObject({ code: -1, msg: CANCEL_MSG.conditionsUnmet });
    // Once the balance is spent the same code still works.
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:spend:${player.id}`, kind: 'spend', transfers: [{ from: ledgerPlayer(player.id, 'coins'), to: platform('platform_revenue'), amount: 3000 }] }));
    expect(await h.call('/api/user/applyCancel', { phone_code: code }, player)).toMatchObject({ code: 1, msg: CANCEL_MSG.applied });
  });

  it('a positive 余额 (wallet) blocks', async () => {
    const player = await h.signUp();
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:wallet:${player.id}`, kind: 'refund', transfers: [{ from: platform('platform_liabilities'), to: ledgerPlayer(player.id, 'wallet'), amount: 2550 }] }));
    const listed = await h.call('/api/user/getCancelConditions', {}, player);
    expect(listed.data.conditions[1]).toEqual({ key: 'wallet', title: '账号内无余额', passed: false, reason: '账号内还有余额25.50元，请使用完毕后再申请注销' });
    expect(await h.applyCancel(player)).toMatchObject({ code: -1, msg: CANCEL_MSG.conditionsUnmet });
  });

  it('an income balance blocks; so does a withdrawal in review or approved, until it is paid or rejected', async () => {
    const player = await h.signUp();
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:income:${player.id}`, kind: 'invite_share', transfers: [{ from: platform('invite_share_expense'), to: ledgerPlayer(player.id, 'income'), amount: 1200 }] }));
    const listed = await h.call('/api/user/getCancelConditions', {}, player);
    expect(listed.data.conditions[3]).toEqual({ key: 'income', title: '账号内无邀请收益', passed: false, reason: '账号内还有邀请收益12.00元，请提现后再申请注销' });
    expect(await h.applyCancel(player)).toMatchObject({ code: -1, msg: CANCEL_MSG.conditionsUnmet });
    // The income moved into a withdrawal: the balance is 0, the withdrawal in review still blocks.
    await h.db().transaction().execute((trx) => post(trx, { reference: `test:withdraw:${player.id}`, kind: 'withdrawal', transfers: [{ from: ledgerPlayer(player.id, 'income'), to: platform('withdrawals_pending'), amount: 1200 }] }));
    const row = await h
      .db()
      .insertInto('withdrawals')
      .values({ user_id: player.id, request_id: `cancel-test-${player.id}-0001`, source: 'income', amount_cents: 1200, alipay_account: '13800138000', payee_name_sealed: 'x', status: 'submitted', created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const status of ['submitted', 'approved'] as const) {
      await h.db().updateTable('withdrawals').set({ status }).where('id', '=', row.id).execute();
      const view = await h.call('/api/user/getCancelConditions', {}, player);
      expect(view.data.conditions[3].passed).toBe(true);
      expect(view.data.conditions[4]).toEqual({ key: 'withdrawals', title: '无处理中的提现', passed: false, reason: '有1笔提现正在处理，请等待到账后再申请注销' });
    }
    await h.db().updateTable('withdrawals').set({ status: 'paid' }).where('id', '=', row.id).execute();
    expect(await h.applyCancel(player)).toMatchObject({ code: 1 });
  });

  it('an open order (created, paying, or paid and not yet delivered) blocks; delivered, failed, expired and refunded ones do not', async () => {
    const player = await h.signUp();
    const order = (status: OrderStatus, n: number) =>
      h.db().insertInto('orders').values({ order_number: `C${player.id}-${n}`, user_id: player.id, game_id: 1, platform_game_id: 1, game_name: '斗罗大陆', amount_cents: 600, pay_cents: 600, status }).returning('id').executeTakeFirstOrThrow();
    await order('delivered', 1);
    await order('expired', 2);
    await order('refunded', 3);
    await order('failed', 5);
    expect((await h.call('/api/user/getCancelConditions', {}, player)).data.all_passed).toBe(true);
    for (const [n, status] of [[6, 'created'], [7, 'paid']] as const) {
      const row = await order(status, n);
      expect((await h.call('/api/user/getCancelConditions', {}, player)).data.all_passed).toBe(false);
      await h.db().updateTable('orders').set({ status: 'delivered' }).where('id', '=', row.id).execute();
    }
    const open = await order('paying', 4);
    const listed = await h.call('/api/user/getCancelConditions', {}, player);
    expect(listed.data.conditions[2]).toEqual({ key: 'orders', title: '无未完成的订单', passed: false, reason: '有1笔未完成的订单，请完成支付或取消后再申请注销' });
    expect(await h.applyCancel(player)).toMatchObject({ code: -1, msg: CANCEL_MSG.conditionsUnmet });
    await h.db().updateTable('orders').set({ status: 'delivered' }).where('id', '=', open.id).execute();
    expect(await h.applyCancel(player)).toMatchObject({ code: 1 });
  });

  it('refuses a missing, malformed, wrong, expired or type-1 code, and records nothing', async () => {
    const player = await h.signUp();
    expect(await h.call('/api/user/applyCancel', {}, player)).toMatchObject({ code: -1, msg: '请输入验证码' });
    expect(await h.call('/api/user/applyCancel', { phone_code: '12a4' }, player)).toMatchObject({ code: -1, msg: '验证码错误' });
    // No type-5 code sent yet: a type-1 code of the same phone does not do.
    await h.signIn(player.phone);
    const loginCode = await devSmsCode(server.url, player.phone);
    expect(await h.call('/api/user/applyCancel', { phone_code: loginCode }, player)).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    const code = await h.cancelCode(player);
    const wrong = code === '0000' ? '0001' : '0000';
    expect(await h.call('/api/user/applyCancel', { phone_code: wrong }, player)).toMatchObject({ code: -1, msg: CODE_MSG.wrong });
    clock.advance(CODE_TTL_MS + 1);
    expect(await h.call('/api/user/applyCancel', { phone_code: code }, player)).toMatchObject({ code: -1, msg: CODE_MSG.expired });
    expect(await h.call('/api/user/getCancelStatus', {}, player)).toMatchObject({ code: 1, data: { status: 'none', cancellation: null } });
    const rows = await h.db().selectFrom('cancellation_requests').selectAll().where('user_id', '=', player.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('a code sent for another account does not cancel this one', async () => {
    const owner = await h.signUp();
    const other = await h.signUp();
    const code = await h.cancelCode(other);
    expect((await h.call('/api/user/applyCancel', { phone_code: code }, owner)).code).toBe(-1);
    expect((await h.call('/api/user/getCancelStatus', {}, owner)).data.status).toBe('none');
  });

  it('applying starts a 15-day cooling-off; sign-in reports it; revoking ends it', async () => {
    const player = await h.signUp();
    const code = await h.cancelCode(player);
    const appliedAt = clock.current;
    const applied = await h.call('/api/user/applyCancel', { phone_code: code }, player);
    expect(applied.code).toBe(1);
    expect(applied.msg).toBe(CANCEL_MSG.applied);
    const requested = Date.parse(applied.data.requested_at);
    expect(requested).toBeGreaterThanOrEqual(appliedAt);
    expect(requested).toBeLessThan(appliedAt + 1000);
    expect(Date.parse(applied.data.effective_at) - requested).toBe(COOLING_OFF_MS);
    expect(await h.call('/api/user/getCancelStatus', {}, player)).toEqual({ code: 1, msg: 'success', data: { status: 'pending', cancellation: applied.data } });
    // Once is enough.
    expect(await h.applyCancel(player)).toMatchObject({ code: -1, msg: CANCEL_MSG.alreadyPending });
    // The session goes on during the cooling-off; signing in again says so.
    expect((await h.call('/api/user/getCancelConditions', {}, player)).code).toBe(1);
    const again = await h.signIn(player.phone);
    expect(again).toMatchObject({ code: 200, data: { registered: false, user_uuid: player.uuid, cancellation: applied.data } });
    // Revoking is the player's own: another account's revoke changes nothing here.
    const other = await h.signUp();
    expect(await h.call('/api/user/revokeCancel', {}, other)).toEqual({ code: -1, msg: CANCEL_MSG.notPending, data: null });
    expect((await h.call('/api/user/getCancelStatus', {}, player)).data.status).toBe('pending');
    const fresh = { token: again.data.token, uuid: player.uuid };
    expect(await h.call('/api/user/revokeCancel', {}, fresh)).toEqual({ code: 1, msg: CANCEL_MSG.revoked, data: null });
    expect(await h.call('/api/user/revokeCancel', {}, fresh)).toEqual({ code: -1, msg: CANCEL_MSG.notPending, data: null });
    expect(await h.call('/api/user/getCancelStatus', {}, player)).toMatchObject({ data: { status: 'none', cancellation: null } });
    expect(await h.signIn(player.phone)).toMatchObject({ code: 200, data: { cancellation: null } });
    // After a revoke the account may apply again (an hour on: 5 codes a phone an hour).
    clock.advance(HOUR);
    expect(await h.applyCancel(player)).toMatchObject({ code: 1 });
    const statuses = await h.db().selectFrom('cancellation_requests').select('status').where('user_id', '=', player.id).orderBy('id').execute();
    expect(statuses.map((r) => r.status)).toEqual(['revoked', 'pending']);
  });

  it('two concurrent applications record one request', async () => {
    const player = await h.signUp();
    const code = await h.cancelCode(player);
    const answers = await Promise.all([1, 2, 3].map(() => h.call('/api/user/applyCancel', { phone_code: code }, player)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const rows = await h.db().selectFrom('cancellation_requests').selectAll().where('user_id', '=', player.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)('the cancellation job on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const h = harness(() => server, clock, '1390000');

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());
  beforeEach(() => clock.advance(HOUR));

  const run = (at: number) => runCancellationJob(server.database.db, new Date(at));

  it('does nothing before day 15, anonymises exactly once at day 15, and the number can register again', async () => {
    const player = await h.signUp();
    const bystander = await h.signUp();
    await h.db().updateTable('users').set({ avatar: '/avatars/x.webp', password_hash: 'scrypt$x' }).where('id', '=', player.id).execute();
    await h.db().insertInto('orders').values({ order_number: `J${player.id}`, user_id: player.id, game_id: 7, platform_game_id: 8, game_name: '仙剑奇缘', amount_cents: 600, pay_cents: 600, status: 'delivered' }).execute();
    await h.db().insertInto('point_events').values({ user_id: player.id, point_id: 1, point_title: '登录' }).execute();
    await h.db().insertInto('service_messages').values({ user_id: player.id, direction: 'in', kind: 'user', content: '我的手机号是…' }).execute();
    await h
      .db()
      .insertInto('user_real_names')
      .values({ user_id: player.id, id_hash: `h${player.id}`, name_sealed: 's', id_sealed: 's', name_masked: '张*三', id_masked: '1101**********1234', birth_date: '1990-01-01', provider: 'local' })
      .execute();
    await h.db().insertInto('uploads').values({ user_id: player.id, object_key: `avatars/${player.id}.webp`, purpose: 'avatar', content_type: 'image/webp', size: 10 }).execute();
    const applied = await h.applyCancel(player);
    expect(applied.code).toBe(1);
    const due = Date.parse(applied.data.effective_at);

    expect(await run(due - 1000)).toBe(0);
    expect(await h.call('/api/user/getCancelStatus', {}, player)).toMatchObject({ code: 1, data: { status: 'pending' } });

    // Twice at once, then once more: one anonymisation in all.
    const counts = await Promise.all([run(due), run(due)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await run(due + 1000)).toBe(0);

    const user = await h.db().selectFrom('users').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone: tombstonePhone(player.id), nickname: CANCELLED_NICKNAME, avatar: '', password_hash: null, uuid: player.uuid });
    expect(user.cancelled_at).not.toBeNull();
    const request = await h.db().selectFrom('cancellation_requests').selectAll().where('user_id', '=', player.id).executeTakeFirstOrThrow();
    expect(request.status).toBe('done');

    // The old token gets a clear refusal; the client toasts it and goes to /login (code 105).
    expect(await h.call('/api/user/getCancelStatus', {}, player)).toEqual({ code: 105, msg: CANCEL_MSG.accountCancelled, data: null });
    expect(await h.call('/api/user/getUserInfo', {}, player)).toEqual({ code: 105, msg: CANCEL_MSG.accountCancelled, data: null });

    // Kept by law, tied to the anonymous id; personal content gone.
    expect(await h.db().selectFrom('orders').select('user_id').where('order_number', '=', `J${player.id}`).executeTakeFirstOrThrow()).toEqual({ user_id: player.id });
    expect(await h.db().selectFrom('point_events').select('id').where('user_id', '=', player.id).execute()).toHaveLength(1);
    expect(await h.db().selectFrom('service_messages').select('id').where('user_id', '=', player.id).execute()).toHaveLength(0);
    // The identity is released (it no longer counts towards its 3 accounts) and the upload records are gone.
    expect(await h.db().selectFrom('user_real_names').select('user_id').where('user_id', '=', player.id).execute()).toHaveLength(0);
    expect(await h.db().selectFrom('uploads').select('user_id').where('user_id', '=', player.id).execute()).toHaveLength(0);

    // The number registers again as a new account.
    const reborn = await h.signIn(player.phone);
    expect(reborn).toMatchObject({ code: 200, data: { registered: true, cancellation: null } });
    expect(reborn.data.user_uuid).not.toBe(player.uuid);
    expect((await h.call('/api/user/getUserInfo', {}, { token: reborn.data.token, uuid: reborn.data.user_uuid })).code).toBe(1);

    // Nobody else was touched.
    expect(await h.call('/api/user/getCancelStatus', {}, bystander)).toMatchObject({ code: 1, data: { status: 'none' } });
  });

  it('a revoked request is never carried out; a revoke racing the job: exactly one wins', async () => {
    const revoker = await h.signUp();
    const applied = await h.applyCancel(revoker);
    expect(await h.call('/api/user/revokeCancel', {}, revoker)).toMatchObject({ code: 1 });
    expect(await run(Date.parse(applied.data.effective_at) + HOUR)).toBe(0);
    expect((await h.call('/api/user/getCancelStatus', {}, revoker)).code).toBe(1);

    const racer = await h.signUp();
    const raced = await h.applyCancel(racer);
    const [revoke, count] = await Promise.all([h.call('/api/user/revokeCancel', {}, racer), run(Date.parse(raced.data.effective_at))]);
    const status = await h.db().selectFrom('cancellation_requests').select('status').where('user_id', '=', racer.id).executeTakeFirstOrThrow();
    if (revoke.code === 1) {
      expect(count).toBe(0);
      expect(status.status).toBe('revoked');
    } else {
      expect(count).toBe(1);
      expect(status.status).toBe('done');
    }
  });

  it('a restart (a new server on the same database) processes rows that fell due meanwhile', async () => {
    const players = [await h.signUp(), await h.signUp()];
    let due = 0;
    for (const player of players) due = Math.max(due, Date.parse((await h.applyCancel(player)).data.effective_at));
    // This server stops; days later another starts on the same database and runs the job at start-up.
    await server.app.close();
    clock.advance(due - clock.current + 5 * HOUR);
    const kv = new MemoryKvStore(clock.now);
    const restarted = await buildApp({ config: server.config, db: server.database.db, kv, now: clock.now });
    const job = startCancellationJob({ db: server.database.db, now: clock.now });
    await job.firstRun;
    await job.stop();
    for (const player of players) {
      const row = await h.db().selectFrom('users').select(['phone', 'cancelled_at']).where('id', '=', player.id).executeTakeFirstOrThrow();
      expect(row.phone).toBe(tombstonePhone(player.id));
    }
    await restarted.close();
    await kv.close();
  });
});
