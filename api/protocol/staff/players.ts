import * as v from 'valibot';
import { count, field, id, instant, page, PAGE_FIELDS, positive, textOf, type Field } from '../call-spec.ts';
import { parsePlayerQuery, PLAYER_ADMIN_MSG, PLAYER_ADMIN_ROLES, PLAYER_BAN_REASON_MAX, PLAYER_QUERY_MAX, type PlayerQuery } from '../player-admin.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 玩家管理 (docs/staff-console.md): customer service finds a player by phone (whole or its last
 * four), ID or nickname, sees the account (phone masked; the whole number on a click, audited),
 * bans and unbans it (every session ends at once; sign-in answers 账号已被禁用) and lifts a password
 * lock-out. Every write and every reveal is audited. Roles: PLAYER_ADMIN_ROLES (admin always).
 */

/** The search box's text, decoded (parsePlayerQuery). */
export function playerQuery(): Field<string | number | undefined, PlayerQuery> {
  return field<string | number | undefined, PlayerQuery>(
    { type: 'string', required: false, rule: `完整手机号、手机号后4位、玩家ID、uuid 或昵称开头（至多 ${PLAYER_QUERY_MAX} 个字）；空：全部玩家，最新注册的在前`, message: PLAYER_ADMIN_MSG.queryLong },
    parsePlayerQuery,
  );
}

function banReason(): Field<string, string> {
  return field<string, string>({ type: 'string', required: true, rule: `1–${PLAYER_BAN_REASON_MAX} 个字，记入审计日志`, message: [PLAYER_ADMIN_MSG.reasonRequired, PLAYER_ADMIN_MSG.reasonLong] }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: false, message: PLAYER_ADMIN_MSG.reasonRequired };
    return [...t].length > PLAYER_BAN_REASON_MAX ? { ok: false, message: PLAYER_ADMIN_MSG.reasonLong } : { ok: true, value: t };
  });
}

export const StaffPlayerRow = v.object({
  id: positive,
  uuid: v.string(),
  nickname: v.string(),
  /** Masked: 138****5678. */
  phone: v.string(),
  registered_at: instant,
  /** Whether the player passed real-name verification; never the ID number. */
  real_name: v.boolean(),
  banned: v.boolean(),
  /** The account was cancelled (anonymised): nothing to look after. */
  cancelled: v.boolean(),
});
export type StaffPlayerRow = v.InferOutput<typeof StaffPlayerRow>;

const ROW_DOC = '{ id, uuid, nickname, phone（脱敏）, registered_at, real_name, banned, cancelled }';

export const search = defineStaffCall({
  path: '/staff/api/players/search',
  roles: PLAYER_ADMIN_ROLES,
  summary: '查找玩家：完整手机号（精确）、手机号后4位（也匹配该玩家ID）、玩家ID、uuid 或昵称开头；空为全部玩家。最新注册的在前，分页；手机号脱敏，实名只显示是否已实名',
  fields: { ...PAGE_FIELDS, query: playerQuery() },
  answer: staffAnswer(page(StaffPlayerRow), `{ list: [${ROW_DOC}], total, page, limit }；拒绝：${PLAYER_ADMIN_MSG.queryLong}`),
});

export const StaffPlayerDetail = v.object({
  ...StaffPlayerRow.entries,
  avatar: v.string(),
  last_active_at: v.nullable(instant),
  /** 张*: the name as verification stored it masked; null before verification. */
  real_name_masked: v.nullable(v.string()),
  real_name_at: v.nullable(instant),
  ban: v.nullable(v.object({ at: instant, reason: v.string() })),
  /** Ledger balances in fen (coins, wallet) and points, as the player's own pages read them. */
  balances: v.object({ coins_cents: v.number(), wallet_cents: v.number(), points: v.number() }),
  counts: v.object({ orders: count, coupons: count, trades: count, feedback: count }),
  active_sessions: count,
  /**
   * Password sign-in limits on the account: failures counted across addresses (at 30 its password
   * sign-in asks for the SMS code), and the addresses locked out for 15 minutes after 10 failures.
   */
  lockout: v.object({ account_failures: count, sms_required: v.boolean(), locked_addresses: count }),
});
export type StaffPlayerDetail = v.InferOutput<typeof StaffPlayerDetail>;

const DETAIL_DOC = `{ ...${ROW_DOC}, avatar, last_active_at, real_name_masked, real_name_at, ban: { at, reason } | null, balances: { coins_cents, wallet_cents, points }, counts: { orders, coupons, trades, feedback }, active_sessions, lockout: { account_failures, sms_required, locked_addresses } }`;

export const detail = defineStaffCall({
  path: '/staff/api/players/detail',
  roles: PLAYER_ADMIN_ROLES,
  summary: '一个玩家：资料、实名状态（姓名脱敏）、余额（乐玩币、钱包、积分，读账本）、订单 / 优惠券 / 交易 / 反馈数、有效登录数、密码登录限制、封禁状态与原因',
  fields: { id: id(PLAYER_ADMIN_MSG.missingPlayer) },
  answer: staffAnswer(v.object({ player: StaffPlayerDetail }), `{ player: ${DETAIL_DOC} }；拒绝：${PLAYER_ADMIN_MSG.missingPlayer}`),
});

export const revealPhone = defineStaffCall({
  path: '/staff/api/players/revealPhone',
  roles: PLAYER_ADMIN_ROLES,
  summary: '查看玩家的完整手机号。每次查看写入审计日志 players.revealPhone（谁看了谁的）',
  fields: { id: id(PLAYER_ADMIN_MSG.missingPlayer) },
  answer: staffAnswer(v.object({ phone: v.string() }), `{ phone }；拒绝：${PLAYER_ADMIN_MSG.missingPlayer}`),
});

export const ban = defineStaffCall({
  path: '/staff/api/players/ban',
  roles: PLAYER_ADMIN_ROLES,
  summary:
    '封禁玩家：账号停用，所有登录立即失效（下一次调用答 107 账号已被禁用，各服务进程一致），登录与注册验证码登录都答 账号已被禁用。已封禁的再封禁答成功、不改原因、不记审计。写入审计日志 players.ban（前后状态与原因）',
  fields: { id: id(PLAYER_ADMIN_MSG.missingPlayer), reason: banReason() },
  answer: staffAnswer(v.object({ player: StaffPlayerDetail, changed: v.boolean(), sessions_ended: count }), `{ player, changed, sessions_ended }；msg ${PLAYER_ADMIN_MSG.banned} / ${PLAYER_ADMIN_MSG.alreadyBanned}；拒绝：${PLAYER_ADMIN_MSG.missingPlayer} / ${PLAYER_ADMIN_MSG.cancelledAccount}`),
});

export const unban = defineStaffCall({
  path: '/staff/api/players/unban',
  roles: PLAYER_ADMIN_ROLES,
  summary: '解封玩家：可以重新登录（封禁时结束的登录不会恢复）。未封禁的答成功、不记审计。写入审计日志 players.unban（前后状态）',
  fields: { id: id(PLAYER_ADMIN_MSG.missingPlayer) },
  answer: staffAnswer(v.object({ player: StaffPlayerDetail, changed: v.boolean() }), `{ player, changed }；msg ${PLAYER_ADMIN_MSG.unbanned} / ${PLAYER_ADMIN_MSG.notBanned}；拒绝：${PLAYER_ADMIN_MSG.missingPlayer}`),
});

export const clearLockout = defineStaffCall({
  path: '/staff/api/players/clearLockout',
  roles: PLAYER_ADMIN_ROLES,
  summary: '解除玩家的密码登录限制：跨网络累计的失败次数（达到后密码登录要求验证码）和被锁 15 分钟的网络。写入审计日志 players.clearLockout（前后的限制）',
  fields: { id: id(PLAYER_ADMIN_MSG.missingPlayer) },
  answer: staffAnswer(v.object({ player: StaffPlayerDetail, changed: v.boolean() }), `{ player, changed }；msg ${PLAYER_ADMIN_MSG.lockoutCleared} / ${PLAYER_ADMIN_MSG.noLockout}；拒绝：${PLAYER_ADMIN_MSG.missingPlayer}`),
});
