import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { wireClient } from '../tests/helpers/wire-client.ts';
import { maskDigits } from './app.ts';
import { redactStreamTicket } from './service/stream.ts';

describe('structured logs keep secrets out', () => {
  const lines: string[] = [];
  const sent = new Map<string, string>();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { LOG_LEVEL: 'debug', SERVICE_STATUS: 'online' },
      logStream: { write: (line) => void lines.push(line) },
      sms: { send: async (phone, code) => void sent.set(phone, code) },
    });
  });
  afterAll(() => server.close());

  it('a whole sign-up and signed-in call log no phone, code, password, token or signature', async () => {
    const call = wireClient(server.url);
    const phone = '13912345678';
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const code = sent.get(phone)!;
    const login = await call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 });
    expect(login.code).toBe(200);
    const credentials = { token: login.data.token as string, uuid: login.data.user_uuid as string };
    expect(await call('/api/user/getUserInfo', {}, credentials)).toMatchObject({ code: 1 });
    await fetch(`${server.url}/dev/sms/${phone}`);
    // A customer-service stream ticket in the query (a credential for its 60 s).
    const ticket = await call('/api/user/getChatStreamTicket', {}, credentials);
    const streamTicket = String(ticket.data.url ?? '').split('ticket=')[1] ?? 'none';
    if (ticket.data.url) (await fetch(server.url + ticket.data.url, { signal: AbortSignal.timeout(300) }).catch(() => null))?.body?.cancel();
    await fetch(`${server.url}/api/service/stream?ticket=${streamTicket}`); // used: refused, logged
    await wireClient(server.url, () => Date.now() - 400_000)('/down/appVersion'); // refused requests are logged too

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow(); // structured: one JSON object a line
    expect(log).not.toContain(phone);
    expect(log).not.toContain(credentials.token);
    expect(log).not.toContain(streamTicket);
    expect(log).toContain('ticket=[redacted]');
    expect(log).not.toMatch(new RegExp(`"code":"?${code}"?`));
    expect(log).toContain('139****78'); // the dev outbox URL, masked
    expect(log).toContain('"refused":"expired"');
  });

  it('redactStreamTicket hides the ticket of the stream URL', () => {
    expect(redactStreamTicket('/api/service/stream?ticket=abc-DEF_123&last_event_id=5')).toBe('/api/service/stream?ticket=[redacted]&last_event_id=5');
    expect(redactStreamTicket('/api/service/stream?last_event_id=5&ticket=abc')).toBe('/api/service/stream?last_event_id=5&ticket=[redacted]');
  });

  it('maskDigits masks any run of 7+ digits', () => {
    expect(maskDigits('/dev/sms/13800138000?x=1')).toBe('/dev/sms/138****00?x=1');
    expect(maskDigits('/api/game/x?id=42')).toBe('/api/game/x?id=42');
  });
});
