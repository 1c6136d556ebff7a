import type { MyListing, SellableGame, SellableSubAccount, SellPlatform } from '../../../api/protocol/calls/trade.ts';
import { LISTING_STATUSES, TRADE_MAX_PRICE_CENTS, TRADE_MIN_PRICE_CENTS, type FeeRule, type ListingStatus } from '../../../api/protocol/trade-rules.ts';

/**
 * Decoders of the seller's answers (getSellGames, getMyListings, getMyListing, submitListing,
 * saveListingDraft, withdrawListing, trunkNeedKnow): what the server sends is checked before a page
 * reads it. A malformed record inside a list is dropped; a malformed whole is null. They never throw.
 */

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const positive = (value: unknown): number | null => {
  const n = count(value);
  return n !== null && n > 0 ? n : null;
};
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strOrNull = (value: unknown): string | null | undefined => (value === null ? null : typeof value === 'string' ? value : undefined);
const idOrNull = (value: unknown): number | null | undefined => (value === null ? null : (positive(value) ?? undefined));
const isStatus = (value: unknown): value is ListingStatus => (LISTING_STATUSES as readonly unknown[]).includes(value);
const list = <T>(value: unknown, decode: (item: unknown) => T | null): T[] => (Array.isArray(value) ? value.map(decode).filter((item): item is T => item !== null) : []);

/** The numbers the seller's pages show (getSellGames().rules). */
export interface SellRules {
  min_age_days: number;
  min_topup_cents: number;
  fee_rate_bp: number;
  fee_min_cents: number;
  min_price_cents: number;
  max_price_cents: number;
}

export interface SellGames {
  platforms: SellPlatform[];
  rules: SellRules;
}

export const feeRuleOf = (rules: SellRules): FeeRule => ({ rate_bp: rules.fee_rate_bp, min_cents: rules.fee_min_cents });

function decodeRules(value: unknown): SellRules | null {
  if (!isObj(value)) return null;
  const keys = ['min_age_days', 'min_topup_cents', 'fee_rate_bp', 'fee_min_cents', 'min_price_cents', 'max_price_cents'] as const;
  const numbers = keys.map((key) => count(value[key]));
  if (numbers.some((n) => n === null)) return null;
  const [minAge, minTopup, rate, feeMin, minPrice, maxPrice] = numbers as number[];
  // A rate above 100 % or an empty price range is not a rule this page can show.
  if (rate! > 10_000 || minPrice! > maxPrice!) return null;
  return { min_age_days: minAge!, min_topup_cents: minTopup!, fee_rate_bp: rate!, fee_min_cents: feeMin!, min_price_cents: minPrice!, max_price_cents: maxPrice! };
}

function decodeRole(value: unknown): { server_name: string; role_name: string } | null {
  if (!isObj(value)) return null;
  const server = str(value.server_name);
  const role = str(value.role_name);
  return server === null || role === null ? null : { server_name: server, role_name: role };
}

export function decodeSubAccount(value: unknown): SellableSubAccount | null {
  if (!isObj(value)) return null;
  const id = positive(value.id);
  const name = str(value.name);
  const age = count(value.age_days);
  const topup = count(value.topup_cents);
  const reason = str(value.reason);
  const listingId = idOrNull(value.listing_id);
  if (id === null || name === null || age === null || topup === null || reason === null || listingId === undefined || typeof value.eligible !== 'boolean') return null;
  return { id, name, age_days: age, topup_cents: topup, eligible: value.eligible, reason, listing_id: listingId, roles: list(value.roles, decodeRole) };
}

function decodeGame(value: unknown): SellableGame | null {
  if (!isObj(value)) return null;
  const gameId = positive(value.game_id);
  const platformGameId = positive(value.platform_game_id);
  const name = str(value.game_name);
  const icon = str(value.game_icon);
  if (gameId === null || platformGameId === null || name === null || icon === null) return null;
  return { game_id: gameId, platform_game_id: platformGameId, game_name: name, game_icon: icon, sub_accounts: list(value.sub_accounts, decodeSubAccount) };
}

function decodePlatform(value: unknown): SellPlatform | null {
  if (!isObj(value)) return null;
  const id = positive(value.id);
  const name = str(value.name);
  return id === null || name === null ? null : { id, name, games: list(value.games, decodeGame) };
}

export function decodeSellGames(value: unknown): SellGames | null {
  if (!isObj(value) || !Array.isArray(value.platforms)) return null;
  const rules = decodeRules(value.rules);
  return rules ? { platforms: list(value.platforms, decodePlatform), rules } : null;
}

/** Where a sub-account sits among the platforms (its game and platform), or null. */
export function findSubAccount(games: SellGames, subAccountId: number): { platform: SellPlatform; game: SellableGame; subAccount: SellableSubAccount } | null {
  for (const platform of games.platforms) {
    for (const game of platform.games) {
      const subAccount = game.sub_accounts.find((s) => s.id === subAccountId);
      if (subAccount) return { platform, game, subAccount };
    }
  }
  return null;
}

function decodeImage(value: unknown): { key: string; url: string } | null {
  if (!isObj(value)) return null;
  const key = str(value.key);
  const url = str(value.url);
  return key === null || url === null ? null : { key, url };
}

export function decodeMyListing(value: unknown): MyListing | null {
  if (!isObj(value) || !isObj(value.sub_account)) return null;
  const sub = value.sub_account;
  const ids = [value.id, sub.id, value.game_id, value.platform_game_id].map(positive);
  if (ids.some((n) => n === null)) return null;
  const amounts = [sub.age_days, sub.topup_cents, value.price_cents, value.fee_cents, value.net_cents].map(count);
  if (amounts.some((n) => n === null)) return null;
  const texts = [value.status_text, sub.name, value.game_name, value.game_icon, value.title, value.server_name, value.role_name, value.description, value.created_at].map(str);
  if (texts.some((t) => t === null)) return null;
  const optionalTexts = [value.reject_reason, value.submitted_at, value.on_sale_at, value.expires_at, value.sold_at].map(strOrNull);
  if (optionalTexts.some((t) => t === undefined)) return null;
  const tradeId = idOrNull(value.trade_id);
  if (!isStatus(value.status) || tradeId === undefined || !Array.isArray(value.images)) return null;
  if (typeof value.has_second_password !== 'boolean' || typeof value.can_edit !== 'boolean' || typeof value.can_withdraw !== 'boolean') return null;
  const [id, subId, gameId, platformGameId] = ids as number[];
  const [age, topup, price, fee, net] = amounts as number[];
  const [statusText, subName, gameName, gameIcon, title, server, role, description, createdAt] = texts as string[];
  const [reject, submitted, onSale, expires, sold] = optionalTexts as (string | null)[];
  return {
    id: id!,
    status: value.status,
    status_text: statusText!,
    sub_account: { id: subId!, name: subName!, age_days: age!, topup_cents: topup! },
    game_id: gameId!,
    platform_game_id: platformGameId!,
    game_name: gameName!,
    game_icon: gameIcon!,
    title: title!,
    server_name: server!,
    role_name: role!,
    description: description!,
    images: list(value.images, decodeImage),
    has_second_password: value.has_second_password,
    price_cents: price!,
    fee_cents: fee!,
    net_cents: net!,
    reject_reason: reject!,
    created_at: createdAt!,
    submitted_at: submitted!,
    on_sale_at: onSale!,
    expires_at: expires!,
    sold_at: sold!,
    trade_id: tradeId,
    can_edit: value.can_edit,
    can_withdraw: value.can_withdraw,
  };
}

export const decodeMyListings = (value: unknown): MyListing[] => list(value, decodeMyListing);

/** submitListing / saveListingDraft / withdrawListing answer `{ listing, … }`. */
export function decodeListingAnswer(value: unknown): MyListing | null {
  return isObj(value) ? decodeMyListing(value.listing) : null;
}

/** A price the rules accept, for the live fee line (a typed price outside them shows no fee). */
export const priceInRules = (cents: number, rules: SellRules): boolean =>
  cents >= Math.max(rules.min_price_cents, TRADE_MIN_PRICE_CENTS) && cents <= Math.min(rules.max_price_cents, TRADE_MAX_PRICE_CENTS);
