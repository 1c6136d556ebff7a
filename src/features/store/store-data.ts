import type { RedeemRecord, StoreItemView } from '../../../api/protocol/calls/store.ts';
import { STORE_ITEM_KINDS, type StoreItemState } from '../../../api/protocol/store.ts';
import { safeUrl } from '../../components/game/game-item.ts';

/**
 * The coin store's decoders: getStoreItems and getRedeemRecords answers arrive
 * as `unknown` and leave as the narrow shapes the pages render. Malformed items are dropped, a
 * malformed whole is null (the page's error state); nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 200): string => (typeof value === 'string' ? value.slice(0, max) : '');
const nonNeg = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);
const instant = (value: unknown): string | null => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : null);
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (options.includes(value as T) ? (value as T) : null);

const STATES: readonly StoreItemState[] = ['available', 'sold_out', 'not_started', 'ended', 'limit_reached'];

function decodeItem(entry: unknown): StoreItemView | null {
  const raw = obj(entry);
  const id = positive(raw?.id);
  const kind = oneOf(raw?.kind, STORE_ITEM_KINDS);
  const state = oneOf(raw?.state, STATES);
  const price = positive(raw?.points_price);
  if (!raw || !id || !kind || !state || !price) return null;
  const coupon = obj(raw.coupon);
  const gift = obj(raw.gift);
  return {
    id,
    kind,
    title: str(raw.title, 60),
    image: safeUrl(raw.image),
    description: str(raw.description, 300),
    points_price: price,
    stock: nonNeg(raw.stock),
    per_user_limit: positive(raw.per_user_limit),
    valid_from: instant(raw.valid_from),
    valid_to: instant(raw.valid_to),
    redeemed: nonNeg(raw.redeemed),
    state,
    coupon: kind === 'coupon' && coupon ? { coupon_id: nonNeg(coupon.coupon_id), name: str(coupon.name, 60), amount_cents: nonNeg(coupon.amount_cents), threshold_cents: nonNeg(coupon.threshold_cents), valid_days: nonNeg(coupon.valid_days) } : null,
    coins_cents: kind === 'coins' ? positive(raw.coins_cents) : null,
    gift: kind === 'gift_code' && gift ? { pack_id: nonNeg(gift.pack_id), name: str(gift.name, 60), game_name: str(gift.game_name, 60) } : null,
  };
}

/** getStoreItems: the balance (null signed out) and the items; null when the answer is unusable. */
export function decodeStore(value: unknown): { points: number | null; list: StoreItemView[] } | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.list)) return null;
  const points = typeof raw.points === 'number' && Number.isSafeInteger(raw.points) && raw.points >= 0 ? raw.points : null;
  return { points, list: raw.list.flatMap((entry) => decodeItem(entry) ?? []) };
}

export function decodeRedeemRecord(entry: unknown): RedeemRecord | null {
  const raw = obj(entry);
  const id = positive(raw?.id);
  const kind = oneOf(raw?.kind, STORE_ITEM_KINDS);
  if (!raw || !id || !kind) return null;
  const coupon = obj(raw.coupon);
  return {
    id,
    item_id: nonNeg(raw.item_id),
    kind,
    title: str(raw.title, 60),
    points_paid: nonNeg(raw.points_paid),
    coupon: coupon && positive(coupon.user_coupon_id)
      ? { user_coupon_id: positive(coupon.user_coupon_id)!, name: str(coupon.name, 60), amount_cents: nonNeg(coupon.amount_cents), threshold_cents: nonNeg(coupon.threshold_cents), expires_at: instant(coupon.expires_at) ?? '' }
      : null,
    gift_code: typeof raw.gift_code === 'string' && raw.gift_code !== '' ? raw.gift_code.slice(0, 64) : null,
    coins_cents: positive(raw.coins_cents),
    created_at: instant(raw.created_at) ?? '',
  };
}

/** getRedeemRecords' list. */
export function decodeRedeemRecords(list: unknown): RedeemRecord[] {
  return Array.isArray(list) ? list.flatMap((entry) => decodeRedeemRecord(entry) ?? []) : [];
}

/** A fresh request id for a new redemption attempt (fits REQUEST_ID_PATTERN): a UUID, or 32 random hex digits where randomUUID is missing (an insecure context). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
