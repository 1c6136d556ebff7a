import type { RouteData } from '../../../machines/navigation.types.ts';
import type { BenefitGrant, CardBenefitsView, CardDetail, LevelCoupon, MyCard } from '../../../api/protocol/calls/wallet.ts';
import type { OrderKind, OrderStatus, PayMethod } from '../../../api/protocol/money.ts';
import { formatYuan, ORDER_STATUS_TEXT } from '../../../api/protocol/money.ts';
import { safeUrl } from '../../components/game/game-item.ts';

/**
 * The money pages' decoders: server answers and route data arrive as `unknown` and leave
 * as the narrow shapes the pages render. Malformed items are dropped, malformed wholes become null
 * (the page shows its error state); nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 500): string => (typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const nonNeg = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const signed = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
};
/** An instant the server sent (ISO text that parses), or ''. */
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (options.includes(value as T) ? (value as T) : null);
const listOf = (value: unknown, key = 'list'): unknown[] => {
  const list = obj(value)?.[key];
  return Array.isArray(list) ? list : [];
};

// ---- Route data ----

/** /carddetail's card: `{ id }` (the circle page) or `{ card_id }`; 0 when the data names none. */
export function cardIdOf(data: RouteData | null): number {
  return positiveId(data?.id) || positiveId(data?.card_id);
}

// ---- Wallet records (getInMoney / getOutMoney) ----

export interface WalletRecord {
  id: number;
  account: 'wallet' | 'coins';
  amount_cents: number;
  title: string;
  order_number: string;
  created_at: string;
}

export function decodeWalletRecords(list: unknown): WalletRecord[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const account = oneOf(raw?.account, ['wallet', 'coins'] as const);
    const amount = signed(raw?.amount_cents);
    if (!raw || !id || !account || amount === null) return [];
    return [{ id, account, amount_cents: amount, title: str(raw.title, 100) || str(raw.kind, 40), order_number: str(raw.order_number, 64), created_at: instant(raw.created_at) }];
  });
}

export function decodeBalances(value: unknown): { wallet_cents: number; coins_cents: number } | null {
  const raw = obj(value);
  if (!raw || signed(raw.wallet_cents) === null || signed(raw.coins_cents) === null) return null;
  return { wallet_cents: raw.wallet_cents as number, coins_cents: raw.coins_cents as number };
}

// ---- Orders (getMyOrders) ----

export interface OrderRow {
  /** The order number: the paged list's key. */
  id: string;
  kind: OrderKind;
  subject: string;
  status: OrderStatus;
  status_text: string;
  amount_cents: number;
  coupon_cents: number;
  pay_cents: number;
  bonus_cents: number;
  pay_method: PayMethod;
  pay_url: string;
  coupon_name: string;
  game_name: string;
  role_name: string;
  server_name: string;
  created_at: string;
}

const ORDER_STATUSES = Object.keys(ORDER_STATUS_TEXT) as OrderStatus[];

export function decodeOrders(list: unknown): OrderRow[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = str(raw?.order_number, 64);
    const kind = oneOf(raw?.kind, ['coins', 'game', 'card'] as const);
    const status = oneOf(raw?.status, ORDER_STATUSES);
    if (!raw || !id || !kind || !status) return [];
    return [
      {
        id,
        kind,
        subject: str(raw.subject, 100),
        status,
        status_text: str(raw.status_text, 20) || ORDER_STATUS_TEXT[status],
        amount_cents: nonNeg(raw.amount_cents),
        coupon_cents: nonNeg(raw.coupon_cents),
        pay_cents: nonNeg(raw.pay_cents),
        bonus_cents: nonNeg(raw.bonus_cents),
        pay_method: oneOf(raw.pay_method, ['provider', 'coins', 'wallet'] as const) ?? 'provider',
        pay_url: str(raw.pay_url, 2000),
        coupon_name: str(raw.coupon_name, 100),
        game_name: str(raw.game_name, 100),
        role_name: str(raw.role_name, 100),
        server_name: str(raw.server_name, 100),
        created_at: instant(raw.created_at),
      },
    ];
  });
}

/** An unpaid provider order the player can still pay (去支付) or cancel (取消订单). */
export function isPayable(order: Pick<OrderRow, 'status' | 'pay_method'>): boolean {
  return order.pay_method === 'provider' && (order.status === 'created' || order.status === 'paying');
}

// ---- My coupons (myCouponList) ----

export interface MyCouponRow {
  id: number;
  name: string;
  amount_cents: number;
  condition_text: string;
  game_id: number;
  game_name: string;
  source: string;
  expires_at: string;
  used_at: string;
  status: 1 | 2 | 3;
  status_text: string;
}

export function decodeMyCoupons(list: unknown): MyCouponRow[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const status = raw?.status === 1 || raw?.status === 2 || raw?.status === 3 ? raw.status : null;
    if (!raw || !id || status === null) return [];
    return [
      {
        id,
        name: str(raw.name, 100),
        amount_cents: nonNeg(raw.amount_cents),
        condition_text: str(raw.condition_text, 50),
        game_id: positiveId(raw.game_id),
        game_name: str(raw.game_name, 100),
        source: str(raw.source, 20),
        expires_at: instant(raw.expires_at),
        used_at: instant(raw.used_at),
        status,
        status_text: str(raw.status_text, 20),
      },
    ];
  });
}

/** Where a coupon came from, when it is not one the player took from a list. */
export const COUPON_SOURCE_LABEL: Record<string, string> = { card: '会员卡赠送', task: '任务奖励', activity: '活动赠送', store: '积分兑换' };

// ---- Cards ----

export interface CardListItem {
  id: number;
  name: string;
  subtitle: string;
  price_cents: number;
  original_price_cents: number;
  days: number;
  image: string;
}

/** A card of the card lists (getHotCard …; /otherpage and /cardstrightrecharge): an entry without id, name or price is dropped. */
export function decodeCardList(value: unknown): CardListItem[] {
  return listOf(value).flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const name = str(raw?.name, 50).trim();
    const price = raw ? signed(raw.price_cents) : null;
    if (!raw || !id || name === '' || price === null || price < 0) return [];
    return [
      {
        id,
        name,
        subtitle: str(raw.subtitle, 100),
        price_cents: price,
        original_price_cents: typeof raw.original_price_cents === 'number' ? nonNeg(raw.original_price_cents) : price,
        days: nonNeg(raw.days),
        image: safeUrl(str(raw.image, 500)),
      },
    ];
  });
}

function decodeBenefits(value: unknown): CardBenefitsView {
  const raw = obj(value);
  const instant_coupons = (Array.isArray(raw?.instant_coupons) ? raw.instant_coupons : []).flatMap((entry) => {
    const c = obj(entry);
    return c ? [{ coupon_id: positiveId(c.coupon_id), name: str(c.name, 100), amount_cents: nonNeg(c.amount_cents), count: nonNeg(c.count) }] : [];
  });
  const d = obj(raw?.daily);
  const daily: CardBenefitsView['daily'] =
    d?.kind === 'coins'
      ? { kind: 'coins', amount_cents: nonNeg(d.amount_cents), auto: d.auto === true }
      : d?.kind === 'coupon'
        ? { kind: 'coupon', coupon_id: positiveId(d.coupon_id), name: str(d.name, 100), amount_cents: nonNeg(d.amount_cents), auto: d.auto === true }
        : null;
  return { instant_coupons, daily, topup_bonus_pct: Math.min(nonNeg(raw?.topup_bonus_pct), 100) };
}

export function decodeCardDetail(value: unknown): CardDetail | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  if (!raw || !id) return null;
  const owned = obj(raw.owned);
  return {
    id,
    type: str(raw.type, 30),
    name: str(raw.name, 50),
    subtitle: str(raw.subtitle, 200),
    price_cents: nonNeg(raw.price_cents),
    original_price_cents: nonNeg(raw.original_price_cents),
    days: nonNeg(raw.days),
    contents: (Array.isArray(raw.contents) ? raw.contents : []).map((line) => str(line, 200)).filter((line) => line !== ''),
    sold_count: nonNeg(raw.sold_count),
    image: safeUrl(str(raw.image, 500)),
    benefits: decodeBenefits(raw.benefits),
    owned: owned && positiveId(owned.purchase_id) && instant(owned.ends_at) ? { purchase_id: positiveId(owned.purchase_id), ends_at: instant(owned.ends_at) } : null,
  };
}

export function decodeMyCards(value: unknown): MyCard[] {
  return listOf(value).flatMap((entry) => {
    const raw = obj(entry);
    const purchaseId = positiveId(raw?.purchase_id);
    if (!raw || !purchaseId) return [];
    const t = obj(raw.today);
    const todayKind = oneOf(t?.kind, ['coins', 'coupon'] as const);
    return [
      {
        purchase_id: purchaseId,
        card_id: positiveId(raw.card_id),
        name: str(raw.name, 50),
        starts_at: instant(raw.starts_at),
        ends_at: instant(raw.ends_at),
        active: raw.active === true,
        benefits: decodeBenefits(raw.benefits),
        today: t && todayKind ? { kind: todayKind, auto: t.auto === true, granted: t.granted === true } : null,
      },
    ];
  });
}

export function decodeGrants(list: unknown): BenefitGrant[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const kind = oneOf(raw?.kind, ['instant', 'coins', 'coupon'] as const);
    if (!raw || !id || !kind) return [];
    return [
      {
        id,
        card_name: str(raw.card_name, 50),
        day: str(raw.day, 10),
        kind,
        amount_cents: nonNeg(raw.amount_cents),
        coupon_name: typeof raw.coupon_name === 'string' ? raw.coupon_name.slice(0, 100) : null,
        auto: raw.auto === true,
        created_at: instant(raw.created_at),
      },
    ];
  });
}

// ---- Level coupons (getCouponActivity) ----

export interface LevelActivity {
  level: number;
  total_paid_cents: number;
  next_level_cents: number | null;
  coupons: LevelCoupon[];
}

export function decodeLevelActivity(value: unknown): LevelActivity | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.coupons)) return null;
  return {
    level: nonNeg(raw.level),
    total_paid_cents: nonNeg(raw.total_paid_cents),
    next_level_cents: typeof raw.next_level_cents === 'number' && Number.isSafeInteger(raw.next_level_cents) && raw.next_level_cents >= 0 ? raw.next_level_cents : null,
    coupons: raw.coupons.flatMap((entry) => {
      const c = obj(entry);
      const level = positiveId(c?.level);
      if (!c || !level) return [];
      return [
        {
          level,
          coupon_id: positiveId(c.coupon_id),
          name: str(c.name, 100),
          amount_cents: nonNeg(c.amount_cents),
          threshold_cents: nonNeg(c.threshold_cents),
          claimed: c.claimed === true,
          can_claim: c.can_claim === true,
        },
      ];
    }),
  };
}

// ---- Texts (getMoneyText) ----

export function decodeMoneyText(value: unknown): { title: string; content: string; updated_at: string } | null {
  const raw = obj(value);
  if (!raw || typeof raw.content !== 'string') return null;
  return { title: str(raw.title, 100), content: raw.content.slice(0, 100_000), updated_at: instant(raw.updated_at) };
}

/** '06-01 10:00'-style short China time for list rows: 'YYYY-MM-DD HH:mm'. */
export function formatShortTime(iso: string): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** 'YYYY-MM-DD' China date of an instant. */
export function formatDay(iso: string): string {
  return formatShortTime(iso).slice(0, 10);
}

/** A signed amount for records: '+6.00' / '-6.00'. */
export function signedYuan(cents: number, format: (cents: number) => string): string {
  return cents > 0 ? `+${format(cents)}` : format(cents);
}

/** The card's benefits as labelled lines (the opening pack: one line per coupon). */
export function benefitLines(benefits: CardBenefitsView): { label: string; values: string[] }[] {
  const lines: { label: string; values: string[] }[] = [];
  if (benefits.instant_coupons.length > 0) {
    const total = benefits.instant_coupons.reduce((sum, c) => sum + c.amount_cents * c.count, 0);
    lines.push({ label: `开卡礼包（共¥${formatYuan(total)}）`, values: benefits.instant_coupons.map((c) => `${c.name} ×${c.count}`) });
  }
  const daily = benefits.daily;
  if (daily) {
    const what = daily.kind === 'coins' ? `${formatYuan(daily.amount_cents)}乐玩币` : daily.name;
    lines.push({ label: daily.auto ? '每日自动到账' : '每日领取', values: [what] });
  }
  if (benefits.topup_bonus_pct > 0) lines.push({ label: '乐玩币充值加赠', values: [`${benefits.topup_bonus_pct}%`] });
  return lines;
}

/** isSubVip's answer: on/off and the cards behind it. */
export function decodeVip(value: unknown): { is_vip: boolean; cards: { card_id: number; name: string; ends_at: string }[] } {
  const raw = obj(value);
  return {
    is_vip: raw?.is_vip === 1,
    cards: (Array.isArray(raw?.cards) ? raw.cards : []).flatMap((entry) => {
      const c = obj(entry);
      return c ? [{ card_id: positiveId(c.card_id), name: str(c.name, 50), ends_at: instant(c.ends_at) }] : [];
    }),
  };
}
