import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MSG, workdayNotWeekendMsg, yearOutOfRangeMsg } from '../../api/protocol/holiday-calendar.ts';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { buildApp } from '../app.ts';
import { MINORS_MSG } from '../minors.ts';
import { createHolidaySource, type HolidaySource } from './store.ts';

/**
 * The operators' holiday calendar through the real server, on PGlite and PostgreSQL: the status
 * (34 days left on 2026-11-28 with the package ending in 2026) in the staff call, /readyz and
 * /metrics; saving 2027 (validated, audited, a stale revision refused, concurrent saves one at a
 * time); a second app on the same database that already held the calendar sees the save at its
 * next play check; minors' play decisions on the entered days; the 60-day warning on a simulated
 * clock; clearing a year; the roles refused.
 */

const START = Date.parse('2026-11-28T10:00:00+08:00');
const at = (text: string) => Date.parse(`${text}+08:00`);
/** Monday (a day off entered for 2027) and Saturday (a make-up working day entered for 2027). */
const MONDAY = '2027-02-08';
const SATURDAY = '2027-02-20';
const ENTRIES_2027 = [
  { date: SATURDAY, kind: 'workday', name: '春节' },
  { date: '2027-01-01', kind: 'holiday', name: '元旦' },
  { date: MONDAY, kind: 'holiday', name: '春节' },
];

function idFor(birth: string, seq: number): string {
  const first17 = `110105${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

const gauge = async (url: string) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('dated_data_days_left{data="holiday_calendar"}'));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe.each(DATABASE_KINDS)('the holiday calendar operators keep (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let other: { app: FastifyInstance; url: string; holidays: HolidaySource };
  let serial = kind === 'pglite' ? 0 : 500;
  const db = () => server.database.db;
  /** A fresh admin session at the clock's time (sessions end after 12 h; the clock jumps months). */
  const staffOf = (role: StaffRole): Promise<StaffCredentials> => signedInStaff(db(), role, new Date(clock.current));
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials, url = server.url) => staffCall(url, path, payload, who);
  const audits = () => db().selectFrom('staff_audit').select(['staff_id', 'action', 'target', 'before', 'after']).where('action', '=', 'holidays.save').orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    // A second app on the same database, as a second server process would be: its own calendar in memory.
    const holidays = createHolidaySource(server.config.minorsExtraHolidays);
    const app = await buildApp({ config: server.config, db: db(), kv: server.kv, now: clock.now, holidays });
    other = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }), holidays };
  });
  afterAll(async () => {
    await other.app.close();
    await server.close();
  });

  /** A 13-year-old player with real name, signed up at the clock's time. */
  async function minor(): Promise<{ token: string; uuid: string }> {
    const wire = wireClient(server.url, clock.now);
    const phone = `1371${kind === 'pglite' ? '1' : '2'}00${String(++serial).padStart(4, '0')}`;
    expect(await wire('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await wire('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    const user = { token: answer.data.token, uuid: answer.data.user_uuid };
    expect(await wire('/api/user/realNameAuth', { real_name: '小红', id_card: idFor('2013-06-01', serial) }, user)).toMatchObject({ code: 1 });
    return user;
  }
  async function h5Game(): Promise<number> {
    const row = await db().selectFrom('platform_games as p').innerJoin('games as g', 'g.id', 'p.game_id').select('p.id').where('p.is_h5', '=', true).where('g.online_at', '<=', new Date(START)).orderBy('p.id').executeTakeFirstOrThrow();
    return row.id;
  }
  const play = (url: string, user: { token: string; uuid: string }, game: number) => wireClient(url, clock.now)('/api/game/startPlay', { platform_game_id: game }, user);

  it('on 2026-11-28 the calendar ends with the package (2026-12-31): 34 days left, in the status call, /readyz and the gauge', async () => {
    const admin = await staffOf('admin');
    const status = await call('/staff/api/holidays/status', {}, admin);
    expect(status.body).toMatchObject({ code: 1, data: { today: '2026-11-28', last_covered_date: '2026-12-31', days_left: 34, warn: true, warn_days: 60, next_year_needed: 2027 } });
    expect(status.body.data.years.at(-1)).toEqual({ year: 2026, source: 'package' });
    const ready = await (await fetch(`${server.url}/readyz`)).json();
    expect(ready).toMatchObject({ ready: true, details: { holidayCalendar: { last_covered_date: '2026-12-31', days_left: 34, warn: true } } });
    expect(ready.warnings).toEqual(['holiday calendar runs out: it covers through 2026-12-31 (34 days left); enter 2027 in the staff console (节假日日历)']);
    expect(await gauge(server.url)).toBe(34);
    // Reading: 2027 has nothing; 2026 is the package's, as a starting point.
    expect((await call('/staff/api/holidays/year', { year: 2027 }, admin)).body.data).toEqual({ year: 2027, source: 'none', revision: 0, entries: [], updated_at: '', updated_by_name: '', min_year: 2025, max_year: 2028 });
    const y2026 = (await call('/staff/api/holidays/year', { year: '2026' }, admin)).body.data;
    expect(y2026).toMatchObject({ source: 'package', revision: 0 });
    expect(y2026.entries).toContainEqual({ date: '2026-10-01', kind: 'holiday', name: '国庆节' });
    expect(y2026.entries).toContainEqual({ date: '2026-01-04', kind: 'workday', name: '元旦' });
  });

  it('a save with problems is refused with every problem listed and changes nothing; so is a year out of range', async () => {
    const admin = await staffOf('admin');
    const bad = await call('/staff/api/holidays/save', { year: 2027, revision: 0, entries: [...ENTRIES_2027, { date: '2027-02-10', kind: 'workday', name: '' }, { date: '2027-03-01', kind: 'holiday', name: '' }] }, admin);
    expect(bad.body).toEqual({
      code: STAFF_CODE.refused,
      msg: `第4行：${workdayNotWeekendMsg('2027-02-10')}`,
      data: { problems: [{ index: 3, message: workdayNotWeekendMsg('2027-02-10') }, { index: 4, message: CALENDAR_MSG.holidayNameRequired }] },
    });
    expect((await call('/staff/api/holidays/save', { year: 2030, revision: 0, entries: [] }, admin)).body).toMatchObject({ code: -1, msg: yearOutOfRangeMsg(2025, 2028) });
    expect((await call('/staff/api/holidays/save', { year: 2027, revision: 0, entries: 'x' }, admin)).body).toMatchObject({ code: -1, msg: CALENDAR_MSG.entriesFormat });
    expect(await db().selectFrom('holiday_calendar_days').selectAll().execute()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it('2027 saved in one app: the other app, which already held the calendar, decides with it at once; the warning goes; audited', async () => {
    const game = await h5Game();
    clock.advance(at(`${MONDAY}T20:30:00`) - clock.current);
    const player = await minor();
    // Both apps hold the calendar built from the package alone: Monday is a working day.
    for (const url of [server.url, other.url]) expect(await play(url, player, game)).toMatchObject({ code: -1, msg: MINORS_MSG.playOutsideHours, data: { reason: 'hours' } });
    const builtBefore = other.holidays.rebuilds;
    expect(await play(other.url, player, game)).toMatchObject({ code: -1 });
    expect(other.holidays.rebuilds, 'a check without a save only reads the version').toBe(builtBefore);

    const admin = await staffOf('admin');
    const saved = await call('/staff/api/holidays/save', { year: 2027, revision: 0, entries: ENTRIES_2027 }, admin);
    expect(saved.body).toMatchObject({ code: 1, msg: CALENDAR_MSG.saved, data: { year: 2027, source: 'operator', revision: 1, updated_by_name: admin.account.name } });
    expect(saved.body.data.entries).toEqual([
      { date: '2027-01-01', kind: 'holiday', name: '元旦' },
      { date: MONDAY, kind: 'holiday', name: '春节' },
      { date: SATURDAY, kind: 'workday', name: '春节' },
    ]);
    // The other app: granted on the entered Monday, on its very next check.
    expect(await play(other.url, player, game)).toMatchObject({ code: 1, data: { age_band: '8-16', until: new Date(at(`${MONDAY}T21:00:00`)).toISOString() } });
    expect(other.holidays.rebuilds).toBe(builtBefore + 1);
    // The make-up Saturday: refused in both apps.
    clock.advance(at(`${SATURDAY}T20:30:00`) - clock.current);
    for (const url of [other.url, server.url]) expect(await play(url, player, game)).toMatchObject({ code: -1, msg: MINORS_MSG.playOutsideHours });
    // And the Sunday after it is an ordinary Sunday.
    clock.advance(24 * 3600_000);
    expect(await play(server.url, player, game)).toMatchObject({ code: 1 });

    expect(await audits()).toEqual([{ staff_id: admin.account.id, action: 'holidays.save', target: 'holiday_year:2027', before: null, after: { revision: 1, entries: saved.body.data.entries } }]);
  });

  it('the 60-day warning on a simulated clock: with 2027 entered, none until 2027-11-01; warned from 2027-11-02 (60 days left) in both apps', async () => {
    clock.advance(at('2026-11-28T10:00:00') - clock.current);
    const admin = await staffOf('admin');
    expect((await call('/staff/api/holidays/status', {}, admin)).body.data).toMatchObject({ last_covered_date: '2027-12-31', days_left: 399, warn: false });
    expect(await (await fetch(`${other.url}/readyz`)).json()).toMatchObject({ warnings: [], details: { holidayCalendar: { days_left: 399, warn: false } } });
    expect(await gauge(other.url)).toBe(399);
    clock.advance(at('2027-11-01T23:59:00') - clock.current);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ warnings: [], details: { holidayCalendar: { days_left: 61 } } });
    clock.advance(at('2027-11-02T00:00:00') - clock.current);
    for (const url of [server.url, other.url]) {
      const ready = await (await fetch(`${url}/readyz`)).json();
      expect(ready.ready).toBe(true);
      expect(ready.details.holidayCalendar).toMatchObject({ days_left: 60, warn: true, next_year_needed: 2028 });
      expect(ready.warnings).toHaveLength(1);
      expect(await gauge(url)).toBe(60);
    }
    // Past the end: 0 and below, still ready.
    clock.advance(at('2028-01-03T12:00:00') - clock.current);
    expect(await gauge(server.url)).toBe(-2);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ ready: true, warnings: [expect.stringContaining('has run out')] });
  });

  it('a stale revision is refused; six saves of the same revision at once: exactly one wins, one audit row', async () => {
    clock.advance(at('2026-12-01T10:00:00') - clock.current);
    const admin = await staffOf('admin');
    expect((await call('/staff/api/holidays/save', { year: 2027, revision: 0, entries: ENTRIES_2027 }, admin)).body).toEqual({ code: -1, msg: CALENDAR_MSG.conflict, data: { revision: 1 } });
    const auditsBefore = (await audits()).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('/staff/api/holidays/save', { year: 2027, revision: 1, entries: [...ENTRIES_2027, { date: `2027-10-0${i + 1}`, kind: 'holiday', name: '国庆节' }] }, admin, i % 2 ? other.url : server.url)),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === -1 && a.body.msg === CALENDAR_MSG.conflict)).toHaveLength(5);
    const winner = answers.find((a) => a.body.code === 1)!.body.data;
    expect(winner.revision).toBe(2);
    expect(await db().selectFrom('holiday_calendar_days').select('date').where('year', '=', 2027).orderBy('date').execute()).toEqual(winner.entries.map((e: { date: string }) => ({ date: e.date })));
    expect((await audits()).length).toBe(auditsBefore + 1);
  });

  it('saving an empty list clears the year (the package and the list apply again), audited with after null', async () => {
    const admin = await staffOf('admin');
    const before = (await call('/staff/api/holidays/year', { year: 2027 }, admin)).body.data;
    const cleared = await call('/staff/api/holidays/save', { year: 2027, revision: before.revision, entries: [] }, admin);
    expect(cleared.body).toMatchObject({ code: 1, msg: CALENDAR_MSG.cleared, data: { source: 'none', revision: 0, entries: [] } });
    expect((await audits()).at(-1)).toMatchObject({ target: 'holiday_year:2027', before: { revision: 2, entries: before.entries }, after: null });
    expect((await call('/staff/api/holidays/status', {}, admin, other.url)).body.data).toMatchObject({ last_covered_date: '2026-12-31', days_left: 31, warn: true });
  });

  it.each(['agent', 'reviewer', 'finance'] as const)('%s may not read, save or see the status', async (role) => {
    const who = await staffOf(role);
    for (const [path, payload] of [
      ['/staff/api/holidays/year', { year: 2027 }],
      ['/staff/api/holidays/save', { year: 2027, revision: 0, entries: ENTRIES_2027 }],
      ['/staff/api/holidays/status', {}],
    ] as const) {
      expect((await call(path, payload, who)).body, `${role} ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect(await db().selectFrom('holiday_calendar_years').selectAll().execute()).toEqual([]);
  });

  it('the operations role (运营) reads, saves and sees the status', async () => {
    const operator = await staffOf('operator');
    expect((await call('/staff/api/holidays/year', { year: 2027 }, operator)).body).toMatchObject({ code: 1, data: { year: 2027, revision: 0 } });
    expect((await call('/staff/api/holidays/save', { year: 2027, revision: 0, entries: ENTRIES_2027 }, operator)).body).toMatchObject({ code: 1, msg: CALENDAR_MSG.saved, data: { revision: 1, updated_by_name: operator.account.name } });
    expect((await call('/staff/api/holidays/status', {}, operator)).body.code).toBe(1);
  });
});
