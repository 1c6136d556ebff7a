import { calendarYearRange, CALENDAR_MSG, problemText, validateYearCalendar, type CalendarEntry } from '../../api/protocol/holiday-calendar.ts';
import * as holidays from '../../api/protocol/staff/holidays.ts';
import type { StaffCalendarYear } from '../../api/protocol/staff/holidays.ts';
import { chinaDate } from '../china-time.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type HolidaySource, readOperatorYear, saveOperatorYear, type StoredYear, uncachedCalendar } from './store.ts';
import { packageYearEntries, type HolidayCalendar } from '../minors.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 节假日日历 (api/protocol/staff/holidays.ts) over server/holidays/store.ts. A save is checked
 * whole, replaces the year in the call's transaction with its audit row (before/after: revision
 * and entries), and bumps the calendar's version, so every process's next play check uses it.
 */

/** What the audit keeps of a year. */
const auditOf = (stored: StoredYear | null) => (stored ? { revision: stored.revision, entries: stored.entries } : null);

async function yearView(db: Kysely<Database>, calendar: () => Promise<HolidayCalendar>, year: number, extraHolidays: readonly string[], now: Date): Promise<StaffCalendarYear> {
  const range = calendarYearRange(chinaDate(now));
  const stored = await readOperatorYear(db, year);
  const base = { year, min_year: range.min, max_year: range.max };
  if (stored) return { ...base, source: 'operator', revision: stored.revision, entries: stored.entries, updated_at: stored.updated_at.toISOString(), updated_by_name: stored.updated_by_name };
  const kind = (await calendar()).sourceOf(year);
  const extra = extraHolidays.filter((date) => date.startsWith(`${year}-`));
  const entries: CalendarEntry[] = kind === 'package' ? packageYearEntries(year) : [];
  const listed = new Set(entries.filter((entry) => entry.kind === 'holiday').map((entry) => entry.date));
  for (const date of extra) if (!listed.has(date)) entries.push({ date, kind: 'holiday', name: '' });
  // An extra date the package calls a make-up day is a day off (MINORS_EXTRA_HOLIDAYS adds days off).
  const shown = entries.filter((entry) => !(entry.kind === 'workday' && extra.includes(entry.date))).sort((a, b) => (a.date < b.date ? -1 : 1));
  return { ...base, source: kind ?? 'none', revision: 0, entries: shown, updated_at: '', updated_by_name: '' };
}

export function staffHolidayCalls(source: HolidaySource): StaffCallDefinition[] {
  return [
    handleStaff(holidays.year, async (ctx) => staffOk(await yearView(ctx.db, () => source.calendar(ctx.db), ctx.input.year, ctx.config.minorsExtraHolidays, ctx.now))),

    handleStaff(holidays.save, async (ctx) => {
      const { year, revision, entries } = ctx.input;
      const check = validateYearCalendar(year, entries, chinaDate(ctx.now));
      if (!check.ok) return staffRefuse(problemText(check.problems[0]!), { problems: check.problems });
      const saved = await saveOperatorYear(ctx.db, { year, revision, entries: check.entries, staffId: ctx.staff.id, now: ctx.now });
      if (!saved.ok) return staffRefuse(CALENDAR_MSG.conflict, { revision: saved.current });
      await ctx.audit('holidays.save', `holiday_year:${year}`, auditOf(saved.before), auditOf(saved.after));
      // Built from this transaction, never through the shared source: a version seen before the commit must not be kept.
      const view = await yearView(ctx.db, () => uncachedCalendar(ctx.db, ctx.config.minorsExtraHolidays), year, ctx.config.minorsExtraHolidays, ctx.now);
      return staffOk(view, saved.after ? CALENDAR_MSG.saved : CALENDAR_MSG.cleared);
    }),

    handleStaff(holidays.status, async (ctx) => {
      const calendar = await source.calendar(ctx.db);
      const coverage = await source.coverage(ctx.db, ctx.now);
      return staffOk({ ...coverage, years: calendar.knownYears.map((year) => ({ year, source: calendar.sourceOf(year)! })) });
    }),
  ];
}
