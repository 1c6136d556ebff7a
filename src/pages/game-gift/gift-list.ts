/** getGiftList's items, decoded (docs/catalog.md). */
export interface GiftPack {
  gift_id: number;
  name: string;
  content: string;
  usage: string;
  valid_until: string;
  expired: boolean;
  vip_level: number;
  total: number;
  remaining: number;
  claimed: boolean;
  code: string | null;
}

type Raw = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 2_000) : typeof value === 'number' ? String(value) : '');
const int = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

export function decodeGiftPacks(value: unknown): GiftPack[] {
  const list = typeof value === 'object' && value !== null ? (value as Raw).list : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const raw = entry as Raw;
    const giftId = int(raw.gift_id);
    if (giftId === 0) return [];
    return [
      {
        gift_id: giftId,
        name: str(raw.name),
        content: str(raw.content),
        usage: str(raw.usage),
        valid_until: str(raw.valid_until),
        expired: raw.expired === true,
        vip_level: int(raw.vip_level),
        total: int(raw.total),
        remaining: int(raw.remaining),
        claimed: raw.claimed === true,
        code: typeof raw.code === 'string' && raw.code !== '' ? raw.code : null,
      },
    ];
  });
}

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
