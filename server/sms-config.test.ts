import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfigError, loadConfig } from './config.ts';
import { parseEndpoint, parseTimeout, smsConfigOf } from './sms-config.ts';

const PROD_SECRETS = { NODE_ENV: 'production', API_SIGN_SECRET: 'a', LOGIN_SIGN_SECRET: 'b', POINT_SIGN_SECRET: 'c', API_AES_KEY: '0123456789abcdef', REAL_NAME_SECRET: 'r'.repeat(32), PAYMENT_PROVIDER: 'sandbox', SANDBOX_PAY_KEY: 's'.repeat(32), GAME_DELIVERY_KEY: 'g'.repeat(32) };
const SECRET_KEY = 'tencent-secret-key-never-in-a-message';
const TENCENT = { SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'AKIDsecretid', TENCENT_SMS_SECRET_KEY: SECRET_KEY, TENCENT_SMS_APP_ID: '1400006666', TENCENT_SMS_SIGN_NAME: '乐玩游戏', TENCENT_SMS_TEMPLATE: '100001' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('SMS provider configuration', () => {
  it('is the console outbox by default outside production', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'console' });
    expect(loadConfig({}).smsProvider).toBe('console');
    expect(loadConfig({ SMS_PROVIDER: 'console' }).sms).toEqual({ provider: 'console' });
  });

  it('production refuses the console provider, chosen or by default', () => {
    expect(problemsOf(PROD_SECRETS)).toEqual(['SMS_PROVIDER must be tencent in production (the console provider delivers no codes)']);
    expect(problemsOf({ ...PROD_SECRETS, SMS_PROVIDER: 'console' })).toEqual(['SMS_PROVIDER must be tencent in production (the console provider delivers no codes)']);
    expect(problemsOf({ ...PROD_SECRETS, ...TENCENT })).toEqual([]);
  });

  it('refuses an unknown provider', () => {
    expect(problemsOf({ SMS_PROVIDER: 'aliyun' })).toEqual(['SMS_PROVIDER must be one of console, tencent, got "aliyun"']);
  });

  it('tencent lists every missing setting at once, in production and outside it', () => {
    const expected = [
      'SMS_PROVIDER tencent needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_LOGIN (or TENCENT_SMS_TEMPLATE), TENCENT_SMS_TEMPLATE_RECOVERY (or TENCENT_SMS_TEMPLATE), TENCENT_SMS_TEMPLATE_VERIFY_PHONE (or TENCENT_SMS_TEMPLATE), TENCENT_SMS_TEMPLATE_BIND_PHONE (or TENCENT_SMS_TEMPLATE), TENCENT_SMS_TEMPLATE_CANCEL (or TENCENT_SMS_TEMPLATE)',
    ];
    expect(problemsOf({ SMS_PROVIDER: 'tencent' })).toEqual(expected);
    expect(problemsOf({ ...PROD_SECRETS, SMS_PROVIDER: 'tencent' })).toEqual(expected);
    // Per-purpose templates instead of the shared one: only the unset purpose is missing.
    const perPurpose = { ...TENCENT, TENCENT_SMS_TEMPLATE: '', TENCENT_SMS_TEMPLATE_LOGIN: '1', TENCENT_SMS_TEMPLATE_RECOVERY: '2', TENCENT_SMS_TEMPLATE_VERIFY_PHONE: '3', TENCENT_SMS_TEMPLATE_BIND_PHONE: '4' };
    expect(problemsOf(perPurpose)).toEqual(['SMS_PROVIDER tencent needs TENCENT_SMS_TEMPLATE_CANCEL (or TENCENT_SMS_TEMPLATE)']);
  });

  it('reads the settings: the shared template, a purpose’s own template winning, the defaults', () => {
    const config = loadConfig({ ...TENCENT, TENCENT_SMS_TEMPLATE_RECOVERY: '100002' });
    expect(config.sms).toEqual({
      provider: 'tencent',
      tencent: {
        secretId: 'AKIDsecretid',
        secretKey: SECRET_KEY,
        region: 'ap-guangzhou',
        appId: '1400006666',
        signName: '乐玩游戏',
        templates: { login: '100001', recovery: '100002', verifyPhone: '100001', bindPhone: '100001', cancel: '100001' },
        endpoint: 'sms.tencentcloudapi.com',
        protocol: 'https://',
        timeoutMs: 5000,
      },
    });
    const custom = loadConfig({ ...TENCENT, TENCENT_SMS_REGION: 'ap-beijing', TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9999', TENCENT_SMS_TIMEOUT_MS: '1500' }).sms;
    expect(custom).toMatchObject({ tencent: { region: 'ap-beijing', endpoint: '127.0.0.1:9999', protocol: 'http://', timeoutMs: 1500 } });
  });

  it('refuses malformed values without echoing a secret', () => {
    const problems = problemsOf({ ...TENCENT, TENCENT_SMS_APP_ID: 'app', TENCENT_SMS_TEMPLATE: 'SMS_1', TENCENT_SMS_REGION: 'Guangzhou', TENCENT_SMS_ENDPOINT: 'ftp://x', TENCENT_SMS_TIMEOUT_MS: '0' });
    expect(problems).toEqual([
      'TENCENT_SMS_TEMPLATE must be a template id (digits), got "SMS_1"',
      'TENCENT_SMS_APP_ID must be the SmsSdkAppId (digits), got "app"',
      'TENCENT_SMS_REGION must be a region such as ap-guangzhou, got "Guangzhou"',
      'TENCENT_SMS_ENDPOINT must be a host[:port] or an http(s)://host[:port] URL, got "ftp://x"',
      'TENCENT_SMS_TIMEOUT_MS must be an integer from 100 to 60000, got "0"',
    ]);
    expect(problems.join('\n')).not.toContain(SECRET_KEY);
    expect(problemsOf({ ...PROD_SECRETS, ...TENCENT, TENCENT_SMS_ENDPOINT: 'http://sms.internal:8080' })).toEqual(['TENCENT_SMS_ENDPOINT must use https in production']);
  });

  it('parseEndpoint and parseTimeout', () => {
    expect(parseEndpoint('sms.tencentcloudapi.com')).toEqual({ host: 'sms.tencentcloudapi.com', protocol: 'https://' });
    expect(parseEndpoint('https://sms.ap-guangzhou.tencentcloudapi.com/')).toEqual({ host: 'sms.ap-guangzhou.tencentcloudapi.com', protocol: 'https://' });
    expect(parseEndpoint('http://127.0.0.1:8080')).toEqual({ host: '127.0.0.1:8080', protocol: 'http://' });
    for (const bad of ['', 'http://', 'https://host/path', 'host:0', 'host:70000', 'a..b', '.host', 'user@host', 'host?x=1']) expect(parseEndpoint(bad)).toBeNull();
    expect(parseTimeout(undefined)).toBe(5000);
    expect(parseTimeout('100')).toBe(100);
    expect(parseTimeout('60000')).toBe(60000);
    for (const bad of ['99', '60001', '1.5', '-1', 'abc', '1e3']) expect(parseTimeout(bad)).toBeNull();
  });

  it('property: any SMS environment either loads or gives problems, never throws, never echoes the secret key', () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('tencent', 'console', '1400006666', '100001', 'ap-guangzhou', 'http://127.0.0.1:1', '5000', ''));
    const env = fc.record(
      {
        NODE_ENV: fc.constantFrom('production', 'development'),
        SMS_PROVIDER: value,
        TENCENT_SMS_SECRET_ID: value,
        TENCENT_SMS_APP_ID: value,
        TENCENT_SMS_SIGN_NAME: value,
        TENCENT_SMS_TEMPLATE: value,
        TENCENT_SMS_TEMPLATE_CANCEL: value,
        TENCENT_SMS_REGION: value,
        TENCENT_SMS_ENDPOINT: value,
        TENCENT_SMS_TIMEOUT_MS: value,
      },
      { requiredKeys: ['NODE_ENV'] },
    );
    fc.assert(
      fc.property(env, (raw) => {
        const problems: string[] = [];
        const sms = smsConfigOf({ ...raw, TENCENT_SMS_SECRET_KEY: SECRET_KEY }, raw.NODE_ENV === 'production', problems);
        expect(problems.join('\n')).not.toContain(SECRET_KEY);
        if (raw.NODE_ENV === 'production' && problems.length === 0) expect(sms.provider).toBe('tencent');
        if (sms.provider === 'tencent' && problems.length === 0) {
          for (const id of Object.values(sms.tencent.templates)) expect(id).toMatch(/^\d+$/);
          expect(sms.tencent.timeoutMs).toBeGreaterThanOrEqual(100);
          expect(sms.tencent.timeoutMs).toBeLessThanOrEqual(60_000);
          expect(parseEndpoint(sms.tencent.protocol + sms.tencent.endpoint)).toEqual({ host: sms.tencent.endpoint, protocol: sms.tencent.protocol });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('property: parseEndpoint round-trips the hosts and ports it accepts', () => {
    const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.option(fc.integer({ min: 1, max: 65535 })), fc.constantFrom('http', 'https', ''), (labels, port, scheme) => {
        const host = labels.join('.') + (port === null ? '' : `:${port}`);
        const parsed = parseEndpoint(scheme ? `${scheme}://${host}` : host);
        expect(parsed).toEqual({ host, protocol: scheme === 'http' ? 'http://' : 'https://' });
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => {
      const parsed = parseEndpoint(text);
      if (parsed) expect(parsed.host).not.toMatch(/[/?#@\s]/);
    }), { numRuns: 2000 });
  });
});
