import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { PRODUCT } from '../product.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import {
  AUTO_REPLIES,
  AUTO_REPLY_DELAY_MS,
  AUTO_REPLY_QUIET_MS,
  autoReplyFor,
  isWithinServiceHours,
  MESSAGE_MAX_LENGTH,
  SERVICE_HOURS,
  SERVICE_MSG,
  serviceStatus,
} from './calls.ts';

const MINUTE = 60_000;
/** 2026-03-02 10:00 China time: inside the service hours. */
const START = Date.UTC(2026, 2, 2, 2, 0, 0);

type Credentials = { token: string; uuid: string };

describe('service hours and automatic replies', () => {
  it('SERVICE_HOURS is what PRODUCT.serviceHours says', () => {
    expect(PRODUCT.serviceHours).toBe(`每日 ${SERVICE_HOURS.openHour}:00-${SERVICE_HOURS.closeHour}:00`);
  });

  it.each([
    ['08:59:59', false],
    ['09:00:00', true],
    ['22:59:59', true],
    ['23:00:00', false],
    ['03:00:00', false],
  ])('%s China time is inside the hours: %s', (time, inside) => {
    const at = new Date(`2026-03-02T${time}+08:00`);
    expect(isWithinServiceHours(at)).toBe(inside);
    expect(serviceStatus('auto', at)).toBe(inside ? 'online' : 'offline');
    expect(serviceStatus('online', at)).toBe('online');
    expect(serviceStatus('offline', at)).toBe('offline');
  });

  it('answers by keyword, else the default, and says so off hours', () => {
    expect(autoReplyFor('在吗', true)).toBe(AUTO_REPLIES.default);
    for (const { keyword, reply } of AUTO_REPLIES.keywords) expect(autoReplyFor(`我的${keyword}有问题`, true)).toBe(reply);
    expect(autoReplyFor('在吗', false)).toBe(AUTO_REPLIES.default + AUTO_REPLIES.offHours);
  });

  it('SERVICE_STATUS is validated', () => {
    expect(loadConfig({}).serviceStatus).toBe('auto');
    expect(loadConfig({ SERVICE_STATUS: 'offline' }).serviceStatus).toBe('offline');
    expect(() => loadConfig({ SERVICE_STATUS: 'busy' })).toThrow(ConfigError);
  });
});

describe.each(DATABASE_KINDS)('customer-service calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { SERVICE_STATUS: 'auto' } });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Credentials> {
    const phone = `1370000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    return { token: answer.data.token, uuid: answer.data.user_uuid };
  }

  const messages = (user: Credentials) =>
    server.database.db
      .selectFrom('service_messages')
      .innerJoin('users', 'users.id', 'service_messages.user_id')
      .select(['service_messages.direction', 'service_messages.kind', 'service_messages.content', 'service_messages.read_at'])
      .where('users.uuid', '=', user.uuid)
      .orderBy('service_messages.id')
      .execute();

  it('the calls need a token, except the status check', async () => {
    for (const path of ['/api/user/getUnreadMessage', '/api/user/getChatLink', '/api/user/getChatLinkRecord', '/api/user/sendServiceMessage']) {
      expect(await call(path, { content: 'hi' })).toMatchObject({ code: 105 });
    }
    expect(await call('/api/user/getServiceStatus')).toEqual({ code: 1, msg: 'success', data: 'online' });
  });

  it('getServiceStatus follows the hours China time, with or without a token', async () => {
    const user = await signUp();
    expect((await call('/api/user/getServiceStatus', {}, user)).data).toBe('online');
    clock.advance(13 * 60 * MINUTE); // 23:00 China time
    expect((await call('/api/user/getServiceStatus', {}, user)).data).toBe('offline');
    expect((await call('/api/user/getServiceStatus')).data).toBe('offline');
    clock.advance(11 * 60 * MINUTE); // 10:00 the next day
    expect((await call('/api/user/getServiceStatus')).data).toBe('online');
  });

  it('a new user first gets the welcome message as unread; the chat reads it', async () => {
    const user = await signUp();
    const unread = await call('/api/user/getUnreadMessage', {}, user);
    expect(unread).toMatchObject({ code: 1, data: { id: expect.any(Number), content: SERVICE_MSG.welcome } });
    expect(Object.keys(unread.data).sort()).toEqual(['content', 'id']);
    // Polling again answers the same message: the client tells new from seen by the id.
    expect((await call('/api/user/getUnreadMessage', {}, user)).data).toEqual(unread.data);
    expect(await messages(user)).toHaveLength(1);

    const chat = await call('/api/user/getChatLink', {}, user);
    expect(chat).toMatchObject({ code: 1, data: { total: 1, page: 1, limit: 20, service: { hours: PRODUCT.serviceHours, status: 'online' } } });
    expect(chat.data.list).toEqual([{ id: unread.data.id, direction: 'out', kind: 'welcome', content: SERVICE_MSG.welcome, image: null, agent: null, created_at: expect.any(String) }]);
    expect(await call('/api/user/getUnreadMessage', {}, user)).toEqual({ code: 1, msg: 'success', data: null });
    expect(await messages(user)).toHaveLength(1);
  });

  it('the welcome message is also seeded by a first visit to the chat, once', async () => {
    const user = await signUp();
    expect((await call('/api/user/getChatLink', {}, user)).data.list).toHaveLength(1);
    expect((await call('/api/user/getChatLink', {}, user)).data.list).toHaveLength(1);
    expect((await messages(user)).map((m) => m.kind)).toEqual(['welcome']);
  });

  it('a user message gets an automatic reply that appears 3 s later, unread until the chat is seen', async () => {
    const user = await signUp();
    const welcome = (await call('/api/user/getUnreadMessage', {}, user)).data;
    const sent = await call('/api/user/sendServiceMessage', { content: '  我充值没到账  ' }, user);
    expect(sent).toMatchObject({ code: 1, msg: '发送成功', data: { message: { direction: 'in', content: '我充值没到账' }, reply_in_ms: AUTO_REPLY_DELAY_MS } });
    // Writing in the chat read the welcome message.
    expect((await messages(user))[0]!.read_at).not.toBeNull();
    expect((await call('/api/user/getUnreadMessage', {}, user)).data).toBeNull();

    // The test clock moves 1 ms per read: keep a margin either side of the reply's time.
    clock.advance(AUTO_REPLY_DELAY_MS - 100);
    expect((await call('/api/user/getUnreadMessage', {}, user)).data).toBeNull();
    expect((await call('/api/user/getChatLinkRecord', { page: 1 }, user)).data.total).toBe(2);

    clock.advance(200);
    const reply = (await call('/api/user/getUnreadMessage', {}, user)).data;
    expect(reply).toEqual({ id: expect.any(Number), content: AUTO_REPLIES.keywords.find((k) => k.keyword === '充值')!.reply });
    expect(reply.id).not.toBe(welcome.id);

    const chat = await call('/api/user/getChatLink', {}, user);
    expect(chat.data.list.map((m: { direction: string }) => m.direction)).toEqual(['out', 'in', 'out']);
    expect(chat.data.total).toBe(3);
    expect((await call('/api/user/getUnreadMessage', {}, user)).data).toBeNull();
  });

  it('no second automatic reply within a minute of the last one', async () => {
    const user = await signUp();
    expect((await call('/api/user/sendServiceMessage', { content: '你好' }, user)).data.reply_in_ms).toBe(AUTO_REPLY_DELAY_MS);
    clock.advance(10_000);
    expect((await call('/api/user/sendServiceMessage', { content: '在吗' }, user)).data.reply_in_ms).toBeNull();
    clock.advance(AUTO_REPLY_QUIET_MS);
    expect((await call('/api/user/sendServiceMessage', { content: '礼包怎么领' }, user)).data.reply_in_ms).toBe(AUTO_REPLY_DELAY_MS);
    clock.advance(AUTO_REPLY_DELAY_MS);
    expect((await messages(user)).map((m) => [m.direction, m.kind])).toEqual([
      ['in', 'user'],
      ['out', 'auto'],
      ['in', 'user'],
      ['in', 'user'],
      ['out', 'auto'],
    ]);
    expect((await messages(user)).at(-1)!.content).toBe(AUTO_REPLIES.keywords.find((k) => k.keyword === '礼包')!.reply);
  });

  it('off hours the automatic reply says when the service is back', async () => {
    const user = await signUp();
    clock.advance(14 * 60 * MINUTE); // 00:00 China time
    await call('/api/user/sendServiceMessage', { content: '在吗' }, user);
    clock.advance(AUTO_REPLY_DELAY_MS);
    expect((await call('/api/user/getUnreadMessage', {}, user)).data.content).toBe(AUTO_REPLIES.default + AUTO_REPLIES.offHours);
    clock.advance(10 * 60 * MINUTE); // back to 10:00
  });

  it('validates the message: non-empty, at most 500 characters (counted as characters)', async () => {
    const user = await signUp();
    expect(await call('/api/user/sendServiceMessage', { content: '   ' }, user)).toEqual({ code: -1, msg: SERVICE_MSG.contentRequired, data: null });
    expect(await call('/api/user/sendServiceMessage', {}, user)).toMatchObject({ code: -1, msg: SERVICE_MSG.contentRequired });
    expect(await call('/api/user/sendServiceMessage', { content: 42 }, user)).toMatchObject({ code: -1, msg: SERVICE_MSG.contentRequired });
    expect(await call('/api/user/sendServiceMessage', { content: '字'.repeat(MESSAGE_MAX_LENGTH + 1) }, user)).toEqual({ code: -1, msg: SERVICE_MSG.contentTooLong, data: null });
    expect((await call('/api/user/sendServiceMessage', { content: '😀'.repeat(MESSAGE_MAX_LENGTH) }, user)).code).toBe(1);
    expect(await messages(user)).toHaveLength(2);
  });

  it('pages the chat newest first, each page oldest first, and checks the paging fields', async () => {
    const user = await signUp();
    await call('/api/user/getChatLink', {}, user); // the welcome message
    for (let i = 1; i <= 24; i++) {
      await call('/api/user/sendServiceMessage', { content: `第${i}条` }, user);
      clock.advance(1_000);
    }
    clock.advance(AUTO_REPLY_DELAY_MS);
    // welcome + 24 messages (over 24 s) + one automatic reply (the rest fall in its quiet minute) = 26
    const first = await call('/api/user/getChatLink', { limit: 10 }, user);
    expect(first.data).toMatchObject({ total: 26, page: 1, limit: 10 });
    const second = await call('/api/user/getChatLinkRecord', { page: 2, limit: 10 }, user);
    const third = await call('/api/user/getChatLinkRecord', { page: '3', limit: '10' }, user);
    expect(third.data.list).toHaveLength(6);
    const all = [...third.data.list, ...second.data.list, ...first.data.list];
    expect(new Set(all.map((m: { id: number }) => m.id)).size).toBe(26);
    const times = all.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(all[0].content).toBe(SERVICE_MSG.welcome);
    expect((await call('/api/user/getChatLinkRecord', { page: 4, limit: 10 }, user)).data).toEqual({ list: [], total: 26, page: 4, limit: 10 });
    expect((await call('/api/user/getChatLinkRecord', { limit: 500 }, user)).data.limit).toBe(50);
    for (const bad of [{ page: 0 }, { page: -1 }, { page: 1.5 }, { page: 'x' }, { limit: 0 }]) {
      expect(await call('/api/user/getChatLinkRecord', bad, user)).toEqual({ code: -1, msg: SERVICE_MSG.badPage, data: null });
    }
    expect(await call('/api/user/getChatLink', { limit: 'x' }, user)).toMatchObject({ code: -1, msg: SERVICE_MSG.badPage });
  });

  it('a user sees only their own messages', async () => {
    const alice = await signUp();
    const bob = await signUp();
    await call('/api/user/sendServiceMessage', { content: 'alice 的私信' }, alice);
    clock.advance(AUTO_REPLY_DELAY_MS);
    const chat = await call('/api/user/getChatLink', {}, bob);
    expect(chat.data.list.map((m: { content: string }) => m.content)).toEqual([SERVICE_MSG.welcome]);
  });
});
