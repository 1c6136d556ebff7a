import { CODE_PURPOSES, type TencentSmsSettings } from './sms-tencent.ts';
import type { CodePurpose } from './verification-codes.ts';

/** SMS_PROVIDER: 'console' is the development outbox (PROTOCOL §9); 'tencent' is Tencent Cloud SMS. */
export const SMS_PROVIDERS = ['console', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export type SmsConfig = { provider: 'console' } | { provider: 'tencent'; tencent: TencentSmsSettings };

/** The environment variable of each purpose's template (sendCode type 1–5, server/verification-codes.ts). */
export const TEMPLATE_VARS: Record<CodePurpose, string> = {
  login: 'TENCENT_SMS_TEMPLATE_LOGIN',
  recovery: 'TENCENT_SMS_TEMPLATE_RECOVERY',
  verifyPhone: 'TENCENT_SMS_TEMPLATE_VERIFY_PHONE',
  bindPhone: 'TENCENT_SMS_TEMPLATE_BIND_PHONE',
  cancel: 'TENCENT_SMS_TEMPLATE_CANCEL',
};

export const DEFAULT_TENCENT_SMS_ENDPOINT = 'sms.tencentcloudapi.com';
export const DEFAULT_TENCENT_SMS_REGION = 'ap-guangzhou';
export const DEFAULT_SMS_TIMEOUT_MS = 5_000;

/**
 * Reads the SMS settings; pushes every problem (never a secret's value) onto `problems`.
 * Production needs SMS_PROVIDER=tencent with all of its settings: the console provider delivers
 * nothing to anyone.
 */
export function smsConfigOf(env: NodeJS.ProcessEnv, production: boolean, problems: string[]): SmsConfig {
  const raw = env.SMS_PROVIDER || 'console';
  if (!(SMS_PROVIDERS as readonly string[]).includes(raw)) {
    problems.push(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${raw}"`);
    return { provider: 'console' };
  }
  if (raw === 'console') {
    if (production) problems.push('SMS_PROVIDER must be tencent in production (the console provider delivers no codes)');
    return { provider: 'console' };
  }

  const missing: string[] = [];
  const need = (name: string): string => {
    const value = (env[name] ?? '').trim();
    if (value === '') missing.push(name);
    return value;
  };
  const secretId = need('TENCENT_SMS_SECRET_ID');
  const secretKey = need('TENCENT_SMS_SECRET_KEY');
  const appId = need('TENCENT_SMS_APP_ID');
  const signName = need('TENCENT_SMS_SIGN_NAME');
  // One template for every purpose (TENCENT_SMS_TEMPLATE), or one per purpose; a purpose's own wins.
  const fallback = (env.TENCENT_SMS_TEMPLATE ?? '').trim();
  const templates = {} as Record<CodePurpose, string>;
  const badTemplates = new Set<string>();
  for (const purpose of CODE_PURPOSES) {
    const name = TEMPLATE_VARS[purpose];
    const value = (env[name] ?? '').trim() || fallback;
    if (value === '') missing.push(`${name} (or TENCENT_SMS_TEMPLATE)`);
    else if (!/^\d{1,20}$/.test(value)) badTemplates.add(`${(env[name] ?? '').trim() ? name : 'TENCENT_SMS_TEMPLATE'} must be a template id (digits), got "${value}"`);
    templates[purpose] = value;
  }
  problems.push(...badTemplates);
  if (missing.length > 0) problems.push(`SMS_PROVIDER tencent needs ${missing.join(', ')}`);
  if (appId !== '' && !/^\d{1,20}$/.test(appId)) problems.push(`TENCENT_SMS_APP_ID must be the SmsSdkAppId (digits), got "${appId}"`);

  const region = (env.TENCENT_SMS_REGION ?? '').trim() || DEFAULT_TENCENT_SMS_REGION;
  if (!/^[a-z]{2,}(-[a-z0-9]+)+$/.test(region)) problems.push(`TENCENT_SMS_REGION must be a region such as ap-guangzhou, got "${region}"`);

  const endpointRaw = (env.TENCENT_SMS_ENDPOINT ?? '').trim() || DEFAULT_TENCENT_SMS_ENDPOINT;
  const endpoint = parseEndpoint(endpointRaw);
  if (!endpoint) problems.push(`TENCENT_SMS_ENDPOINT must be a host[:port] or an http(s)://host[:port] URL, got "${endpointRaw}"`);
  else if (production && endpoint.protocol === 'http://') problems.push('TENCENT_SMS_ENDPOINT must use https in production');

  const timeoutMs = parseTimeout(env.TENCENT_SMS_TIMEOUT_MS);
  if (timeoutMs === null) problems.push(`TENCENT_SMS_TIMEOUT_MS must be an integer from 100 to 60000, got "${env.TENCENT_SMS_TIMEOUT_MS}"`);

  return {
    provider: 'tencent',
    tencent: {
      secretId,
      secretKey,
      region,
      appId,
      signName,
      templates,
      endpoint: endpoint?.host ?? DEFAULT_TENCENT_SMS_ENDPOINT,
      protocol: endpoint?.protocol ?? 'https://',
      timeoutMs: timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS,
    },
  };
}

/** `host[:port]` (https) or `http(s)://host[:port]` with nothing after the authority but an optional `/`. */
export function parseEndpoint(value: string): { host: string; protocol: 'https://' | 'http://' } | null {
  const match = /^(?:(https?):\/\/)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\/?$/.exec(value);
  if (!match) return null;
  const [, scheme, hostname, port] = match;
  if (hostname!.startsWith('.') || hostname!.endsWith('.') || hostname!.includes('..')) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { host: port === undefined ? hostname! : `${hostname}:${port}`, protocol: scheme === 'http' ? 'http://' : 'https://' };
}

/** Unset: the default (5 s); else an integer in [100, 60000] ms, or null when it is not one. */
export function parseTimeout(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return DEFAULT_SMS_TIMEOUT_MS;
  if (!/^\d{1,6}$/.test(value.trim())) return null;
  const ms = Number(value.trim());
  return ms >= 100 && ms <= 60_000 ? ms : null;
}
