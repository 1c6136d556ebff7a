import type { StaffRole } from './staff-codes.ts';

/**
 * The statutory-holiday calendar operators keep (节假日日历, docs/staff-console.md): per year, the
 * days off of each declared break (放假, including the weekend days inside it) and the make-up
 * working days (调休上班). Minors' play days read it (server/minors.ts). These rules are shared by
 * the server (the save call checks them) and the console (it shows every problem before saving);
 * no imports beyond types, so the console's bundle takes them without the schemas.
 */

export const CALENDAR_KINDS = ['holiday', 'workday'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_KIND_NAMES: Record<CalendarKind, string> = { holiday: '放假', workday: '调休上班' };

export interface CalendarEntry {
  /** 'YYYY-MM-DD' inside the year. */
  date: string;
  kind: CalendarKind;
  /** The holiday's name (元旦, 春节 …); required for days off, optional for a make-up working day. */
  name: string;
}

/**
 * Who may read and change the calendar besides admin (admin may do everything): the operations
 * role (运营). The staff calls and the console module both read this.
 */
export const HOLIDAY_CALENDAR_ROLES: readonly StaffRole[] = ['operator'];

/** A year's names are short (元旦, 清明节, 中秋节·国庆节). */
export const CALENDAR_NAME_MAX = 12;
/** More entries than any year has had (≈30 days off and ≈8 make-up days). */
export const CALENDAR_ENTRIES_MAX = 80;
/** Years an operator may enter, around today's China year: last year (corrections) to two years ahead. */
export const CALENDAR_YEARS_BACK = 1;
export const CALENDAR_YEARS_AHEAD = 2;
/** /readyz, the metric's alert and the console warn when the calendar covers fewer days than this. */
export const CALENDAR_WARN_DAYS = 60;

export const CALENDAR_MSG = {
  yearRequired: '请选择年份',
  revisionInvalid: '日历版本号错误，请刷新页面后重试',
  entriesFormat: '日历条目格式错误',
  tooMany: `每年最多${CALENDAR_ENTRIES_MAX}条`,
  dateFormat: '日期格式应为 YYYY-MM-DD',
  kindInvalid: '请选择放假或调休上班',
  holidayNameRequired: '请填写节日名称',
  nameTooLong: `名称最多${CALENDAR_NAME_MAX}个字`,
  conflict: '该年日历已被他人修改，请刷新后再保存',
  saved: '节假日日历已保存',
  cleared: '已清空该年的日历，恢复使用内置数据',
} as const;

export const yearOutOfRangeMsg = (min: number, max: number) => `年份须在${min}–${max}年之间`;
export const notInYearMsg = (year: number) => `日期须在${year}年内`;
export const duplicateMsg = (date: string) => `${date} 重复填写`;
export const bothKindsMsg = (date: string) => `${date} 不能既放假又调休上班`;
export const workdayNotWeekendMsg = (date: string) => `${date} 不是周六或周日：调休上班日只能是周末`;

/** One problem: the row it concerns (0-based, null for the whole year) and what is wrong. */
export interface CalendarProblem {
  index: number | null;
  message: string;
}

/** The message a refusal shows for a problem: '第3行：…' for a row. */
export function problemText(problem: CalendarProblem): string {
  return problem.index === null ? problem.message : `第${problem.index + 1}行：${problem.message}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD' (proleptic Gregorian, read as UTC: no zone involved). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** Years an operator may save on China date `today`. */
export function calendarYearRange(today: string): { min: number; max: number } {
  const year = Number(today.slice(0, 4));
  return { min: year - CALENDAR_YEARS_BACK, max: year + CALENDAR_YEARS_AHEAD };
}

/** Code points, so a name of CJK characters counts as it looks. */
const length = (text: string) => [...text].length;

export type CalendarCheck = { ok: true; entries: CalendarEntry[] } | { ok: false; problems: CalendarProblem[] };

/**
 * Checks a year's whole calendar as an operator sends it: the year within the range around
 * `today` (China date); every entry an object with a real date inside the year, a kind, a name
 * (required for days off, at most CALENDAR_NAME_MAX characters, spaces collapsed); no date twice
 * (and never both off and working); make-up working days on Saturdays or Sundays; at most
 * CALENDAR_ENTRIES_MAX entries. Every problem is listed; when there is none, the entries come back
 * normalised and sorted by date. An empty list is valid (it clears the year).
 */
export function validateYearCalendar(year: number, entries: unknown, today: string): CalendarCheck {
  const problems: CalendarProblem[] = [];
  const range = calendarYearRange(today);
  if (!Number.isSafeInteger(year) || year < range.min || year > range.max) problems.push({ index: null, message: yearOutOfRangeMsg(range.min, range.max) });
  if (!Array.isArray(entries)) return { ok: false, problems: [...problems, { index: null, message: CALENDAR_MSG.entriesFormat }] };
  if (entries.length > CALENDAR_ENTRIES_MAX) return { ok: false, problems: [...problems, { index: null, message: CALENDAR_MSG.tooMany }] };
  const clean: CalendarEntry[] = [];
  const seen = new Map<string, CalendarKind>();
  entries.forEach((raw, index) => {
    const fail = (message: string) => void problems.push({ index, message });
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(CALENDAR_MSG.entriesFormat);
    const { date: rawDate, kind: rawKind, name: rawName } = raw as Record<string, unknown>;
    const date = typeof rawDate === 'string' ? rawDate.trim() : '';
    const kind = typeof rawKind === 'string' ? rawKind.trim() : '';
    const name = typeof rawName === 'string' ? rawName.trim().replace(/\s+/g, ' ') : rawName === undefined || rawName === null ? '' : null;
    if (!isCalendarDate(date)) return fail(CALENDAR_MSG.dateFormat);
    if (Number(date.slice(0, 4)) !== year) return fail(notInYearMsg(year));
    if (!(CALENDAR_KINDS as readonly string[]).includes(kind)) return fail(CALENDAR_MSG.kindInvalid);
    if (name === null) return fail(CALENDAR_MSG.entriesFormat);
    if (kind === 'holiday' && name === '') return fail(CALENDAR_MSG.holidayNameRequired);
    if (length(name) > CALENDAR_NAME_MAX) return fail(CALENDAR_MSG.nameTooLong);
    if (kind === 'workday' && !isWeekend(date)) return fail(workdayNotWeekendMsg(date));
    const earlier = seen.get(date);
    if (earlier !== undefined) return fail(earlier === kind ? duplicateMsg(date) : bothKindsMsg(date));
    seen.set(date, kind as CalendarKind);
    clean.push({ date, kind: kind as CalendarKind, name });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, entries: clean.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) };
}

const HOLIDAY_WORDS = new Set(['休', '放假', '假', '节假日', 'holiday']);
const WORKDAY_WORDS = new Set(['班', '上班', '调休', '调休上班', '补班', 'workday']);
const RANGE_DAYS_MAX = 31;

/**
 * Reads a pasted list, one entry a line, fields separated by spaces, tabs or commas:
 * `2027-01-01 元旦`, `2027-02-06..2027-02-12 春节` (every day of the range), `2027-02-14 班 春节`
 * (a make-up working day: 班 / 上班 / 调休 / 补班; 休 / 放假 for a day off, the default). A date may
 * be written 2027/2/6 or 2027.2.6. Blank lines and lines starting with # are skipped. What it cannot
 * read is a problem with its line number (0-based index of the line); the entries are then checked
 * as any save (validateYearCalendar).
 */
export function parseCalendarPaste(text: string): { entries: CalendarEntry[]; problems: CalendarProblem[] } {
  const entries: CalendarEntry[] = [];
  const problems: CalendarProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const parts = trimmed.split(/[\s,，、\t]+/).filter(Boolean);
    const [from, to = from] = (parts[0] ?? '').split(/\.\.|~|～|至/) as [string, string?];
    const start = normaliseDate(from);
    const end = normaliseDate(to);
    if (!start || !end) return void problems.push({ index, message: CALENDAR_MSG.dateFormat });
    const startMs = Date.parse(`${start}T00:00:00Z`);
    const endMs = Date.parse(`${end}T00:00:00Z`);
    if (endMs < startMs || (endMs - startMs) / 86_400_000 >= RANGE_DAYS_MAX) return void problems.push({ index, message: `日期范围应从早到晚，且不超过${RANGE_DAYS_MAX}天` });
    let kind: CalendarKind = 'holiday';
    const names: string[] = [];
    for (const word of parts.slice(1)) {
      if (HOLIDAY_WORDS.has(word.toLowerCase())) kind = 'holiday';
      else if (WORKDAY_WORDS.has(word.toLowerCase())) kind = 'workday';
      else names.push(word);
    }
    for (let t = startMs; t <= endMs; t += 86_400_000) entries.push({ date: new Date(t).toISOString().slice(0, 10), kind, name: names.join(' ') });
  });
  return { entries, problems };
}

/** '2027-2-6', '2027/02/06', '2027.2.6' → '2027-02-06'; null when not a real date. */
function normaliseDate(text: string | undefined): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec((text ?? '').trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** Where a year's holidays come from, strongest first (server/minors.ts). */
export type CalendarSource = 'operator' | 'package' | 'env';
export const CALENDAR_SOURCE_NAMES: Record<CalendarSource | 'none', string> = {
  operator: '运营录入',
  package: '内置数据（chinese-days）',
  env: '环境变量 MINORS_EXTRA_HOLIDAYS',
  none: '无数据',
};

/** How far the calendar reaches from today (the status call, /readyz, the metric). */
export interface CalendarCoverage {
  /** Today's China date. */
  today: string;
  /** The last day a known year covers (the end of the run of known years from today's year); null when no year is known. */
  last_covered_date: string | null;
  /** Days from today to the first day no source covers: 34 on 2026-11-28 when 2026 is the last known year; 0 or less once it has run out. */
  days_left: number;
  /** days_left ≤ CALENDAR_WARN_DAYS. */
  warn: boolean;
  warn_days: number;
  /** The first year without data (what an operator should enter). */
  next_year_needed: number;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * How far the known years reach from `today` (China date): the run of consecutive known years
 * starting with today's; when today's year is unknown, the last known year before it.
 */
export function calendarCoverage(today: string, knownYears: Iterable<number>): CalendarCoverage {
  const known = new Set(knownYears);
  let year = Number(today.slice(0, 4));
  let last: number | null = null;
  if (known.has(year)) {
    while (known.has(year + 1)) year++;
    last = year;
  } else {
    for (const candidate of known) if (candidate < year && (last === null || candidate > last)) last = candidate;
  }
  const lastDate = last === null ? null : `${last}-12-31`;
  const daysLeft = lastDate === null ? 0 : dayNumber(lastDate) + 1 - dayNumber(today);
  return {
    today,
    last_covered_date: lastDate,
    days_left: daysLeft,
    warn: daysLeft <= CALENDAR_WARN_DAYS,
    warn_days: CALENDAR_WARN_DAYS,
    next_year_needed: last === null || last < Number(today.slice(0, 4)) ? Number(today.slice(0, 4)) : last + 1,
  };
}
