import { createPrivateKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { centsOfYuanText, signContent, type NotificationCheck, type PaymentProvider } from './provider.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { chinaTimestamp } from './sandbox.ts';

/**
 * The Alipay adapter (PAYMENT_PROVIDER=alipay), on node:crypto per Alipay's documented signature
 * (https://opendocs.alipay.com/common/02kf5q): the parameters except sign, with a value, sorted by
 * key, joined key=value&…, signed SHA256withRSA (RSA2), base64. Asynchronous notifications are
 * verified the same way without sign and sign_type, with Alipay's public key. The player pays on
 * Alipay's H5 cashier (alipay.trade.wap.pay), whose URL is the signed request on the gateway.
 */

export interface AlipayConfig {
  appId: string;
  /** The merchant's application private key (PKCS#1 or PKCS#8, PEM or bare base64). */
  privateKey: string;
  /** Alipay's public key (PEM or bare base64). */
  alipayPublicKey: string;
  gateway: string;
}

export function pem(key: string, kind: 'PRIVATE KEY' | 'RSA PRIVATE KEY' | 'PUBLIC KEY'): string {
  if (key.includes('-----BEGIN')) return key;
  const body = key.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

function privateKeyOf(key: string): KeyObject {
  if (key.includes('-----BEGIN')) return createPrivateKey(key);
  const der = Buffer.from(key.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** SHA256withRSA of a string, base64 (the RSA2 primitive). */
export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyOf(privateKey), 'base64');
}

/** RSA2 signature of Alipay's string to sign (open API requests: values as they are). */
export function alipaySign(params: Record<string, string | undefined>, privateKey: string): string {
  return rsa2Sign(signContent(params), privateKey);
}

/** A notification's RSA2 signature (sign and sign_type are left out of the string). */
export function alipayVerify(params: Record<string, string>, alipayPublicKey: string): boolean {
  if (!params.sign) return false;
  try {
    return createVerify('RSA-SHA256').update(signContent(params, ['sign', 'sign_type']), 'utf8').verify(pem(alipayPublicKey, 'PUBLIC KEY'), params.sign, 'base64');
  } catch {
    return false;
  }
}

/** The signed public parameters of one API method. */
export function alipayRequest(config: AlipayConfig, method: string, biz: Record<string, unknown>, now: Date, extra: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = {
    app_id: config.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: chinaTimestamp(now),
    version: '1.0',
    ...extra,
    biz_content: JSON.stringify(biz),
  };
  params.sign = alipaySign(params, config.privateKey);
  return params;
}

export function alipayProvider(config: AlipayConfig, options: { baseUrl: () => string; fetch?: typeof fetch } = { baseUrl: () => '' }): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'alipay',
    async createPayment(_trx, request, now) {
      const params = alipayRequest(
        config,
        'alipay.trade.wap.pay',
        {
          out_trade_no: request.order_number,
          total_amount: formatYuan(request.pay_cents),
          subject: request.subject,
          product_code: 'QUICK_WAP_WAY',
          time_expire: chinaTimestamp(request.expires_at),
        },
        now,
        { notify_url: request.notify_url, return_url: `${options.baseUrl()}${request.return_url}` },
      );
      return { pay_url: `${config.gateway}?${new URLSearchParams(params).toString()}`, trade_no: null };
    },
    verifyNotification(form): NotificationCheck {
      if (form.app_id !== config.appId) return { ok: false, reason: 'app_id' };
      if (!alipayVerify(form, config.alipayPublicKey)) return { ok: false, reason: 'sign' };
      const total = centsOfYuanText(form.total_amount);
      if (!form.out_trade_no || !form.trade_no || !form.trade_status || total === null) return { ok: false, reason: 'fields' };
      return { ok: true, notification: { out_trade_no: form.out_trade_no, trade_no: form.trade_no, trade_status: form.trade_status, total_cents: total, notify_id: form.notify_id ?? '' } };
    },
    async closeTrade(_trx, orderNumber, now) {
      const params = alipayRequest(config, 'alipay.trade.close', { out_trade_no: orderNumber }, now);
      const res = await doFetch(config.gateway, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' }, body: new URLSearchParams(params).toString(), signal: AbortSignal.timeout(10_000) });
      const answer = ((await res.json()) as { alipay_trade_close_response?: { code?: string; sub_code?: string } }).alipay_trade_close_response;
      if (answer?.code === '10000' || answer?.sub_code === 'ACQ.TRADE_NOT_EXIST') return true;
      if (answer?.sub_code === 'ACQ.TRADE_STATUS_ERROR') return false;
      throw new Error(`alipay.trade.close: ${answer?.code} ${answer?.sub_code}`);
    },
  };
}
