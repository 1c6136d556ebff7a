import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { CalendarEntry, CalendarSource } from '../api/protocol/holiday-calendar.ts';
import { ageBand, ageOn, type AgeBand } from '../api/protocol/real-name.ts';
import { CHINA_OFFSET_MS, chinaDate } from './china-time.ts';
import type { Database } from './db/schema.ts';

/**
 * Minors' protection, from the real-name birth date (国家新闻出版署《关于防止未成年人沉迷网络游戏
 * 的通知》2019 and 《关于进一步严格管理 切实防止未成年人沉迷网络游戏的通知》2021). The one module
 * the play and money calls ask; every rule reads China time (UTC+8) whatever the server's zone.
 *
 * - Online play: an account without real name may not play (2021: no service to unverified
 *   players, guests included). A minor plays only on Friday, Saturday, Sunday and statutory
 *   holidays, 20:00–21:00 (20:00:00 allowed, 21:00:00 not); a weekend day declared a make-up
 *   working day (调休上班) is not a play day, as the industry's published calendars read it.
 * - Payments: none without real name; under 8 none; 8–16 at most ¥50 a payment and ¥200 a
 *   calendar month (China time); 16–18 at most ¥100 and ¥400. Adults unlimited.
 */

export const MINORS_MSG = {
  playNeedsRealName: '根据国家相关规定，进行游戏前请先完成实名认证',
  playOutsideHours: '根据国家防沉迷规定，未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏，当前时段无法进入游戏',
  payNeedsRealName: '根据国家相关规定，充值前请先完成实名认证',
  payUnder8: '根据国家防沉迷规定，未满8周岁的用户无法充值',
  payOnce8to16: '根据国家防沉迷规定，8周岁以上未满16周岁的用户单次充值不能超过50元',
  payMonth8to16: '根据国家防沉迷规定，8周岁以上未满16周岁的用户每月充值累计不能超过200元',
  payOnce16to18: '根据国家防沉迷规定，16周岁以上未满18周岁的用户单次充值不能超过100元',
  payMonth16to18: '根据国家防沉迷规定，16周岁以上未满18周岁的用户每月充值累计不能超过400元',
} as const;

/** China-time hour the minors' hour starts, and the hour it ends (exclusive). */
export const MINOR_PLAY_FROM_HOUR = 20;
export const MINOR_PLAY_UNTIL_HOUR = 21;

/** Spending caps in fen (分) by age band; null = no cap. */
export const SPEND_CAPS: Record<AgeBand, { perPayment: number; perMonth: number } | null> = {
  under8: { perPayment: 0, perMonth: 0 },
  '8-16': { perPayment: 5_000, perMonth: 20_000 },
  '16-18': { perPayment: 10_000, perMonth: 40_000 },
  adult: null,
};

/** Who the rules apply to: an account's real-name state. */
export type ProtectionSubject = { verified: false } | { verified: true; birthDate: string };

export const UNVERIFIED: ProtectionSubject = { verified: false };

/** Reads an account's subject; works inside a transaction (pass the transaction). */
export async function protectionSubject(db: Kysely<Database>, userId: number): Promise<ProtectionSubject> {
  const row = await db.selectFrom('user_real_names').select('birth_date').where('user_id', '=', userId).executeTakeFirst();
  return row ? { verified: true, birthDate: row.birth_date } : UNVERIFIED;
}

/** The age band on `now`'s China-time day, '' without real name. */
export function ageBandOf(subject: ProtectionSubject, now: Date): AgeBand | '' {
  return subject.verified ? ageBand(ageOn(subject.birthDate, chinaDate(now))) : '';
}

// ---- Statutory holidays ----

interface ChineseDaysData {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}

/**
 * The chinese-days package's own table (dates the State Council declared off, including the
 * weekend days inside a break, and the make-up working days). Read as data: its date functions
 * read dates in the server's local zone (getDayDetail('2024-10-01') answers 2024-09-30 under
 * TZ=America/Los_Angeles), and these rules must not depend on the server's zone.
 */
const CHINESE_DAYS = createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as ChineseDaysData;

export interface HolidayCalendar {
  /** A statutory holiday (a day off of a declared break, 'YYYY-MM-DD'). */
  isStatutoryHoliday(date: string): boolean;
  /** A make-up working day (调休上班): a weekend day that is not a play day. */
  isMakeUpWorkday(date: string): boolean;
  /** Whether the year's holidays are known (from an operator, the package or the configured list). */
  knowsYear(year: number): boolean;
  /** Where the year's holidays come from, null when no source has it. */
  sourceOf(year: number): CalendarSource | null;
  /** Every year some source has. */
  readonly knownYears: readonly number[];
  /** The last year the package has data for. */
  readonly packageDataThrough: number;
}

/** A year an operator entered in the staff console (server/holidays/): its days off and make-up working days. */
export interface OperatorYear {
  holidays: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses MINORS_EXTRA_HOLIDAYS: dates and ranges, comma separated
 * ('2027-01-01,2027-02-06..2027-02-12'); for years the package does not know yet.
 */
export function parseHolidayList(text: string): { dates: string[]; problems: string[] } {
  const dates: string[] = [];
  const problems: string[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [from, to = from] = part.split('..').map((p) => p.trim()) as [string, string?];
    const start = DATE.test(from) ? Date.parse(`${from}T00:00:00Z`) : NaN;
    const end = DATE.test(to) ? Date.parse(`${to}T00:00:00Z`) : NaN;
    const real = (d: string, t: number) => !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    if (!real(from, start) || !real(to, end) || end < start || end - start > 60 * 86_400_000) {
      problems.push(`MINORS_EXTRA_HOLIDAYS: "${part}" is not a date or a range of dates (YYYY-MM-DD..YYYY-MM-DD, at most 60 days)`);
      continue;
    }
    for (let t = start; t <= end; t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return { dates, problems };
}

/**
 * Where a date's holiday data comes from, per year, strongest first: the operator's calendar
 * (staff console 节假日日历) for a year it has, whole — its days off and make-up days replace the
 * others' for that year; else the package's table, plus any MINORS_EXTRA_HOLIDAYS dates of that
 * year (as before); else MINORS_EXTRA_HOLIDAYS alone (days off only).
 */
export function holidayCalendar(extraHolidays: readonly string[] = [], data: ChineseDaysData = CHINESE_DAYS, operator: ReadonlyMap<number, OperatorYear> = new Map()): HolidayCalendar {
  const extra = new Set(extraHolidays);
  const yearOf = (date: string) => Number(date.slice(0, 4));
  const packageYears = new Set(Object.keys(data.holidays).map(yearOf));
  const extraYears = new Set([...extra].map(yearOf));
  const packageDataThrough = Math.max(...packageYears);
  const sourceOf = (year: number): CalendarSource | null => (operator.has(year) ? 'operator' : packageYears.has(year) ? 'package' : extraYears.has(year) ? 'env' : null);
  return {
    isStatutoryHoliday: (date) => {
      const own = operator.get(yearOf(date));
      return own ? own.holidays.has(date) : Object.hasOwn(data.holidays, date) || extra.has(date);
    },
    isMakeUpWorkday: (date) => {
      const own = operator.get(yearOf(date));
      return own ? own.workdays.has(date) : Object.hasOwn(data.workdays, date) && !extra.has(date);
    },
    knowsYear: (year) => sourceOf(year) !== null,
    sourceOf,
    knownYears: [...new Set([...operator.keys(), ...packageYears, ...extraYears])].sort((a, b) => a - b),
    packageDataThrough,
  };
}

/** The package's entries of a year, as an operator's calendar reads them (the console shows them as a starting point). */
export function packageYearEntries(year: number, data: ChineseDaysData = CHINESE_DAYS): CalendarEntry[] {
  const nameOf = (value: string) => value.split(',')[1] ?? '';
  const of = (table: Record<string, string>, kind: CalendarEntry['kind']) =>
    Object.entries(table)
      .filter(([date]) => date.startsWith(`${year}-`))
      .map(([date, value]): CalendarEntry => ({ date, kind, name: nameOf(value) }));
  return [...of(data.holidays, 'holiday'), ...of(data.workdays, 'workday')].sort((a, b) => (a.date < b.date ? -1 : 1));
}

const calendars = new WeakMap<readonly string[], HolidayCalendar>();

/** One calendar per configured list (the config's array is the key). */
export function calendarFor(extraHolidays: readonly string[]): HolidayCalendar {
  let calendar = calendars.get(extraHolidays);
  if (!calendar) calendars.set(extraHolidays, (calendar = holidayCalendar(extraHolidays)));
  return calendar;
}

// ---- Play ----

export type Verdict = { ok: true } | { ok: false; message: string };

export type PlayVerdict = { ok: true; band: AgeBand; until: Date | null } | { ok: false; message: string; reason: 'realName' | 'hours' };

/** Friday, Saturday or Sunday on the China-time calendar. */
function isFriToSun(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6 || weekday === 0;
}

/**
 * Whether the account may start online play at `now`. For a minor the answer carries `until`,
 * 21:00 China time of the day, when the session the server grants ends.
 */
export function playAllowed(subject: ProtectionSubject, now: Date, calendar: HolidayCalendar = calendarFor([])): PlayVerdict {
  if (!subject.verified) return { ok: false, message: MINORS_MSG.playNeedsRealName, reason: 'realName' };
  const band = ageBand(ageOn(subject.birthDate, chinaDate(now)));
  if (band === 'adult') return { ok: true, band, until: null };
  const date = chinaDate(now);
  const chinaMs = now.getTime() + CHINA_OFFSET_MS;
  const hour = new Date(chinaMs).getUTCHours();
  // A make-up working Saturday or Sunday (调休上班) is a working day, not a weekend: no play.
  const dayAllowed = (isFriToSun(date) && !calendar.isMakeUpWorkday(date)) || calendar.isStatutoryHoliday(date);
  if (!dayAllowed || hour < MINOR_PLAY_FROM_HOUR || hour >= MINOR_PLAY_UNTIL_HOUR) return { ok: false, message: MINORS_MSG.playOutsideHours, reason: 'hours' };
  const until = new Date(Date.parse(`${date}T${String(MINOR_PLAY_UNTIL_HOUR).padStart(2, '0')}:00:00Z`) - CHINA_OFFSET_MS);
  return { ok: true, band, until };
}

// ---- Payments ----

/** The China-time calendar month containing `now`: [from, to). */
export function chinaMonth(now: Date): { from: Date; to: Date } {
  const [y, m] = chinaDate(now).split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1) - CHINA_OFFSET_MS);
  const to = new Date(Date.UTC(y, m, 1) - CHINA_OFFSET_MS);
  return { from, to };
}

/**
 * Whether a payment of `amountFen` may go ahead. `spentThisMonth` answers what the account has
 * paid in the China-time month (fen); the order service passes a reader on its own transaction,
 * so the check and the payment see the same ledger. It is not called for adults or refusals
 * that do not need it.
 */
export async function spendAllowance(
  subject: ProtectionSubject,
  amountFen: number,
  now: Date,
  spentThisMonth: (month: { from: Date; to: Date }) => Promise<number> | number,
): Promise<Verdict> {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError('amountFen must be a positive integer');
  if (!subject.verified) return { ok: false, message: MINORS_MSG.payNeedsRealName };
  const band = ageBand(ageOn(subject.birthDate, chinaDate(now)));
  const caps = SPEND_CAPS[band];
  if (!caps) return { ok: true };
  if (band === 'under8') return { ok: false, message: MINORS_MSG.payUnder8 };
  const once = band === '8-16' ? MINORS_MSG.payOnce8to16 : MINORS_MSG.payOnce16to18;
  const month = band === '8-16' ? MINORS_MSG.payMonth8to16 : MINORS_MSG.payMonth16to18;
  if (amountFen > caps.perPayment) return { ok: false, message: once };
  const spent = await spentThisMonth(chinaMonth(now));
  if (spent + amountFen > caps.perMonth) return { ok: false, message: month };
  return { ok: true };
}
