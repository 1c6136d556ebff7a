import path from 'node:path';
import { DEV_SECRETS, type ResponseMode, type WireSecrets } from '../api/protocol/wire.ts';
import { parseHolidayList } from './minors.ts';
import { DEV_REAL_NAME_SECRET, REAL_NAME_PROVIDERS, type RealNameProviderName } from './real-name/provider.ts';

export interface ServerConfig {
  host: string;
  port: number;
  production: boolean;
  /** PGlite data folder (embedded default); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  secrets: WireSecrets;
  acceptPlain: boolean;
  responseMode: ResponseMode;
  /** Built web app to serve, or null for API only. */
  staticDir: string | null;
  logLevel: string;
  trustProxy: boolean;
  /** The SMS provider; 'console' is the development outbox of PROTOCOL §9. */
  smsProvider: 'console';
  /** Seed the catalogue and content on first start. */
  seed: boolean;
  /** Customer-service status override (PROTOCOL §7 getServiceStatus); 'auto' follows the service hours. */
  serviceStatus: 'online' | 'offline' | 'auto';
  /** Real-name verification (server/real-name/): the provider and the key sealing identities. */
  realName: { provider: RealNameProviderName; secret: string };
  /** Statutory holidays for years the chinese-days package lacks (server/minors.ts). */
  minorsExtraHolidays: string[];
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

  const config: ServerConfig = {
    host: env.HOST || '127.0.0.1',
    port,
    production,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl,
    redisUrl,
    secrets,
    acceptPlain: flag(env.API_ACCEPT_PLAIN, !production, 'API_ACCEPT_PLAIN', problems),
    responseMode,
    staticDir,
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'info'),
    trustProxy: flag(env.TRUST_PROXY, false, 'TRUST_PROXY', problems),
    smsProvider: 'console',
    seed: flag(env.SEED, true, 'SEED', problems),
    serviceStatus,
    realName: { provider: realNameProvider, secret: realNameSecret },
    minorsExtraHolidays: extraHolidays.dates,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
