import { decodeGameItem, safeUrl, type GameItem } from '../../components/game/game-item.ts';

/** getGameDetail's answer (docs/catalog.md), decoded: nothing from the server is trusted as is. */

export interface Screenshot {
  url: string;
  caption: string;
}

export interface PlatformVersion {
  platform_game_id: number;
  platform_name: string;
  version_name: string;
  size_text: string;
  discount_text: string;
  first_recharge_discount: number | null;
  is_bt: boolean;
  is_h5: boolean;
  down_type: number;
  vip_info: string;
}

export interface OpenServer {
  id: number;
  server_name: string;
  open_at: string;
  opened: boolean;
}

export interface GiftSummaryItem {
  gift_id: number;
  name: string;
  content: string;
}

export interface CouponSummaryItem {
  coupon_id: number;
  name: string;
  amount: string;
  condition_text: string;
}

export interface GameDetail {
  game: GameItem;
  description: string;
  licence_no: string;
  approval_no: string;
  age_rating: string;
  developer: string;
  is_online: boolean;
  can_reserve: boolean;
  reserved: boolean;
  reserve_count: number;
  screenshots: Screenshot[];
  platform: PlatformVersion | null;
  platforms: PlatformVersion[];
  open_servers: OpenServer[];
  gifts: { count: number; list: GiftSummaryItem[] };
  coupons: { count: number; max_amount: string; list: CouponSummaryItem[] };
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 5_000) : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const int = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
};
const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
const numOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function decodePlatform(value: unknown): PlatformVersion | null {
  const raw = obj(value);
  const id = int(raw.platform_game_id);
  if (id === 0) return null;
  return {
    platform_game_id: id,
    platform_name: str(raw.platform_name),
    version_name: str(raw.version_name),
    size_text: str(raw.size_text),
    discount_text: str(raw.discount_text),
    first_recharge_discount: numOrNull(raw.first_recharge_discount),
    is_bt: bool(raw.is_bt),
    is_h5: bool(raw.is_h5),
    down_type: int(raw.down_type) || 1,
    vip_info: str(raw.vip_info),
  };
}

export function decodeGameDetail(value: unknown): GameDetail | null {
  const raw = obj(value);
  const platform = decodePlatform(raw.platform);
  // The item fields the detail lacks at top level come from the selected platform version.
  const game = decodeGameItem({
    ...raw,
    size_text: raw.size_text ?? platform?.size_text,
    discount_text: raw.discount_text ?? platform?.discount_text,
    is_h5: raw.is_h5 ?? platform?.is_h5,
    is_bt: raw.is_bt ?? platform?.is_bt,
    down_type: raw.down_type ?? platform?.down_type,
    download_text: raw.download_text ?? (typeof raw.download_count === 'number' ? formatCount(raw.download_count) : ''),
  });
  if (!game) return null;
  const gifts = obj(raw.gifts);
  const coupons = obj(raw.coupons);
  return {
    game,
    description: str(raw.description),
    licence_no: str(raw.licence_no),
    approval_no: str(raw.approval_no),
    age_rating: str(raw.age_rating),
    developer: str(raw.developer),
    is_online: raw.is_online === undefined ? true : bool(raw.is_online),
    can_reserve: bool(raw.can_reserve),
    reserved: bool(raw.reserved),
    reserve_count: int(raw.reserve_count),
    screenshots: arr(raw.screenshots)
      .map((shot) => ({ url: safeUrl(obj(shot).url), caption: str(obj(shot).caption) }))
      .filter((shot) => shot.url !== ''),
    platform,
    platforms: arr(raw.platforms)
      .map(decodePlatform)
      .filter((p): p is PlatformVersion => p !== null),
    open_servers: arr(raw.open_servers)
      .map((s) => ({ id: int(obj(s).id), server_name: str(obj(s).server_name), open_at: str(obj(s).open_at), opened: bool(obj(s).opened) }))
      .filter((s) => s.open_at !== ''),
    gifts: {
      count: int(gifts.count),
      list: arr(gifts.list).map((g) => ({ gift_id: int(obj(g).gift_id), name: str(obj(g).name), content: str(obj(g).content) })),
    },
    coupons: {
      count: int(coupons.count),
      max_amount: str(coupons.max_amount),
      list: arr(coupons.list).map((c) => ({ coupon_id: int(obj(c).coupon_id), name: str(obj(c).name), amount: str(obj(c).amount), condition_text: str(obj(c).condition_text) })),
    },
  };
}

export function formatCount(n: number): string {
  return n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, "")}万` : String(n);
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' in China time (catalogue times are China time, whatever the phone's zone). */
export function chinaTime(iso: string): string {
  const t = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS);
  return Number.isNaN(t.getTime()) ? '--:--' : `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

/** 'MM-DD' in China time. */
export function chinaDay(iso: string): string {
  const t = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS);
  return Number.isNaN(t.getTime()) ? '' : `${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Upcoming servers first (soonest first), then the opened ones (latest first). */
export function orderOpenServers(servers: readonly OpenServer[]): OpenServer[] {
  const time = (s: OpenServer) => new Date(s.open_at).getTime();
  const upcoming = servers.filter((s) => !s.opened).sort((a, b) => time(a) - time(b));
  const opened = servers.filter((s) => s.opened).sort((a, b) => time(b) - time(a));
  return [...upcoming, ...opened];
}

/** Servers grouped by China day, in the order given. */
export function groupByDay(servers: readonly OpenServer[]): Array<{ day: string; servers: OpenServer[] }> {
  const groups: Array<{ day: string; servers: OpenServer[] }> = [];
  for (const server of servers) {
    const day = chinaDay(server.open_at);
    const last = groups.at(-1);
    if (last?.day === day) last.servers.push(server);
    else groups.push({ day, servers: [server] });
  }
  return groups;
}
