/**
 * A game as every list, search result, topic and home section carries it (docs/catalog.md
 * "game item"). Server answers are decoded, not trusted: an item without its ids or name is
 * dropped (with a warning), optional fields fall back to safe defaults.
 */
export interface GameItem {
  game_id: number;
  platform_game_id: number;
  platform_id: number | null;
  name: string;
  icon: string;
  banner: string;
  short_desc: string;
  category: string;
  tags: string[];
  size_bytes: number;
  size_text: string;
  /** 1 apk, 2 H5 */
  down_type: number;
  package_name: string;
  version_name: string;
  /** In 折 (0.1 = 0.1折); null = no discount. */
  discount: number | null;
  discount_text: string;
  is_bt: boolean;
  is_discount: boolean;
  is_h5: boolean;
  is_zero_point_one: boolean;
  is_overseas: boolean;
  score: number;
  download_count: number;
  download_text: string;
  online_at: string;
  h5_url: string | null;
}

type Raw = Record<string, unknown>;

const MAX_TEXT = 2_000;

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback;
}

function int(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** Only same-origin paths or http(s) URLs are used as image/link sources. */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : '';
}

export function decodeGameItem(value: unknown): GameItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Raw;
  const gameId = int(raw.game_id);
  const platformGameId = int(raw.platform_game_id);
  const name = text(raw.name).trim();
  if (gameId === null || platformGameId === null || name === '') return null;
  const discount = raw.discount === null || raw.discount === undefined ? null : num(raw.discount, NaN);
  return {
    game_id: gameId,
    platform_game_id: platformGameId,
    platform_id: int(raw.platform_id),
    name,
    icon: safeUrl(raw.icon),
    banner: safeUrl(raw.banner),
    short_desc: text(raw.short_desc),
    category: text(raw.category),
    tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string').slice(0, 12) : [],
    size_bytes: int(raw.size_bytes) ?? 0,
    size_text: text(raw.size_text),
    down_type: int(raw.down_type) ?? 1,
    package_name: text(raw.package_name),
    version_name: text(raw.version_name),
    discount: discount === null || Number.isNaN(discount) ? null : discount,
    discount_text: text(raw.discount_text),
    is_bt: flag(raw.is_bt),
    is_discount: flag(raw.is_discount),
    is_h5: flag(raw.is_h5),
    is_zero_point_one: flag(raw.is_zero_point_one),
    is_overseas: flag(raw.is_overseas),
    score: num(raw.score),
    download_count: int(raw.download_count) ?? 0,
    download_text: text(raw.download_text),
    online_at: text(raw.online_at),
    h5_url: safeUrl(raw.h5_url) || null,
  };
}

/** Decodes a list answer's items, dropping (and counting) the malformed ones. */
export function decodeGameItems(list: unknown, warn: (message: string) => void = console.warn): GameItem[] {
  if (!Array.isArray(list)) {
    if (list !== undefined) warn('game list: not an array; shown as empty');
    return [];
  }
  const items: GameItem[] = [];
  for (const entry of list) {
    const item = decodeGameItem(entry);
    if (item) items.push(item);
  }
  if (items.length < list.length) warn(`game list: ${list.length - items.length} malformed item(s) dropped`);
  return items;
}
