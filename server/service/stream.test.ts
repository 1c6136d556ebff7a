import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_TEXT, SERVICE_STREAM, type ChatMessage, type ServiceQueue } from '../../api/protocol/service-chat.ts';
import { buildApp, serviceStreamsOf } from '../app.ts';
import { loadConfig } from '../config.ts';
import { MemoryKvStore } from '../kv-store.ts';
import { DATABASE_KINDS, createTestDatabase } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { dataOf, openSse, type SseConnection, type SseFrame } from '../../tests/helpers/sse-client.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { eventually } from '../../tests/helpers/eventually.ts';
import { MemoryServiceBus, RedisServiceBus, type ServiceBus } from './bus.ts';
import { agentReply, closeConversation, SERVICE_TEXT, takeConversation } from './conversations.ts';
import { STREAM_MSG, STREAM_TICKET_TTL_MS } from './stream.ts';
import { redisReachable, TEST_REDIS_URL } from '../../tests/helpers/test-redis.ts';

/** 2026-03-02 10:00 China time: inside the service hours. */
const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const HEARTBEAT_MS = 150;

type Player = { token: string; uuid: string; phone: string; id: number };
type Call = ReturnType<typeof wireClient>;

const isMessage = (frame: SseFrame) => frame.event === 'message';
const messageOf = (frame: SseFrame) => dataOf<{ message: ChatMessage }>(frame).message;
const queueOf = (frame: SseFrame) => dataOf<{ queue: ServiceQueue }>(frame).queue;

async function signUpOn(baseUrl: string, call: Call, db: TestServer['database']['db'], phone: string): Promise<Player> {
  expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
  const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(baseUrl, phone), agree_agreement: 1 });
  expect(answer.code).toBe(200);
  const { id } = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { token: answer.data.token, uuid: answer.data.user_uuid, phone, id };
}

describe.each(DATABASE_KINDS)('the /service event stream on %s', (kind) => {
  const clock = new ManualClock(START);
  const bus = new MemoryServiceBus();
  let server: TestServer;
  let call: Call;
  let serial = 0;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { SERVICE_STATUS: 'online' }, serviceBus: bus, serviceStream: { heartbeatMs: HEARTBEAT_MS } });
    call = wireClient(server.url, clock.now);
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await server.close();
    await bus.close();
  });

  const signUp = () => signUpOn(server.url, call, server.database.db, `1371000${String(++serial).padStart(4, '0')}`);
  const at = () => new Date(clock.now());

  async function ticketUrl(player: Player): Promise<string> {
    const answer = await call('/api/user/getChatStreamTicket', {}, player);
    expect(answer).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/api\/service\/stream\?ticket=[\w-]{43}$/), expires_in: 60, status: 'online' } });
    return server.url + answer.data.url;
  }

  async function stream(player: Player, options: { lastEventId?: number; viaQuery?: boolean } = {}): Promise<SseConnection> {
    let url = await ticketUrl(player);
    const headers: Record<string, string> = {};
    if (options.lastEventId !== undefined) {
      if (options.viaQuery) url += `&last_event_id=${options.lastEventId}`;
      else headers['last-event-id'] = String(options.lastEventId);
    }
    const connection = await openSse(url, headers);
    open.push(connection);
    expect(connection.status).toBe(200);
    return connection;
  }

  async function conversationOf(player: Player): Promise<number> {
    const row = await server.database.db.selectFrom('service_conversations').select('id').where('user_id', '=', player.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.id;
  }

  it('the ticket needs a signed-in player and opens one stream only', async () => {
    expect(await call('/api/user/getChatStreamTicket', {})).toMatchObject({ code: 105 });
    const player = await signUp();
    const url = await ticketUrl(player);
    const first = await openSse(url);
    open.push(first);
    expect(first.status).toBe(200);
    // The first event says where the player stands: no conversation yet.
    const [queue] = await first.waitFor((frame) => frame.event === 'queue');
    expect(queueOf(queue!)).toMatchObject({ state: 'none', position: null, status: 'online', text: '' });
    const again = await openSse(url);
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body)).toEqual({ code: -1, msg: STREAM_MSG.badTicket, data: null });
    for (const bad of ['', 'x', `${url.split('ticket=')[1]}x`]) {
      expect((await openSse(`${server.url}${SERVICE_STREAM.path}?ticket=${bad}`)).status).toBe(403);
    }
    expect((await openSse(`${server.url}${SERVICE_STREAM.path}`)).status).toBe(403);
  });

  it('a ticket lives 60 s (simulated clock)', async () => {
    const player = await signUp();
    const fresh = await ticketUrl(player);
    clock.advance(STREAM_TICKET_TTL_MS - 1_000);
    const connection = await openSse(fresh);
    open.push(connection);
    expect(connection.status).toBe(200);
    const stale = await ticketUrl(player);
    clock.advance(STREAM_TICKET_TTL_MS + 1);
    expect((await openSse(stale)).status).toBe(403);
  });

  it("delivers the player's messages, the queue, the agent taking, replying and closing, each with the cursor as its id", async () => {
    const player = await signUp();
    await call('/api/user/getChatLink', {}, player); // the welcome line
    const connection = await stream(player);
    await connection.waitFor((frame) => frame.event === 'queue');

    const sent = await call('/api/user/sendServiceMessage', { content: '我的礼包兑换码无效' }, player);
    expect(sent.data.queue).toMatchObject({ state: 'queued', position: expect.any(Number) });
    const [mine] = await connection.waitFor((frame) => isMessage(frame) && messageOf(frame).id === sent.data.message.id);
    expect(mine!.id).toBe(String(sent.data.message.id));
    expect(messageOf(mine!)).toEqual(sent.data.message);
    const [queued] = await connection.waitFor((frame) => frame.event === 'queue' && queueOf(frame).state === 'queued');
    const position = queueOf(queued!).position!;
    expect(queueOf(queued!).text).toBe(QUEUE_TEXT.queued(position));

    const conversationId = await conversationOf(player);
    expect(await takeConversation(server.database.db, bus, 7, conversationId, at())).toMatchObject({ ok: true });
    const [taken] = await connection.waitFor((frame) => frame.event === 'queue' && queueOf(frame).state === 'open');
    expect(queueOf(taken!)).toMatchObject({ agent: '客服007', position: null, text: '客服007为您服务' });
    await connection.waitFor((frame) => isMessage(frame) && messageOf(frame).kind === 'system' && messageOf(frame).content === SERVICE_TEXT.taken('客服007'));

    const reply = await agentReply(server.database.db, bus, 7, conversationId, { text: '请稍等，正在为您查询' }, at());
    expect(reply.ok).toBe(true);
    const replyId = reply.ok ? reply.value.id : 0;
    const [replied] = await connection.waitFor((frame) => isMessage(frame) && messageOf(frame).id === replyId);
    expect(messageOf(replied!)).toMatchObject({ direction: 'out', kind: 'agent', agent: '客服007', content: '请稍等，正在为您查询', image: null });
    expect(replied!.id).toBe(String(replyId));
    // Shown on the open chat, so read: the '客服消息' poll does not announce it again.
    await eventually(async () => {
      const row = await server.database.db.selectFrom('service_messages').select('read_at').where('id', '=', replyId).executeTakeFirstOrThrow();
      expect(row.read_at).not.toBeNull();
    });
    expect((await call('/api/user/getWoliveUnreadMessages', {}, player)).data).toEqual({ count: 0, agent: 0 });

    expect(await closeConversation(server.database.db, bus, 7, conversationId, at())).toMatchObject({ ok: true });
    const [closed] = await connection.waitFor((frame) => frame.event === 'closed');
    expect(queueOf(closed!)).toMatchObject({ state: 'closed', conversation_id: conversationId, agent: '客服007', text: '已结束' });
    // Every event's id is the newest message id delivered so far: never going back.
    const ids = connection.frames.filter((frame) => frame.id !== null).map((frame) => Number(frame.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(closed!.id).toBe(String(Math.max(...connection.frames.filter(isMessage).map((frame) => messageOf(frame).id))));
  });

  it('resumes after Last-Event-ID (header or query) without losing or repeating a message', async () => {
    const player = await signUp();
    await call('/api/user/sendServiceMessage', { content: '人工客服' }, player);
    const conversationId = await conversationOf(player);
    await takeConversation(server.database.db, bus, 8, conversationId, at());
    const first = await stream(player);
    const [queue] = await first.waitFor((frame) => frame.event === 'queue');
    const cursor = Number(queue!.id);
    first.close();

    // Written while the player was away.
    const missed: number[] = [];
    for (const text of ['第一条', '第二条', '第三条']) {
      const reply = await agentReply(server.database.db, bus, 8, conversationId, { text }, at());
      if (reply.ok) missed.push(reply.value.id);
    }
    for (const viaQuery of [false, true]) {
      const resumed = await stream(player, { lastEventId: cursor, viaQuery });
      await resumed.waitFor((frame) => frame.event === 'queue');
      expect(resumed.frames.filter(isMessage).map((frame) => messageOf(frame).id)).toEqual(missed);
      expect(resumed.frames.filter(isMessage).map((frame) => frame.id)).toEqual(missed.map(String));
      resumed.close();
    }
    // Without a cursor a stream starts from now: no history (the chat page loads that).
    const fresh = await stream(player);
    await fresh.waitFor((frame) => frame.event === 'queue');
    expect(fresh.frames.filter(isMessage)).toEqual([]);
    expect(fresh.frames[0]!.id).toBe(String(missed.at(-1)));
  });

  it("a player's stream carries their own conversation only", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await call('/api/user/sendServiceMessage', { content: 'alice 的问题' }, alice);
    await call('/api/user/sendServiceMessage', { content: 'bob 的问题' }, bob);
    const aliceConversation = await conversationOf(alice);
    const bobStream = await stream(bob);
    const aliceStream = await stream(alice);
    await takeConversation(server.database.db, bus, 9, aliceConversation, at());
    const secret = await agentReply(server.database.db, bus, 9, aliceConversation, { text: 'alice 的订单号是 20260302' }, at());
    await aliceStream.waitFor((frame) => isMessage(frame) && messageOf(frame).content === 'alice 的订单号是 20260302');
    // Bob's stream synced since (a heartbeat), and saw none of it.
    const heartbeats = bobStream.frames.filter((frame) => frame.comment === 'heartbeat').length;
    await bobStream.waitFor((frame) => frame.comment === 'heartbeat', heartbeats + 2);
    const bobMessages = bobStream.frames.filter(isMessage).map(messageOf);
    expect(bobMessages.every((message) => !message.content.includes('alice'))).toBe(true);
    expect(bobStream.frames.filter(isMessage).some((frame) => secret.ok && messageOf(frame).id === secret.value.id)).toBe(false);
    expect(bobStream.frames.filter((frame) => frame.event === 'queue').every((frame) => queueOf(frame).conversation_id !== aliceConversation)).toBe(true);
  });

  it("a queued player's position moves up when an agent takes a conversation ahead", async () => {
    const ahead = await signUp();
    const behind = await signUp();
    await call('/api/user/sendServiceMessage', { content: '排在前面' }, ahead);
    await call('/api/user/sendServiceMessage', { content: '排在后面' }, behind);
    const watching = await stream(behind);
    const [before] = await watching.waitFor((frame) => frame.event === 'queue' && queueOf(frame).state === 'queued');
    const position = queueOf(before!).position!;
    expect((await call('/api/user/getWoliveQueue', {}, ahead)).data.position).toBe(position - 1);
    await takeConversation(server.database.db, bus, 10, await conversationOf(ahead), at());
    const [after] = await watching.waitFor((frame) => frame.event === 'queue' && queueOf(frame).position === position - 1);
    expect(queueOf(after!).text).toBe(`排队中 第${position - 1}位`);
  });

  it('sends a heartbeat comment, and ends when the session ends', async () => {
    const player = await signUp();
    const connection = await stream(player);
    await connection.waitFor((frame) => frame.comment === 'heartbeat');
    expect(await call('/api/user/logout', {}, player)).toMatchObject({ code: 1 });
    // The next heartbeat finds the session ended and ends the stream.
    await connection.ended;
  });

  it('ends every stream when the server closes, and the close does not wait for them', async () => {
    // A second server on the same database (two test databases at once trip Kysely's migrator on PostgreSQL).
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', SERVICE_STATUS: 'online' });
    const kv = new MemoryKvStore(clock.now);
    const other = await buildApp({ config, db: server.database.db, kv, now: clock.now });
    const otherUrl = await other.listen({ host: '127.0.0.1', port: 0 });
    const player = await signUp();
    const answer = await wireClient(otherUrl, clock.now)('/api/user/getChatStreamTicket', {}, player);
    const connection = await openSse(otherUrl + answer.data.url);
    await connection.waitFor((frame) => frame.event === 'queue');
    expect(serviceStreamsOf(other)!.size).toBe(1);
    await other.close();
    await connection.ended;
    expect(serviceStreamsOf(other)!.size).toBe(0);
    await kv.close();
  });
});

// ---- Several server processes: the bus on Redis ----

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable();

describe.skipIf(!redisUp)(`two server processes sharing Redis (${REDIS_URL})`, () => {
  it("an agent's reply written through one process reaches the player's stream held by the other", async () => {
    const prefix = `gp-test:${randomBytes(6).toString('hex')}:bus:`;
    const clock = new ManualClock(START);
    const database = await createTestDatabase('pglite');
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', SERVICE_STATUS: 'online' });
    const buses: ServiceBus[] = [new RedisServiceBus(REDIS_URL, prefix), new RedisServiceBus(REDIS_URL, prefix)];
    const apps = await Promise.all(buses.map((serviceBus) => buildApp({ config, db: database.db, kv: new MemoryKvStore(clock.now), now: clock.now, serviceBus, serviceStream: { heartbeatMs: 60_000 } })));
    try {
      const [urlA, urlB] = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
      const callA = wireClient(urlA!, clock.now);
      const callB = wireClient(urlB!, clock.now);
      const player = await signUpOn(urlA!, callA, database.db, '13719990002');
      await callA('/api/user/sendServiceMessage', { content: '你好' }, player);
      const answer = await callB('/api/user/getChatStreamTicket', {}, player);
      const connection = await openSse(urlB! + answer.data.url);
      await connection.waitFor((frame) => frame.event === 'queue' && queueOf(frame).state === 'queued');
      const { id: conversationId } = await database.db.selectFrom('service_conversations').select('id').where('user_id', '=', player.id).executeTakeFirstOrThrow();
      // Process A's agent: its bus is the only way process B can hear of it before B's next heartbeat (a minute away).
      expect(await takeConversation(database.db, buses[0]!, 11, conversationId, new Date(clock.now()))).toMatchObject({ ok: true });
      await connection.waitFor((frame) => frame.event === 'queue' && queueOf(frame).state === 'open');
      const reply = await agentReply(database.db, buses[0]!, 11, conversationId, { text: '来自另一个进程的回复' }, new Date(clock.now()));
      expect(reply.ok).toBe(true);
      const [frame] = await connection.waitFor((f) => isMessage(f) && messageOf(f).content === '来自另一个进程的回复');
      expect(messageOf(frame!)).toMatchObject({ kind: 'agent', agent: '客服011' });
      connection.close();
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(buses.map((bus) => bus.close()));
      await database.close();
    }
  });
});
