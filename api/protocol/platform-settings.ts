import type { StaffRole } from './staff-codes.ts';
import { TRADE_MAX_PRICE_CENTS, TRADE_MIN_PRICE_CENTS } from './trade-rules.ts';

/**
 * 规则设置: the numbers of the trading and invitation rules an operator changes in the console
 * (trade_settings and invite_settings, one row each; the server reads them on every call, so a
 * saved change applies at once in every process). One source for the server's checks, the
 * console form's checks and the call reference. Each number is a whole number in the unit the
 * console shows (fen for money, basis points for a share, minutes, hours or days for a time);
 * the ranges keep the rules the player pages state meaningful: a listing's price range is
 * never empty and stays inside the one the players' price field takes, a reservation never outlives the order it holds the listing for (30 minutes), a buyer always
 * has a cooling-off period to open a dispute in.
 */

/** Operators run the platform's rules (admin always may). */
export const SETTINGS_ROLES: readonly StaffRole[] = ['operator'];

export interface SettingRule {
  /** The form's label, and the subject of its refusal message. */
  label: string;
  min: number;
  max: number;
  /** How the console shows the number: fen as ¥, basis points as %, or a plain unit. */
  unit: 'fen' | 'bp' | '天' | '小时' | '分钟';
}

export const TRADE_SETTING_RULES = {
  min_age_days: { label: '小号最短注册天数', min: 0, max: 365, unit: '天' },
  min_topup_cents: { label: '小号最低累计充值', min: 0, max: 10_000_000, unit: 'fen' },
  // Within the range every client's price field takes (trade-rules.ts): operators narrow it, never widen it.
  min_price_cents: { label: '最低售价', min: TRADE_MIN_PRICE_CENTS, max: TRADE_MAX_PRICE_CENTS, unit: 'fen' },
  max_price_cents: { label: '最高售价', min: TRADE_MIN_PRICE_CENTS, max: TRADE_MAX_PRICE_CENTS, unit: 'fen' },
  fee_rate_bp: { label: '手续费比例', min: 0, max: 5_000, unit: 'bp' },
  fee_min_cents: { label: '最低手续费', min: 0, max: 1_000_000, unit: 'fen' },
  reserve_minutes: { label: '下单保留时长', min: 5, max: 30, unit: '分钟' },
  cooling_off_hours: { label: '交易冷静期', min: 1, max: 720, unit: '小时' },
  listing_ttl_days: { label: '商品上架有效期', min: 1, max: 365, unit: '天' },
} as const satisfies Record<string, SettingRule>;

export const INVITE_SETTING_RULES = {
  share_bp: { label: '邀请收益比例', min: 0, max: 5_000, unit: 'bp' },
  share_days: { label: '收益计算天数', min: 0, max: 3_650, unit: '天' },
  bind_window_hours: { label: '注册后可填邀请码时长', min: 0, max: 720, unit: '小时' },
} as const satisfies Record<string, SettingRule>;

export type TradeSettingsForm = { [K in keyof typeof TRADE_SETTING_RULES]: number };
export type InviteSettingsForm = { [K in keyof typeof INVITE_SETTING_RULES]: number };

/** A number as the console shows it: ¥6.00, 5%, 72 小时. */
export function settingValueText(rule: SettingRule, value: number): string {
  if (rule.unit === 'fen') return `¥${(value / 100).toFixed(2)}`;
  if (rule.unit === 'bp') return `${String(value / 100)}%`;
  return `${String(value)} ${rule.unit}`;
}

/** The refusal when a number is missing, not whole or outside its range. */
export function settingRangeMessage(rule: SettingRule): string {
  return `${rule.label}须在 ${settingValueText(rule, rule.min)}–${settingValueText(rule, rule.max)} 之间`;
}

/** The number a field takes: a whole number within the rule's range (a digit string too, as ids are). */
export function settingValue(rule: SettingRule, value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= rule.min && n <= rule.max ? n : null;
}

export const SETTINGS_MSG = {
  priceRange: '最低售价不能高于最高售价',
  saved: '已保存，新规则即时生效',
} as const;

/** What is wrong with a whole trade form beyond each number's range (null: nothing). */
export function tradeSettingsProblem(form: Pick<TradeSettingsForm, 'min_price_cents' | 'max_price_cents'>): string | null {
  return form.min_price_cents > form.max_price_cents ? SETTINGS_MSG.priceRange : null;
}
