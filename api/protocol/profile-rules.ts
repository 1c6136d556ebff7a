import * as v from 'valibot';
/**
 * The profile's field rules as pure functions with no dependency: the server's call
 * declaration (api/protocol/calls/profile.ts) checks with them, the pages check the same before
 * sending, and the property tests run against them.
 */

/** Text as clients send it: a string trimmed, a finite number as its digits, anything else '' (call-spec.ts textOf). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 12;
export const BIRTHDAY_MIN = '1900-01-01';
/** 0 unknown, 1 male, 2 female. */
export const SEX_VALUES = [0, 1, 2] as const;
export const Sex = v.picklist(SEX_VALUES);
export type Sex = v.InferOutput<typeof Sex>;
export const SEX_LABELS: Record<Sex, string> = { 0: '保密', 1: '男', 2: '女' };

/** avatar: the player's picture (256 px, headerImgEdit); service: a picture sent in the customer-service chat; feedback: a picture of a feedback (userOpinion), kept whole; trade: a listing's screenshot; event_log: the app's event log a player attaches to a feedback (JSON, private). */
export const UPLOAD_PURPOSES = ['avatar', 'service', 'feedback', 'trade', 'event_log'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const PROFILE_MSG = {
  nicknameEmpty: '请输入昵称',
  nicknameLength: `昵称长度为${NICKNAME_MIN}-${NICKNAME_MAX}个字符`,
  nicknameChars: '昵称不能包含控制字符或不可见字符',
  nicknameWord: '昵称包含不允许使用的词语',
  badSex: '请选择正确的性别',
  badBirthday: '请选择正确的出生日期',
  earlyBirthday: '出生日期不能早于1900年',
  futureBirthday: '出生日期不能晚于今天',
  nothingToSave: '请填写要修改的资料',
  saved: '修改成功',
  badPurpose: '不支持的上传类型',
  badAvatar: '头像图片无效，请重新上传',
  avatarSaved: '头像修改成功',
} as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Characters a nickname may not hold: C0/C1 controls, line and paragraph separators, and the
 * invisible format characters that spoof or hide text (zero-width spaces, bidi overrides and
 * isolates, word joiners, BOM). U+200D (zero-width joiner) stays: emoji sequences use it.
 */
const FORBIDDEN_NICKNAME_CHARS = /[\p{Cc}\u2028\u2029\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** Length in Unicode code points (what a player counts for Chinese text; a pair of surrogates is one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The nickname as stored (trimmed), or why not: empty, 2–12 code points, no control/invisible characters. */
export function checkNickname(raw: unknown): Checked<string> {
  const nickname = textOf(raw);
  if (nickname === '') return { ok: false, message: PROFILE_MSG.nicknameEmpty };
  if (FORBIDDEN_NICKNAME_CHARS.test(nickname)) return { ok: false, message: PROFILE_MSG.nicknameChars };
  const length = codePointLength(nickname);
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) return { ok: false, message: PROFILE_MSG.nicknameLength };
  return { ok: true, value: nickname };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2月30日). */
export function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // years below 100 are not 19xx
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A birthday: a real YYYY-MM-DD date from 1900-01-01 on and, when `today` (China date,
 * YYYY-MM-DD) is given, not after it.
 */
export function checkBirthday(raw: unknown, today?: string): Checked<string> {
  const text = textOf(raw);
  if (!isRealDate(text)) return { ok: false, message: PROFILE_MSG.badBirthday };
  if (text < BIRTHDAY_MIN) return { ok: false, message: PROFILE_MSG.earlyBirthday };
  if (today !== undefined && text > today) return { ok: false, message: PROFILE_MSG.futureBirthday };
  return { ok: true, value: text };
}

export function checkSex(raw: unknown): Checked<Sex> {
  const text = textOf(raw);
  const value = SEX_VALUES.find((sex) => String(sex) === text);
  return value === undefined ? { ok: false, message: PROFILE_MSG.badSex } : { ok: true, value };
}
