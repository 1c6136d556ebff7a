import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../../api/protocol/calls/user.ts';
import { SERVICE_POLL_INTERVAL_MS } from '../../api/protocol/service-chat.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { MemoryServiceBus } from '../service/bus.ts';
import { agentReply, closeConversation, SERVICE_TEXT, takeConversation } from '../service/conversations.ts';
import { CHAT_IMAGE_SIDE } from '../uploads/avatar-image.ts';
import { AUTO_REPLY_DELAY_MS, SERVICE_MSG } from './calls.ts';

/** 2026-03-02 10:00 China time: inside the service hours. */
const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const HOUR = 3_600_000;

type Player = { token: string; uuid: string; phone: string; id: number };

describe.each(DATABASE_KINDS)('customer service with agents: the player calls on %s', (kind) => {
  const clock = new ManualClock(START);
  const bus = new MemoryServiceBus();
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { SERVICE_STATUS: 'auto' }, serviceBus: bus });
    call = wireClient(server.url, clock.now);
  });
  afterAll(async () => {
    await server.close();
    await bus.close();
  });

  async function signUp(): Promise<Player> {
    const phone = `1373000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    const { id } = await server.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, phone, id };
  }
  const at = () => new Date(clock.now());
  const conversationOf = async (player: Player) =>
    (await server.database.db.selectFrom('service_conversations').select('id').where('user_id', '=', player.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  async function upload(player: Player, bytes: Buffer): Promise<{ key: string; url: string }> {
    const ticket = await call('/api/upload/getUploadTos', { purpose: 'service' }, player);
    expect(ticket).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/upload\//) } });
    const res = await fetch(server.url + ticket.data.url, { method: 'POST', headers: { authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid }, body: new Uint8Array(bytes) });
    const body = (await res.json()) as { code: number; data: { key: string; url: string } };
    expect(body.code).toBe(1);
    return body.data;
  }

  it('the new calls need a token', async () => {
    for (const path of ['/api/user/getWoliveQueue', '/api/user/getWoliveUnreadMessages', '/api/user/getUnreadMessageControl', '/api/user/getChatStreamTicket']) {
      expect(await call(path, {})).toMatchObject({ code: 105 });
    }
  });

  it('getUnreadMessageControl: poll every 20 s, the stream is available', async () => {
    const player = await signUp();
    expect((await call('/api/user/getUnreadMessageControl', {}, player)).data).toEqual({ poll: true, interval_ms: SERVICE_POLL_INTERVAL_MS, stream: true });
  });

  it('the queue: none → 排队中 → 客服XX为您服务 → 已结束 → 排队中 again', async () => {
    const player = await signUp();
    expect((await call('/api/user/getWoliveQueue', {}, player)).data).toEqual({ state: 'none', conversation_id: null, position: null, agent: null, last_message_id: null, status: 'online', text: '' });
    const sent = await call('/api/user/sendServiceMessage', { content: '我要找人工客服' }, player);
    expect(sent.data.queue).toMatchObject({ state: 'queued', position: expect.any(Number), text: expect.stringMatching(/^排队中 第\d+位$/) });
    const queue = (await call('/api/user/getWoliveQueue', {}, player)).data;
    expect(queue).toEqual({ ...sent.data.queue, last_message_id: sent.data.message.id });
    const chat = await call('/api/user/getChatLink', {}, player);
    expect(chat.data.queue).toMatchObject({ state: 'queued', conversation_id: queue.conversation_id });

    const conversationId = await conversationOf(player);
    await takeConversation(server.database.db, bus, 7, conversationId, at());
    expect((await call('/api/user/getWoliveQueue', {}, player)).data).toMatchObject({ state: 'open', position: null, agent: '客服007', text: '客服007为您服务' });
    await closeConversation(server.database.db, bus, 7, conversationId, at());
    expect((await call('/api/user/getWoliveQueue', {}, player)).data).toMatchObject({ state: 'closed', agent: '客服007', text: '已结束' });
    const again = await call('/api/user/sendServiceMessage', { content: '还有一个问题' }, player);
    expect(again.data.queue).toMatchObject({ state: 'queued' });
    expect(again.data.queue.conversation_id).not.toBe(conversationId);
  });

  it("an agent's reply is a '客服消息' for the unread poll, counted until the chat shows it", async () => {
    const player = await signUp();
    await call('/api/user/getChatLink', {}, player); // the welcome line, read
    await call('/api/user/sendServiceMessage', { content: '人工' }, player);
    clock.advance(AUTO_REPLY_DELAY_MS);
    const auto = (await call('/api/user/getUnreadMessage', {}, player)).data;
    expect((await call('/api/user/getWoliveUnreadMessages', {}, player)).data).toEqual({ count: 1, agent: 0 });
    const conversationId = await conversationOf(player);
    await takeConversation(server.database.db, bus, 8, conversationId, at());
    // The note of the taking is no '客服消息'.
    expect((await call('/api/user/getUnreadMessage', {}, player)).data).toEqual(auto);
    const reply = await agentReply(server.database.db, bus, 8, conversationId, { text: '您好，我是客服008' }, at());
    const unread = (await call('/api/user/getUnreadMessage', {}, player)).data;
    expect(unread).toEqual({ id: reply.ok && reply.value.id, content: '您好，我是客服008' });
    expect((await call('/api/user/getWoliveUnreadMessages', {}, player)).data).toEqual({ count: 2, agent: 1 });
    const chat = await call('/api/user/getChatLink', {}, player);
    expect(chat.data.list.at(-1)).toMatchObject({ id: unread.id, direction: 'out', kind: 'agent', agent: '客服008', content: '您好，我是客服008', image: null });
    expect(chat.data.list.at(-2)).toMatchObject({ kind: 'system', content: SERVICE_TEXT.taken('客服008'), agent: null });
    expect((await call('/api/user/getWoliveUnreadMessages', {}, player)).data).toEqual({ count: 0, agent: 0 });
    expect((await call('/api/user/getUnreadMessage', {}, player)).data).toBeNull();
  });

  it('no automatic reply while an agent holds the conversation', async () => {
    const player = await signUp();
    await call('/api/user/sendServiceMessage', { content: '第一句' }, player);
    const conversationId = await conversationOf(player);
    await takeConversation(server.database.db, bus, 9, conversationId, at());
    clock.advance(2 * 60_000); // past the automatic agent's quiet minute
    const sent = await call('/api/user/sendServiceMessage', { content: '第二句' }, player);
    expect(sent.data).toMatchObject({ reply_in_ms: null, queue: { state: 'open' } });
    clock.advance(AUTO_REPLY_DELAY_MS);
    const kinds = (await call('/api/user/getChatLink', {}, player)).data.list.map((m: { kind: string }) => m.kind);
    // The first message's automatic reply was still waiting for its time when the agent took the
    // conversation: taking withdrew it. The second message queued none.
    expect(kinds.filter((k: string) => k === 'auto')).toHaveLength(0);
  });

  it('a picture goes through the upload path, re-encoded and bounded; only an own upload is accepted', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
    const uploaded = await upload(alice, photo);
    expect(uploaded.key).toMatch(/^service\/[0-9a-f]{64}\.webp$/);
    const stored = await fetch(server.url + uploaded.url);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([CHAT_IMAGE_SIDE, CHAT_IMAGE_SIDE / 2]);

    expect(await call('/api/user/sendServiceMessage', { image: uploaded.key }, bob)).toEqual({ code: -1, msg: CHAT_MSG.badImage, data: null });
    expect(await call('/api/user/sendServiceMessage', { image: 'avatars/none.webp' }, alice)).toMatchObject({ code: -1, msg: CHAT_MSG.badImage });
    expect(await call('/api/user/sendServiceMessage', { content: ' ', image: '' }, alice)).toMatchObject({ code: -1, msg: SERVICE_MSG.contentRequired });
    const sent = await call('/api/user/sendServiceMessage', { image: uploaded.key }, alice);
    expect(sent).toMatchObject({ code: 1, data: { message: { direction: 'in', kind: 'user', content: '', image: uploaded.url } } });
    const both = await call('/api/user/sendServiceMessage', { content: '看这张图', image: uploaded.key }, alice);
    expect(both.data.message).toMatchObject({ content: '看这张图', image: uploaded.url });
    // An agent's picture in the unread poll reads 图片.
    const conversationId = await conversationOf(alice);
    await takeConversation(server.database.db, bus, 10, conversationId, at());
    await server.database.db.insertInto('service_agent_uploads').values({ agent_id: 10, object_key: uploaded.key, created_at: at() }).execute();
    await agentReply(server.database.db, bus, 10, conversationId, { imageKey: uploaded.key }, at());
    expect((await call('/api/user/getUnreadMessage', {}, alice)).data).toMatchObject({ content: SERVICE_TEXT.picture });
    expect((await call('/api/user/getChatLink', {}, alice)).data.list.at(-1)).toMatchObject({ kind: 'agent', content: '', image: uploaded.url });
  });

  it("a player's queue and chat are their own", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await call('/api/user/sendServiceMessage', { content: 'alice 的会话' }, alice);
    const aliceConversation = await conversationOf(alice);
    await takeConversation(server.database.db, bus, 11, aliceConversation, at());
    await agentReply(server.database.db, bus, 11, aliceConversation, { text: '只给 alice' }, at());
    expect((await call('/api/user/getWoliveQueue', {}, bob)).data).toMatchObject({ state: 'none', conversation_id: null });
    expect((await call('/api/user/getWoliveUnreadMessages', {}, bob)).data).toEqual({ count: 0, agent: 0 });
    const bobChat = await call('/api/user/getChatLink', {}, bob);
    expect(bobChat.data.list.map((m: { content: string }) => m.content)).toEqual([SERVICE_MSG.welcome]);
  });

  it('off hours: no stream ticket (the page polls), the queue says offline', async () => {
    const player = await signUp();
    clock.advance(14 * HOUR); // 00:00 China time
    expect((await call('/api/user/getChatStreamTicket', {}, player)).data).toEqual({ url: null, expires_in: 0, status: 'offline' });
    expect((await call('/api/user/getWoliveQueue', {}, player)).data).toMatchObject({ status: 'offline' });
    clock.advance(10 * HOUR); // 10:00
    expect((await call('/api/user/getChatStreamTicket', {}, player)).data).toMatchObject({ url: expect.any(String), expires_in: 60, status: 'online' });
  });
});
