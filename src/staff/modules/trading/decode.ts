import type { StaffListing, StaffTrade } from '../../../../api/protocol/staff/trading.ts';
import { LISTING_STATUSES, TRADE_STATUSES, type ListingStatus, type TradeStatus } from '../../../../api/protocol/trade-rules.ts';
import { safeImageUrl } from '../../content/content-data.ts';

/**
 * The 账号交易 answers (api/protocol/staff/trading.ts), checked before the page reads them: a
 * malformed listing or trade is dropped from its list, a malformed whole is null (the page says
 * the list could not be read). Money must be whole fen with fee + net = price, or the item is
 * dropped: a reviewer never approves, and finance never refunds or releases, on figures the page
 * cannot vouch for. A screenshot address the console may not load is left out and counted
 * (`bad_images`), so the reviewer knows a picture is missing. Nothing here throws.
 */

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : null);
const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const positiveId = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null);
const text = (value: unknown, max = 2_000): string | null => (typeof value === 'string' && value.length <= max ? value : null);
/** An instant: an ISO-like string Date.parse reads. */
const instant = (value: unknown): string | null => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : null);
/** null stays null; an instant passes; anything else is undefined (malformed). */
const instantOrNull = (value: unknown): string | null | undefined => (value === null ? null : (instant(value) ?? undefined));
const textOrNull = (value: unknown, max = 2_000): string | null | undefined => (value === null ? null : (text(value, max) ?? undefined));
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : null);

export interface Person {
  id: number;
  nickname: string;
  phone: string;
}

function person(value: unknown): Person | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const nickname = text(raw?.nickname, 64);
  const phone = text(raw?.phone, 32);
  return id && nickname !== null && phone !== null ? { id, nickname, phone } : null;
}

/** price, fee and net as whole fen, fee + net = price. */
function money(raw: Obj): { price_cents: number; fee_cents: number; net_cents: number } | null {
  const price = cents(raw.price_cents);
  const fee = cents(raw.fee_cents);
  const net = cents(raw.net_cents);
  return price !== null && fee !== null && net !== null && fee + net === price ? { price_cents: price, fee_cents: fee, net_cents: net } : null;
}

export type ReviewListing = StaffListing & { bad_images: number };

export function decodeStaffListing(value: unknown): ReviewListing | null {
  const raw = obj(value);
  if (!raw) return null;
  const id = positiveId(raw.id);
  const status = oneOf<ListingStatus>(raw.status, LISTING_STATUSES);
  const seller = person(raw.seller);
  const sub = obj(raw.sub_account);
  const figures = money(raw);
  if (!id || !status || !seller || !sub || !figures) return null;
  const subId = positiveId(sub.id);
  const subName = text(sub.name, 64);
  const ageDays = cents(sub.age_days);
  const topup = cents(sub.topup_cents);
  const subCreated = instant(sub.created_at);
  if (!subId || subName === null || ageDays === null || topup === null || subCreated === null) return null;
  const platformGameId = positiveId(raw.platform_game_id);
  const [statusText, gameName, title, serverName, roleName, description] = [
    text(raw.status_text, 20),
    text(raw.game_name, 100),
    text(raw.title, 100),
    text(raw.server_name, 60),
    text(raw.role_name, 60),
    text(raw.description, 2_000),
  ];
  if (!platformGameId || statusText === null || gameName === null || title === null || serverName === null || roleName === null || description === null) return null;
  if (!Array.isArray(raw.images) || raw.images.length > 20 || typeof raw.has_second_password !== 'boolean') return null;
  const rejectReason = textOrNull(raw.reject_reason, 400);
  const times = [raw.submitted_at, raw.reviewed_at, raw.on_sale_at].map(instantOrNull);
  if (rejectReason === undefined || times.some((t) => t === undefined)) return null;
  const [submittedAt, reviewedAt, onSaleAt] = times as (string | null)[];
  const images = raw.images.map(safeImageUrl).filter((url) => url !== '');
  return {
    id,
    status,
    status_text: statusText,
    seller,
    game_name: gameName,
    platform_game_id: platformGameId,
    sub_account: { id: subId, name: subName, age_days: ageDays, topup_cents: topup, created_at: subCreated },
    title,
    server_name: serverName,
    role_name: roleName,
    description,
    images,
    bad_images: raw.images.length - images.length,
    has_second_password: raw.has_second_password,
    ...figures,
    reject_reason: rejectReason,
    submitted_at: submittedAt!,
    reviewed_at: reviewedAt!,
    on_sale_at: onSaleAt!,
  };
}

function decodeDispute(value: unknown): StaffTrade['dispute'] | undefined {
  if (value === null) return null;
  const raw = obj(value);
  if (!raw) return undefined;
  const reason = text(raw.reason, 400);
  const openedAt = instant(raw.opened_at);
  const resolution = textOrNull(raw.resolution, 400);
  const resolvedAt = instantOrNull(raw.resolved_at);
  if (reason === null || openedAt === null || resolution === undefined || resolvedAt === undefined) return undefined;
  return { reason, opened_at: openedAt, resolution, resolved_at: resolvedAt };
}

export function decodeStaffTrade(value: unknown): StaffTrade | null {
  const raw = obj(value);
  if (!raw) return null;
  const id = positiveId(raw.id);
  const listingId = positiveId(raw.listing_id);
  const status = oneOf<TradeStatus>(raw.status, TRADE_STATUSES);
  const buyer = person(raw.buyer);
  const seller = person(raw.seller);
  const figures = money(raw);
  const dispute = decodeDispute(raw.dispute);
  if (!id || !listingId || !status || !buyer || !seller || !figures || dispute === undefined) return null;
  const [statusText, orderNumber, title, gameName] = [text(raw.status_text, 20), text(raw.order_number, 64), text(raw.title, 100), text(raw.game_name, 100)];
  const paidAt = instant(raw.paid_at);
  const releaseAt = instant(raw.release_at);
  if (statusText === null || orderNumber === null || title === null || gameName === null || paidAt === null || releaseAt === null) return null;
  return {
    id,
    listing_id: listingId,
    status,
    status_text: statusText,
    order_number: orderNumber,
    title,
    game_name: gameName,
    buyer,
    seller,
    ...figures,
    paid_at: paidAt,
    release_at: releaseAt,
    dispute,
  };
}

export interface StaffPageOf<T, S extends string> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  counts: Record<S, number>;
}

function pageOf<T, S extends string>(value: unknown, item: (raw: unknown) => T | null, statuses: readonly S[]): StaffPageOf<T, S> | null {
  const raw = obj(value);
  const counts = obj(raw?.counts);
  if (!raw || !counts || !Array.isArray(raw.list)) return null;
  return {
    list: raw.list.flatMap((entry) => item(entry) ?? []),
    total: cents(raw.total) ?? 0,
    page: positiveId(raw.page) ?? 1,
    limit: positiveId(raw.limit) ?? 20,
    counts: Object.fromEntries(statuses.map((status) => [status, cents(counts[status]) ?? 0])) as Record<S, number>,
  };
}

export type ListingPage = StaffPageOf<ReviewListing, ListingStatus>;
export type TradePage = StaffPageOf<StaffTrade, TradeStatus>;

export const decodeListingPage = (value: unknown): ListingPage | null => pageOf(value, decodeStaffListing, LISTING_STATUSES);
export const decodeTradePage = (value: unknown): TradePage | null => pageOf(value, decodeStaffTrade, TRADE_STATUSES);

