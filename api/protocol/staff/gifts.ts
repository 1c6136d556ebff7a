import * as v from 'valibot';
import { count, field, id, instant, optionalChoice, optionalId, page, PAGE_FIELDS, positive, text, textOf, type Field } from '../call-spec.ts';
import {
  GIFT_CODE_FILTERS,
  GIFT_CODE_MAX,
  GIFT_IMPORT_BODY_LIMIT,
  GIFT_IMPORT_MAX_LINES,
  GIFT_NAME_MAX,
  GIFT_PACK_MSG,
  GIFT_PACK_ROLES,
  GIFT_PACK_STATUSES,
  GIFT_TEXT_MAX,
  GIFT_VIP_MAX,
  GIFT_WITHDRAW_MAX_IDS,
} from '../gift-packs.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 礼包管理 (docs/staff-console.md): an operator lists a game's gift packs with their stock, creates
 * and edits a pack, imports its codes from a TXT/CSV file, sees who claimed which code and when,
 * and withdraws codes nobody has claimed. Every write is audited. Roles: GIFT_PACK_ROLES (admin
 * always).
 */

export const StaffGiftPack = v.object({
  id: positive,
  game: v.object({ id: positive, name: v.string() }),
  name: v.string(),
  content: v.string(),
  usage: v.string(),
  /** null: from its creation (packs made before the console). */
  valid_from: v.nullable(instant),
  valid_until: instant,
  /** 0: every player; otherwise the game checks this VIP level when the code is redeemed. */
  vip_level: count,
  /** Codes in the pack (claimed + remaining); withdrawn codes are gone. */
  total: count,
  claimed: count,
  remaining: count,
  status: v.picklist(GIFT_PACK_STATUSES),
});
export type StaffGiftPack = v.InferOutput<typeof StaffGiftPack>;

const PACK_DOC = '{ id, game: { id, name }, name, content, usage, valid_from, valid_until, vip_level, total, claimed, remaining, status }';

function boundedText(rule: string, max: number, missing: string, long: string): Field<string, string> {
  return field<string, string>({ type: 'string', required: true, rule, message: [missing, long] }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: false, message: missing };
    return [...t].length > max ? { ok: false, message: long } : { ok: true, value: t };
  });
}

function instantField(missing: string): Field<string, Date> {
  return field<string, Date>({ type: 'string', required: true, rule: 'ISO 8601 时刻（如 2026-12-01T00:00:00+08:00）', message: missing }, (value) => {
    const t = textOf(value);
    const at = /^\d{4}-\d{2}-\d{2}T/.test(t) ? new Date(t) : new Date(NaN);
    return Number.isNaN(at.getTime()) ? { ok: false, message: missing } : { ok: true, value: at };
  });
}

function vipLevel(): Field<number | string | undefined, number> {
  return field<number | string | undefined, number>({ type: 'int', required: false, rule: `0–${GIFT_VIP_MAX}，默认 0（所有玩家）`, message: GIFT_PACK_MSG.vipLevel }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: true, value: 0 };
    const n = /^\d{1,2}$/.test(t) ? Number(t) : NaN;
    return Number.isInteger(n) && n <= GIFT_VIP_MAX ? { ok: true, value: n } : { ok: false, message: GIFT_PACK_MSG.vipLevel };
  });
}

export const list = defineStaffCall({
  path: '/staff/api/gifts/list',
  roles: GIFT_PACK_ROLES,
  summary: '礼包列表，最新的在前：可按游戏、关键词（礼包名或游戏名）、状态（未开始 / 领取中 / 已领完 / 已过期）筛选，分页；每个礼包带库存：总数、已领、剩余',
  fields: { ...PAGE_FIELDS, game_id: optionalId(GIFT_PACK_MSG.missingGame), keyword: text('礼包名或游戏名的一部分'), status: optionalChoice(GIFT_PACK_STATUSES, GIFT_PACK_MSG.badStatus) },
  answer: staffAnswer(page(StaffGiftPack), `{ list: [${PACK_DOC}], total, page, limit }`),
});

export const save = defineStaffCall({
  path: '/staff/api/gifts/save',
  roles: GIFT_PACK_ROLES,
  summary:
    '新建（不带 id）或修改（带 id）一个游戏的礼包：名称、内容、使用说明、有效期（开始–结束；开始前玩家看不到，结束后不能领取）、VIP 等级（0 为所有玩家，否则由游戏在兑换时校验）。玩家页面立即可见。写入审计日志 gifts.create / gifts.update（前后值）',
  fields: {
    id: optionalId(GIFT_PACK_MSG.missingPack),
    game_id: id(GIFT_PACK_MSG.missingGame),
    name: boundedText(`1–${GIFT_NAME_MAX} 个字`, GIFT_NAME_MAX, GIFT_PACK_MSG.nameRequired, GIFT_PACK_MSG.nameLong),
    content: boundedText(`1–${GIFT_TEXT_MAX} 个字`, GIFT_TEXT_MAX, GIFT_PACK_MSG.contentRequired, GIFT_PACK_MSG.contentLong),
    usage: boundedText(`1–${GIFT_TEXT_MAX} 个字`, GIFT_TEXT_MAX, GIFT_PACK_MSG.usageRequired, GIFT_PACK_MSG.usageLong),
    valid_from: instantField(GIFT_PACK_MSG.validFromRequired),
    valid_until: instantField(GIFT_PACK_MSG.validUntilRequired),
    vip_level: vipLevel(),
  },
  answer: staffAnswer(v.object({ pack: StaffGiftPack }), `{ pack: ${PACK_DOC} }；msg ${GIFT_PACK_MSG.created} / ${GIFT_PACK_MSG.saved}；拒绝：${GIFT_PACK_MSG.missingPack} / ${GIFT_PACK_MSG.missingGame} / ${GIFT_PACK_MSG.validOrder} / ${GIFT_PACK_MSG.validPast}`),
});

export const RefusedCounts = v.object({ empty: count, too_long: count, bad_chars: count, duplicate_in_file: count, duplicate_in_pack: count });

function codeFile(): Field<string, string> {
  return field<string, string>({ type: 'string', required: true, rule: `文件的文本：每行一个码，或 CSV 的第一列；至多 ${GIFT_IMPORT_MAX_LINES} 行`, message: GIFT_PACK_MSG.fileRequired }, (value) =>
    typeof value === 'string' && value.trim() !== '' ? { ok: true, value } : { ok: false, message: GIFT_PACK_MSG.fileRequired },
  );
}

function fileName(): Field<string | undefined, string> {
  return field<string | undefined, string>({ type: 'string', required: false, rule: '上传的文件名，记入审计日志；至多 100 个字符', message: GIFT_PACK_MSG.fileNameLong }, (value) => {
    const t = textOf(value);
    return [...t].length > 100 ? { ok: false, message: GIFT_PACK_MSG.fileNameLong } : { ok: true, value: t };
  });
}

export const importCodes = defineStaffCall({
  path: '/staff/api/gifts/importCodes',
  roles: GIFT_PACK_ROLES,
  bodyLimit: GIFT_IMPORT_BODY_LIMIT,
  summary: `从上传的 TXT / CSV 文件导入兑换码（请求体至多 1 MB）：每行一个码，或 CSV 的第一列；去掉首尾空白；空码、超过 ${GIFT_CODE_MAX} 个字符、含字母数字 - _ 以外字符的行，文件内重复的和礼包中已有的码不导入，按原因计数。整个文件在一个事务里导入（两个运营同时导入重叠的文件，每个码只有一份，数目相加一致）。写入审计日志 gifts.import`,
  fields: { pack_id: id(GIFT_PACK_MSG.missingPack), text: codeFile(), file_name: fileName() },
  answer: staffAnswer(
    v.object({ added: count, refused: RefusedCounts, refused_total: count, lines: count, pack: StaffGiftPack }),
    `{ added, refused: { empty, too_long, bad_chars, duplicate_in_file, duplicate_in_pack }, refused_total, lines, pack }；msg 已导入 N 个，拒绝 M 个（文件内重复 10、…）；拒绝：${GIFT_PACK_MSG.missingPack} / ${GIFT_PACK_MSG.fileTooBig} / ${GIFT_PACK_MSG.fileBadQuote}（第 N 行）/ ${GIFT_PACK_MSG.fileNoCodes}`,
  ),
});

export const StaffGiftCode = v.object({
  id: positive,
  /** In full while free (the operator's stock); masked once claimed: it is the player's. */
  code: v.string(),
  claimed: v.boolean(),
  claimed_at: v.nullable(instant),
  /** Who claimed it (phone masked); null while free or when the player's account is gone. */
  user: v.nullable(v.object({ id: positive, nickname: v.string(), phone: v.string() })),
});
export type StaffGiftCode = v.InferOutput<typeof StaffGiftCode>;

export const codes = defineStaffCall({
  path: '/staff/api/gifts/codes',
  roles: GIFT_PACK_ROLES,
  summary: '一个礼包的兑换码，分页：全部 / 未领取（导入顺序）/ 已领取（最近领取的在前，带领取人与时间；已领取的码只显示首尾，它属于玩家）',
  fields: { ...PAGE_FIELDS, pack_id: id(GIFT_PACK_MSG.missingPack), filter: optionalChoice(GIFT_CODE_FILTERS, GIFT_PACK_MSG.badFilter) },
  answer: staffAnswer(page(StaffGiftCode, { pack: StaffGiftPack }), `{ list: [{ id, code, claimed, claimed_at, user: { id, nickname, phone } | null }], total, page, limit, pack }；拒绝：${GIFT_PACK_MSG.missingPack}`),
});

function codeIds(): Field<unknown, number[] | undefined> {
  return field<unknown, number[] | undefined>(
    { type: 'id[]', required: false, rule: `选中的兑换码 id（至多 ${GIFT_WITHDRAW_MAX_IDS} 个）；不带则撤回全部未领取的`, message: [GIFT_PACK_MSG.idsRequired, GIFT_PACK_MSG.idsTooMany] },
    (value) => {
      if (value === undefined || value === null) return { ok: true, value: undefined };
      if (!Array.isArray(value) || value.length === 0) return { ok: false, message: GIFT_PACK_MSG.idsRequired };
      if (value.length > GIFT_WITHDRAW_MAX_IDS) return { ok: false, message: GIFT_PACK_MSG.idsTooMany };
      const ids = value.map((item) => (typeof item === 'number' && Number.isInteger(item) && item >= 1 && item <= 2_147_483_647 ? item : NaN));
      return ids.some(Number.isNaN) ? { ok: false, message: GIFT_PACK_MSG.idsRequired } : { ok: true, value: [...new Set(ids)] };
    },
  );
}

export const withdraw = defineStaffCall({
  path: '/staff/api/gifts/withdraw',
  roles: GIFT_PACK_ROLES,
  summary: '撤回未领取的兑换码：选中的（ids）或全部（不带 ids）；已领取的码保留，不属于该礼包的 id 不计。写入审计日志 gifts.withdraw（前后库存与撤回的码）',
  fields: { pack_id: id(GIFT_PACK_MSG.missingPack), ids: codeIds() },
  answer: staffAnswer(v.object({ withdrawn: count, kept_claimed: count, pack: StaffGiftPack }), `{ withdrawn, kept_claimed, pack }；msg 已撤回 N 个未领取的兑换码…；拒绝：${GIFT_PACK_MSG.missingPack}`),
});

export const games = defineStaffCall({
  path: '/staff/api/gifts/games',
  roles: GIFT_PACK_ROLES,
  summary: '选择游戏：按名称或游戏 id 查找，至多 20 个（新建礼包与筛选用）',
  fields: { keyword: text('游戏名的一部分或游戏 id') },
  answer: staffAnswer(v.object({ list: v.array(v.object({ id: positive, name: v.string() })) }), '{ list: [{ id, name }] }'),
});
