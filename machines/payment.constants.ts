import { MONEY_MSG, type OrderStatus } from '../api/protocol/money.ts';

/** Timings of one payment: the order page polls getOneOrder after the cashier. */

/** How often the result page asks getOneOrder while an order is open. */
export const PAYMENT_POLL_MS = 2_000;

/** How long confirming polls before it offers 刷新 instead (the provider's notification may be late). */
export const PAYMENT_CONFIRM_TIMEOUT_MS = 120_000;

/** After 请勿重复提交 (the first request with the key still running), ask again with the same key this much later. */
export const PAYMENT_CREATE_RETRY_MS = 2_000;

/** A network failure of createOrder: the words shown; the attempt keeps its key, so 立即支付 again is a safe retry. */
export const PAYMENT_NETWORK_MESSAGE = '网络异常，请稍后再试';

export const PAYMENT_IN_FLIGHT_MESSAGE = MONEY_MSG.inFlight;

/** Order statuses the poll waits through (the cashier is still open or the notification not in). */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['created', 'paying'];

/** Statuses that mean the money was taken. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'delivered'];
