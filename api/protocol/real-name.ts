import * as v from 'valibot';
/**
 * Real-name rules shared by the web app (the form's own checks) and the server (the call's
 * fields and the local verifier): one implementation, so both say the same thing.
 *
 * ID number: GB 11643-1999, 18 characters — 6-digit region code, 8-digit birth date (YYYYMMDD),
 * 3-digit sequence, and a check character computed over the first 17 (ISO 7064 MOD 11-2).
 * Ages are counted by exact birthday on the China-time calendar (the caller gives "today").
 */

export const REAL_NAME_MSG = {
  nameRequired: '请输入真实姓名',
  nameFormat: '姓名格式不正确',
  idRequired: '请输入身份证号码',
  idFormat: '身份证号码格式不正确',
  idBirthDate: '身份证号码中的出生日期不正确',
  idCheckDigit: '身份证号码校验失败',
  identityFull: '该身份证已绑定3个账号',
  alreadyVerified: '已完成实名认证，不可修改',
  tooManyTries: '今日实名认证次数已达上限，请明天再试',
  verified: '实名认证成功',
} as const;

export const NAME_MIN = 2;
export const NAME_MAX = 15;
export const ID_CARD_LENGTH = 18;
/** Accounts one identity may be bound to. */
export const ACCOUNTS_PER_IDENTITY = 3;
/** Birth years before this are not plausible for a living player. */
export const EARLIEST_BIRTH_YEAR = 1900;

export type CheckResult<T> = { ok: true; value: T } | { ok: false; message: string };

const MIDDLE_DOT = '·';
/** Dots people type for the one in 阿依古丽·买买提: they are read as U+00B7. */
const DOT_VARIANTS = /[•・．.\u2027\u30FB\uFF65]/gu;
const HAN = /^\p{Script=Han}$/u;

/**
 * A real name: 2–15 characters counted with any middle dots, each a Chinese character or a
 * middle dot between two of them (not first, not last, never two together). Spaces are removed.
 */
export function checkRealName(raw: string): CheckResult<string> {
  const name = raw.replace(/\s+/gu, '').replace(DOT_VARIANTS, MIDDLE_DOT);
  if (name === '') return { ok: false, message: REAL_NAME_MSG.nameRequired };
  const chars = Array.from(name);
  if (chars.length < NAME_MIN || chars.length > NAME_MAX) return { ok: false, message: REAL_NAME_MSG.nameFormat };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === MIDDLE_DOT) {
      if (i === 0 || i === chars.length - 1 || chars[i - 1] === MIDDLE_DOT) return { ok: false, message: REAL_NAME_MSG.nameFormat };
    } else if (!HAN.test(c)) {
      return { ok: false, message: REAL_NAME_MSG.nameFormat };
    }
  }
  return { ok: true, value: name };
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** The check character of GB 11643-1999 for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('17 digits expected');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/**
 * Province-level codes (GB/T 2260): mainland provinces, Taiwan (71), and 81/82/83 (Hong Kong,
 * Macau and Taiwan residents' residence permits, which carry 18-character numbers of this form).
 */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

export interface IdCard {
  /** The number with an upper-case X. */
  number: string;
  /** 'YYYY-MM-DD'. */
  birthDate: string;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * An 18-character ID number, checked in this order: shape (17 digits and a digit or X, lower-case
 * x accepted), a province code, a real birth date not after `today` ('YYYY-MM-DD', China time),
 * then the check character.
 */
export function checkIdCard(raw: string, today: string): CheckResult<IdCard> {
  const number = raw.replace(/\s+/gu, '').toUpperCase();
  if (number === '') return { ok: false, message: REAL_NAME_MSG.idRequired };
  if (!/^\d{17}[\dX]$/.test(number)) return { ok: false, message: REAL_NAME_MSG.idFormat };
  if (!PROVINCE_CODES.has(number.slice(0, 2))) return { ok: false, message: REAL_NAME_MSG.idFormat };
  const year = Number(number.slice(6, 10));
  const month = Number(number.slice(10, 12));
  const day = Number(number.slice(12, 14));
  const birthDate = `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`;
  if (year < EARLIEST_BIRTH_YEAR || !isRealDate(year, month, day) || birthDate > today) return { ok: false, message: REAL_NAME_MSG.idBirthDate };
  if (idCardCheckChar(number.slice(0, 17)) !== number[17]) return { ok: false, message: REAL_NAME_MSG.idCheckDigit };
  return { ok: true, value: { number, birthDate } };
}

/** 张三 → 张*, 张小三 → 张*三, 阿依古丽·买买提 → 阿******提. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** First 4 and last 4 characters: 1101**********1234. */
export function maskIdCard(number: string): string {
  if (number.length <= 8) return '*'.repeat(number.length);
  return `${number.slice(0, 4)}${'*'.repeat(number.length - 8)}${number.slice(-4)}`;
}

/**
 * Full years from birthDate to today (both 'YYYY-MM-DD'): a year is complete on the birthday
 * itself. Someone born on 29 February completes a year on 1 March in common years.
 */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** 'YYYY-MM-DD' of the China-time (UTC+8) day containing the instant, whatever the device's zone. */
export function chinaToday(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

export const AgeBand = v.picklist(['adult', '16-18', '8-16', 'under8']);
export type AgeBand = v.InferOutput<typeof AgeBand>;

/** The bands of the 2019 notice: under 8, 8 to under 16, 16 to under 18, adult. */
export function ageBand(age: number): AgeBand {
  if (age >= 18) return 'adult';
  if (age >= 16) return '16-18';
  if (age >= 8) return '8-16';
  return 'under8';
}
