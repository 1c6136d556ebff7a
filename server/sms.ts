import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { KvStore } from './kv-store.ts';
import { releaseSmsCooldown, type CodePurpose } from './verification-codes.ts';

/** Sends one verification code by SMS; rejects when the message could not be handed over. */
export interface SmsProvider {
  send(phone: string, code: string, purpose: CodePurpose): Promise<void>;
}

/** Providers that keep what they sent (the development outbox of PROTOCOL §9). */
export interface SmsOutbox {
  latestCode(phone: string): string | null;
}

type SmsLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** 138****8000 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Remembered phones at most (oldest forgotten first), so a long-running dev server stays small. */
const OUTBOX_CAPACITY = 1000;

/**
 * The 'console' provider: logs each send and keeps the latest code per phone for GET /dev/sms.
 * In production it logs only the masked phone and the purpose (never the code) and keeps nothing;
 * it is then a placeholder that warns once, since nobody receives the codes.
 */
export class ConsoleSmsProvider implements SmsProvider, SmsOutbox {
  private readonly latest = new Map<string, string>();
  private warned = false;

  constructor(private readonly options: { log: SmsLogger; production: boolean }) {}

  async send(phone: string, code: string, purpose: CodePurpose): Promise<void> {
    const { log, production } = this.options;
    const masked = maskPhone(phone);
    if (production) {
      if (!this.warned) {
        this.warned = true;
        log.warn('SMS provider is "console" in production: verification codes are not delivered to anyone');
      }
      log.info({ sms: { phone: masked, purpose } }, 'verification SMS (console provider)');
      return;
    }
    this.latest.delete(phone);
    this.latest.set(phone, code);
    if (this.latest.size > OUTBOX_CAPACITY) this.latest.delete(this.latest.keys().next().value!);
    log.info({ sms: { phone: masked, purpose } }, `dev SMS outbox: code ${code} for ${masked} (${purpose}); GET /dev/sms/<phone>`);
  }

  latestCode(phone: string): string | null {
    return this.options.production ? null : (this.latest.get(phone) ?? null);
  }
}

function isOutbox(provider: SmsProvider): provider is SmsProvider & SmsOutbox {
  return typeof (provider as Partial<SmsOutbox>).latestCode === 'function';
}

/** PROTOCOL §9: GET /dev/sms/:phone → {phone, code}; 404 when none, and always 404 in production. */
export function registerDevSmsOutbox(app: FastifyInstance, provider: SmsProvider, production: boolean, kv: KvStore): void {
  // Development and e2e only, like the outbox: lets a phone ask for its next code at once, so a
  // walk through two code flows need not sit out the 60 s per-phone cooldown (the cooldown
  // itself is tested on a simulated clock in verification-codes.test.ts). 404 in production.
  app.delete<{ Params: { phone: string } }>('/dev/sms/:phone/cooldown', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (production || !isOutbox(provider)) return reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: 'Not Found', data: null });
    await releaseSmsCooldown(kv, request.params.phone);
    return { phone: request.params.phone, released: true };
  });
  app.get<{ Params: { phone: string } }>('/dev/sms/:phone', async (request, reply) => {
    const code = !production && isOutbox(provider) ? provider.latestCode(request.params.phone) : null;
    reply.header('cache-control', 'no-store');
    if (code === null) return reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: 'Not Found', data: null });
    return { phone: request.params.phone, code };
  });
}
