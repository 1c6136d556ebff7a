import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { ManualClock } from '../tests/helpers/wire-client.ts';

/**
 * Beyond the calls' bodies (server/text-rule.test.ts): every other way a request carries text —
 * paths and query strings (URL-decoded, so %00 is a NUL), JSON and form bodies of the
 * server-to-server and page routes, upload tickets — never reaches PostgreSQL with a NUL or a lone
 * surrogate: each answers its usual refusal (4xx, or its own code), never a 5xx, and nothing is
 * logged above info. Request headers cannot carry a NUL at all (Node's HTTP parser answers 400 before
 * any route runs).
 */

const START = Date.UTC(2026, 10, 20, 4, 0, 0);

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  type?: string;
}

const json = (value: unknown) => JSON.stringify(value);

const PROBES: readonly Probe[] = [
  { method: 'GET', url: '/media/avatars/a%00b.webp' },
  { method: 'GET', url: '/media/avatars/a%ED%A0%80b.webp' },
  { method: 'GET', url: '/art/icon/a%00b.png' },
  { method: 'GET', url: '/down/game/1001/a%00b.apk' },
  { method: 'GET', url: '/down/app/a%00b-1.0.0.apk' },
  { method: 'GET', url: '/play/h5/1001?ticket=a%00b' },
  { method: 'POST', url: '/play/h5/1001/beat', body: json({ ticket: 'a\u0000b' }), type: 'application/json' },
  { method: 'GET', url: '/api/service/stream?ticket=a%00b&last_event_id=%00' },
  { method: 'POST', url: '/sim-game/session', body: json({ ticket: 'a\u0000b' }), type: 'application/json' },
  { method: 'POST', url: '/sim-game/deliver', body: 'order_number=a%00b&role_id=%00&amount=1&sign=%00', type: 'application/x-www-form-urlencoded' },
  { method: 'GET', url: '/sandbox-pay/cashier/a%00b' },
  { method: 'POST', url: '/sandbox-pay/cashier/a%00b/pay', body: '', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/sandbox-pay/cashier/a%00b/cancel', body: '', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/pay/notify/sandbox', body: 'out_trade_no=a%00b&trade_no=%00&total_amount=1.00&sign=%00', type: 'application/x-www-form-urlencoded' },
  { method: 'POST', url: '/upload/a%00b', body: 'x', type: 'application/octet-stream' },
  { method: 'POST', url: '/staff/upload/a%00b', body: 'x', type: 'application/octet-stream' },
  { method: 'GET', url: '/staff/api/service/stream?ticket=a%00b' },
  { method: 'GET', url: '/dev/sms/a%00b' },
  { method: 'POST', url: '/dev/service/agent', body: json({ user_uuid: 'a\u0000b', content: 'a\u0000b' }), type: 'application/json' },
  { method: 'GET', url: '/a%00b' },
];

describe.each(DATABASE_KINDS)('text in paths, query strings and other bodies on %s', (kind) => {
  const clock = new ManualClock(START);
  const logLines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
  }, 120_000);
  afterAll(() => server.close());

  it.each(PROBES.map((probe) => [`${probe.method} ${probe.url}`, probe] as const))('%s: no 5xx', async (_name, probe) => {
    const res = await server.app.inject({ method: probe.method, url: probe.url, ...(probe.body !== undefined ? { payload: probe.body, headers: { 'content-type': probe.type! } } : {}) });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
  });

  it('a header with a NUL never reaches a route', async () => {
    const res = await fetch(`${server.url}/api/service/stream?ticket=x`, { headers: { 'last-event-id': '1' } });
    expect(res.status).toBeLessThan(500);
    await res.body?.cancel();
    // fetch itself refuses to send a NUL in a header; a raw request shows the parser's answer.
    const { connect } = await import('node:net');
    const url = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end('GET /healthz HTTP/1.1\r\nHost: x\r\nX-User-Uuid: a\u0000b\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  it('nothing was logged above info but the refused payment notification', () => {
    // A notification that fails the provider's signature stays a warning on purpose: it is either a
    // forgery or a misconfigured provider, and whoever runs the server must see it.
    const above = logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level > 30);
    expect(above.filter((entry) => entry.msg !== 'payment notification refused').slice(0, 3)).toEqual([]);
    expect(above.length).toBeLessThanOrEqual(1);
  });
});
