import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { DEFAULT_QUICK_REPLIES } from '../db/seed-service.ts';
import { DATABASE_KINDS, createTestDatabase } from '../../tests/helpers/test-db.ts';
import { MemoryServiceBus, userTopic, type ServiceBusEvent, type ServiceTopic } from './bus.ts';
import {
  AGENT_REFUSAL,
  agentReply,
  closeConversation,
  conversationMessages,
  createQuickReply,
  deleteQuickReply,
  listQueue,
  listQuickReplies,
  queueOf,
  recordAgentUpload,
  SERVICE_TEXT,
  takeConversation,
  updateQuickReply,
  writePlayerMessage,
} from './conversations.ts';

const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const CONFIG = { serviceStatus: 'online' as const, mediaBaseUrl: '' };

describe.each(DATABASE_KINDS)('customer-service conversations on %s', (kind) => {
  let database: DatabaseHandle;
  const bus = new MemoryServiceBus();
  let time = START;
  let serial = 0;
  const now = () => new Date((time += 1_000));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  async function player(): Promise<number> {
    const phone = `1372000${String(++serial).padStart(4, '0')}`;
    const row = await database.db.insertInto('users').values({ uuid: randomUUID(), phone, nickname: `玩家${serial}`, avatar: '' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const write = (userId: number, content: string, imageKey: string | null = null) => writePlayerMessage(database.db, bus, userId, { content, imageKey }, now());
  /** Closes every queued conversation left by earlier tests, so positions start at 1. */
  async function emptyQueue() {
    await database.db.updateTable('service_conversations').set({ status: 'closed', closed_at: now() }).where('status', '=', 'queued').execute();
  }
  function listen(topic: ServiceTopic) {
    const heard: ServiceBusEvent[] = [];
    const stop = bus.subscribe(topic, (event) => heard.push(event));
    return { heard, stop: async () => (await stop)() };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("a player's first message opens a queued conversation; later ones join it", async () => {
    const userId = await player();
    expect(await queueOf(database.db, CONFIG, userId, now())).toMatchObject({ state: 'none', conversation_id: null, text: '' });
    const first = await write(userId, '你好');
    expect(first).toMatchObject({ opened: true, conversation: { status: 'queued', agent_id: null }, message: { direction: 'in', kind: 'user', content: '你好' } });
    const second = await write(userId, '在吗');
    expect(second).toMatchObject({ opened: false, conversation: { id: first!.conversation.id } });
    expect(second!.message.conversation_id).toBe(first!.conversation.id);
  });

  it('racing first messages open exactly one conversation (every message kept)', async () => {
    const userId = await player();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => write(userId, `消息${i}`)));
    expect(results.filter((r) => r?.opened)).toHaveLength(1);
    const conversations = await database.db.selectFrom('service_conversations').select('id').where('user_id', '=', userId).execute();
    expect(conversations).toHaveLength(1);
    const messages = await database.db.selectFrom('service_messages').select('conversation_id').where('user_id', '=', userId).execute();
    expect(messages).toHaveLength(12);
    expect(new Set(messages.map((m) => m.conversation_id))).toEqual(new Set([conversations[0]!.id]));
  });

  it('only an own upload can be sent as a picture', async () => {
    const alice = await player();
    const bob = await player();
    await database.db.insertInto('uploads').values({ user_id: alice, object_key: 'service/abc.webp', purpose: 'service', content_type: 'image/webp', size: 10 }).execute();
    expect(await write(bob, '', 'service/abc.webp')).toBeNull();
    expect(await write(alice, '', 'service/missing.webp')).toBeNull();
    const sent = await write(alice, '', 'service/abc.webp');
    expect(sent!.message).toMatchObject({ content: '', image_key: 'service/abc.webp' });
  });

  it('queue positions follow the order players wrote in', async () => {
    await emptyQueue();
    const users = [await player(), await player(), await player()];
    for (const userId of users) await write(userId, '排队');
    const positions = await Promise.all(users.map(async (userId) => (await queueOf(database.db, CONFIG, userId, now())).position));
    expect(positions).toEqual([1, 2, 3]);
    expect((await queueOf(database.db, CONFIG, users[2]!, now())).text).toBe('排队中 第3位');
    const queue = await listQueue(database.db, { status: 'queued' });
    expect(queue.map((c) => [c.user_id, c.position])).toEqual(users.map((userId, i) => [userId, i + 1]));
    expect(queue[0]).toMatchObject({ status: 'queued', nickname: expect.stringMatching(/^玩家/), last_message: { direction: 'in', kind: 'user', content: '排队', has_image: false } });
  });

  it('of agents taking at once, exactly one wins each conversation', async () => {
    await emptyQueue();
    const conversations: number[] = [];
    for (let i = 0; i < 5; i++) conversations.push((await write(await player(), '抢单'))!.conversation.id);
    const agents = [21, 22, 23, 24, 25, 26, 27, 28];
    const attempts = conversations.flatMap((conversationId) => agents.map((agentId) => ({ agentId, conversationId })));
    const results = await Promise.all(attempts.map(({ agentId, conversationId }) => takeConversation(database.db, bus, agentId, conversationId, now()).then((result) => ({ agentId, conversationId, result }))));
    const wins = results.filter((r) => r.result.ok);
    expect(wins).toHaveLength(conversations.length);
    expect(new Set(wins.map((w) => w.conversationId)).size).toBe(conversations.length);
    for (const loss of results.filter((r) => !r.result.ok)) expect(loss.result).toEqual({ ok: false, reason: 'taken', message: AGENT_REFUSAL.taken });
    // The database agrees with the answers: each conversation is open, held by its winner, with one note.
    for (const win of wins) {
      const row = await database.db.selectFrom('service_conversations').selectAll().where('id', '=', win.conversationId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'open', agent_id: win.agentId });
      const notes = await database.db.selectFrom('service_messages').select('content').where('conversation_id', '=', win.conversationId).where('kind', '=', 'system').execute();
      expect(notes).toEqual([{ content: SERVICE_TEXT.taken(`客服0${win.agentId}`) }]);
    }
    expect(await listQueue(database.db, { status: 'queued' })).toEqual([]);
  });

  it('taking: the player hears it, the queue moves, the agents see it', async () => {
    await emptyQueue();
    const first = await player();
    const second = await player();
    const conversationId = (await write(first, '我先'))!.conversation.id;
    await write(second, '我后');
    const playerTopic = listen(userTopic(first));
    const other = listen(userTopic(second));
    const queue = listen('queue');
    const agents = listen('agents');
    expect(await takeConversation(database.db, bus, 31, conversationId, now())).toMatchObject({ ok: true, value: { status: 'open', agent_id: 31 } });
    await settle();
    expect(playerTopic.heard).toEqual([
      { type: 'conversation', userId: first, conversationId, status: 'open', agentId: 31 },
      { type: 'message', userId: first, conversationId, messageId: expect.any(Number), from: 'service' },
    ]);
    expect(other.heard).toEqual([]);
    expect(queue.heard).toEqual([{ type: 'queue' }]);
    expect(agents.heard).toEqual([{ type: 'conversation', userId: first, conversationId, status: 'open', agentId: 31 }]);
    expect(await queueOf(database.db, CONFIG, first, now())).toMatchObject({ state: 'open', agent: '客服031', text: '客服031为您服务', position: null });
    expect((await queueOf(database.db, CONFIG, second, now())).position).toBe(1);
    expect(await takeConversation(database.db, bus, 31, conversationId, now())).toMatchObject({ ok: false, reason: 'alreadyYours' });
    expect(await takeConversation(database.db, bus, 31, 999_999, now())).toMatchObject({ ok: false, reason: 'notFound' });
    for (const listener of [playerTopic, other, queue, agents]) await listener.stop();
  });

  it('taking withdraws an automatic reply still waiting for its time; one already shown stays', async () => {
    const userId = await player();
    const conversationId = (await write(userId, '充值没到账'))!.conversation.id;
    const at = now();
    const auto = (content: string, createdAt: Date) =>
      database.db.insertInto('service_messages').values({ user_id: userId, conversation_id: conversationId, direction: 'out', kind: 'auto', content, read_at: null, created_at: createdAt }).execute();
    await auto('已显示的自动回复', new Date(at.getTime() - 500));
    await auto('还没到时间的自动回复', new Date(at.getTime() + 3_000));
    await takeConversation(database.db, bus, 71, conversationId, at);
    const autos = await database.db.selectFrom('service_messages').select('content').where('conversation_id', '=', conversationId).where('kind', '=', 'auto').execute();
    expect(autos.map((row) => row.content)).toEqual(['已显示的自动回复']);
  });

  it('only the agent holding an open conversation replies, with text or a picture they uploaded', async () => {
    const userId = await player();
    const conversationId = (await write(userId, '问题'))!.conversation.id;
    expect(await agentReply(database.db, bus, 41, conversationId, { text: '您好' }, now())).toMatchObject({ ok: false, reason: 'notTaken' });
    await takeConversation(database.db, bus, 41, conversationId, now());
    expect(await agentReply(database.db, bus, 42, conversationId, { text: '抢答' }, now())).toEqual({ ok: false, reason: 'notHolder', message: AGENT_REFUSAL.notHolder });
    expect(await agentReply(database.db, bus, 41, 999_999, { text: '您好' }, now())).toMatchObject({ ok: false, reason: 'notFound' });
    expect(await agentReply(database.db, bus, 41, conversationId, { text: '   ' }, now())).toMatchObject({ ok: false, reason: 'empty' });
    expect(await agentReply(database.db, bus, 41, conversationId, { text: '字'.repeat(501) }, now())).toMatchObject({ ok: false, reason: 'tooLong' });
    // A picture: only one this agent uploaded.
    await recordAgentUpload(database.db, 42, 'service/agent42.webp', now());
    await database.db.insertInto('uploads').values({ user_id: userId, object_key: 'service/player.webp', purpose: 'service', content_type: 'image/webp', size: 10 }).execute();
    for (const key of ['service/agent42.webp', 'service/player.webp', 'service/none.webp']) {
      expect(await agentReply(database.db, bus, 41, conversationId, { imageKey: key }, now())).toMatchObject({ ok: false, reason: 'badImage' });
    }
    await recordAgentUpload(database.db, 41, 'service/agent41.webp', now());
    await recordAgentUpload(database.db, 41, 'service/agent41.webp', now()); // idempotent
    const heard = listen(userTopic(userId));
    const text = await agentReply(database.db, bus, 41, conversationId, { text: '  请稍等  ' }, now());
    const picture = await agentReply(database.db, bus, 41, conversationId, { imageKey: 'service/agent41.webp' }, now());
    const both = await agentReply(database.db, bus, 41, conversationId, { text: '见图', imageKey: 'service/agent41.webp' }, now());
    expect(text).toMatchObject({ ok: true, value: { direction: 'out', kind: 'agent', agent_id: 41, content: '请稍等', image_key: null, read_at: null, user_id: userId, conversation_id: conversationId } });
    expect(picture).toMatchObject({ ok: true, value: { content: '', image_key: 'service/agent41.webp' } });
    expect(both).toMatchObject({ ok: true, value: { content: '见图', image_key: 'service/agent41.webp' } });
    await settle();
    expect(heard.heard.map((e) => e.type === 'message' && e.from)).toEqual(['agent', 'agent', 'agent']);
    await heard.stop();
    // An agent's reply is not answered automatically, and the player's next message joins the same conversation.
    const next = await write(userId, '谢谢');
    expect(next).toMatchObject({ opened: false, conversation: { id: conversationId, status: 'open' } });
  });

  it("closing ends the conversation for good; the player's next message queues again", async () => {
    const userId = await player();
    const conversationId = (await write(userId, '第一次'))!.conversation.id;
    await takeConversation(database.db, bus, 51, conversationId, now());
    expect(await closeConversation(database.db, bus, 52, conversationId, now())).toMatchObject({ ok: false, reason: 'notHolder' });
    const heard = listen(userTopic(userId));
    expect(await closeConversation(database.db, bus, 51, conversationId, now())).toMatchObject({ ok: true, value: { status: 'closed', closed_at: expect.any(Date) } });
    await settle();
    expect(heard.heard.at(-1)).toEqual({ type: 'conversation', userId, conversationId, status: 'closed', agentId: 51 });
    await heard.stop();
    expect(await closeConversation(database.db, bus, 51, conversationId, now())).toMatchObject({ ok: false, reason: 'closed' });
    expect(await agentReply(database.db, bus, 51, conversationId, { text: '还在吗' }, now())).toMatchObject({ ok: false, reason: 'closed' });
    expect(await takeConversation(database.db, bus, 53, conversationId, now())).toMatchObject({ ok: false, reason: 'closed' });
    expect(await queueOf(database.db, CONFIG, userId, now())).toMatchObject({ state: 'closed', conversation_id: conversationId, agent: '客服051', text: '已结束' });
    const again = await write(userId, '第二次');
    expect(again).toMatchObject({ opened: true, conversation: { status: 'queued' } });
    expect(again!.conversation.id).not.toBe(conversationId);
    expect((await queueOf(database.db, CONFIG, userId, now())).state).toBe('queued');
    const closed = await listQueue(database.db, { status: 'closed' });
    expect(closed.find((c) => c.id === conversationId)).toMatchObject({ agent_id: 51, last_message: { kind: 'system', content: SERVICE_TEXT.closed } });
    // The agent sees the whole chat of the player, oldest first.
    const history = await conversationMessages(database.db, again!.conversation.id);
    expect(history.map((m) => m.content)).toEqual(['第一次', SERVICE_TEXT.taken('客服051'), SERVICE_TEXT.closed, '第二次']);
    expect((await conversationMessages(database.db, conversationId, { beforeId: history[2]!.id, limit: 1 })).map((m) => m.content)).toEqual([SERVICE_TEXT.taken('客服051')]);
  });

  it("an agent's open list holds their conversations only", async () => {
    const userId = await player();
    const conversationId = (await write(userId, '找 61'))!.conversation.id;
    await takeConversation(database.db, bus, 61, conversationId, now());
    const mine = await listQueue(database.db, { status: 'open', agentId: 61 });
    expect(mine.map((c) => c.id)).toEqual([conversationId]);
    expect(mine[0]).toMatchObject({ agent: '客服061', position: null, taken_at: expect.any(Date) });
    expect(await listQueue(database.db, { status: 'open', agentId: 62 })).toEqual([]);
  });

  it('quick replies: seeded in order, created, edited, removed, checked', async () => {
    const seeded = await listQuickReplies(database.db);
    expect(seeded.map((r) => r.content)).toEqual(DEFAULT_QUICK_REPLIES);
    const created = await createQuickReply(database.db, { content: '  请稍候  ', sort: 5 }, now());
    expect(created).toMatchObject({ ok: true, value: { content: '请稍候', sort: 5 } });
    const id = created.ok ? created.value.id : 0;
    expect((await listQuickReplies(database.db))[0]).toMatchObject({ id, content: '请稍候' });
    expect(await updateQuickReply(database.db, id, { content: '马上为您处理', sort: 1_000 }, now())).toMatchObject({ ok: true, value: { id, content: '马上为您处理', sort: 1_000 } });
    expect((await listQuickReplies(database.db)).at(-1)).toMatchObject({ id });
    expect(await updateQuickReply(database.db, id, { content: ' ' }, now())).toMatchObject({ ok: false, reason: 'quickReplyEmpty' });
    expect(await createQuickReply(database.db, { content: 'x'.repeat(501) }, now())).toMatchObject({ ok: false, reason: 'quickReplyTooLong' });
    expect(await deleteQuickReply(database.db, id)).toEqual({ ok: true, value: null });
    expect(await deleteQuickReply(database.db, id)).toMatchObject({ ok: false, reason: 'quickReplyNotFound' });
    expect(await updateQuickReply(database.db, id, { sort: 1 }, now())).toMatchObject({ ok: false, reason: 'quickReplyNotFound' });
    expect((await listQuickReplies(database.db)).map((r) => r.content)).toEqual(DEFAULT_QUICK_REPLIES);
  });
});
