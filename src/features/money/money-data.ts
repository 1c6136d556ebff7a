import type { RouteData } from '../../../machines/navigation.types.ts';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import type { CardBenefitsView } from '../../../api/protocol/calls/wallet.ts';
import { formatYuan } from '../../../api/protocol/money.ts';

/**
 * What the money pages share beside the answers (which request() decodes with the calls'
 * declared schemas): the card a route names, and the formatting of times, amounts and benefits.
 */

const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
};

// ---- Route data ----

/** /carddetail's card: `{ id }` (the circle page) or `{ card_id }`; 0 when the data names none. */
export function cardIdOf(data: RouteData | null): number {
  return positiveId(data?.id) || positiveId(data?.card_id);
}

/** An unpaid provider order the player can still pay (去支付) or cancel (取消订单). */
export function isPayable(order: Pick<OrderView, 'status' | 'pay_method'>): boolean {
  return order.pay_method === 'provider' && (order.status === 'created' || order.status === 'paying');
}

/** Where a coupon came from, when it is not one the player took from a list. */
export const COUPON_SOURCE_LABEL: Record<string, string> = { card: '会员卡赠送', task: '任务奖励', activity: '活动赠送', store: '积分兑换', issue: '平台赠送' };

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

