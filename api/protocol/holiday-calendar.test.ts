import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bothKindsMsg,
  CALENDAR_ENTRIES_MAX,
  CALENDAR_MSG,
  CALENDAR_NAME_MAX,
  CALENDAR_WARN_DAYS,
  calendarCoverage,
  calendarYearRange,
  duplicateMsg,
  isWeekend,
  notInYearMsg,
  parseCalendarPaste,
  problemText,
  validateYearCalendar,
  workdayNotWeekendMsg,
  yearOutOfRangeMsg,
  type CalendarEntry,
} from './holiday-calendar.ts';

const TODAY = '2026-11-28';
const DAY = 86_400_000;
const RUNS = 2_000;

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const yearStart = (year: number) => Date.UTC(year, 0, 1);
const daysIn = (year: number) => (yearStart(year + 1) - yearStart(year)) / DAY;

/** Names of 1–12 characters (never one of the paste's kind words). */
const NAME = fc.array(fc.constantFrom(...'元旦春节清明劳动端午中秋国庆Day'), { minLength: 1, maxLength: CALENDAR_NAME_MAX }).map((chars) => chars.join(''));

/** A valid year's calendar: distinct dates of the year, workdays on weekends, holidays named. */
const validCalendar = (year: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: daysIn(year) - 1 }), { maxLength: 40 })
    .chain((offsets) =>
      fc.tuple(
        ...offsets.map((offset) => {
          const date = dateOf(yearStart(year) + offset * DAY);
          const name = NAME;
          return isWeekend(date)
            ? fc.oneof(
                name.map((n): CalendarEntry => ({ date, kind: 'holiday', name: n })),
                fc.oneof(fc.constant(''), name).map((n): CalendarEntry => ({ date, kind: 'workday', name: n })),
              )
            : name.map((n): CalendarEntry => ({ date, kind: 'holiday', name: n }));
        }),
      ),
    );

const sorted = (entries: readonly CalendarEntry[]) => [...entries].sort((a, b) => (a.date < b.date ? -1 : 1));

describe('validateYearCalendar (fast-check)', () => {
  it('never throws on anything, and an accepted calendar keeps every rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.oneof(fc.anything(), fc.array(fc.anything(), { maxLength: 5 }), fc.array(fc.record({ date: fc.string(), kind: fc.constantFrom('holiday', 'workday', 'x'), name: fc.oneof(fc.string(), fc.constant(undefined)) }), { maxLength: 6 })), (year, entries) => {
        const result = validateYearCalendar(year, entries, TODAY);
        if (!result.ok) return result.problems.length > 0 && result.problems.every((p) => p.message !== '');
        const dates = result.entries.map((e) => e.date);
        return (
          result.entries.length <= CALENDAR_ENTRIES_MAX &&
          new Set(dates).size === dates.length &&
          dates.every((d, i) => d.startsWith(`${year}-`) && (i === 0 || dates[i - 1]! < d)) &&
          result.entries.every((e) => (e.kind === 'workday' ? isWeekend(e.date) : e.name !== '') && [...e.name].length <= CALENDAR_NAME_MAX)
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts every valid calendar of the years in range, in any order, sorted by date; checking its answer again changes nothing', () => {
    const range = calendarYearRange(TODAY);
    fc.assert(
      fc.property(
        fc.integer({ min: range.min, max: range.max }).chain((year) => fc.tuple(fc.constant(year), validCalendar(year).chain((entries) => fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length }))))),
        ([year, [entries, shuffled]]) => {
          const result = validateYearCalendar(year, shuffled, TODAY);
          expect(result).toEqual({ ok: true, entries: sorted(entries) });
          if (result.ok) expect(validateYearCalendar(year, result.entries, TODAY)).toEqual(result);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('one bad row among valid ones is refused at that row: a date of another year, a weekday workday, a date twice, both kinds, an unnamed holiday, a long name', () => {
    const year = 2027;
    fc.assert(
      fc.property(validCalendar(year).filter((entries) => entries.length > 0), fc.nat(), fc.constantFrom('otherYear', 'weekdayWorkday', 'duplicate', 'bothKinds', 'unnamed', 'longName', 'badDate'), (entries, at, kind) => {
        const target = entries[at % entries.length]!;
        const weekday = [...Array(7).keys()].map((i) => dateOf(Date.UTC(year, 2, 2 + i))).find((d) => !isWeekend(d) && !entries.some((e) => e.date === d))!;
        const bad: { row: Record<string, unknown>; message: string; index: number } = {
          otherYear: { row: { date: '2028-01-03', kind: 'holiday', name: '元旦' }, message: notInYearMsg(year), index: entries.length },
          weekdayWorkday: { row: { date: weekday, kind: 'workday', name: '' }, message: workdayNotWeekendMsg(weekday), index: entries.length },
          duplicate: { row: { ...target }, message: duplicateMsg(target.date), index: entries.length },
          bothKinds: { row: { ...target, kind: target.kind === 'holiday' ? 'workday' : 'holiday', name: '春节' }, message: isWeekend(target.date) || target.kind === 'workday' ? bothKindsMsg(target.date) : workdayNotWeekendMsg(target.date), index: entries.length },
          unnamed: { row: { date: weekday, kind: 'holiday', name: '  ' }, message: CALENDAR_MSG.holidayNameRequired, index: entries.length },
          longName: { row: { date: weekday, kind: 'holiday', name: '节'.repeat(CALENDAR_NAME_MAX + 1) }, message: CALENDAR_MSG.nameTooLong, index: entries.length },
          badDate: { row: { date: `${year}-02-30`, kind: 'holiday', name: '春节' }, message: CALENDAR_MSG.dateFormat, index: entries.length },
        }[kind];
        const result = validateYearCalendar(year, [...entries, bad.row], TODAY);
        expect(result).toEqual({ ok: false, problems: [{ index: bad.index, message: bad.message }] });
        if (!result.ok) expect(problemText(result.problems[0]!)).toBe(`第${bad.index + 1}行：${bad.message}`);
      }),
      { numRuns: 500 },
    );
  });

  it('a year outside last year … two years ahead is refused as a whole; so are more than the most entries and a non-list', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1000, max: 2024 }), fc.integer({ min: 2029, max: 9999 })), (year) => {
        const result = validateYearCalendar(year, [], TODAY);
        expect(result).toEqual({ ok: false, problems: [{ index: null, message: yearOutOfRangeMsg(2025, 2028) }] });
      }),
      { numRuns: 200 },
    );
    expect(validateYearCalendar(2027, [], TODAY)).toEqual({ ok: true, entries: [] });
    const many = Array.from({ length: CALENDAR_ENTRIES_MAX + 1 }, (_, i) => ({ date: dateOf(yearStart(2027) + i * DAY), kind: 'holiday', name: '假' }));
    expect(validateYearCalendar(2027, many, TODAY)).toEqual({ ok: false, problems: [{ index: null, message: CALENDAR_MSG.tooMany }] });
    expect(validateYearCalendar(2027, { date: '2027-01-01' }, TODAY)).toEqual({ ok: false, problems: [{ index: null, message: CALENDAR_MSG.entriesFormat }] });
  });
});

describe('parseCalendarPaste', () => {
  it('reads back any valid calendar written one entry a line (班 for make-up days), ranges expanded', () => {
    fc.assert(
      fc.property(validCalendar(2027), (entries) => {
        const text = entries.map((e) => `${e.date.replace(/-0/g, '-')}\t${e.kind === 'workday' ? '班 ' : ''}${e.name}`).join('\n');
        const parsed = parseCalendarPaste(`# 2027\n\n${text}\n`);
        expect(parsed.problems).toEqual([]);
        expect(parsed.entries).toEqual(entries);
      }),
      { numRuns: 300 },
    );
    expect(parseCalendarPaste('2027/2/6..2027/2/8 春节\n2027-02-14, 上班, 春节\n2027-13-01 x\n2027-03-10..2027-03-01 y')).toEqual({
      entries: [
        { date: '2027-02-06', kind: 'holiday', name: '春节' },
        { date: '2027-02-07', kind: 'holiday', name: '春节' },
        { date: '2027-02-08', kind: 'holiday', name: '春节' },
        { date: '2027-02-14', kind: 'workday', name: '春节' },
      ],
      problems: [
        { index: 2, message: CALENDAR_MSG.dateFormat },
        { index: 3, message: '日期范围应从早到晚，且不超过31天' },
      ],
    });
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => Array.isArray(parseCalendarPaste(text).entries)), { numRuns: RUNS });
  });
});

describe('calendarCoverage', () => {
  it('days left reach the end of the run of known years from today; warns within the warning period', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 365 }), fc.uniqueArray(fc.integer({ min: 2020, max: 2032 }), { maxLength: 10 }), (offset, years) => {
        const today = dateOf(Date.UTC(2026, 0, 1) + offset * DAY);
        const coverage = calendarCoverage(today, years);
        const year = Number(today.slice(0, 4));
        if (!years.includes(year)) {
          expect(coverage.days_left).toBeLessThanOrEqual(0);
          expect(coverage.next_year_needed).toBe(year);
        } else {
          let last = year;
          while (years.includes(last + 1)) last++;
          expect(coverage.last_covered_date).toBe(`${last}-12-31`);
          expect(coverage.days_left).toBe((Date.UTC(last + 1, 0, 1) - Date.parse(`${today}T00:00:00Z`)) / DAY);
          expect(coverage.next_year_needed).toBe(last + 1);
        }
        expect(coverage.warn).toBe(coverage.days_left <= CALENDAR_WARN_DAYS);
      }),
      { numRuns: RUNS },
    );
  });

  it('on 2026-11-28 with data through 2026: 34 days left, warned; with 2027 entered, no warning until 2027-11-01', () => {
    expect(calendarCoverage('2026-11-28', [2025, 2026])).toEqual({ today: '2026-11-28', last_covered_date: '2026-12-31', days_left: 34, warn: true, warn_days: 60, next_year_needed: 2027 });
    expect(calendarCoverage('2026-11-28', [2026, 2027])).toMatchObject({ last_covered_date: '2027-12-31', days_left: 399, warn: false });
    expect(calendarCoverage('2027-11-01', [2026, 2027])).toMatchObject({ days_left: 61, warn: false });
    expect(calendarCoverage('2027-11-02', [2026, 2027])).toMatchObject({ days_left: 60, warn: true });
    expect(calendarCoverage('2027-01-05', [2026])).toEqual({ today: '2027-01-05', last_covered_date: '2026-12-31', days_left: -4, warn: true, warn_days: 60, next_year_needed: 2027 });
    expect(calendarCoverage('2027-01-05', [])).toMatchObject({ last_covered_date: null, days_left: 0, warn: true });
  });
});
