import { answer, choice, defineCall, field, isAbsent, textOf } from '../call-spec.ts';

/**
 * Profile: nickname, sex, birthday (updateUserInfo) and the avatar (getUploadTos → upload →
 * headerImgEdit). The field rules live here as pure functions: the server checks with them, the
 * pages show the same rule, and the property tests run against them.
 */

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 12;
export const BIRTHDAY_MIN = '1900-01-01';
/** 0 unknown, 1 male, 2 female. */
export const SEX_VALUES = [0, 1, 2] as const;
export type Sex = (typeof SEX_VALUES)[number];
export const SEX_LABELS: Record<Sex, string> = { 0: '保密', 1: '男', 2: '女' };

export const UPLOAD_PURPOSES = ['avatar'] as const;
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

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

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

// ---- Calls ----

/** What getUploadTos answers: where and how to send the bytes, for how long. */
export interface UploadTicket {
  /** A path of this server (resolve against the api base): POST the raw image bytes there. */
  url: string;
  method: 'POST';
  /** Seconds the ticket lives; it is good for one upload. */
  expires_in: number;
  max_bytes: number;
  /** The accepted kinds; the server checks the bytes themselves, not the declared type. */
  accept: string[];
}

export const getUploadTos = defineCall({
  path: '/api/upload/getUploadTos',
  auth: 'required',
  summary: '申请一次性上传凭证（头像）：几分钟内有效，只能用一次，绑定本人和用途',
  fields: {
    purpose: choice(UPLOAD_PURPOSES, PROFILE_MSG.badPurpose),
  },
  answer: answer<UploadTicket>('{ url, method, expires_in, max_bytes, accept }'),
});

export const headerImgEdit = defineCall({
  path: '/api/user/headerImgEdit',
  auth: 'required',
  summary: '把头像设为本人上传过的一张图片（上传答复的 key）',
  fields: {
    image: field<string, string>({ type: 'string', required: true, rule: '本人上传的对象 key', message: PROFILE_MSG.badAvatar }, (value) => {
      const key = textOf(value);
      return key === '' ? { ok: false, message: PROFILE_MSG.badAvatar } : { ok: true, value: key };
    }),
  },
  answer: answer<{ avatar: string }>('{ avatar }: the avatar URL; msg 头像修改成功'),
});

/** Absent (undefined, null, '') leaves the field as it is; `keepEmpty`: only undefined and null do (an empty nickname is a mistake to point out). */
function optional<T>(check: (raw: unknown) => Checked<T>, keepEmpty = false) {
  return (value: unknown): Checked<T | undefined> => ((keepEmpty ? value === undefined || value === null : isAbsent(value)) ? { ok: true, value: undefined } : check(value));
}

export const updateUserInfo = defineCall({
  path: '/api/user/updateUserInfo',
  auth: 'required',
  summary: '修改昵称、性别、生日（只改传来的字段）',
  fields: {
    nickname: field<string | undefined, string | undefined>(
      { type: 'string', required: false, rule: `去掉首尾空格后 ${NICKNAME_MIN}–${NICKNAME_MAX} 个字符，无控制字符，不含禁用词`, message: PROFILE_MSG.nicknameLength },
      optional(checkNickname, true),
    ),
    sex: field<0 | 1 | 2 | '0' | '1' | '2' | undefined, Sex | undefined>({ type: '0 | 1 | 2', required: false, rule: '0 保密 / 1 男 / 2 女', message: PROFILE_MSG.badSex }, optional(checkSex)),
    birthday: field<string | undefined, string | undefined>(
      { type: 'string', required: false, rule: 'YYYY-MM-DD，1900-01-01 至今天（中国时间）', message: PROFILE_MSG.badBirthday },
      optional((raw) => checkBirthday(raw)),
    ),
  },
  answer: answer<{ nickname: string; sex: Sex; birthday: string | null }>('{ nickname, sex, birthday }; msg 修改成功'),
});
