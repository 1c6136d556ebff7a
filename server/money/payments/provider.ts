import type { Transaction } from 'kysely';
import { exactYuanCents } from '../../../api/protocol/money.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A payment provider, as the order service sees it. The sandbox provider of this server
 * (payments/sandbox.ts) and the Alipay adapter (payments/alipay.ts) implement it; PAYMENT_PROVIDER
 * chooses (server/config.ts).
 */

export interface PaymentRequest {
  order_number: string;
  subject: string;
  /** What the player pays (fen, > 0). */
  pay_cents: number;
  expires_at: Date;
  /** The merchant's asynchronous notification endpoint (absolute URL). */
  notify_url: string;
  /** Where the player comes back to (the app's /rechargepay?data=…). */
  return_url: string;
}

/** A notification the provider signed, parsed. */
export interface VerifiedNotification {
  out_trade_no: string;
  trade_no: string;
  /** TRADE_SUCCESS | TRADE_FINISHED (paid) or WAIT_BUYER_PAY | TRADE_CLOSED. */
  trade_status: string;
  total_cents: number;
  notify_id: string;
}

export type NotificationCheck = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'alipay';
  /** Opens the payment; called inside the order's transaction (the sandbox keeps its books in it). */
  createPayment(trx: Transaction<Database>, request: PaymentRequest, now: Date): Promise<{ pay_url: string; trade_no: string | null }>;
  /** Checks a notification's signature and reads it. */
  verifyNotification(form: Record<string, string>): NotificationCheck;
  /**
   * Closes the provider's trade of an order that expires or is cancelled. Answers false when the
   * trade was paid meanwhile (the order must not close: its notification is on its way).
   */
  closeTrade(trx: Transaction<Database>, orderNumber: string, now: Date): Promise<boolean>;
}

/** Alipay's amount text ('12.30' from 1230 fen) is formatYuan's; the other way refuses anything but 2-decimal yuan. */
export function centsOfYuanText(text: string | undefined): number | null {
  return exactYuanCents(text);
}

/**
 * Alipay's string to sign: every parameter except sign (and, for notifications, sign_type), with a
 * non-empty value, sorted by key (ASCII), joined as key=value with & — values not URL-encoded.
 */
export function signContent(params: Record<string, string | undefined>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}
