import { positiveId, topupCents } from './payment-data.ts';

/** The `data` of /autorechargehao, /loginrecharge, /cardstrightrecharge and /selectcoupon, decoded (never trusted). */

export interface GameTopUpData {
  platform_game_id: number;
  game_name?: string;
}

export function decodeGameTopUpData(data: unknown): GameTopUpData | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const game = positiveId(record.platform_game_id);
  if (game === null) return null;
  const name = typeof record.game_name === 'string' && record.game_name.trim() !== '' ? Array.from(record.game_name.trim()).slice(0, 64).join('') : undefined;
  return name === undefined ? { platform_game_id: game } : { platform_game_id: game, game_name: name };
}

export interface LoginRechargeData {
  platform_game_id: number;
  role_id?: number;
  amount_cents: number;
  subject?: string;
}

/** What a game's in-game cashier passes: the game, the amount (whole yuan ¥1–¥5000 in fen), maybe the role and the item. */
export function decodeLoginRechargeData(data: unknown): LoginRechargeData | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const game = positiveId(record.platform_game_id);
  const amount = topupCents(record.amount_cents);
  if (game === null || amount === null) return null;
  const role = record.role_id === undefined ? null : positiveId(record.role_id);
  const subject = typeof record.subject === 'string' ? Array.from(record.subject.trim()).slice(0, 40).join('') : '';
  return { platform_game_id: game, amount_cents: amount, ...(role !== null ? { role_id: role } : {}), ...(subject ? { subject } : {}) };
}

export function decodeCardId(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return positiveId((data as Record<string, unknown>).card_id);
}
