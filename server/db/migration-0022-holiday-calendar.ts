import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The holiday calendar operators keep (staff console 节假日日历; server/holidays/). Listed in
 * migrations.ts as '0022_holiday_calendar'.
 * - holiday_calendar_years: a year an operator entered, whole. Its presence means the operator's
 *   days replace the package's and MINORS_EXTRA_HOLIDAYS' for that year (server/minors.ts).
 *   revision counts the year's saves (the console sends the one it read: a stale save is refused).
 * - holiday_calendar_days: the year's days off (holiday) and make-up working days (workday), each
 *   named; one row per date.
 * - holiday_calendar_state: one row (id 1) whose version every save bumps in its transaction.
 *   Each server process keeps the calendar in memory and reads this one row before using it, so
 *   a save is in force in every process at once, whatever Redis does. Saves lock the row first,
 *   so they run one at a time.
 */
export const holidayCalendarMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('holiday_calendar_years')
      .addColumn('year', 'integer', (c) => c.primaryKey().check(sql`year between 2000 and 2200`))
      .addColumn('revision', 'integer', (c) => c.notNull().check(sql`revision >= 1`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by_staff_id', 'integer', (c) => c.references('staff_accounts.id'))
      .execute();
    await db.schema
      .createTable('holiday_calendar_days')
      .addColumn('date', 'text', (c) => c.primaryKey().check(sql`date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
      .addColumn('year', 'integer', (c) => c.notNull().references('holiday_calendar_years.year').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('holiday', 'workday')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addCheckConstraint('holiday_calendar_days_in_year', sql`left(date, 4) = year::text`)
      .execute();
    await db.schema.createIndex('holiday_calendar_days_year_idx').on('holiday_calendar_days').column('year').execute();
    await db.schema
      .createTable('holiday_calendar_state')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into holiday_calendar_state (id, version) values (1, 0)`.execute(db);
  },
};
