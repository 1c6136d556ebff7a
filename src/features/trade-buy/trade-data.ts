import type { OrderView } from '../../../api/protocol/calls/order.ts';
import type { ListingCard, ListingDetail, TradeRecordItem, TradeView } from '../../../api/protocol/calls/trade.ts';
import type { OrderKind, OrderStatus, PayMethod } from '../../../api/protocol/money.ts';
import { LISTING_STATUSES, TRADE_KEYWORD_MAX, TRADE_RECORD_TABS, TRADE_STATUSES } from '../../../api/protocol/trade-rules.ts';
import type { RouteData } from '../../../machines/navigation.types.ts';
import { safeUrl } from '../../components/game/game-item.ts';

/**
 * The buyer's decoders: every trading answer and route `data` arrives as `unknown` and
 * leaves as the narrow shape the pages render. Malformed list items are dropped, a malformed whole
 * is null (the page's error state); URLs are same-origin paths or http(s) only; nothing throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 200): string => (typeof value === 'string' ? Array.from(value).slice(0, max).join('') : '');
const nonNeg = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);
/** An instant the server sent (text that parses), or null. */
const instant = (value: unknown): string | null => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : null);
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (options.includes(value as T) ? (value as T) : null);

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

// ---- Listings ----

function decodeCardFields(raw: Raw): ListingCard | null {
  const id = positive(raw.id);
  const status = oneOf(raw.status, LISTING_STATUSES);
  const price = positive(raw.price_cents);
  if (!id || !status || !price) return null;
  return {
    id,
    title: str(raw.title, 60),
    game_id: nonNeg(raw.game_id),
    game_name: str(raw.game_name, 60),
    game_icon: safeUrl(raw.game_icon),
    server_name: str(raw.server_name, 40),
    price_cents: price,
    cover: safeUrl(raw.cover),
    image_count: nonNeg(raw.image_count),
    topup_cents: nonNeg(raw.topup_cents),
    age_days: nonNeg(raw.age_days),
    status,
    status_text: str(raw.status_text, 20),
    on_sale_at: instant(raw.on_sale_at) ?? '',
  };
}

export function decodeListingCard(entry: unknown): ListingCard | null {
  const raw = obj(entry);
  return raw ? decodeCardFields(raw) : null;
}

/** getListings' list (the paged-list machine's item decoder). */
export function decodeListingCards(list: unknown): ListingCard[] {
  return Array.isArray(list) ? list.flatMap((entry) => decodeListingCard(entry) ?? []) : [];
}

export function decodeListingDetail(value: unknown): ListingDetail | null {
  const raw = obj(value);
  const card = raw ? decodeCardFields(raw) : null;
  if (!raw || !card) return null;
  const seller = obj(raw.seller);
  const images = Array.isArray(raw.images) ? raw.images.map(safeUrl).filter((url) => url !== '').slice(0, 9) : [];
  return {
    ...card,
    role_name: str(raw.role_name, 40),
    description: str(raw.description, 600),
    images,
    has_second_password: raw.has_second_password === true,
    seller: { nickname: str(seller?.nickname, 40), sold_count: nonNeg(seller?.sold_count) },
    is_own: raw.is_own === true,
    reserved_until: instant(raw.reserved_until),
  };
}

export interface ListingGame {
  game_id: number;
  game_name: string;
  game_icon: string;
  count: number;
}

/** getListingGames: the games with listings; null when the answer is unusable. */
export function decodeListingGames(value: unknown): ListingGame[] | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.list)) return null;
  return raw.list.flatMap((entry) => {
    const game = obj(entry);
    const id = positive(game?.game_id);
    return game && id ? [{ game_id: id, game_name: str(game.game_name, 60), game_icon: safeUrl(game.game_icon), count: nonNeg(game.count) }] : [];
  });
}

// ---- Orders (/orderpay) ----

const ORDER_KINDS: readonly OrderKind[] = ['coins', 'game', 'card', 'trade'];
const ORDER_STATUSES: readonly OrderStatus[] = ['created', 'paying', 'paid', 'delivered', 'failed', 'expired', 'refunded'];
const PAY_METHODS: readonly PayMethod[] = ['provider', 'coins', 'wallet'];

const nullableText = (value: unknown, max: number): string | null => (typeof value === 'string' ? str(value, max) : null);

/** An order as getOneOrder / buyListing / cancelOrder answer it; null without a usable number, kind or status. */
export function decodeOrderView(value: unknown): OrderView | null {
  const raw = obj(value);
  const orderNumber = orderNumberOf(raw?.order_number);
  const kind = oneOf(raw?.kind, ORDER_KINDS);
  const status = oneOf(raw?.status, ORDER_STATUSES);
  if (!raw || !orderNumber || !kind || !status) return null;
  const payUrl = safeUrl(raw.pay_url);
  return {
    order_number: orderNumber,
    kind,
    subject: str(raw.subject, 80),
    status,
    status_text: str(raw.status_text, 20),
    amount_cents: nonNeg(raw.amount_cents),
    coupon_cents: nonNeg(raw.coupon_cents),
    pay_cents: nonNeg(raw.pay_cents),
    bonus_cents: nonNeg(raw.bonus_cents),
    pay_method: oneOf(raw.pay_method, PAY_METHODS) ?? 'provider',
    pay_url: payUrl === '' ? null : payUrl,
    game_id: positive(raw.game_id),
    platform_game_id: positive(raw.platform_game_id),
    game_name: nullableText(raw.game_name, 60),
    server_name: nullableText(raw.server_name, 40),
    role_name: nullableText(raw.role_name, 40),
    card_id: positive(raw.card_id),
    coupon_name: nullableText(raw.coupon_name, 60),
    created_at: instant(raw.created_at) ?? '',
    expires_at: instant(raw.expires_at),
    paid_at: instant(raw.paid_at),
    delivered_at: instant(raw.delivered_at),
    closed_at: instant(raw.closed_at),
    fail_reason: nullableText(raw.fail_reason, 100),
  };
}

// ---- Trades (/tradingsuccess) ----

export function decodeTradeView(value: unknown): TradeView | null {
  const raw = obj(value);
  const id = positive(raw?.id);
  const side = oneOf(raw?.side, ['buyer', 'seller'] as const);
  const status = oneOf(raw?.status, TRADE_STATUSES);
  const paidAt = instant(raw?.paid_at);
  const releaseAt = instant(raw?.release_at);
  if (!raw || !id || !side || !status || !paidAt || !releaseAt) return null;
  const dispute = obj(raw.dispute);
  const password = typeof raw.second_password === 'string' && raw.second_password !== '' ? raw.second_password.slice(0, 40) : null;
  return {
    id,
    listing_id: nonNeg(raw.listing_id),
    side,
    status,
    status_text: str(raw.status_text, 20),
    order_number: orderNumberOf(raw.order_number) ?? '',
    title: str(raw.title, 60),
    game_id: nonNeg(raw.game_id),
    game_name: str(raw.game_name, 60),
    game_icon: safeUrl(raw.game_icon),
    server_name: str(raw.server_name, 40),
    role_name: str(raw.role_name, 40),
    sub_account_name: str(raw.sub_account_name, 40),
    price_cents: nonNeg(raw.price_cents),
    fee_cents: nonNeg(raw.fee_cents),
    net_cents: nonNeg(raw.net_cents),
    paid_at: paidAt,
    release_at: releaseAt,
    released_at: instant(raw.released_at),
    refunded_at: instant(raw.refunded_at),
    // Only the buyer ever sees it, whatever the answer says.
    second_password: side === 'buyer' ? password : null,
    dispute: dispute
      ? { reason: str(dispute.reason, 200), opened_at: instant(dispute.opened_at) ?? '', resolution: nullableText(dispute.resolution, 200), resolved_at: instant(dispute.resolved_at) }
      : null,
    can_dispute: side === 'buyer' && status === 'cooling' && raw.can_dispute === true,
  };
}

// ---- Records (/traderecord) ----

export function decodeTradeRecord(entry: unknown): TradeRecordItem | null {
  const raw = obj(entry);
  const tab = oneOf(raw?.tab, TRADE_RECORD_TABS);
  const id = positive(raw?.id);
  if (!raw || !tab || !id) return null;
  const tradeId = positive(raw.trade_id);
  // Bought and sold rows are trades and need their trade id (the row opens /tradingsuccess).
  if ((tab === 'bought' || tab === 'sold') && tradeId === null) return null;
  return {
    tab,
    id,
    listing_id: nonNeg(raw.listing_id),
    trade_id: tradeId,
    title: str(raw.title, 60),
    game_name: str(raw.game_name, 60),
    game_icon: safeUrl(raw.game_icon),
    server_name: str(raw.server_name, 40),
    price_cents: nonNeg(raw.price_cents),
    net_cents: nonNeg(raw.net_cents),
    status_text: str(raw.status_text, 20),
    at: instant(raw.at) ?? '',
  };
}

export function decodeTradeRecords(list: unknown): TradeRecordItem[] {
  return Array.isArray(list) ? list.flatMap((entry) => decodeTradeRecord(entry) ?? []) : [];
}

// ---- Texts and the test build's fixtures ----


/** getTradeTestStatus: enabled only when the answer says exactly true. */
export function decodeTestStatus(value: unknown): { enabled: boolean } | null {
  const raw = obj(value);
  return raw && typeof raw.enabled === 'boolean' ? { enabled: raw.enabled } : null;
}

export interface TestSubAccountResult {
  sub_account: { id: number; name: string; age_days: number; topup_cents: number; eligible: boolean };
  game: { game_id: number; platform_game_id: number; game_name: string };
}

export function decodeTestSubAccount(value: unknown): TestSubAccountResult | null {
  const raw = obj(value);
  const sub = obj(raw?.sub_account);
  const game = obj(raw?.game);
  const id = positive(sub?.id);
  if (!sub || !game || !id) return null;
  return {
    sub_account: { id, name: str(sub.name, 40), age_days: nonNeg(sub.age_days), topup_cents: nonNeg(sub.topup_cents), eligible: sub.eligible === true },
    game: { game_id: nonNeg(game.game_id), platform_game_id: nonNeg(game.platform_game_id), game_name: str(game.game_name, 60) },
  };
}
