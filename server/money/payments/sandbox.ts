import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { chinaDate } from '../../china-time.ts';
import type { Database } from '../../db/schema.ts';
import { centsOfYuanText, signContent, type NotificationCheck, type PaymentProvider, type PaymentRequest } from './provider.ts';
import { formatYuan } from '../../../api/protocol/money.ts';

/**
 * The sandbox payment provider: a separate party that happens to live in this server. It keeps its
 * own books (sandbox_trades), shows a cashier page at its pay URL (/sandbox-pay/cashier/:trade_no,
 * routes in server/wallet/orders.ts) and, when the player pays, sends the merchant an
 * asynchronous notification in Alipay's shape, signed with its own key (HMAC-SHA256 over Alipay's
 * sorted key=value string), retried on Alipay's schedule until the merchant answers 'success'
 * (payment_notifications, sent by server/money/jobs.ts).
 */

export const SANDBOX_SIGN_TYPE = 'HMAC-SHA256';

export function sandboxSign(key: string, params: Record<string, string | undefined>): string {
  return createHmac('sha256', key).update(signContent(params, ['sign', 'sign_type']), 'utf8').digest('base64');
}

export function sandboxVerify(key: string, form: Record<string, string>): NotificationCheck {
  if (form.sign_type !== SANDBOX_SIGN_TYPE || typeof form.sign !== 'string') return { ok: false, reason: 'sign_type' };
  const expected = Buffer.from(sandboxSign(key, form), 'utf8');
  const given = Buffer.from(form.sign, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'sign' };
  const total = centsOfYuanText(form.total_amount);
  if (!form.out_trade_no || !form.trade_no || !form.trade_status || total === null) return { ok: false, reason: 'fields' };
  return { ok: true, notification: { out_trade_no: form.out_trade_no, trade_no: form.trade_no, trade_status: form.trade_status, total_cents: total, notify_id: form.notify_id ?? '' } };
}

/** A trade number of the sandbox's own: 'SB' + China date + 10 digits. */
function tradeNumber(now: Date): string {
  return `SB${chinaDate(now).replaceAll('-', '')}${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(0, 10)}`;
}

export const SANDBOX_CASHIER_PATH = '/sandbox-pay/cashier/';

export function sandboxProvider(key: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(trx: Transaction<Database>, request: PaymentRequest, now: Date) {
      const trade_no = tradeNumber(now);
      await trx
        .insertInto('sandbox_trades')
        .values({
          trade_no,
          out_trade_no: request.order_number,
          amount_cents: request.pay_cents,
          subject: request.subject,
          status: 'WAIT_BUYER_PAY',
          notify_url: request.notify_url,
          return_url: request.return_url,
          created_at: now,
        })
        .execute();
      return { pay_url: `${SANDBOX_CASHIER_PATH}${trade_no}`, trade_no };
    },
    verifyNotification: (form) => sandboxVerify(key, form),
    async closeTrade(trx, orderNumber) {
      await trx.updateTable('sandbox_trades').set({ status: 'TRADE_CLOSED' }).where('out_trade_no', '=', orderNumber).where('status', '=', 'WAIT_BUYER_PAY').execute();
      const trade = await trx.selectFrom('sandbox_trades').select('status').where('out_trade_no', '=', orderNumber).executeTakeFirst();
      return trade?.status !== 'TRADE_SUCCESS';
    },
  };
}

/**
 * The player pays at the cashier: the trade becomes TRADE_SUCCESS (only from WAIT_BUYER_PAY) and
 * its notification is queued, first attempt due now, in one transaction. Answers the trade, or
 * null when it was not waiting for payment.
 */
export async function sandboxPay(trx: Transaction<Database>, key: string, tradeNo: string, now: Date): Promise<{ return_url: string } | null> {
  const trade = await trx
    .updateTable('sandbox_trades')
    .set({ status: 'TRADE_SUCCESS', paid_at: now })
    .where('trade_no', '=', tradeNo)
    .where('status', '=', 'WAIT_BUYER_PAY')
    .returningAll()
    .executeTakeFirst();
  if (!trade) return null;
  const params: Record<string, string> = {
    notify_time: chinaTimestamp(now),
    notify_type: 'trade_status_sync',
    notify_id: `${trade.trade_no}${now.getTime()}`,
    app_id: 'sandbox',
    charset: 'utf-8',
    version: '1.0',
    trade_no: trade.trade_no,
    out_trade_no: trade.out_trade_no,
    trade_status: 'TRADE_SUCCESS',
    total_amount: formatYuan(trade.amount_cents),
    receipt_amount: formatYuan(trade.amount_cents),
    subject: trade.subject,
    gmt_create: chinaTimestamp(new Date(trade.created_at)),
    gmt_payment: chinaTimestamp(now),
    sign_type: SANDBOX_SIGN_TYPE,
  };
  params.sign = sandboxSign(key, params);
  await trx
    .insertInto('payment_notifications')
    .values({ trade_no: trade.trade_no, url: trade.notify_url, body: new URLSearchParams(params).toString(), next_attempt_at: now, created_at: now })
    .execute();
  return { return_url: trade.return_url };
}

/** 'yyyy-MM-dd HH:mm:ss' in China time (Alipay's timestamps). */
export function chinaTimestamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
