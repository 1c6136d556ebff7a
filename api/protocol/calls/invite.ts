import * as v from 'valibot';
import { answer, count, defineCall, field, instant, PAGE_FIELDS, positive, textOf, type Field, page } from '../call-spec.ts';
import { normaliseInviteCode } from '../invite-code.ts';

/** 邀请好友与邀请收益: /api/user/… calls of SPEC §7 and bindInviteCode. */

export const INVITE_MSG = {
  codeRequired: '请输入邀请码',
  codeUnknown: '邀请码不存在',
  self: '不能填写自己的邀请码',
  alreadyBound: '你已绑定过邀请人',
  phoneUsed: '该手机号已绑定过邀请人',
  windowClosed: '注册超过时限，不能再填写邀请码',
  mutual: '不能填写你邀请的好友的邀请码',
  bound: '绑定成功',
} as const;

/** The rules as the page shows them. */
export const InviteRules = v.object({
  /** Basis points (500 = 5 %) of each provider-paid top-up of an invitee: at most the whole. */
  share_bp: v.pipe(count, v.maxValue(10_000)),
  /** Days after binding during which an invitee's top-ups earn the share. */
  share_days: count,
  /** Hours after registering during which a player may still enter a code (bindInviteCode). */
  bind_window_hours: count,
});
export type InviteRules = v.InferOutput<typeof InviteRules>;

export const InviteInfo = v.pipe(
  v.object({
    /** A possible invite code in canonical form (invite-code.ts). */
    code: v.pipe(v.string(), v.check((code) => normaliseInviteCode(code) === code, 'Not an invite code')),
    /** Path of the share link on this app's origin: `/?invite=<code>` (the client adds the origin). */
    share_path: v.string(),
    invited_count: count,
    /** Income earned (credited minus clawed back), fen. */
    income_total_cents: count,
    /** The income account's balance (fen): what can be withdrawn. */
    income_balance_cents: count,
    /** Clawbacks the balance could not cover, netted against later income (fen). */
    debt_cents: count,
    rules: InviteRules,
    /** Who invited this player (masked), or null. */
    inviter: v.nullable(v.object({
      nickname: v.string(),
      phone: v.string(),
    })),
    /** Until when this player may still enter an invite code, or null when no longer possible. */
    can_bind_until: v.nullable(instant),
  }),
  // The page links share_path: only the code's own link, so a strange path never becomes a link.
  v.check((info) => info.share_path === `/?invite=${info.code}`, 'A share path not the code\'s'),
);
export type InviteInfo = v.InferOutput<typeof InviteInfo>;

export const getInviteInfo = defineCall({
  path: '/api/user/getInviteInfo',
  auth: 'required',
  summary: '我的邀请码、分享链接路径、已邀请人数、邀请收益（累计、余额、待抵扣）与规则数字；首次调用时生成邀请码',
  fields: {},
  answer: answer(InviteInfo, '{ code, share_path, invited_count, income_total_cents, income_balance_cents, debt_cents, rules: { share_bp, share_days, bind_window_hours }, inviter, can_bind_until }'),
});

export const Invitee = v.object({
  id: positive,
  nickname: v.string(),
  /** Masked: 138****0000; 已注销 for a cancelled account. */
  phone: v.string(),
  bound_at: instant,
  share_until: instant,
  /** Income this invitee produced (credited minus clawed back), fen. */
  income_cents: count,
});
export type Invitee = v.InferOutput<typeof Invitee>;

export const getInviteInfoList = defineCall({
  path: '/api/user/getInviteInfoList',
  auth: 'required',
  summary: '我邀请的好友（分页，最新在前）：昵称、打码手机号、绑定时间、分成截止、TA 带来的收益',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(Invitee), '分页：list: [{ id, nickname, phone, bound_at, share_until, income_cents }]'),
});

export const IncomeRecord = v.object({
  id: positive,
  invitee_nickname: v.string(),
  invitee_phone: v.string(),
  order_number: v.string(),
  /** The invitee's provider-paid amount the share was taken of (fen). */
  order_cents: count,
  share_bp: count,
  /** The share (fen, rounded down). */
  amount_cents: count,
  /** Of the share, credited to income / netted against an earlier clawback's debt. */
  credited_cents: count,
  netted_cents: count,
  status: v.picklist(['credited', 'clawed_back']),
  created_at: instant,
  clawed_back_at: v.nullable(instant),
});
export type IncomeRecord = v.InferOutput<typeof IncomeRecord>;

export const downLineOrder = defineCall({
  path: '/api/user/downLineOrder',
  auth: 'required',
  summary: '邀请收益明细（分页，最新在前）：好友、来源订单号与金额、分成比例、收益、已入账或已扣回',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(IncomeRecord, { income_balance_cents: count }),
    '分页：list: [{ id, invitee_nickname, invitee_phone, order_number, order_cents, share_bp, amount_cents, credited_cents, netted_cents, status, created_at, clawed_back_at }]，另有 income_balance_cents',
  ),
});

/** An invite code as typed: trimmed and upper-cased; 请输入邀请码 when empty, 邀请码不存在 when it cannot be one. */
export function inviteCode(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '6 位邀请码（不区分大小写）', message: [INVITE_MSG.codeRequired, INVITE_MSG.codeUnknown] }, (value) => {
    if (textOf(value).trim() === '') return { ok: false, message: INVITE_MSG.codeRequired };
    const code = normaliseInviteCode(textOf(value));
    return code ? { ok: true, value: code } : { ok: false, message: INVITE_MSG.codeUnknown };
  });
}

export const bindInviteCode = defineCall({
  path: '/api/user/bindInviteCode',
  auth: 'required',
  summary: '注册后补填邀请码（注册后规定小时内、仅一次；不能填自己的、不能互相邀请；每个手机号一生只能绑定一次）',
  fields: { invite_code: inviteCode() },
  answer: answer(v.object({
    inviter: v.object({
      nickname: v.string(),
      phone: v.string(),
    }),
  }), '{ inviter: { nickname, phone } }；msg 绑定成功'),
});

/**
 * The register calls' optional invite_code: never refused (registration goes ahead whatever it
 * says); the handler binds it when it names a player, and answers what happened in `invite`.
 */
export const registerInviteCode = field<string | undefined, { given: boolean; code: string | null }>(
  { type: 'string', required: false, rule: '可选：邀请码；无效时照常注册但不绑定，答复的 invite 说明' },
  (value) => {
    const given = textOf(value).trim() !== '';
    return { ok: true, value: { given, code: given ? normaliseInviteCode(textOf(value)) : null } };
  },
);

/** What the register answer says of the invite code sent with it (null when none was sent). */
export const RegisterInviteOutcome = v.object({
  bound: v.boolean(),
  msg: v.string(),
});
export type RegisterInviteOutcome = v.InferOutput<typeof RegisterInviteOutcome>;
