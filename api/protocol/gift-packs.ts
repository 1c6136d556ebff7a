import type { StaffRole } from './staff-codes.ts';

/**
 * 礼包管理 (docs/staff-console.md): the rules of gift packs and their code files, shared by the
 * server (the staff calls check them) and the console (it shows them beside the form). No imports
 * beyond types, so the console's bundle takes them without the schemas.
 */

/** Who runs gift packs besides admin (admin may do everything): the operations role (运营). */
export const GIFT_PACK_ROLES: readonly StaffRole[] = ['operator'];

export const GIFT_NAME_MAX = 20;
export const GIFT_TEXT_MAX = 200;
/** The game checks a pack's VIP level when the code is redeemed; 0: every player. */
export const GIFT_VIP_MAX = 20;

/** A code: letters, digits, '-' and '_', at most GIFT_CODE_MAX characters (what games' redeem boxes take). */
export const GIFT_CODE_MAX = 32;
export const GIFT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** One import: at most this many non-blank lines, and the file's text at most GIFT_FILE_MAX_CHARS characters. */
export const GIFT_IMPORT_MAX_LINES = 20_000;
export const GIFT_FILE_MAX_CHARS = 800_000;
/** The import call's body limit (the file's text as JSON), above the staff calls' 64 KB. */
export const GIFT_IMPORT_BODY_LIMIT = 1024 * 1024;
/** Codes withdrawn by selection in one call. */
export const GIFT_WITHDRAW_MAX_IDS = 500;

/** Why a line of a code file was not imported. */
export const GIFT_REFUSAL_KINDS = ['empty', 'too_long', 'bad_chars', 'duplicate_in_file', 'duplicate_in_pack'] as const;
export type GiftRefusalKind = (typeof GIFT_REFUSAL_KINDS)[number];
export const GIFT_REFUSAL_NAMES: Record<GiftRefusalKind, string> = {
  empty: '空码',
  too_long: `超过${GIFT_CODE_MAX}个字符`,
  bad_chars: '含不允许的字符',
  duplicate_in_file: '文件内重复',
  duplicate_in_pack: '礼包中已有',
};

/** A pack's state as the console filters it: by its validity and its stock. */
export const GIFT_PACK_STATUSES = ['upcoming', 'active', 'soldout', 'expired'] as const;
export type GiftPackStatus = (typeof GIFT_PACK_STATUSES)[number];
export const GIFT_PACK_STATUS_NAMES: Record<GiftPackStatus, string> = { upcoming: '未开始', active: '领取中', soldout: '无库存', expired: '已过期' };

/** Which codes of a pack the console lists. */
export const GIFT_CODE_FILTERS = ['all', 'free', 'claimed'] as const;
export type GiftCodeFilter = (typeof GIFT_CODE_FILTERS)[number];

export const GIFT_PACK_MSG = {
  missingPack: '礼包不存在',
  missingGame: '游戏不存在',
  gameFixed: '礼包所属的游戏不能修改',
  nameRequired: '请填写礼包名称',
  nameLong: `礼包名称至多${GIFT_NAME_MAX}个字`,
  contentRequired: '请填写礼包内容',
  contentLong: `礼包内容至多${GIFT_TEXT_MAX}个字`,
  usageRequired: '请填写使用说明',
  usageLong: `使用说明至多${GIFT_TEXT_MAX}个字`,
  validFromRequired: '请选择开始时间',
  validUntilRequired: '请选择结束时间',
  validOrder: '结束时间须晚于开始时间',
  validPast: '结束时间须晚于现在',
  vipLevel: `VIP 等级须为 0–${GIFT_VIP_MAX} 的整数`,
  badStatus: '状态不正确',
  badFilter: '筛选条件不正确',
  fileRequired: '请选择兑换码文件',
  fileTooBig: `文件过大：至多 ${GIFT_IMPORT_MAX_LINES} 行`,
  fileBadQuote: '文件格式错误：引号未闭合',
  fileNoCodes: '文件中没有可导入的兑换码',
  fileNameLong: '文件名过长',
  idsRequired: '请选择要撤回的兑换码',
  idsTooMany: `一次至多撤回 ${GIFT_WITHDRAW_MAX_IDS} 个兑换码`,
  created: '礼包已创建',
  saved: '礼包已保存',
} as const;

/** The import's one line: 已导入 N 个，拒绝 M 个（文件内重复 10、…）. */
export function importSummary(added: number, refused: Readonly<Record<GiftRefusalKind, number>>): string {
  const total = GIFT_REFUSAL_KINDS.reduce((sum, kind) => sum + refused[kind], 0);
  const reasons = GIFT_REFUSAL_KINDS.filter((kind) => refused[kind] > 0).map((kind) => `${GIFT_REFUSAL_NAMES[kind]} ${refused[kind]}`);
  return total === 0 ? `已导入 ${added} 个，拒绝 0 个` : `已导入 ${added} 个，拒绝 ${total} 个（${reasons.join('、')}）`;
}

export function withdrawSummary(withdrawn: number, keptClaimed: number): string {
  return keptClaimed > 0 ? `已撤回 ${withdrawn} 个未领取的兑换码，${keptClaimed} 个已被领取，保留` : `已撤回 ${withdrawn} 个未领取的兑换码`;
}

/** A claimed code as the console shows it: it belongs to the player, so only its ends. */
export function maskCode(code: string): string {
  if (code.length <= 4) return '*'.repeat(code.length);
  const keep = code.length <= 8 ? 1 : 2;
  return `${code.slice(0, keep)}${'*'.repeat(code.length - keep * 2)}${code.slice(-keep)}`;
}
