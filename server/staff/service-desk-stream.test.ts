import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_STREAM_PATH } from '../../api/protocol/service-desk.ts';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import { dataOf, openSse, type SseConnection } from '../../tests/helpers/sse-client.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { MemoryServiceBus } from '../service/bus.ts';
import { writePlayerMessage } from '../service/conversations.ts';
import { STAFF_IDLE_MS } from './sessions.ts';

/**
 * The agents' stream as the server registers it (server/app.ts): authenticated by the staff
 * session cookie over real HTTP. No cookie, a player's token (however sent) and a role without the
 * desk are refused; an agent hears the queue and their own conversations; the stream ends when
 * the session does (sign-out, 30 minutes idle), checked at each heartbeat.
 */
describe.each(DATABASE_KINDS)('the agents’ stream with staff sessions (%s)', (kind) => {
  const bus = new MemoryServiceBus();
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let url: string;
  let player: { token: string; uuid: string; id: number };

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { SERVICE_STATUS: 'online' }, serviceBus: bus, serviceStream: { heartbeatMs: 50 } });
    url = server.url + AGENT_STREAM_PATH;
    const call = wireClient(server.url, clock.now);
    const phone = '13900008811';
    await call('/api/login/sendCode', { phone, type: '1' });
    const signedIn = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: '1' });
    expect(signedIn.code).toBe(200);
    const user = await server.database.db.selectFrom('users').select('id').where('uuid', '=', signedIn.data.user_uuid).executeTakeFirstOrThrow();
    player = { token: signedIn.data.token, uuid: signedIn.data.user_uuid, id: user.id };
  });
  afterAll(async () => {
    await server.close();
    await bus.close();
  });

  const staff = (role: 'agent' | 'admin' | 'reviewer' | 'finance') => signedInStaff(server.database.db, role, new Date(clock.current));
  const connect = async (who: StaffCredentials): Promise<SseConnection> => {
    const connection = await openSse(url, { cookie: who.cookie });
    expect(connection.status).toBe(200);
    await connection.waitFor((frame) => frame.comment === 'connected');
    return connection;
  };

  it('refuses no cookie, a player’s token in every form, and roles without the desk', async () => {
    const none = await openSse(url);
    expect([none.status, JSON.parse(none.body)]).toEqual([401, { code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.notSignedIn, data: null }]);
    for (const headers of [{ cookie: `staff_session=${player.token}` } as Record<string, string>, { authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid }, { cookie: `token=${player.token}; user_uuid=${player.uuid}` }]) {
      const refused = await openSse(url, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(JSON.parse(refused.body).code).toBe(STAFF_CODE.notSignedIn);
    }
    for (const role of ['reviewer', 'finance'] as const) {
      const refused = await openSse(url, { cookie: (await staff(role)).cookie });
      expect([refused.status, JSON.parse(refused.body)], role).toEqual([403, { code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null }]);
    }
  });

  it('an agent hears a player join the queue, their message, the take; another agent no longer hears the held chat; an administrator does', async () => {
    const [agent, other, admin] = [await staff('agent'), await staff('agent'), await staff('admin')];
    const streams = [await connect(agent), await connect(other), await connect(admin)];
    const [mine, theirs, all] = streams;
    const written = await writePlayerMessage(server.database.db, bus, player.id, { content: '请问在吗', imageKey: null }, new Date(clock.current));
    const conversationId = written!.conversation.id;
    for (const stream of streams) {
      const [queued] = await stream.waitFor((f) => f.event === 'conversation');
      expect(dataOf(queued!)).toEqual({ conversation_id: conversationId, user_id: player.id, status: 'queued', agent_id: null, agent: null });
      const [message] = await stream.waitFor((f) => f.event === 'message');
      expect(dataOf<{ message: { content: string } }>(message!).message.content).toBe('请问在吗');
    }
    expect((await staffCall(server.url, '/staff/api/service/take', { id: conversationId }, agent)).body.code).toBe(1);
    for (const stream of streams) {
      const [, taken] = await stream.waitFor((f) => f.event === 'conversation', 2);
      expect(dataOf(taken!)).toMatchObject({ conversation_id: conversationId, status: 'open', agent_id: agent.account.id });
    }
    expect((await staffCall(server.url, '/staff/api/service/reply', { id: conversationId, text: '您好，我在' }, agent)).body.code).toBe(1);
    await writePlayerMessage(server.database.db, bus, player.id, { content: '订单没到账', imageKey: null }, new Date(clock.current));
    await mine!.waitFor((f) => f.event === 'message', 3);
    await all!.waitFor((f) => f.event === 'message', 3);
    const contents = (stream: SseConnection) => stream.frames.filter((f) => f.event === 'message').map((f) => dataOf<{ message: { content: string } }>(f).message.content);
    expect(contents(mine!)).toEqual(['请问在吗', '您好，我在', '订单没到账']);
    expect(contents(all!)).toEqual(['请问在吗', '您好，我在', '订单没到账']);
    // The other agent had time to hear them (heartbeats went by) and did not.
    const beats = theirs!.frames.filter((f) => f.comment === 'heartbeat').length;
    await theirs!.waitFor((f) => f.comment === 'heartbeat', beats + 2);
    expect(contents(theirs!)).toEqual(['请问在吗']);
    for (const stream of streams) stream.close();
  });

  it('ends when the session ends: signed out, or idle for 30 minutes (a stream is not activity)', async () => {
    const leaving = await staff('agent');
    const stream = await connect(leaving);
    expect((await staffCall(server.url, '/staff/api/auth/logout', {}, leaving)).body.code).toBe(1);
    await stream.ended;
    expect((await openSse(url, { cookie: leaving.cookie })).status).toBe(401);

    const idle = await staff('agent');
    const quiet = await connect(idle);
    await quiet.waitFor((f) => f.comment === 'heartbeat', 2);
    clock.advance(STAFF_IDLE_MS + 1_000);
    await quiet.ended;
    expect((await staffCall(server.url, '/staff/api/service/queue', { view: 'queued' }, idle)).body).toMatchObject({ code: STAFF_CODE.notSignedIn, msg: STAFF_MSG.sessionIdle });
  });
});
