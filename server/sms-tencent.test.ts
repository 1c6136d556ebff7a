import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readSendAnswer, scrubDigits, SmsSendError, TencentSmsProvider, toE164, type TencentSmsSettings } from './sms-tencent.ts';

/**
 * The official SDK against a local stand-in for sms.tencentcloudapi.com: the test sees the request
 * the SDK really sent (headers, JSON body, TC3 signature header) and chooses the answer.
 */
interface Seen {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

let server: Server;
let port = 0;
const seen: Seen[] = [];
let answer: (res: ServerResponse, body: Record<string, unknown>) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      seen.push({ headers: req.headers, body });
      answer(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Tencent's per-phone answer shape (SendSms 2021-01-11). */
function statusAnswer(phone: string, code: string, message: string) {
  return { Response: { SendStatusSet: [{ SerialNo: code === 'Ok' ? '2640:3305931416816410211' : '', PhoneNumber: phone, Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' }], RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279' } };
}

const SECRET_KEY = 'tencent-secret-key-do-not-log-0123';
function settings(overrides: Partial<TencentSmsSettings> = {}): TencentSmsSettings {
  return {
    secretId: 'AKIDtestsecretid000000',
    secretKey: SECRET_KEY,
    region: 'ap-guangzhou',
    appId: '1400006666',
    signName: '乐玩游戏',
    templates: { login: '1110001', recovery: '1110002', verifyPhone: '1110003', bindPhone: '1110004', cancel: '1110005' },
    endpoint: `127.0.0.1:${port}`,
    protocol: 'http://',
    timeoutMs: 2_000,
    ...overrides,
  };
}

function capturingLog() {
  const lines: unknown[] = [];
  return { lines, text: () => JSON.stringify(lines), log: { info: (...args: unknown[]) => void lines.push(args), warn: (...args: unknown[]) => void lines.push(args) } };
}

async function failure(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Tencent Cloud SMS through the official SDK', () => {
  it('sends SendSms with the phone in E.164, the app, the signature, the purpose’s template and the code as its parameter', async () => {
    answer = (res) => json(res, 200, statusAnswer('+8613800138000', 'Ok', 'send success'));
    const out = capturingLog();
    const sms = new TencentSmsProvider(settings(), out.log);
    await sms.send('13800138000', '0427', 'login');
    await sms.send('13800138000', '9031', 'cancel');
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    expect(first!.headers['x-tc-action']).toBe('SendSms');
    expect(first!.headers['x-tc-version']).toBe('2021-01-11');
    expect(first!.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(first!.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtestsecretid000000\//);
    expect(first!.headers.authorization).not.toContain(SECRET_KEY);
    expect(first!.body).toEqual({ PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400006666', SignName: '乐玩游戏', TemplateId: '1110001', TemplateParamSet: ['0427'] });
    expect(second!.body).toMatchObject({ TemplateId: '1110005', TemplateParamSet: ['9031'] });
    // The log has the masked phone, never the code, the phone or the secret.
    expect(out.text()).toContain('138****8000');
    expect(out.text()).not.toMatch(/0427|9031|13800138000|tencent-secret-key/);
  });

  it('maps each purpose to its own template', async () => {
    answer = (res, body) => json(res, 200, statusAnswer((body.PhoneNumberSet as string[])[0]!, 'Ok', 'send success'));
    const sms = new TencentSmsProvider(settings(), capturingLog().log);
    for (const purpose of ['login', 'recovery', 'verifyPhone', 'bindPhone', 'cancel'] as const) await sms.send('13900139000', '1234', purpose);
    expect(seen.map((s) => s.body.TemplateId)).toEqual(['1110001', '1110002', '1110003', '1110004', '1110005']);
  });

  it.each([
    ['LimitExceeded.PhoneNumberThirtySecondLimit', '单个手机号30秒内下发短信条数超过设定的上限'],
    ['LimitExceeded.PhoneNumberDailyLimit', '单个手机号日下发短信条数超过设定的上限'],
    ['InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', '套餐包余量不足'],
    ['UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId校验失败'],
  ])('a per-phone refusal %s rejects with that code', async (code, message) => {
    answer = (res) => json(res, 200, statusAnswer('+8613800138000', code, `${message} (+8613800138000)`));
    const out = capturingLog();
    const error = await failure(new TencentSmsProvider(settings(), out.log).send('13800138000', '0427', 'login'));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('13800138000');
    expect(out.text()).toContain(code);
    expect(out.text()).not.toMatch(/0427|13800138000/);
  });

  it.each([
    ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated.'],
    ['FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配'],
    ['RequestLimitExceeded', '请求的次数超过了频率限制'],
  ])('an API error %s rejects with that code', async (code, message) => {
    answer = (res) => json(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: 'r-1' } });
    const error = await failure(new TencentSmsProvider(settings(), capturingLog().log).send('13800138000', '0427', 'recovery'));
    expect(error.code).toBe(code);
    expect(error.message).not.toContain(SECRET_KEY);
  });

  it('a non-200 answer rejects', async () => {
    answer = (res) => json(res, 502, { message: 'bad gateway' });
    const error = await failure(new TencentSmsProvider(settings(), capturingLog().log).send('13800138000', '0427', 'login'));
    expect(error.code).toBe('HTTP502');
  });

  it('an answer without a status for the phone rejects', async () => {
    answer = (res) => json(res, 200, { Response: { SendStatusSet: [], RequestId: 'r-2' } });
    expect((await failure(new TencentSmsProvider(settings(), capturingLog().log).send('13800138000', '0427', 'login'))).code).toBe('BadAnswer');
  });

  it('a server that never answers rejects after the request timeout', async () => {
    answer = () => {}; // holds the request open
    const error = await failure(new TencentSmsProvider(settings({ timeoutMs: 200 }), capturingLog().log).send('13800138000', '0427', 'login'));
    expect(error.code).toBe('RequestFailed');
    expect(seen).toHaveLength(1);
  });

  it('a refused connection rejects', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(new TencentSmsProvider(settings({ endpoint: `127.0.0.1:${deadPort}` }), capturingLog().log).send('13800138000', '0427', 'login'));
    expect(error.code).toBe('RequestFailed');
  });
});

describe('readSendAnswer', () => {
  it('only Code "Ok" for the phone is a success', () => {
    expect(readSendAnswer(statusAnswer('+8613800138000', 'Ok', 'x').Response, '+8613800138000')).toEqual({ ok: true, serialNo: '2640:3305931416816410211' });
    expect(readSendAnswer(statusAnswer('+8613800138000', 'OK', 'x').Response, '+8613800138000')).toMatchObject({ ok: false, code: 'OK' });
    expect(readSendAnswer(null, '+8613800138000')).toMatchObject({ ok: false, code: 'BadAnswer' });
    expect(readSendAnswer({ SendStatusSet: 'Ok' }, '+8613800138000')).toMatchObject({ ok: false, code: 'BadAnswer' });
    // Another phone's success is not this phone's.
    const two = { SendStatusSet: [{ PhoneNumber: '+8613900139000', Code: 'Ok' }, { PhoneNumber: '+8613800138000', Code: 'LimitExceeded.PhoneNumberDailyLimit' }] };
    expect(readSendAnswer(two, '+8613800138000')).toMatchObject({ ok: false, code: 'LimitExceeded.PhoneNumberDailyLimit' });
  });

  it('property: total on any input, and a success only when the status says Ok', () => {
    const status = fc.record(
      { PhoneNumber: fc.oneof(fc.constant('+8613800138000'), fc.string()), Code: fc.oneof(fc.constant('Ok'), fc.string(), fc.integer(), fc.constant(null)), Message: fc.oneof(fc.string(), fc.constant(undefined)), SerialNo: fc.oneof(fc.string(), fc.integer()) },
      { requiredKeys: [] },
    );
    const input = fc.oneof(fc.anything(), fc.record({ SendStatusSet: fc.oneof(fc.array(status, { maxLength: 3 }), fc.anything()) }));
    fc.assert(
      fc.property(input, (value) => {
        const result = readSendAnswer(value, '+8613800138000');
        if (result.ok) {
          const set = (value as { SendStatusSet: Array<{ PhoneNumber?: unknown; Code?: unknown }> }).SendStatusSet;
          const mine = set.find((s) => s?.PhoneNumber === '+8613800138000') ?? (set.length === 1 ? set[0] : undefined);
          expect(mine?.Code).toBe('Ok');
        } else {
          expect(result.code.length).toBeGreaterThan(0);
          expect(result.code.length).toBeLessThanOrEqual(100);
          expect(result.code).not.toBe('Ok');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('scrubDigits masks phone-like digit runs in provider messages', () => {
    expect(scrubDigits('phone +8613800138000 is invalid')).toBe('phone +86****8000 is invalid');
    expect(scrubDigits('手机号13800138000格式错误')).toBe('手机号138****8000格式错误');
    expect(scrubDigits('code 123456 ok')).toBe('code 123456 ok');
    fc.assert(fc.property(fc.string(), fc.stringMatching(/^1\d{10}$/), fc.string(), (a, phone, b) => {
      expect(scrubDigits(`${a} ${phone} ${b}`)).not.toContain(phone);
    }), { numRuns: 1000 });
  });

  it('toE164 prefixes +86 to mainland numbers and keeps E.164 ones', () => {
    expect(toE164('13800138000')).toBe('+8613800138000');
    expect(toE164('+85291234567')).toBe('+85291234567');
  });
});
