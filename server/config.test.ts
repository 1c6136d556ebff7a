import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfigError, loadConfig } from './config.ts';

/** A complete Tencent SMS configuration (production needs a real SMS provider). */
const TENCENT_SMS_ENV = { SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SECRET_KEY: 'key', TENCENT_SMS_APP_ID: '1400000001', TENCENT_SMS_SIGN_NAME: '乐玩游戏', TENCENT_SMS_TEMPLATE: '100001' };

describe('loadConfig', () => {
  it('uses the development defaults outside production', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, production: false, dataDir: '/srv/app/data', databaseUrl: null, acceptPlain: true, responseMode: 'encrypted', staticDir: '/srv/app/dist/client' });
    expect(config.secrets.aesKey).toBe('dev-aes-key-0016');
  });

  it('production refuses to start without secrets, listing every problem', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'API_SIGN_SECRET must be set in production',
      'LOGIN_SIGN_SECRET must be set in production',
      'POINT_SIGN_SECRET must be set in production',
      'API_AES_KEY must be set in production',
      'REAL_NAME_SECRET must be set in production',
      'SMS_PROVIDER must be tencent in production (the console provider delivers no codes)',
      'PAYMENT_PROVIDER must be set in production (sandbox only for a demonstration)',
      'SANDBOX_PAY_KEY must be set in production',
    ]);
  });

  it('production refuses the development defaults', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', API_SIGN_SECRET: 'dev-api-sign-secret', LOGIN_SIGN_SECRET: 'a', POINT_SIGN_SECRET: 'b', API_AES_KEY: 'k'.repeat(16) }),
    ).toThrow('API_SIGN_SECRET must not be the development default in production');
  });

  it('production with real secrets starts, plain bodies refused by default', () => {
    const config = loadConfig({ NODE_ENV: 'production', API_SIGN_SECRET: 'a', LOGIN_SIGN_SECRET: 'b', POINT_SIGN_SECRET: 'c', API_AES_KEY: '0123456789abcdef', REAL_NAME_SECRET: 'r'.repeat(32), PAYMENT_PROVIDER: 'sandbox', SANDBOX_PAY_KEY: 's'.repeat(32), GAME_DELIVERY_KEY: 'g'.repeat(32), ...TENCENT_SMS_ENV });
    expect(config.acceptPlain).toBe(false);
    expect(config.smsProvider).toBe('tencent');
    expect(config.money).toMatchObject({ provider: 'sandbox', sandboxPayKey: 's'.repeat(32) });
    expect(config.production).toBe(true);
  });

  it('production refuses DATABASE_URL without REDIS_URL (several processes must share one replay window); the embedded database needs none', () => {
    const production = { NODE_ENV: 'production', API_SIGN_SECRET: 'a', LOGIN_SIGN_SECRET: 'b', POINT_SIGN_SECRET: 'c', API_AES_KEY: '0123456789abcdef', REAL_NAME_SECRET: 'r'.repeat(32), PAYMENT_PROVIDER: 'sandbox', SANDBOX_PAY_KEY: 's'.repeat(32), GAME_DELIVERY_KEY: 'g'.repeat(32), ...TENCENT_SMS_ENV };
    let error: unknown;
    try {
      loadConfig({ ...production, DATABASE_URL: 'postgres://db/app' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(['REDIS_URL must be set in production with DATABASE_URL (several processes share the replay window and the limits)']);
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db/app', REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(loadConfig(production).databaseUrl).toBeNull(); // embedded PGlite: one process, the journaled window
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).redisUrl).toBeNull(); // development may run one process without Redis
  });

  it('rejects bad values with clear messages', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be an integer 0–65535, got "eighty"');
    expect(() => loadConfig({ API_AES_KEY: 'short' })).toThrow('API_AES_KEY must be exactly 16 bytes (UTF-8)');
    expect(() => loadConfig({ API_RESPONSE_MODE: 'xml' })).toThrow('API_RESPONSE_MODE must be plain, base64 or encrypted');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// URL');
    expect(() => loadConfig({ API_ACCEPT_PLAIN: 'maybe' })).toThrow('API_ACCEPT_PLAIN must be true or false');
    expect(() => loadConfig({ SMS_IP_HOURLY_LIMIT: '0' })).toThrow('SMS_IP_HOURLY_LIMIT must be a positive integer, got "0"');
    expect(() => loadConfig({ SMS_IP_HOURLY_LIMIT: 'lots' })).toThrow('SMS_IP_HOURLY_LIMIT must be a positive integer, got "lots"');
    expect(() => loadConfig({ SMS_IP_DAILY_LIMIT: '0' })).toThrow('SMS_IP_DAILY_LIMIT must be a positive integer, got "0"');
    expect(() => loadConfig({ SMS_IP_DAILY_LIMIT: '1.5' })).toThrow('SMS_IP_DAILY_LIMIT must be a positive integer, got "1.5"');
  });

  it('the per-address daily SMS limit: 100 a day unless SMS_IP_DAILY_LIMIT says otherwise', () => {
    expect(loadConfig({}).smsPerIpPerDay).toBe(100);
    expect(loadConfig({ SMS_IP_DAILY_LIMIT: '2000' }).smsPerIpPerDay).toBe(2000);
  });

  it('the per-address SMS limit: 20 an hour unless SMS_IP_HOURLY_LIMIT says otherwise', () => {
    expect(loadConfig({}).smsPerIpPerHour).toBe(20);
    expect(loadConfig({ SMS_IP_HOURLY_LIMIT: '500' }).smsPerIpPerHour).toBe(500);
  });

  it('real name: the provider, the key and the extra holidays for minors', () => {
    expect(loadConfig({}).realName.provider).toBe('local');
    expect(() => loadConfig({ REAL_NAME_PROVIDER: 'nppa' })).toThrow('REAL_NAME_PROVIDER must be one of local, got "nppa"');
    expect(() => loadConfig({ REAL_NAME_SECRET: 'short' })).toThrow('REAL_NAME_SECRET must be at least 16 bytes');
    expect(loadConfig({ MINORS_EXTRA_HOLIDAYS: '2027-01-01,2027-02-06..2027-02-07' }).minorsExtraHolidays).toEqual(['2027-01-01', '2027-02-06', '2027-02-07']);
    expect(() => loadConfig({ MINORS_EXTRA_HOLIDAYS: '2027-13-01' })).toThrow('MINORS_EXTRA_HOLIDAYS: "2027-13-01" is not a date');
  });

  it('property: any environment either loads or throws a ConfigError, never anything else', () => {
    const keys = ['PORT', 'HOST', 'NODE_ENV', 'API_AES_KEY', 'API_RESPONSE_MODE', 'DATABASE_URL', 'REDIS_URL', 'API_ACCEPT_PLAIN', 'SEED', 'TRUST_PROXY', 'API_SIGN_SECRET', 'REAL_NAME_SECRET', 'REAL_NAME_PROVIDER', 'MINORS_EXTRA_HOLIDAYS'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.string(), fc.constantFrom('production', '8080', 'true', 'postgres://x', '0123456789abcdef'))), (env) => {
        try {
          loadConfig(env);
          return true;
        } catch (error) {
          return error instanceof ConfigError && error.problems.length > 0;
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('object storage and profile settings', () => {
  const S3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'avatars', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('stores uploads in <DATA_DIR>/uploads by default, STORAGE_DIR elsewhere', () => {
    expect(loadConfig({ DATA_DIR: 'data' }, '/srv/app').storage).toEqual({ kind: 'local', dir: '/srv/app/data/uploads' });
    expect(loadConfig({ STORAGE_DIR: '/mnt/objects' }, '/srv/app').storage).toEqual({ kind: 'local', dir: '/mnt/objects' });
  });

  it('uses S3 when all four S3 variables are set, path style and us-east-1 unless told', () => {
    expect(loadConfig(S3, '/srv/app').storage).toEqual({ kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'avatars', accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({ ...S3, S3_REGION: 'cn-north-1', S3_FORCE_PATH_STYLE: 'false' }, '/srv/app').storage).toMatchObject({ region: 'cn-north-1', forcePathStyle: false });
  });

  it('refuses some but not all S3 variables, and a non-http endpoint', () => {
    expect(() => loadConfig({ S3_BUCKET: 'avatars' }, '/srv/app')).toThrow(/S3 storage needs all of .*missing S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' }, '/srv/app')).toThrow(/S3_ENDPOINT must be an http\(s\):\/\/ URL/);
  });

  it('reads MEDIA_BASE_URL and NICKNAME_BLOCKED_WORDS', () => {
    expect(loadConfig({ MEDIA_BASE_URL: 'https://cdn.example.com/m/' }, '/srv/app').mediaBaseUrl).toBe('https://cdn.example.com/m');
    expect(() => loadConfig({ MEDIA_BASE_URL: 'cdn.example.com' }, '/srv/app')).toThrow(/MEDIA_BASE_URL/);
    expect(loadConfig({ NICKNAME_BLOCKED_WORDS: '代练， 外挂,,' }, '/srv/app').nicknameBlockedWords).toEqual(['代练', '外挂']);
  });

  it('reads REDIS_KEY_PREFIX (default gp:) and refuses an empty or odd one', () => {
    expect(loadConfig({}, '/srv/app').redisKeyPrefix).toBe('gp:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'gp-staging:' }, '/srv/app').redisKeyPrefix).toBe('gp-staging:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: '' }, '/srv/app')).toThrow(/REDIS_KEY_PREFIX must be 1–64 letters/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'gp *' }, '/srv/app')).toThrow(/REDIS_KEY_PREFIX/);
  });
});
