import type { GiftPack } from '../../../api/protocol/calls/game.ts';

export type { GiftPack };

/** 'YYYY-MM-DD' of an ISO time, in China time. */
export function validDate(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  return Number.isNaN(t.getTime()) ? '' : t.toISOString().slice(0, 10);
}

/** The row's validity line: 已过期, or the last day it can be claimed (China date). */
export function validityText(pack: Pick<GiftPack, 'expired' | 'valid_until'>): string {
  return pack.expired ? '已过期' : `有效期至 ${validDate(pack.valid_until)}`;
}

/** Remaining share in percent, 0–100. */
export function remainingPercent(pack: Pick<GiftPack, 'total' | 'remaining'>): number {
  return pack.total > 0 ? Math.max(0, Math.min(100, Math.round((pack.remaining / pack.total) * 100))) : 0;
}
