import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTIFY_RETRY_SCHEDULE_MS } from '../../api/protocol/money.ts';
import { loadConfig } from '../config.ts';
import { deliverySign, deliverySignValid, httpGameDelivery, nextRetryDelay } from './delivery.ts';
import { orderNumber, requestHash } from './orders.ts';

describe('delivery callbacks, retry times, order numbers', () => {
  const key = 'd'.repeat(32);

  it('property: a signed callback verifies; a changed field, another key or no sign does not', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 500_000 }), fc.string({ minLength: 1 }), (order, role, amount, change) => {
        const params: Record<string, string> = { order_number: order, role_id: String(role), amount_cents: String(amount), timestamp: '1' };
        const signed = { ...params, sign: deliverySign(key, params) };
        expect(deliverySignValid(key, signed)).toBe(true);
        expect(deliverySignValid(key, { ...signed, amount_cents: String(amount) + change })).toBe(false);
        expect(deliverySignValid('another-key-of-16-bytes', signed)).toBe(false);
        expect(deliverySignValid(key, params)).toBe(false);
      }),
    );
  });

  it('retries after 4m, 10m, 10m, 1h, 2h, 6h, 15h, then none', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelay(n)! / 60_000)).toEqual([4, 10, 10, 60, 120, 360, 900]);
    expect(nextRetryDelay(8)).toBeNull();
    expect(NOTIFY_RETRY_SCHEDULE_MS).toHaveLength(7);
  });

  it('the HTTP delivery reads ok, definitive refusals and anything else as retry', async () => {
    const answers: Array<{ status: number; text: string } | Error> = [{ status: 200, text: 'ok' }, { status: 403, text: 'role_missing' }, { status: 502, text: 'Bad Gateway' }, new Error('ECONNREFUSED')];
    const bodies: string[] = [];
    const game = httpGameDelivery({
      url: () => 'http://game.test/deliver',
      key,
      now: () => new Date(0),
      http: async (_url, body) => {
        bodies.push(body);
        const answer = answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const request = { order_number: 'LW1', role_id: 7, amount_cents: 600 };
    expect(await game.deliver(request)).toEqual({ kind: 'ok' });
    expect(await game.deliver(request)).toEqual({ kind: 'refused', reason: 'role_missing' });
    expect(await game.deliver(request)).toEqual({ kind: 'retry', reason: 'HTTP 502 Bad Gateway' });
    expect(await game.deliver(request)).toEqual({ kind: 'retry', reason: 'ECONNREFUSED' });
    expect(deliverySignValid(key, Object.fromEntries(new URLSearchParams(bodies[0])))).toBe(true);
  });

  it('order numbers: LW, China time, 6 random digits; the request hash covers every payload field', () => {
    expect(orderNumber(new Date('2026-03-01T16:30:05Z'))).toMatch(/^LW20260302003005\d{6}$/);
    const base = { idempotency_key: 'k'.repeat(16), kind: 'game' as const, amount_cents: 3000, role_id: 1, user_coupon_id: 2, pay_method: 'provider' as const };
    expect(requestHash(base)).toBe(requestHash({ ...base, idempotency_key: 'other-key-0000000' }));
    expect(requestHash({ ...base, pay_method: undefined })).toBe(requestHash(base));
    for (const change of [{ amount_cents: 3100 }, { role_id: 3 }, { user_coupon_id: null }, { pay_method: 'coins' as const }, { kind: 'coins' as const }, { card_id: 1 }]) {
      expect(requestHash({ ...base, ...change })).not.toBe(requestHash(base));
    }
  });

  it('config: the provider and keys are validated', () => {
    expect(loadConfig({}).money).toMatchObject({ provider: 'sandbox', baseUrl: null, deliveryUrl: null, jobIntervalMs: 2000, alipay: null });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow('PAYMENT_PROVIDER must be one of sandbox, alipay, got "wechat"');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow('PAYMENT_PROVIDER alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, MONEY_BASE_URL');
    expect(() => loadConfig({ SANDBOX_PAY_KEY: 'short' })).toThrow('SANDBOX_PAY_KEY must be at least 16 bytes');
    expect(() => loadConfig({ MONEY_JOB_INTERVAL_MS: '5' })).toThrow('MONEY_JOB_INTERVAL_MS must be an integer ≥ 100');
    expect(() => loadConfig({ MONEY_BASE_URL: 'box.example.com' })).toThrow('MONEY_BASE_URL must be an http(s):// URL');
    expect(loadConfig({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '1', ALIPAY_PRIVATE_KEY: 'x', ALIPAY_PUBLIC_KEY: 'y', MONEY_BASE_URL: 'https://box.example.com/' }).money).toMatchObject({ provider: 'alipay', baseUrl: 'https://box.example.com' });
  });
});
