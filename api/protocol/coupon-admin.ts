import type { StaffRole } from './staff-codes.ts';

/**
 * 代金券管理 (docs/staff-console.md): the rules of the coupons operators make and issue, shared by
 * the server (the staff calls check them) and the console (it checks the form and the pasted
 * player list before sending). No imports beyond types, so the console's bundle takes them.
 */

/** Who runs coupons besides admin (admin may do everything): the operations role (运营). */
export const COUPON_ROLES: readonly StaffRole[] = ['operator'];

export const COUPON_NAME_MAX = 20;
/** A coupon's face value: 0.01–10,000 元. */
export const COUPON_AMOUNT_MAX_CENTS = 1_000_000;
/** 满X可用: 0 (无门槛) to 100,000 元. */
export const COUPON_THRESHOLD_MAX_CENTS = 10_000_000;
/** Days a coupon stays usable from the moment the player gets it. */
export const COUPON_VALID_DAYS_MAX = 365;
/** Stock: the coupons that may be claimed or issued in all. */
export const COUPON_TOTAL_MAX = 1_000_000;
/** Players in one issue. */
export const COUPON_ISSUE_MAX = 1000;

export const COUPON_TYPES = ['normal', 'bt'] as const;
export type CouponKind = (typeof COUPON_TYPES)[number];
export const COUPON_TYPE_NAMES: Record<CouponKind, string> = { normal: '普通券', bt: 'BT券' };

/** A coupon's state as the console filters it: stock left or not. */
export const COUPON_ADMIN_STATUSES = ['active', 'soldout'] as const;
export type CouponAdminStatus = (typeof COUPON_ADMIN_STATUSES)[number];
export const COUPON_ADMIN_STATUS_NAMES: Record<CouponAdminStatus, string> = { active: '有库存', soldout: '已发完' };

/** Why a listed player got nothing from an issue. */
export const COUPON_SKIP_REASONS = ['not_found', 'duplicate', 'holds'] as const;
export type CouponSkipReason = (typeof COUPON_SKIP_REASONS)[number];
export const COUPON_SKIP_NAMES: Record<CouponSkipReason, string> = { not_found: '找不到该玩家', duplicate: '名单内重复', holds: '已持有该券' };

export const COUPON_ADMIN_MSG = {
  missingCoupon: '代金券不存在',
  missingGame: '游戏不存在',
  badStatus: '状态筛选条件错误',
  badType: '请选择券类型',
  nameRequired: '请填写代金券名称',
  nameLong: `代金券名称至多${COUPON_NAME_MAX}个字`,
  amount: `面额须为0.01–${COUPON_AMOUNT_MAX_CENTS / 100}元`,
  threshold: `使用门槛须为0–${COUPON_THRESHOLD_MAX_CENTS / 100}元（0为无门槛）`,
  amountBelowThreshold: '面额须小于使用门槛（无门槛时不限）',
  validDays: `有效天数须为1–${COUPON_VALID_DAYS_MAX}天`,
  total: `总库存须为1–${COUPON_TOTAL_MAX}张`,
  totalBelowClaimed: '总库存不能少于已领取和已发放的张数',
  termsFixed: '已有玩家持有该券，面额、门槛、类型与适用游戏不能修改',
  playersRequired: '请填写玩家ID或手机号',
  playersTooMany: `一次至多发放给${COUPON_ISSUE_MAX}位玩家`,
  badPlayer: '名单中有不是玩家ID或11位手机号的项',
  requestReused: '该请求编号已用于另一张代金券，请刷新页面后重试',
  created: '代金券已创建',
  saved: '代金券已保存',
} as const;

export const stockShortMessage = (wanted: number, remaining: number) => `库存不足：需发放${wanted}张，剩余${remaining}张`;
export const issueSummary = (issued: number, skipped: number) => (skipped > 0 ? `已发放${issued}张，跳过${skipped}位玩家` : `已发放${issued}张`);

/** A player named in an issue: by ID, or by an 11-digit phone (no ID is that big). */
export type PlayerRef = { kind: 'id'; id: number; text: string } | { kind: 'phone'; phone: string; text: string };

const INT32_MAX = 2_147_483_647;

/** One entry of an issue's list, or null when it is neither an ID nor a phone. */
export function playerRefOf(value: unknown): PlayerRef | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^1\d{10}$/.test(text)) return { kind: 'phone', phone: text, text };
  if (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT32_MAX) return { kind: 'id', id: Number(text), text };
  return null;
}

/** The console's paste box: entries separated by new lines, commas, semicolons or spaces. */
export function splitPlayerText(text: string): string[] {
  return text.split(/[\s,，;；、]+/).filter((item) => item !== '');
}

/** 元 as typed (up to two decimals) to fen; null when it is not such a number. */
export function centsOfYuan(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
