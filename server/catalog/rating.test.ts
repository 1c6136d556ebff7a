import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { RATING_MSG } from './rating.ts';

const START = Date.UTC(2026, 2, 2, 2, 0, 0);

type Credentials = { token: string; uuid: string };

describe.each(DATABASE_KINDS)('subEvaluate on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;
  let orderSerial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Credentials> {
    const phone = `1360000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    return { token: answer.data.token, uuid: answer.data.user_uuid };
  }

  /** A paid top-up order of the user (orders come from the top-up flow, not from a call here). */
  async function orderOf(user: Credentials, game = { game_id: 1001, platform_game_id: 2001 }) {
    const { id: userId } = await server.database.db.selectFrom('users').select('id').where('uuid', '=', user.uuid).executeTakeFirstOrThrow();
    const order_number = `LW${START}${String(++orderSerial).padStart(4, '0')}`;
    await server.database.db
      .insertInto('orders')
      .values({ order_number, user_id: userId, ...game, game_name: '斗罗大陆', amount_cents: 600, pay_cents: 600, status: 'delivered', created_at: new Date(clock.current) })
      .execute();
    return { order_id: order_number, ...game };
  }

  const evaluations = () => server.database.db.selectFrom('evaluations').selectAll().execute();

  it('needs a token', async () => {
    expect(await call('/api/user/subEvaluate', { game_id: 1, platform_game_id: 1, order_id: 'x', score: 5 })).toMatchObject({ code: 105 });
  });

  it('records one evaluation of the user\'s own order: 评价成功, then 该订单已评价', async () => {
    const user = await signUp();
    const order = await orderOf(user);
    expect(await call('/api/user/subEvaluate', { ...order, score: 4 }, user)).toEqual({ code: 1, msg: RATING_MSG.rated, data: null });
    const [row] = (await evaluations()).filter((e) => e.game_id === order.game_id);
    expect(row).toMatchObject({ game_id: 1001, platform_game_id: 2001, score: 4 });
    expect(await call('/api/user/subEvaluate', { ...order, score: 5 }, user)).toEqual({ code: -1, msg: RATING_MSG.alreadyRated, data: null });
    expect((await evaluations()).filter((e) => e.order_id === row!.order_id)).toHaveLength(1);
  });

  it('ids may come as digit strings (storage round trips)', async () => {
    const user = await signUp();
    const order = await orderOf(user, { game_id: 1002, platform_game_id: 2002 });
    const answer = await call('/api/user/subEvaluate', { game_id: '1002', platform_game_id: '2002', order_id: order.order_id, score: 1 }, user);
    expect(answer).toMatchObject({ code: 1, msg: RATING_MSG.rated });
  });

  let scorer: { user: Credentials; order: Awaited<ReturnType<typeof orderOf>> } | null = null;
  it.each([0, 6, 2.5, '3', -1, null, '', 'five'])('refuses the score %j with 评分范围为1-5星', async (score) => {
    // One user for every case: SMS sends per address are limited (20 an hour).
    if (!scorer) {
      const user = await signUp();
      scorer = { user, order: await orderOf(user) };
    }
    const { user, order } = scorer;
    expect(await call('/api/user/subEvaluate', { ...order, score }, user)).toEqual({ code: -1, msg: RATING_MSG.badScore, data: null });
  });

  it('refuses a missing score, a missing order, an unknown order and another user\'s order alike', async () => {
    const owner = await signUp();
    const other = await signUp();
    const order = await orderOf(owner);
    expect(await call('/api/user/subEvaluate', { ...order }, owner)).toMatchObject({ code: -1, msg: RATING_MSG.badScore });
    expect(await call('/api/user/subEvaluate', { ...order, order_id: '', score: 3 }, owner)).toEqual({ code: -1, msg: RATING_MSG.noOrder, data: null });
    expect(await call('/api/user/subEvaluate', { ...order, order_id: 'LW-NO-SUCH', score: 3 }, owner)).toEqual({ code: -1, msg: RATING_MSG.noOrder, data: null });
    expect(await call('/api/user/subEvaluate', { ...order, score: 3 }, other)).toEqual({ code: -1, msg: RATING_MSG.noOrder, data: null });
    // The owner can still rate it: the refusal recorded nothing.
    expect(await call('/api/user/subEvaluate', { ...order, score: 3 }, owner)).toMatchObject({ code: 1 });
  });

  it('refuses game ids that are not the order\'s', async () => {
    const user = await signUp();
    const order = await orderOf(user, { game_id: 1003, platform_game_id: 2003 });
    for (const wrong of [{ game_id: 9999 }, { platform_game_id: 9999 }, { game_id: '' }, { platform_game_id: 'abc' }]) {
      expect(await call('/api/user/subEvaluate', { ...order, ...wrong, score: 5 }, user)).toEqual({ code: -1, msg: RATING_MSG.gameMismatch, data: null });
    }
    expect((await evaluations()).filter((e) => e.game_id === 1003)).toHaveLength(0);
  });

  it('two concurrent submissions of one order record one evaluation', async () => {
    const user = await signUp();
    const order = await orderOf(user, { game_id: 1004, platform_game_id: 2004 });
    const answers = await Promise.all([1, 2, 3].map((score) => call('/api/user/subEvaluate', { ...order, score }, user)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === RATING_MSG.alreadyRated)).toHaveLength(2);
    expect((await evaluations()).filter((e) => e.game_id === 1004)).toHaveLength(1);
  });

  it('the database refuses a score outside 1–5 even without the call', async () => {
    const user = await signUp();
    const order = await orderOf(user, { game_id: 1005, platform_game_id: 2005 });
    const { id: orderId, user_id } = await server.database.db.selectFrom('orders').select(['id', 'user_id']).where('order_number', '=', order.order_id).executeTakeFirstOrThrow();
    await expect(
      server.database.db.insertInto('evaluations').values({ user_id, order_id: orderId, game_id: 1005, platform_game_id: 2005, score: 6 }).execute(),
    ).rejects.toThrow();
  });
});
