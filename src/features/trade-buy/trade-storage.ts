import { cleanKeyword, routeId } from './trade-data.ts';

/**
 * What the buyer's pages keep in the browser: the recent searches of /circlesearching,
 * the game picked on /selectgame (read back by the page that asked), and the order this device
 * sent to the cashier (so /orderpay, opened again by the cashier's return, confirms instead of
 * offering 去支付). Storage is untrusted: every read is decoded and never throws.
 */

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const TRADE_STORAGE_KEYS = {
  searches: 'TradeSearchHistory',
  gameChoice: 'TradeGameChoice',
  order: 'TradeOrder',
} as const;

export const RECENT_SEARCHES_MAX = 10;

function parse(raw: string | null): unknown {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or private storage: the convenience is lost, nothing else.
  }
}

// ---- Recent searches ----

/** Stored searches: non-empty cleaned keywords, no duplicates, newest first, at most RECENT_SEARCHES_MAX. */
export function decodeRecentSearches(raw: string | null): string[] {
  const value = parse(raw);
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const entry of value) {
    const keyword = cleanKeyword(entry);
    if (keyword !== '' && !out.includes(keyword)) out.push(keyword);
    if (out.length === RECENT_SEARCHES_MAX) break;
  }
  return out;
}

export function readRecentSearches(storage: KeyValueStorage): string[] {
  try {
    return decodeRecentSearches(storage.getItem(TRADE_STORAGE_KEYS.searches));
  } catch {
    return [];
  }
}

/** Puts a keyword first (moving it if it was there); returns the new list. */
export function addRecentSearch(storage: KeyValueStorage, keyword: string): string[] {
  const cleaned = cleanKeyword(keyword);
  const list = readRecentSearches(storage);
  if (cleaned === '') return list;
  const next = [cleaned, ...list.filter((entry) => entry !== cleaned)].slice(0, RECENT_SEARCHES_MAX);
  write(storage, TRADE_STORAGE_KEYS.searches, next);
  return next;
}

export function clearRecentSearches(storage: KeyValueStorage): void {
  try {
    storage.removeItem(TRADE_STORAGE_KEYS.searches);
  } catch {
    // nothing to do
  }
}

// ---- The game chosen on /selectgame ----

/** game_id 0: 全部游戏. `for` is the page that asked. */
export interface GameChoice {
  for: string;
  game_id: number;
  game_name: string;
}

export function decodeGameChoice(raw: string | null): GameChoice | null {
  const value = parse(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const asker = typeof record.for === 'string' && /^\/[a-z]{1,30}$/.test(record.for) ? record.for : null;
  if (asker === null) return null;
  if (record.game_id === 0) return { for: asker, game_id: 0, game_name: '' };
  const id = routeId(record.game_id);
  if (id === null) return null;
  return { for: asker, game_id: id, game_name: typeof record.game_name === 'string' ? Array.from(record.game_name).slice(0, 60).join('') : '' };
}

const listeners = new Set<() => void>();

export function writeGameChoice(storage: KeyValueStorage, choice: GameChoice): void {
  write(storage, TRADE_STORAGE_KEYS.gameChoice, choice);
  for (const listener of listeners) listener();
}

export function readGameChoice(storage: KeyValueStorage, asker: string): GameChoice | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(TRADE_STORAGE_KEYS.gameChoice);
  } catch {
    return null;
  }
  const choice = decodeGameChoice(raw);
  return choice && choice.for === asker ? choice : null;
}

/** Pages kept alive (/circle) hear a new choice while they stay mounted. */
export function subscribeGameChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- The open trade order of this device ----

/** The order /wantpay created (its listing for 返回商品, 0 when unknown) and whether this device sent it to the cashier. */
export interface StoredTradeOrder {
  order_number: string;
  listing_id: number;
  cashier: boolean;
}

export function decodeStoredTradeOrder(raw: string | null): StoredTradeOrder | null {
  const value = parse(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const orderNumber = typeof record.order_number === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(record.order_number) ? record.order_number : null;
  if (orderNumber === null) return null;
  return { order_number: orderNumber, listing_id: routeId(record.listing_id) ?? 0, cashier: record.cashier === true };
}

export function rememberTradeOrder(storage: KeyValueStorage, order: StoredTradeOrder): void {
  write(storage, TRADE_STORAGE_KEYS.order, order);
}

/** The stored order when it is this one. */
export function readTradeOrder(storage: KeyValueStorage, orderNumber: string): StoredTradeOrder | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(TRADE_STORAGE_KEYS.order);
  } catch {
    return null;
  }
  const stored = decodeStoredTradeOrder(raw);
  return stored && stored.order_number === orderNumber ? stored : null;
}

/** 去支付: mark the order as sent to the cashier (a reload then confirms too, which is harmless). */
export function markSentToCashier(storage: KeyValueStorage, orderNumber: string): void {
  const stored = readTradeOrder(storage, orderNumber);
  rememberTradeOrder(storage, { order_number: orderNumber, listing_id: stored?.listing_id ?? 0, cashier: true });
}
