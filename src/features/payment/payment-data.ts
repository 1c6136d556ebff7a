import { IDEMPOTENCY_KEY_PATTERN, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, type PayMethod } from '../../../api/protocol/money.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { sameAttempt } from '../../../machines/payment.machine.ts';
import type { PaymentAttempt, PaymentDraft } from '../../../machines/payment.types.ts';

/**
 * Decoders for what /rechargepay and the other checkout pages receive: the `data` query (a URL
 * anyone can edit) and the stored attempt (storage is untrusted too). They never throw: an unusable
 * value is null, an unusable optional field is dropped.
 */

const NAME_MAX = 64;
const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A positive safe integer, from a JSON number or a digit string. */
export function positiveId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A top-up face amount in fen: whole yuan in ¥1–¥5000. */
export function topupCents(value: unknown): number | null {
  const n = positiveId(value);
  return n !== null && n >= TOPUP_MIN_CENTS && n <= TOPUP_MAX_CENTS && n % 100 === 0 ? n : null;
}

function name(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = Array.from(value.trim()).slice(0, NAME_MAX).join('');
  return text === '' ? undefined : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A checkout draft, or null when it does not say what is bought. */
export function decodeDraft(value: unknown): PaymentDraft | null {
  if (!isRecord(value)) return null;
  const { kind } = value;
  const names = {
    game_name: name(value.game_name),
    server_name: name(value.server_name),
    role_name: name(value.role_name),
  };
  const withNames = <T extends PaymentDraft>(draft: T): T => {
    for (const [key, text] of Object.entries(names)) if (text !== undefined) (draft as Record<string, unknown>)[key] = text;
    return draft;
  };
  if (kind === 'coins') {
    const amount = topupCents(value.amount_cents);
    return amount === null ? null : { kind, amount_cents: amount };
  }
  if (kind === 'game') {
    const amount = topupCents(value.amount_cents);
    const role = positiveId(value.role_id);
    const game = positiveId(value.platform_game_id);
    if (amount === null || role === null || game === null) return null;
    return withNames({ kind, amount_cents: amount, role_id: role, platform_game_id: game });
  }
  if (kind === 'card') {
    const card = positiveId(value.card_id);
    return card === null ? null : { kind, card_id: card };
  }
  return null;
}

export function decodeOrderNumber(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : '';
  return ORDER_NUMBER_PATTERN.test(text) ? text : null;
}

/** What /rechargepay's `data` asks for: a draft to pay, an order to confirm (the cashier's return), or nothing usable. */
export type CheckoutRequest =
  | { type: 'draft'; draft: PaymentDraft; couponId: number | null | undefined }
  | { type: 'order'; orderNumber: string }
  | { type: 'invalid' };

/**
 * `data.user_coupon_id`: a number chooses that coupon, 0 or null means 不使用优惠券 (from
 * /selectcoupon), absent means "preselect the best".
 */
export function decodeCheckoutRequest(data: unknown): CheckoutRequest {
  if (!isRecord(data)) return { type: 'invalid' };
  const orderNumber = decodeOrderNumber(data.order_number);
  if (orderNumber !== null) return { type: 'order', orderNumber };
  const draft = decodeDraft(data);
  if (!draft) return { type: 'invalid' };
  const raw = data.user_coupon_id;
  const couponId = raw === undefined ? undefined : raw === null || raw === 0 || raw === '0' ? null : (positiveId(raw) ?? undefined);
  return { type: 'draft', draft, couponId };
}

// ---- The stored attempt ----

export interface StoredPayment {
  attempt: PaymentAttempt;
  key: string;
  orderNumber: string | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PAY_METHODS: readonly PayMethod[] = ['provider', 'coins', 'wallet'];

export function decodeAttempt(value: unknown): PaymentAttempt | null {
  if (!isRecord(value)) return null;
  const draft = decodeDraft(value.draft);
  const payMethod = PAY_METHODS.find((method) => method === value.pay_method);
  if (!draft || !payMethod) return null;
  const coupon = value.user_coupon_id === null || value.user_coupon_id === undefined ? null : positiveId(value.user_coupon_id);
  return { draft, pay_method: payMethod, user_coupon_id: coupon };
}

/** A stored JSON object, or null for nothing, bad JSON or anything but an object. */
function storedRecord(raw: string | null): Record<string, unknown> | null {
  if (raw === null || raw === '') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function decodeStoredPayment(raw: string | null): StoredPayment | null {
  const value = storedRecord(raw);
  if (!value) return null;
  const attempt = decodeAttempt(value.attempt);
  const key = typeof value.key === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value.key) ? value.key : null;
  if (!attempt || !key) return null;
  const orderNumber = value.order_number === null || value.order_number === undefined ? null : decodeOrderNumber(value.order_number);
  return { attempt, key, orderNumber };
}

export function encodeStoredPayment(stored: StoredPayment): string {
  return JSON.stringify({ attempt: stored.attempt, key: stored.key, order_number: stored.orderNumber });
}

export function readStoredPayment(storage: KeyValueStorage): StoredPayment | null {
  try {
    return decodeStoredPayment(storage.getItem(STORAGE_KEYS.payment));
  } catch {
    return null;
  }
}

export function writeStoredPayment(storage: KeyValueStorage, stored: StoredPayment): void {
  try {
    storage.setItem(STORAGE_KEYS.payment, encodeStoredPayment(stored));
  } catch {
    // Full or private storage: a reload loses the attempt, the server still has the order (充值记录).
  }
}

export function clearStoredPayment(storage: KeyValueStorage): void {
  try {
    storage.removeItem(STORAGE_KEYS.payment);
  } catch {
    // nothing to do
  }
}

/** A fresh idempotency key for a new attempt (a UUID fits IDEMPOTENCY_KEY_PATTERN). */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return random();
}

// ---- The coupon chosen on /selectcoupon ----

export interface CouponChoice {
  draft: PaymentDraft;
  /** null: 不使用优惠券. */
  couponId: number | null;
}

export function decodeCouponChoice(raw: string | null): CouponChoice | null {
  const value = storedRecord(raw);
  if (!value) return null;
  const draft = decodeDraft(value.draft);
  if (!draft) return null;
  if (value.user_coupon_id === null) return { draft, couponId: null };
  const couponId = positiveId(value.user_coupon_id);
  return couponId === null ? null : { draft, couponId };
}

export function writeCouponChoice(storage: KeyValueStorage, choice: CouponChoice): void {
  try {
    storage.setItem(STORAGE_KEYS.paymentCoupon, JSON.stringify({ draft: choice.draft, user_coupon_id: choice.couponId }));
  } catch {
    // The choice is lost: /rechargepay preselects the best coupon again.
  }
}

/** The stored choice when it was made for this very draft. */
export function readCouponChoice(storage: KeyValueStorage, draft: PaymentDraft): number | null | undefined {
  let raw: string | null = null;
  try {
    raw = storage.getItem(STORAGE_KEYS.paymentCoupon);
  } catch {
    return undefined;
  }
  const choice = decodeCouponChoice(raw);
  return choice && sameDraft(choice.draft, draft) ? choice.couponId : undefined;
}

export function sameDraft(a: PaymentDraft, b: PaymentDraft): boolean {
  return sameAttempt({ draft: a, user_coupon_id: null, pay_method: 'provider' }, { draft: b, user_coupon_id: null, pay_method: 'provider' });
}
