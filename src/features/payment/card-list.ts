import { safeUrl } from '../../components/game/game-item.ts';

/** A card of the card lists (getHotCard …), decoded: an entry without id, name or price is dropped. */
export interface ListedCard {
  id: number;
  name: string;
  subtitle: string;
  price_cents: number;
  original_price_cents: number;
  days: number;
  image: string;
}

const nat = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const text = (value: unknown, max = 80): string => (typeof value === 'string' ? Array.from(value.trim()).slice(0, max).join('') : '');

export function decodeCardList(value: unknown): ListedCard[] {
  const list = typeof value === 'object' && value !== null ? (value as { list?: unknown }).list : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const raw = entry as Record<string, unknown>;
    const id = nat(raw.id);
    const price = nat(raw.price_cents);
    const name = text(raw.name);
    if (id === null || id === 0 || price === null || name === '') return [];
    return [{ id, name, subtitle: text(raw.subtitle), price_cents: price, original_price_cents: nat(raw.original_price_cents) ?? price, days: nat(raw.days) ?? 0, image: safeUrl(raw.image) }];
  });
}
