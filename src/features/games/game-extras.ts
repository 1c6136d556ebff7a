import { decodeGameItem, type GameItem } from '../../components/game/game-item.ts';

/** Game items with the extra fields some lists carry (docs/catalog.md), decoded like the item. */

export interface OpenServerGame extends GameItem {
  server_id: number;
  server_name: string;
  open_at: string;
  opened: boolean;
}

export interface ReservationGame extends GameItem {
  reserve_count: number;
  reserved: boolean;
}

export interface WelfareGame extends GameItem {
  /** 首充折扣 in 折; null = none. */
  first_recharge_discount: number | null;
}

export interface TopicGame extends GameItem {
  blurb: string;
}

type Raw = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
const nonNegative = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

function decodeWith<T extends GameItem>(list: unknown, extra: (raw: Raw) => Omit<T, keyof GameItem>): T[] {
  if (!Array.isArray(list)) return [];
  const items: T[] = [];
  for (const entry of list) {
    const game = decodeGameItem(entry);
    if (game) items.push({ ...game, ...extra(entry as Raw) } as T);
  }
  return items;
}

export const decodeOpenServerGames = (list: unknown) =>
  decodeWith<OpenServerGame>(list, (raw) => ({ server_id: nonNegative(raw.server_id), server_name: str(raw.server_name), open_at: str(raw.open_at), opened: raw.opened === true }));

export const decodeReservationGames = (list: unknown) =>
  decodeWith<ReservationGame>(list, (raw) => ({ reserve_count: nonNegative(raw.reserve_count), reserved: raw.reserved === true }));

export const decodeWelfareGames = (list: unknown) =>
  decodeWith<WelfareGame>(list, (raw) => ({
    first_recharge_discount: typeof raw.first_recharge_discount === 'number' && Number.isFinite(raw.first_recharge_discount) ? raw.first_recharge_discount : null,
  }));

/** The welfare line of a new game: its first-recharge discount, then its discount. */
export function welfareNote(game: WelfareGame): string {
  const parts = [game.first_recharge_discount !== null ? `首充${game.first_recharge_discount}折` : '', game.discount_text ? `充值${game.discount_text}` : ''].filter(Boolean);
  return parts.length ? `${parts.join(' · ')} · ${game.short_desc}` : game.short_desc;
}

/** '11-10 ~ 11-16' of a weekly list's answer (meta), or ''. */
export function weekRangeOf(meta: Record<string, unknown> | null): string {
  const start = typeof meta?.week_start === 'string' ? chinaDay(meta.week_start) : '';
  const end = typeof meta?.week_end === 'string' ? chinaDay(meta.week_end) : '';
  return start && end ? `${start} ~ ${end}` : '';
}

export const decodeTopicGames = (list: unknown) => decodeWith<TopicGame>(list, (raw) => ({ blurb: str(raw.blurb) }));

const CHINA_OFFSET_MS = 8 * 3600_000;

/** 'HH:mm' China time of an ISO time ('' when unreadable). */
export function chinaTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(11, 16);
}

/** 'MM-DD' China date of an ISO time or a 'YYYY-MM-DD' date. */
export function chinaDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.slice(5);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : new Date(ms + CHINA_OFFSET_MS).toISOString().slice(5, 10);
}
