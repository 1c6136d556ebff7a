import type { Kysely } from 'kysely';
import { calendarCoverage, type CalendarCoverage, type CalendarEntry } from '../../api/protocol/holiday-calendar.ts';
import { chinaDate } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { holidayCalendar, type HolidayCalendar, type OperatorYear } from '../minors.ts';

/**
 * The operators' holiday calendar in the database (migration 0022_holiday_calendar) and the
 * calendar minors' play days read (server/minors.ts: operator's year, else the package, else
 * MINORS_EXTRA_HOLIDAYS).
 *
 * In force at once in every process: a HolidaySource keeps the built calendar with the version
 * it was built at, and before each use reads the one-row version (a primary-key read); a save
 * bumps it in its own transaction, so the first use after the commit, in any process, rebuilds.
 * No bus is involved, so a process that missed a message cannot stay stale.
 */

type Db = Kysely<Database>;

export interface HolidaySource {
  /** The calendar as of now (one small read; a rebuild after a save). Pass the caller's handle or transaction. */
  calendar(db: Db): Promise<HolidayCalendar>;
  /** How far the calendar reaches from `now` (China date). */
  coverage(db: Db, now: Date): Promise<CalendarCoverage>;
  /** How many times it has built the calendar (tests: a use without a save only reads the version). */
  readonly rebuilds: number;
}

/** Every operator year's days, read fresh. */
export async function operatorYears(db: Db): Promise<Map<number, OperatorYear>> {
  const [years, days] = await Promise.all([
    db.selectFrom('holiday_calendar_years').select('year').execute(),
    db.selectFrom('holiday_calendar_days').select(['date', 'year', 'kind']).execute(),
  ]);
  const map = new Map<number, { holidays: Set<string>; workdays: Set<string> }>();
  for (const { year } of years) map.set(year, { holidays: new Set(), workdays: new Set() });
  for (const day of days) map.get(day.year)?.[day.kind === 'holiday' ? 'holidays' : 'workdays'].add(day.date);
  return map;
}

export async function calendarVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('holiday_calendar_state').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The calendar built from what `db` sees now, kept nowhere (inside a write transaction). */
export async function uncachedCalendar(db: Db, extraHolidays: readonly string[]): Promise<HolidayCalendar> {
  return holidayCalendar(extraHolidays, undefined, await operatorYears(db));
}

/**
 * One per app (each process, and each app a test builds, holds its own). Never call it with a
 * transaction that has written the calendar: it would keep a version that may roll back.
 */
export function createHolidaySource(extraHolidays: readonly string[]): HolidaySource {
  let held: { version: number; calendar: HolidayCalendar } | null = null;
  const source: HolidaySource & { rebuilds: number } = {
    rebuilds: 0,
    async calendar(db) {
      const version = await calendarVersion(db);
      if (held && held.version === version) return held.calendar;
      // The days read after the version are at least as new as it: at worst the next use rebuilds again.
      const calendar = holidayCalendar(extraHolidays, undefined, await operatorYears(db));
      source.rebuilds++;
      if (!held || held.version <= version) held = { version, calendar };
      return calendar;
    },
    async coverage(db, now) {
      const calendar = await source.calendar(db);
      return calendarCoverage(chinaDate(now), calendar.knownYears);
    },
  };
  return source;
}

export interface StoredYear {
  year: number;
  revision: number;
  entries: CalendarEntry[];
  updated_at: Date;
  updated_by_name: string;
}

/** An operator's year as stored, or null. */
export async function readOperatorYear(db: Db, year: number): Promise<StoredYear | null> {
  const row = await db
    .selectFrom('holiday_calendar_years as y')
    .leftJoin('staff_accounts as s', 's.id', 'y.updated_by_staff_id')
    .select(['y.year', 'y.revision', 'y.updated_at', 's.name'])
    .where('y.year', '=', year)
    .executeTakeFirst();
  if (!row) return null;
  const days = await db.selectFrom('holiday_calendar_days').select(['date', 'kind', 'name']).where('year', '=', year).orderBy('date').execute();
  return { year: row.year, revision: row.revision, entries: days, updated_at: new Date(row.updated_at), updated_by_name: row.name ?? '' };
}

export type SaveResult = { ok: true; before: StoredYear | null; after: StoredYear | null } | { ok: false; reason: 'conflict'; current: number };

/**
 * Replaces a year whole, in the caller's transaction: locks the version row (saves run one at a
 * time), refuses when the year's revision is not the one the operator read (0: not entered), then
 * deletes the year's days and writes the new ones (an empty list removes the year: the package or
 * MINORS_EXTRA_HOLIDAYS apply again) and bumps the version. Entries must have been checked
 * (validateYearCalendar).
 */
export async function saveOperatorYear(trx: Db, input: { year: number; revision: number; entries: readonly CalendarEntry[]; staffId: number; now: Date }): Promise<SaveResult> {
  await trx.selectFrom('holiday_calendar_state').select('version').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
  const before = await readOperatorYear(trx, input.year);
  const current = before?.revision ?? 0;
  if (current !== input.revision) return { ok: false, reason: 'conflict', current };
  await trx.deleteFrom('holiday_calendar_days').where('year', '=', input.year).execute();
  if (input.entries.length === 0) {
    await trx.deleteFrom('holiday_calendar_years').where('year', '=', input.year).execute();
  } else {
    const values = { revision: current + 1, updated_at: input.now, updated_by_staff_id: input.staffId };
    await trx
      .insertInto('holiday_calendar_years')
      .values({ year: input.year, ...values })
      .onConflict((oc) => oc.column('year').doUpdateSet(values))
      .execute();
    await trx
      .insertInto('holiday_calendar_days')
      .values(input.entries.map((entry) => ({ date: entry.date, year: input.year, kind: entry.kind, name: entry.name })))
      .execute();
  }
  await trx
    .updateTable('holiday_calendar_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  return { ok: true, before, after: await readOperatorYear(trx, input.year) };
}
