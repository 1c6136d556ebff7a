import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKvStore } from './kv-store.ts';
import { CODE_MSG } from './verification-codes.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { ManualClock, wireClient } from '../tests/helpers/wire-client.ts';

/**
 * SMS_PROVIDER=tencent end to end: the real server's sendCode through the official SDK to a local
 * stand-in for Tencent. A refused send must not leave a usable code nor hold the phone's cooldown.
 */
const START = Date.UTC(2026, 2, 2, 1, 0, 0);
const SECRET_KEY = 'tencent-secret-key-never-logged-42';

describe.each(DATABASE_KINDS)('sendCode with the Tencent provider on %s', (kind) => {
  const clock = new ManualClock(START);
  let tencent: Server;
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  const logLines: string[] = [];
  const sent: Array<{ phone: string; code: string; template: string }> = [];
  let refuseWith: string | null = null;

  beforeAll(async () => {
    tencent = createServer((req, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { PhoneNumberSet: string[]; TemplateParamSet: string[]; TemplateId: string };
        const phone = body.PhoneNumberSet[0]!;
        sent.push({ phone, code: body.TemplateParamSet[0]!, template: body.TemplateId });
        const code = refuseWith ?? 'Ok';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { SendStatusSet: [{ SerialNo: code === 'Ok' ? 's-1' : '', PhoneNumber: phone, Fee: 1, SessionContext: '', Code: code, Message: code, IsoCode: 'CN' }], RequestId: 'r' } }));
      });
    });
    await new Promise<void>((resolve) => tencent.listen(0, '127.0.0.1', resolve));
    const port = (tencent.address() as AddressInfo).port;
    server = await startTestServer({
      kind,
      now: clock.now,
      kv: new MemoryKvStore(clock.now),
      logStream: { write: (line: string) => void logLines.push(line) },
      env: {
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'AKIDappTestSecretId',
        TENCENT_SMS_SECRET_KEY: SECRET_KEY,
        TENCENT_SMS_APP_ID: '1400006666',
        TENCENT_SMS_SIGN_NAME: '乐玩游戏',
        TENCENT_SMS_TEMPLATE: '2220000',
        TENCENT_SMS_TEMPLATE_RECOVERY: '2220002',
        TENCENT_SMS_ENDPOINT: `http://127.0.0.1:${port}`,
      },
    });
    call = wireClient(server.url, clock.now);
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => tencent.close(() => resolve()));
  });

  it('a refused send answers 发送失败, leaves no usable code and frees the cooldown; the next send delivers a working code', async () => {
    const phone = '13900001111';
    refuseWith = 'LimitExceeded.PhoneNumberThirtySecondLimit';
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toEqual({ code: -1, msg: '验证码发送失败，请稍后再试', data: null });
    expect(sent).toHaveLength(1);
    const refusedCode = sent[0]!.code;
    expect(sent[0]).toMatchObject({ phone: '+8613900001111', template: '2220000' });

    // The refused code does not sign in.
    const withRefused = await call('/api/login/trendRegister', { account: phone, phone_code: refusedCode, agree_agreement: 1 });
    expect(withRefused).toMatchObject({ code: -1, msg: CODE_MSG.expired });

    // No 60 s wait: the failed send did not hold the cooldown.
    refuseWith = null;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    expect(sent).toHaveLength(2);
    const signedIn = await call('/api/login/trendRegister', { account: phone, phone_code: sent[1]!.code, agree_agreement: 1 });
    expect(signedIn).toMatchObject({ code: 200, msg: '登录成功' });

    // A successful send holds the cooldown as always.
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: -1, msg: CODE_MSG.cooldown });
    expect(sent).toHaveLength(2);
  });

  it('recovery uses its own template; the logs carry neither the phone, the codes nor the secret', async () => {
    const phone = '13900001111'; // registered by the test above
    clock.advance(61_000);
    expect(await call('/api/login/sendCode', { phone, type: '2' })).toMatchObject({ code: 1 });
    expect(sent.at(-1)).toMatchObject({ template: '2220002' });
    const logs = logLines.join('');
    expect(logs).toContain('139****1111');
    expect(logs).not.toContain(SECRET_KEY);
    expect(logs).not.toContain('13900001111');
    for (const { code } of sent) expect(logs).not.toMatch(new RegExp(`"(code|phone_code)":"${code}"`));
  });

  it('the dev outbox is closed: the Tencent provider keeps no codes', async () => {
    expect((await fetch(`${server.url}/dev/sms/13900001111`)).status).toBe(404);
  });
});
