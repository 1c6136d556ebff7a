import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { openSse } from '../../tests/helpers/sse-client.ts';
import { MemoryServiceBus } from './bus.ts';
import { registerDevServiceAgent } from './dev-agent.ts';
import type { ServiceStreamHub } from './stream.ts';

const START = Date.UTC(2026, 2, 2, 2, 0, 0);

describe('the development agent (/dev/service/agent)', () => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  const phone = '13740000001';
  let player: { token: string; uuid: string };

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, env: { SERVICE_STATUS: 'online' } });
    call = wireClient(server.url, clock.now);
    await call('/api/login/sendCode', { phone, type: '1' });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    player = { token: answer.data.token, uuid: answer.data.user_uuid };
  });
  afterAll(() => server.close());

  const agent = (body: Record<string, unknown>) =>
    fetch(`${server.url}/dev/service/agent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('drives the agent functions for a player, outside production', async () => {
    expect((await agent({ phone, action: 'take' })).status).toBe(404); // no conversation yet
    await call('/api/user/sendServiceMessage', { content: '你好' }, player);
    expect(await (await agent({ phone, action: 'take' })).json()).toMatchObject({ code: 1 });
    expect(await (await agent({ phone, action: 'take' })).json()).toMatchObject({ code: -1, data: { reason: 'alreadyYours' } });
    expect(await (await agent({ phone, action: 'reply', text: '您好，请问有什么可以帮您' })).json()).toMatchObject({ code: 1 });
    expect((await call('/api/user/getUnreadMessage', {}, player)).data).toMatchObject({ content: '您好，请问有什么可以帮您' });
    const ticket = await call('/api/user/getChatStreamTicket', {}, player);
    const stream = await openSse(server.url + ticket.data.url);
    await stream.waitFor((frame) => frame.event === 'queue');
    expect(await (await agent({ phone, action: 'drop' })).json()).toEqual({ code: 1, msg: 'success', data: { ended: 1 } });
    await stream.ended;
    expect(await (await agent({ phone, action: 'close' })).json()).toMatchObject({ code: 1 });
    expect((await agent({ phone, action: 'dance' })).status).toBe(400);
    expect((await agent({ phone: '13700000000', action: 'take' })).status).toBe(404);
  });

  it('answers 404 to everything in production', async () => {
    const app = Fastify();
    const hub: ServiceStreamHub = { size: 0, endStreams: () => 0 };
    registerDevServiceAgent(app, { db: server.database.db, bus: new MemoryServiceBus(), hub, now: clock.now, production: true });
    for (const action of ['take', 'reply', 'close', 'drop']) {
      const res = await app.inject({ method: 'POST', url: '/dev/service/agent', payload: { phone, action, text: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: 'Not Found', data: null });
    }
    await app.close();
  });
});
