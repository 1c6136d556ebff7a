import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from './sms-config.ts';
import { ConsoleSmsProvider, type SmsProvider } from './sms.ts';
import { TencentSmsProvider } from './sms-tencent.ts';

/** The provider SMS_PROVIDER chose (server/sms-config.ts): the development outbox or Tencent Cloud SMS. */
export function createSmsProvider(sms: SmsConfig, options: { log: Pick<FastifyBaseLogger, 'info' | 'warn'>; production: boolean }): SmsProvider {
  if (sms.provider === 'tencent') return new TencentSmsProvider(sms.tencent, options.log);
  return new ConsoleSmsProvider(options);
}
