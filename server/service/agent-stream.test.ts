import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import { dataOf, openSse, type SseConnection, type SseFrame } from '../../tests/helpers/sse-client.ts';
import { registerAgentStream } from './agent-stream.ts';
import { MemoryServiceBus } from './bus.ts';
import { agentReply, takeConversation, writePlayerMessage } from './conversations.ts';

/** The agents' stream with a stand-in for the staff session (phase 2 brings the real one). */
describe('the agents’ event stream', () => {
  const bus = new MemoryServiceBus();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  let hub: { readonly size: number };
  const now = () => new Date();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = Fastify();
    hub = registerAgentStream(app, {
      db: database.db,
      bus,
      config: { mediaBaseUrl: '' },
      log: app.log,
      heartbeatMs: 100,
      authenticate: async (request) => {
        const staff = Number(request.headers['x-test-staff']);
        return Number.isSafeInteger(staff) && staff > 0 ? { staffId: staff, seesAll: request.headers['x-test-admin'] === '1' } : null;
      },
    });
    url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/staff/api/service/stream`;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
    await database.close();
  });

  const connect = async (staff: number, admin = false): Promise<SseConnection> => {
    const connection = await openSse(url, { 'x-test-staff': String(staff), ...(admin ? { 'x-test-admin': '1' } : {}) });
    expect(connection.status).toBe(200);
    await connection.waitFor((frame) => frame.comment === 'connected');
    return connection;
  };
  const messages = (connection: SseConnection) => connection.frames.filter((f) => f.event === 'message').map((f) => dataOf<{ message: { content: string } }>(f).message.content);
  const conversations = (connection: SseConnection) => connection.frames.filter((f) => f.event === 'conversation').map((f: SseFrame) => dataOf<{ status: string; agent: string | null }>(f));

  it('refuses without a staff session', async () => {
    const refused = await openSse(url);
    expect(refused.status).toBe(401);
  });

  it('every agent hears the queue; the messages of a held conversation reach its agent (and an administrator) only', async () => {
    const [five, six, admin] = [await connect(5), await connect(6), await connect(1, true)];
    const user = await database.db.insertInto('users').values({ uuid: randomUUID(), phone: '13750000001', nickname: '玩家', avatar: '' }).returning('id').executeTakeFirstOrThrow();
    const written = await writePlayerMessage(database.db, bus, user.id, { content: '有人吗', imageKey: null }, now());
    for (const connection of [five, six, admin]) {
      await connection.waitFor((f) => f.event === 'message');
      expect(conversations(connection)).toEqual([{ conversation_id: written!.conversation.id, user_id: user.id, status: 'queued', agent_id: null, agent: null }]);
      expect(messages(connection)).toEqual(['有人吗']);
    }
    await takeConversation(database.db, bus, 5, written!.conversation.id, now());
    await agentReply(database.db, bus, 5, written!.conversation.id, { text: '我是客服005' }, now());
    await five.waitFor((f) => f.event === 'message', 2);
    await admin.waitFor((f) => f.event === 'message', 2);
    for (const connection of [five, six, admin]) await connection.waitFor((f) => f.event === 'conversation', 2);
    expect(conversations(six).at(-1)).toMatchObject({ status: 'open', agent_id: 5, agent: '客服005' });
    // Agent 6 had time to hear it (heartbeats went by) and did not.
    const beats = six.frames.filter((f) => f.comment === 'heartbeat').length;
    await six.waitFor((f) => f.comment === 'heartbeat', beats + 2);
    expect(messages(five)).toEqual(['有人吗', '我是客服005']);
    expect(messages(admin)).toEqual(['有人吗', '我是客服005']);
    expect(messages(six)).toEqual(['有人吗']);
    expect(hub.size).toBe(3);
    for (const connection of [five, six, admin]) connection.close();
  });
});
