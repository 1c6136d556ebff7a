import { metricsTokenOf } from './observability/config.ts';
import path from 'node:path';
import { DEV_SECRETS, type ResponseMode, type WireSecrets } from '../api/protocol/wire.ts';
import { parseHolidayList } from './minors.ts';
import { DEV_REAL_NAME_SECRET, REAL_NAME_PROVIDERS, type RealNameProviderName } from './accounts/real-name-provider.ts';
import { smsConfigOf, type SmsConfig, type SmsProviderName } from './sms-config.ts';
import { SMS_LIMITS } from './verification-codes.ts';

export interface ServerConfig {
  host: string;
  port: number;
  production: boolean;
  /** PGlite data folder (embedded default); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** REDIS_KEY_PREFIX (default 'gp:'): every Redis key and pub/sub channel of this deployment starts with it; processes serving the same players share it. */
  redisKeyPrefix: string;
  secrets: WireSecrets;
  acceptPlain: boolean;
  responseMode: ResponseMode;
  /** Built web app to serve, or null for API only. */
  staticDir: string | null;
  /** The staff console's build (STAFF_STATIC_DIR, default dist/staff), served at /staff; null with STATIC_DIR=none. */
  staffStaticDir: string | null;
  logLevel: string;
  trustProxy: boolean;
  /** The SMS provider (SMS_PROVIDER); 'console' is the development outbox of PROTOCOL §9, 'tencent' Tencent Cloud SMS. */
  smsProvider: SmsProviderName;
  /** The SMS provider's settings (server/sms-config.ts). */
  sms: SmsConfig;
  /** Seed the catalogue and content on first start. */
  seed: boolean;
  /** Customer-service status override (PROTOCOL §7 getServiceStatus); 'auto' follows the service hours. */
  serviceStatus: 'online' | 'offline' | 'auto';
  /** Verification SMS one client address may ask for in an hour (SMS_IP_HOURLY_LIMIT; server/verification-codes.ts). */
  smsPerIpPerHour: number;
  /** …and in a China-time day (SMS_IP_DAILY_LIMIT). */
  smsPerIpPerDay: number;
  /** Real-name verification (server/real-name/): the provider and the key sealing identities. */
  realName: { provider: RealNameProviderName; secret: string };
  /** Statutory holidays for years the chinese-days package lacks (server/minors.ts). */
  minorsExtraHolidays: string[];
  /** Object storage for uploads (server/storage/): a local folder, or S3 when S3_* are set. */
  storage: StorageConfig;
  /** Where avatars are served from: '' is this server's /media/<key>; else `${mediaBaseUrl}/<key>` (a CDN or the bucket). */
  mediaBaseUrl: string;
  /** Words refused in nicknames besides the built-in list (NICKNAME_BLOCKED_WORDS, comma-separated). */
  nicknameBlockedWords: string[];
  /** Payments (server/money/): the provider, the sandbox's and the game delivery's keys, the jobs. */
  money: MoneyConfig;
  /** METRICS_TOKEN: the bearer token GET /metrics requires (server/observability/); null → open outside production, 404 in production. */
  metricsToken: string | null;
}

export const PAYMENT_PROVIDERS = ['sandbox', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** Development defaults of the sandbox provider's and the simulated game's signing keys (refused in production). */
export const DEV_SANDBOX_PAY_KEY = 'dev-sandbox-pay-key-0123456789abcdef';
export const DEV_GAME_DELIVERY_KEY = 'dev-game-delivery-key-0123456789abcdef';

export interface MoneyConfig {
  provider: PaymentProviderName;
  /** HMAC-SHA256 key the sandbox provider signs its notifications with (SANDBOX_PAY_KEY). */
  sandboxPayKey: string;
  /** HMAC-SHA256 key of the platform → game delivery callbacks (GAME_DELIVERY_KEY). */
  deliveryKey: string;
  /** This server's own base URL for provider notifications and the simulated game (MONEY_BASE_URL); null: the listening address. */
  baseUrl: string | null;
  /** The game server's delivery endpoint (GAME_DELIVERY_URL); null: this server's simulated game (/sim-game/deliver). */
  deliveryUrl: string | null;
  /** How often the money jobs (expiry, notifications, deliveries) run (MONEY_JOB_INTERVAL_MS). */
  jobIntervalMs: number;
  alipay: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string } | null;
}

function moneyOf(env: NodeJS.ProcessEnv, production: boolean, problems: string[]): MoneyConfig {
  const provider = (env.PAYMENT_PROVIDER || 'sandbox') as PaymentProviderName;
  if (!PAYMENT_PROVIDERS.includes(provider)) problems.push(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${env.PAYMENT_PROVIDER}"`);
  // Production takes the sandbox only when it is chosen on purpose (a demonstration deployment).
  if (production && !env.PAYMENT_PROVIDER) problems.push('PAYMENT_PROVIDER must be set in production (sandbox only for a demonstration)');
  const sandboxPayKey = env.SANDBOX_PAY_KEY || DEV_SANDBOX_PAY_KEY;
  const deliveryKey = env.GAME_DELIVERY_KEY || DEV_GAME_DELIVERY_KEY;
  if (production && provider === 'sandbox' && sandboxPayKey === DEV_SANDBOX_PAY_KEY) problems.push('SANDBOX_PAY_KEY must be set in production');
  if (production && env.PAYMENT_PROVIDER && deliveryKey === DEV_GAME_DELIVERY_KEY) problems.push('GAME_DELIVERY_KEY must be set in production');
  for (const [name, value] of [['SANDBOX_PAY_KEY', sandboxPayKey], ['GAME_DELIVERY_KEY', deliveryKey]] as const) {
    if (Buffer.byteLength(value, 'utf8') < 16) problems.push(`${name} must be at least 16 bytes`);
  }
  const baseUrl = (env.MONEY_BASE_URL || '').replace(/\/+$/, '') || null;
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) problems.push('MONEY_BASE_URL must be an http(s):// URL');
  const deliveryUrl = env.GAME_DELIVERY_URL || null;
  if (deliveryUrl && !/^https?:\/\//.test(deliveryUrl)) problems.push('GAME_DELIVERY_URL must be an http(s):// URL');
  const jobIntervalMs = env.MONEY_JOB_INTERVAL_MS ? Number(env.MONEY_JOB_INTERVAL_MS) : 2_000;
  if (!Number.isSafeInteger(jobIntervalMs) || jobIntervalMs < 100) problems.push(`MONEY_JOB_INTERVAL_MS must be an integer ≥ 100, got "${env.MONEY_JOB_INTERVAL_MS}"`);
  let alipay: MoneyConfig['alipay'] = null;
  if (provider === 'alipay') {
    const missing = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'].filter((name) => !env[name]);
    // Alipay posts its notifications to, and sends the player back to, this server's public address.
    if (!baseUrl) missing.push('MONEY_BASE_URL');
    if (missing.length > 0) problems.push(`PAYMENT_PROVIDER alipay needs ${missing.join(', ')}`);
    alipay = {
      appId: env.ALIPAY_APP_ID ?? '',
      privateKey: env.ALIPAY_PRIVATE_KEY ?? '',
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? '',
      gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    };
  }
  return { provider, sandboxPayKey, deliveryKey, baseUrl, deliveryUrl, jobIntervalMs, alipay };
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; forcePathStyle: boolean };

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function storageOf(env: NodeJS.ProcessEnv, dataDir: string, root: string, problems: string[]): StorageConfig {
  const set = S3_VARS.filter((name) => env[name]);
  if (set.length === 0) return { kind: 'local', dir: path.resolve(root, env.STORAGE_DIR || path.join(dataDir, 'uploads')) };
  if (set.length < S3_VARS.length) problems.push(`S3 storage needs all of ${S3_VARS.join(', ')}; missing ${S3_VARS.filter((name) => !env[name]).join(', ')}`);
  if (env.S3_ENDPOINT && !/^https?:\/\//.test(env.S3_ENDPOINT)) problems.push('S3_ENDPOINT must be an http(s):// URL');
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, true, 'S3_FORCE_PATH_STYLE', problems),
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_VARS: Array<[keyof WireSecrets, string]> = [
  ['apiSignSecret', 'API_SIGN_SECRET'],
  ['loginSignSecret', 'LOGIN_SIGN_SECRET'],
  ['pointSignSecret', 'POINT_SIGN_SECRET'],
  ['aesKey', 'API_AES_KEY'],
];

function flag(value: string | undefined, fallback: boolean, name: string, problems: string[]): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  problems.push(`${name} must be true or false, got "${value}"`);
  return fallback;
}

/** Reads and validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be an integer 0–65535, got "${env.PORT}"`);

  const secrets = { ...DEV_SECRETS };
  for (const [key, name] of SECRET_VARS) {
    const value = env[name];
    if (value === undefined || value === '') {
      if (production) problems.push(`${name} must be set in production`);
    } else {
      if (production && value === DEV_SECRETS[key]) problems.push(`${name} must not be the development default in production`);
      secrets[key] = value;
    }
  }
  if (Buffer.byteLength(secrets.aesKey, 'utf8') !== 16) problems.push('API_AES_KEY must be exactly 16 bytes (UTF-8)');

  const responseMode = (env.API_RESPONSE_MODE || 'encrypted') as ResponseMode;
  if (!['plain', 'base64', 'encrypted'].includes(responseMode)) {
    problems.push(`API_RESPONSE_MODE must be plain, base64 or encrypted, got "${env.API_RESPONSE_MODE}"`);
  }

  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL');
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// URL');
  // Several processes on one PostgreSQL must share the replay window (and the limits, the codes):
  // each process's own memory would let a signature used on one be used again on another.
  if (production && databaseUrl && !redisUrl) problems.push('REDIS_URL must be set in production with DATABASE_URL (several processes share the replay window and the limits)');
  const redisKeyPrefix = env.REDIS_KEY_PREFIX ?? 'gp:';
  if (!/^[\w.:-]{1,64}$/.test(redisKeyPrefix)) problems.push(`REDIS_KEY_PREFIX must be 1–64 letters, digits or _ . : -, got "${env.REDIS_KEY_PREFIX}"`);

  const smsPerIpPerHour = env.SMS_IP_HOURLY_LIMIT ? Number(env.SMS_IP_HOURLY_LIMIT) : SMS_LIMITS.perIpPerHour;
  if (!Number.isSafeInteger(smsPerIpPerHour) || smsPerIpPerHour < 1) problems.push(`SMS_IP_HOURLY_LIMIT must be a positive integer, got "${env.SMS_IP_HOURLY_LIMIT}"`);
  const smsPerIpPerDay = env.SMS_IP_DAILY_LIMIT ? Number(env.SMS_IP_DAILY_LIMIT) : SMS_LIMITS.perIpPerDay;
  if (!Number.isSafeInteger(smsPerIpPerDay) || smsPerIpPerDay < 1) problems.push(`SMS_IP_DAILY_LIMIT must be a positive integer, got "${env.SMS_IP_DAILY_LIMIT}"`);

  const serviceStatus = (env.SERVICE_STATUS || 'auto') as ServerConfig['serviceStatus'];
  if (!['online', 'offline', 'auto'].includes(serviceStatus)) problems.push(`SERVICE_STATUS must be online, offline or auto, got "${env.SERVICE_STATUS}"`);

  const realNameProvider = (env.REAL_NAME_PROVIDER || 'local') as RealNameProviderName;
  if (!REAL_NAME_PROVIDERS.includes(realNameProvider)) problems.push(`REAL_NAME_PROVIDER must be one of ${REAL_NAME_PROVIDERS.join(', ')}, got "${env.REAL_NAME_PROVIDER}"`);
  const realNameSecret = env.REAL_NAME_SECRET || DEV_REAL_NAME_SECRET;
  if (production && realNameSecret === DEV_REAL_NAME_SECRET) problems.push('REAL_NAME_SECRET must be set in production');
  else if (Buffer.byteLength(realNameSecret, 'utf8') < 16) problems.push('REAL_NAME_SECRET must be at least 16 bytes');
  const extraHolidays = parseHolidayList(env.MINORS_EXTRA_HOLIDAYS || '');
  problems.push(...extraHolidays.problems);

  const staticDir = env.STATIC_DIR === 'none' ? null : path.resolve(root, env.STATIC_DIR || 'dist/client');
  const staffStaticDir = env.STATIC_DIR === 'none' ? null : path.resolve(root, env.STAFF_STATIC_DIR || 'dist/staff');

  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const mediaBaseUrl = (env.MEDIA_BASE_URL || '').replace(/\/+$/, '');
  if (mediaBaseUrl && !/^(https?:\/\/|\/)/.test(mediaBaseUrl)) problems.push('MEDIA_BASE_URL must be an http(s):// URL or a path starting with /');

  const sms = smsConfigOf(env, production, problems);

  const config: ServerConfig = {
    host: env.HOST || '127.0.0.1',
    port,
    production,
    dataDir,
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    secrets,
    acceptPlain: flag(env.API_ACCEPT_PLAIN, !production, 'API_ACCEPT_PLAIN', problems),
    responseMode,
    staticDir,
    staffStaticDir,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: flag(env.TRUST_PROXY, false, 'TRUST_PROXY', problems),
    smsProvider: sms.provider,
    sms,
    seed: flag(env.SEED, true, 'SEED', problems),
    serviceStatus,
    smsPerIpPerHour,
    smsPerIpPerDay,
    realName: { provider: realNameProvider, secret: realNameSecret },
    minorsExtraHolidays: extraHolidays.dates,
    storage: storageOf(env, dataDir, root, problems),
    mediaBaseUrl,
    nicknameBlockedWords: (env.NICKNAME_BLOCKED_WORDS || '')
      .split(/[,，]/)
      .map((word) => word.trim())
      .filter((word) => word !== ''),
    money: moneyOf(env, production, problems),
    metricsToken: metricsTokenOf(env, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
