import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alipayProvider, alipaySign, alipayVerify, rsa2Sign } from './alipay.ts';
import { centsOfYuanText, signContent } from './provider.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { sandboxSign, sandboxVerify, SANDBOX_SIGN_TYPE } from './sandbox.ts';

/**
 * The Alipay adapter against published vectors:
 * - signing: the RSA2 vector of Alipay's RSA signing tool (https://docs.open.alipay.com/291/106097)
 *   as recorded in github.com/0x5e/react-native-alipay __tests__/sign.js ('signature verification (RSA2)');
 * - notification verification: a real Alipay asynchronous notification and Alipay's public key
 *   from the official SDK's tests, github.com/alipay/alipay-sdk-nodejs-all test/alipay.test.ts,
 *   "checkNotifySign … verify sign should delete sign_type" (notifyAlipayPublicKeyV1).
 */

const TOOL_PRIVATE_KEY =
  'MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAKi/2yd6a4nJFUbPe9+Akf7Ve3WSVpMx7msObiFoAASReZ3kMGhNXLsYCz8mhh3XzhkM8cXE++ZnQ2wYKISPTbs3NVhrFc3jOkncxD+ADGV5k394+VrH+sih/Nnw6ATuD923wnMgAhtDUkz5n1NrlHhHOJthox6a0OXrHuXK+Q3rAgMBAAECgYBGzSB9Qt7l06mKqTk3ADHBMv72yGxsm9GFt2s7tu/y+rqFJZ2t1W+nzCHD4Dz7PnVpi0XRjaGG/SKLsuMlIx8gVEqubndAXoRbazzUn2b4ZDHmvhj73OFdszL4RV21VJ/AH0erGAID6cNN1LcvMZD15I0p+r8rndUxx69HpmHZCQJBANPtQCss/VX1X8PLiexAJ1AGuNQWNOak3vC3goDn1gZnWKqTthM3Siy5kPunmfOOz3qW+Sm5xv6DTEjkfo1SVDcCQQDL1+RTaGIeFMXBMYobNTKUOO4B2ewJrJWlFkZLYl7UizuFHghcyJ7METObrkTCeT11Vtv4Rohzi5TEATCHSiHtAkBUXFT22undldeRMSyuBrufd42Ln2tfhLHaULJ6bc8crXb2L+aCr7evJg84nfcCpQ6iVgbJPVKhbdKoEYzu5J7xAkEAyukEQra0fMcmtxIuLLk+uOcWnMclu9eNOsE6hg3M4fwa6n6jymB2GiLBYaYOkhuHvwcQfksPxxzZoGaivPlhXQJBAJQV9dsUfqkYk6/jVKLe1I9NDgR+A7pHVBIQ2TXKIFGnidXGcuvyvUjYhLI4quwemSTq77T/m3zcToiu5JRcLb8=';

const NOTIFY_PUBLIC_KEY_V1 =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';

/** The notification as Alipay posts it (form fields are strings; fund_bill_list is JSON text). */
const NOTIFICATION: Record<string, string> = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};

describe('Alipay RSA2 signatures', () => {
  it('the RSA2 primitive signs like Alipay’s signing tool (published vector; the tool’s App order string URL-encodes values)', () => {
    const params = {
      app_id: '2183',
      biz_content: '{"scopes":["auth_base"],"state":"init"}',
      method: 'alipay.user.info.auth',
      subject: ' 测试内容`-=[]\\;\',./~!@#$%^&*()_+{}|:"<>?   ',
      body: '',
      sign_type: 'RSA2',
      timestamp: '2017-10-13 00:00:00',
      version: '1.0',
    };
    const orderString = Object.keys(params)
      .filter((key) => params[key as keyof typeof params] !== '')
      .sort()
      .map((key) => `${key}=${encodeURIComponent(params[key as keyof typeof params])}`)
      .join('&');
    expect(rsa2Sign(orderString, TOOL_PRIVATE_KEY)).toBe('nbmR+6zC1AgxTfStIM7Jv+mr5m1NNI92ojHAccPEHuZEQBF1d0xCZL42C+YkksYApAuk5C8Bk5qXW3Ovh4/zVO5uS0SydARn6ZGC4iSqe5r9qf3frG6M9Z/fEw9GGy2p5UodQ8Z4t084XTxRXF8qzqcOQk9w8a+JpUxLlZ3eykg=');
  });

  it('verifies a real Alipay notification with Alipay’s public key, and refuses it altered', () => {
    expect(alipayVerify(NOTIFICATION, NOTIFY_PUBLIC_KEY_V1)).toBe(true);
    expect(alipaySign({ b: '2', a: '1', sign: 'x', empty: '' }, TOOL_PRIVATE_KEY)).toBe(rsa2Sign('a=1&b=2', TOOL_PRIVATE_KEY));
    const { sign_type: _dropped, ...withoutSignType } = NOTIFICATION;
    expect(alipayVerify(withoutSignType, NOTIFY_PUBLIC_KEY_V1)).toBe(true);
    expect(alipayVerify({ ...NOTIFICATION, total_amount: '100.10' }, NOTIFY_PUBLIC_KEY_V1)).toBe(false);
    expect(alipayVerify({ ...NOTIFICATION, sign: 'AAAA' }, NOTIFY_PUBLIC_KEY_V1)).toBe(false);
  });

  it('the adapter reads a verified notification of its own app and refuses another app’s', () => {
    const provider = alipayProvider({ appId: '2019073166072302', privateKey: TOOL_PRIVATE_KEY, alipayPublicKey: NOTIFY_PUBLIC_KEY_V1, gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(provider.verifyNotification(NOTIFICATION)).toEqual({
      ok: true,
      notification: { out_trade_no: '20190815155618536-564-57', trade_no: '2019081522001468450512505578', trade_status: 'TRADE_SUCCESS', total_cents: 10, notify_id: '2019081500222155624068450559358070' },
    });
    const other = alipayProvider({ appId: '2021000000000000', privateKey: TOOL_PRIVATE_KEY, alipayPublicKey: NOTIFY_PUBLIC_KEY_V1, gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(other.verifyNotification(NOTIFICATION)).toEqual({ ok: false, reason: 'app_id' });
  });

  it('builds a signed alipay.trade.wap.pay URL that verifies with the app’s public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pemPrivate = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pemPublic = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const provider = alipayProvider({ appId: '2021000000000001', privateKey: pemPrivate, alipayPublicKey: pemPublic, gateway: 'https://openapi.alipay.com/gateway.do' }, { baseUrl: () => 'https://box.example.com' });
    const now = new Date('2026-03-02T02:00:00Z');
    const { pay_url } = await provider.createPayment(
      null as never,
      { order_number: 'LW20260302100000123456', subject: '仙剑奇缘 30元充值', pay_cents: 2500, expires_at: new Date(now.getTime() + 1800_000), notify_url: 'https://box.example.com/pay/notify/alipay', return_url: '/rechargepay?data=x' },
      now,
    );
    const url = new URL(pay_url);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ method: 'alipay.trade.wap.pay', sign_type: 'RSA2', timestamp: '2026-03-02 10:00:00', return_url: 'https://box.example.com/rechargepay?data=x' });
    expect(JSON.parse(params.biz_content!)).toEqual({ out_trade_no: 'LW20260302100000123456', total_amount: '25.00', subject: '仙剑奇缘 30元充值', product_code: 'QUICK_WAP_WAY', time_expire: '2026-03-02 10:30:00' });
    // Everything but sign is signed (sign_type included, as for requests).
    const { createVerify } = await import('node:crypto');
    expect(createVerify('RSA-SHA256').update(signContent(params), 'utf8').verify(pemPublic, params.sign!, 'base64')).toBe(true);
  });
});

describe('the sandbox provider’s signature and amounts', () => {
  it('property: a signed notification verifies; any change of a signed field does not', () => {
    const key = 'k'.repeat(32);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('out_trade_no', 'trade_no', 'trade_status', 'subject', 'notify_id'), fc.string({ minLength: 1 })), fc.integer({ min: 1, max: 50_000_000 }), fc.string({ minLength: 1 }), (fields, cents, change) => {
        const form: Record<string, string> = { out_trade_no: 'LW1', trade_no: 'SB1', trade_status: 'TRADE_SUCCESS', ...fields, total_amount: formatYuan(cents), sign_type: SANDBOX_SIGN_TYPE };
        form.sign = sandboxSign(key, form);
        const checked = sandboxVerify(key, form);
        expect(checked.ok).toBe(true);
        if (checked.ok) expect(checked.notification.total_cents).toBe(cents);
        const altered = { ...form, out_trade_no: form.out_trade_no + change };
        expect(sandboxVerify(key, altered).ok).toBe(false);
        expect(sandboxVerify('other-key-of-16-bytes', form).ok).toBe(false);
      }),
    );
  });

  it('property: yuan text and fen go both ways; anything else is refused', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => centsOfYuanText(formatYuan(cents)) === cents));
    fc.assert(fc.property(fc.string(), (text) => centsOfYuanText(text) === null || /^\d{1,9}(\.\d{1,2})?$/.test(text)));
    expect(centsOfYuanText('0.1')).toBe(10);
    expect(centsOfYuanText('1e3')).toBeNull();
    expect(centsOfYuanText('-1.00')).toBeNull();
  });
});
