import { TRADE_KEYWORD_MAX } from '../../../api/protocol/trade-rules.ts';
import type { RouteData } from '../../../machines/navigation.types.ts';

/**
 * The buyer's route data: ids, trade references and search keywords, as untrusted as the URL they
 * come in (the answers are decoded by request() with the calls' declared schemas).
 */

// ---- Route data ----

/** A positive id from route data (a JSON number or a digit string), else null. */
export function routeId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function orderNumberOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return ORDER_NUMBER_PATTERN.test(text) ? text : null;
}

/** /tradingsuccess: `{ trade_id }` or `{ order_number }`. */
export type TradeRef = { trade_id: number } | { order_number: string };

export function tradeRefOf(data: RouteData | null): TradeRef | null {
  const tradeId = routeId(data?.trade_id);
  if (tradeId !== null) return { trade_id: tradeId };
  const orderNumber = orderNumberOf(data?.order_number);
  return orderNumber === null ? null : { order_number: orderNumber };
}

/** A search keyword as getListings takes it: control and format characters gone, trimmed, at most TRADE_KEYWORD_MAX characters. */
export function cleanKeyword(value: unknown): string {
  if (typeof value !== 'string') return '';
  return Array.from(value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim()).slice(0, TRADE_KEYWORD_MAX).join('').trim();
}
