import * as v from 'valibot';
import { choice, count, field, id, isAbsent, optionalChoice, optionalId, page, PAGE_FIELDS, positive, textOf, type Field } from '../call-spec.ts';
import {
  COUPON_ADMIN_MSG,
  COUPON_ADMIN_STATUSES,
  COUPON_AMOUNT_MAX_CENTS,
  COUPON_ISSUE_MAX,
  COUPON_NAME_MAX,
  COUPON_ROLES,
  COUPON_SKIP_REASONS,
  COUPON_THRESHOLD_MAX_CENTS,
  COUPON_TOTAL_MAX,
  COUPON_TYPES,
  COUPON_VALID_DAYS_MAX,
  playerRefOf,
  type PlayerRef,
} from '../coupon-admin.ts';
import { staffRequestId } from './content-fields.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 代金券管理 (docs/staff-console.md): an operator lists the coupon centre's coupons with their
 * stock and use, creates and edits one (its game or every game, face value, 满X可用 threshold,
 * days of validity from receipt, stock), and issues one to listed players. Every write is audited.
 * Roles: COUPON_ROLES (admin always).
 */

export const StaffCoupon = v.object({
  id: positive,
  /** null: every game (全平台通用). */
  game: v.nullable(v.object({ id: positive, name: v.string() })),
  name: v.string(),
  type: v.picklist(COUPON_TYPES),
  amount_cents: count,
  threshold_cents: count,
  condition_text: v.string(),
  valid_days: count,
  total: count,
  /** Taken from stock: claimed by players in the centre plus issued by operators. */
  claimed: count,
  issued: count,
  used: count,
  remaining: count,
  status: v.picklist(COUPON_ADMIN_STATUSES),
});
export type StaffCoupon = v.InferOutput<typeof StaffCoupon>;

const COUPON_DOC = '{ id, game: { id, name } | null, name, type, amount_cents, threshold_cents, condition_text, valid_days, total, claimed, issued, used, remaining, status }';

/** A whole number in [min, max] (a JSON number or its digits). */
export function boundedInt(value: unknown, min: number, max: number): number | null {
  const t = textOf(value);
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

function intField(rule: string, min: number, max: number, message: string): Field<number | string, number> {
  return field<number | string, number>({ type: 'int', required: true, rule, message }, (value) => {
    const n = boundedInt(value, min, max);
    return n === null ? { ok: false, message } : { ok: true, value: n };
  });
}

function couponName(): Field<string, string> {
  return field<string, string>({ type: 'string', required: true, rule: `1–${COUPON_NAME_MAX} 个字`, message: [COUPON_ADMIN_MSG.nameRequired, COUPON_ADMIN_MSG.nameLong] }, (value) => {
    const t = textOf(value).replace(/\s+/g, ' ');
    if (t === '') return { ok: false, message: COUPON_ADMIN_MSG.nameRequired };
    return [...t].length > COUPON_NAME_MAX ? { ok: false, message: COUPON_ADMIN_MSG.nameLong } : { ok: true, value: t };
  });
}

/** The coupon's game; absent, null or 0: every game. */
function gameScope(): Field<number | string | null | undefined, number | null> {
  return field<number | string | null | undefined, number | null>({ type: 'id', required: false, rule: '不带或 0：全平台通用', message: COUPON_ADMIN_MSG.missingGame }, (value) => {
    if (isAbsent(value) || value === 0 || value === '0') return { ok: true, value: null };
    const n = boundedInt(value, 1, 2_147_483_647);
    return n === null ? { ok: false, message: COUPON_ADMIN_MSG.missingGame } : { ok: true, value: n };
  });
}

/** The players of an issue: 1–COUPON_ISSUE_MAX IDs or phones, each as typed (the answer names skipped ones by it). */
export function decodePlayers(value: unknown): { ok: true; value: PlayerRef[] } | { ok: false; message: string } {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, message: COUPON_ADMIN_MSG.playersRequired };
  if (value.length > COUPON_ISSUE_MAX) return { ok: false, message: COUPON_ADMIN_MSG.playersTooMany };
  const refs: PlayerRef[] = [];
  for (const item of value) {
    const ref = playerRefOf(item);
    // The console names the bad entries before sending (playerRefOf there too).
    if (!ref) return { ok: false, message: COUPON_ADMIN_MSG.badPlayer };
    refs.push(ref);
  }
  return { ok: true, value: refs };
}

/** The list's game filter: absent, every coupon; 0, the 全平台通用 ones; an id, that game's. */
function gameFilter(): Field<number | string | undefined, number | null | undefined> {
  return field<number | string | undefined, number | null | undefined>({ type: 'id', required: false, rule: '不带：全部；0：全平台通用券', message: COUPON_ADMIN_MSG.missingGame }, (value) => {
    if (isAbsent(value)) return { ok: true, value: undefined };
    if (value === 0 || value === '0') return { ok: true, value: null };
    const n = boundedInt(value, 1, 2_147_483_647);
    return n === null ? { ok: false, message: COUPON_ADMIN_MSG.missingGame } : { ok: true, value: n };
  });
}

function players(): Field<Array<string | number>, PlayerRef[]> {
  return field<Array<string | number>, PlayerRef[]>(
    { type: 'string[]', required: true, rule: `玩家ID或11位手机号，1–${COUPON_ISSUE_MAX} 个`, message: [COUPON_ADMIN_MSG.playersRequired, COUPON_ADMIN_MSG.playersTooMany, COUPON_ADMIN_MSG.badPlayer] },
    decodePlayers,
  );
}

export const list = defineStaffCall({
  path: '/staff/api/coupons/list',
  roles: COUPON_ROLES,
  summary: '代金券中心的代金券，最新的在前：可按游戏（0 为全平台通用券）与状态（有库存 / 已发完）筛选，分页；每张券带库存（总数、已领取含已发放、剩余）、已发放与已使用张数',
  fields: { ...PAGE_FIELDS, game_id: gameFilter(), status: optionalChoice(COUPON_ADMIN_STATUSES, COUPON_ADMIN_MSG.badStatus) },
  answer: staffAnswer(page(StaffCoupon), `{ list: [${COUPON_DOC}], total, page, limit }`),
});

export const save = defineStaffCall({
  path: '/staff/api/coupons/save',
  roles: COUPON_ROLES,
  summary:
    '新建（不带 id）或修改（带 id）一张代金券中心的代金券：名称、适用游戏（不带为全平台通用）、类型、面额与使用门槛（分；面额须小于门槛，门槛 0 为无门槛）、有效天数（自玩家得到起）、总库存（修改时不少于已领取）。已有玩家持有时面额、门槛、类型与游戏不能改。玩家的代金券中心立即可见。写入审计日志 coupons.create / coupons.update（前后值）',
  fields: {
    id: optionalId(COUPON_ADMIN_MSG.missingCoupon),
    game_id: gameScope(),
    name: couponName(),
    type: choice(COUPON_TYPES, COUPON_ADMIN_MSG.badType),
    amount_cents: intField(`1–${COUPON_AMOUNT_MAX_CENTS}（分）`, 1, COUPON_AMOUNT_MAX_CENTS, COUPON_ADMIN_MSG.amount),
    threshold_cents: intField(`0–${COUPON_THRESHOLD_MAX_CENTS}（分），0 为无门槛`, 0, COUPON_THRESHOLD_MAX_CENTS, COUPON_ADMIN_MSG.threshold),
    valid_days: intField(`1–${COUPON_VALID_DAYS_MAX}`, 1, COUPON_VALID_DAYS_MAX, COUPON_ADMIN_MSG.validDays),
    total: intField(`1–${COUPON_TOTAL_MAX}`, 1, COUPON_TOTAL_MAX, COUPON_ADMIN_MSG.total),
  },
  answer: staffAnswer(
    v.object({ coupon: StaffCoupon }),
    `{ coupon: ${COUPON_DOC} }；msg ${COUPON_ADMIN_MSG.created} / ${COUPON_ADMIN_MSG.saved}；拒绝：${COUPON_ADMIN_MSG.missingCoupon} / ${COUPON_ADMIN_MSG.missingGame} / ${COUPON_ADMIN_MSG.amountBelowThreshold} / ${COUPON_ADMIN_MSG.totalBelowClaimed} / ${COUPON_ADMIN_MSG.termsFixed}`,
  ),
});

export const IssueSkip = v.object({ player: v.string(), reason: v.picklist(COUPON_SKIP_REASONS) });

export const issue = defineStaffCall({
  path: '/staff/api/coupons/issue',
  roles: COUPON_ROLES,
  summary: `把一张代金券发给列出的玩家（玩家ID或11位手机号，至多 ${COUPON_ISSUE_MAX} 个）：每位玩家至多持有一张（已领取或已发放过的跳过），找不到的与名单内重复的跳过，各带原因；发放张数计入库存，库存不够整批拒绝；全部在一个事务里。每位得到券的玩家收到一条系统通知（链接 /mycoupon）。同一 request_id 重试只发放一次，答复相同。写入审计日志 coupons.issue（前后库存、得到券的玩家与跳过的）`,
  fields: { coupon_id: id(COUPON_ADMIN_MSG.missingCoupon), players: players(), request_id: staffRequestId() },
  answer: staffAnswer(
    v.object({ issued: count, skipped: v.array(IssueSkip), coupon: StaffCoupon, created: v.boolean() }),
    `{ issued, skipped: [{ player, reason: "not_found" | "duplicate" | "holds" }], coupon, created }（created false：同一 request_id 的重试）；msg 已发放N张，跳过M位玩家；拒绝：${COUPON_ADMIN_MSG.missingCoupon} / ${COUPON_ADMIN_MSG.badPlayer} / 库存不足：需发放N张，剩余M张 / ${COUPON_ADMIN_MSG.requestReused}`,
  ),
});
