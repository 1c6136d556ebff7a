import cd from 'chinese-days';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaMonth, holidayCalendar, MINORS_MSG, packageYearEntries, parseHolidayList, playAllowed, spendAllowance, UNVERIFIED, type ProtectionSubject } from './minors.ts';

/** A moment on the China-time clock. */
const china = (text: string) => new Date(`${text}+08:00`);
/** Born `years` years before the given China date, exactly. */
const bornYearsBefore = (date: string, years: number): ProtectionSubject => ({ verified: true, birthDate: `${Number(date.slice(0, 4)) - years}${date.slice(4)}` });

const ADULT: ProtectionSubject = { verified: true, birthDate: '1990-05-05' };
const MINOR: ProtectionSubject = { verified: true, birthDate: '2012-05-05' }; // 13 in 2026
const calendar = holidayCalendar();

describe('playAllowed: minors play Fri, Sat, Sun and statutory holidays 20:00–21:00 China time', () => {
  it('Friday 19:59:59 refused, 20:00:00 allowed, 20:59:59 allowed, 21:00:00 refused', () => {
    expect(new Date('2026-03-06T12:00:00Z').getUTCDay()).toBe(5);
    expect(playAllowed(MINOR, china('2026-03-06T19:59:59'), calendar)).toEqual({ ok: false, message: MINORS_MSG.playOutsideHours, reason: 'hours' });
    expect(playAllowed(MINOR, china('2026-03-06T20:00:00'), calendar)).toEqual({ ok: true, band: '8-16', until: china('2026-03-06T21:00:00') });
    expect(playAllowed(MINOR, china('2026-03-06T20:59:59.999'), calendar)).toMatchObject({ ok: true });
    expect(playAllowed(MINOR, china('2026-03-06T21:00:00'), calendar)).toMatchObject({ ok: false, message: MINORS_MSG.playOutsideHours });
  });

  it('Saturday and Sunday are play days; Thursday 20:30 is not', () => {
    expect(playAllowed(MINOR, china('2026-03-07T20:30:00'), calendar).ok).toBe(true);
    expect(playAllowed(MINOR, china('2026-03-08T20:30:00'), calendar).ok).toBe(true);
    expect(playAllowed(MINOR, china('2026-03-05T20:30:00'), calendar)).toMatchObject({ ok: false, message: MINORS_MSG.playOutsideHours });
    expect(playAllowed(MINOR, china('2026-03-09T20:30:00'), calendar).ok).toBe(false); // Monday
  });

  it('a statutory holiday on a weekday 20:30 is allowed (National Day, Thursday 2026-10-01); a make-up working Sunday (调休上班) is not a play day', () => {
    expect(new Date('2026-10-01T12:00:00Z').getUTCDay()).toBe(4);
    expect(playAllowed(MINOR, china('2026-10-01T20:30:00'), calendar).ok).toBe(true);
    expect(playAllowed(MINOR, china('2026-10-01T21:00:00'), calendar).ok).toBe(false);
    expect(playAllowed(MINOR, china('2026-09-29T20:30:00'), calendar).ok).toBe(false); // Tuesday before the break
    // The industry's published calendars (腾讯、网易) make 调休上班 weekend days 禁玩日.
    expect(new Date('2026-01-04T12:00:00Z').getUTCDay()).toBe(0);
    expect(playAllowed(MINOR, china('2026-01-04T20:30:00'), calendar)).toEqual({ ok: false, message: MINORS_MSG.playOutsideHours, reason: 'hours' });
    expect(new Date('2026-10-10T12:00:00Z').getUTCDay()).toBe(6);
    expect(playAllowed(MINOR, china('2026-10-10T20:30:00'), calendar).ok).toBe(false);
    expect(playAllowed(MINOR, china('2026-10-11T20:30:00'), calendar).ok).toBe(true); // the Sunday after is an ordinary Sunday
  });

  it('reads China time whatever the server zone: 20:30 China time is 12:30 UTC', () => {
    expect(playAllowed(MINOR, new Date('2026-03-06T12:30:00Z'), calendar).ok).toBe(true);
    expect(playAllowed(MINOR, new Date('2026-03-06T13:00:00Z'), calendar).ok).toBe(false);
    // Thursday 23:30 UTC is Friday 07:30 China time: a Friday, but outside the hour.
    expect(playAllowed(MINOR, new Date('2026-03-05T23:30:00Z'), calendar).ok).toBe(false);
  });

  it('adults play any time; accounts without real name never (2021 notice)', () => {
    expect(playAllowed(ADULT, china('2026-03-05T03:00:00'), calendar)).toEqual({ ok: true, band: 'adult', until: null });
    expect(playAllowed(UNVERIFIED, china('2026-03-06T20:30:00'), calendar)).toEqual({ ok: false, message: MINORS_MSG.playNeedsRealName, reason: 'realName' });
  });

  it('the day before an 18th birthday is a minor’s day; on the birthday an adult (China-time midnight)', () => {
    const subject = bornYearsBefore('2026-03-05', 18); // 18 on Thursday 2026-03-05
    expect(playAllowed(subject, china('2026-03-04T20:30:00'), calendar)).toMatchObject({ ok: false, message: MINORS_MSG.playOutsideHours });
    expect(playAllowed(subject, china('2026-03-04T23:59:59'), calendar).ok).toBe(false);
    expect(playAllowed(subject, china('2026-03-05T00:00:00'), calendar)).toMatchObject({ ok: true, band: 'adult' });
  });

  it('years the package lacks use the configured list', () => {
    expect(calendar.packageDataThrough).toBeGreaterThanOrEqual(2026);
    const year = calendar.packageDataThrough + 1;
    // Find a Tuesday in that year's first week.
    let date = `${year}-01-01`;
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 2) date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(calendar.knowsYear(year)).toBe(false);
    expect(playAllowed(MINOR, china(`${date}T20:30:00`), calendar).ok).toBe(false);
    const configured = holidayCalendar(parseHolidayList(`${date}`).dates);
    expect(configured.knowsYear(year)).toBe(true);
    expect(playAllowed(MINOR, china(`${date}T20:30:00`), configured).ok).toBe(true);
  });

  it('parses the extra holidays: dates and ranges, with clear problems', () => {
    expect(parseHolidayList('2027-01-01, 2027-02-06..2027-02-08')).toEqual({ dates: ['2027-01-01', '2027-02-06', '2027-02-07', '2027-02-08'], problems: [] });
    expect(parseHolidayList('').dates).toEqual([]);
    for (const bad of ['2027-02-30', 'tomorrow', '2027-02-08..2027-02-06', '2027-01-01..2027-12-31'])
      expect(parseHolidayList(bad).problems, bad).toHaveLength(1);
  });

  it('its holiday table agrees with the package’s getDayDetail (in a zone where that function is right)', () => {
    // getDayDetail reads dates in the local zone; it is right at UTC and east of it.
    if (new Date().getTimezoneOffset() > 0) return;
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const detail = cd.getDayDetail(date);
      const holiday = !detail.work && detail.name.includes(',');
      expect(calendar.isStatutoryHoliday(date), date).toBe(holiday);
    }
  });
});

describe('where holidays come from: the operator\'s year, else the package, else MINORS_EXTRA_HOLIDAYS', () => {
  const year = (holidays: string[], workdays: string[] = []) => ({ holidays: new Set(holidays), workdays: new Set(workdays) });

  it('a 2027 date the operator entered as a day off lets a minor play; a 调休 Saturday the operator entered does not', () => {
    // 2027-01-01 is a Friday anyway: take Monday 2027-02-08 and Saturday 2027-02-20.
    expect(new Date('2027-02-08T12:00:00Z').getUTCDay()).toBe(1);
    expect(new Date('2027-02-20T12:00:00Z').getUTCDay()).toBe(6);
    expect(playAllowed(MINOR, china('2027-02-08T20:30:00'), calendar).ok).toBe(false);
    expect(playAllowed(MINOR, china('2027-02-20T20:30:00'), calendar).ok).toBe(true);
    const entered = holidayCalendar([], undefined, new Map([[2027, year(['2027-02-08'], ['2027-02-20'])]]));
    expect(playAllowed(MINOR, china('2027-02-08T20:30:00'), entered)).toMatchObject({ ok: true, band: '8-16' });
    expect(playAllowed(MINOR, china('2027-02-20T20:30:00'), entered)).toEqual({ ok: false, message: MINORS_MSG.playOutsideHours, reason: 'hours' });
    expect(playAllowed(ADULT, china('2027-02-20T10:00:00'), entered).ok).toBe(true);
    expect(entered.sourceOf(2027)).toBe('operator');
    expect(entered.knowsYear(2027)).toBe(true);
  });

  it('an operator\'s year replaces the package\'s whole (its days off and make-up days), other years keep the package', () => {
    const own = holidayCalendar([], undefined, new Map([[2026, year(['2026-03-03'])]]));
    expect(own.isStatutoryHoliday('2026-10-01')).toBe(false); // the package's National Day is not the operator's
    expect(own.isStatutoryHoliday('2026-03-03')).toBe(true);
    expect(own.isMakeUpWorkday('2026-01-04')).toBe(false); // nor its make-up Sunday
    expect(playAllowed(MINOR, china('2026-01-04T20:30:00'), own).ok).toBe(true);
    expect(own.isStatutoryHoliday('2025-10-01')).toBe(true);
    expect([own.sourceOf(2026), own.sourceOf(2025), own.sourceOf(2030)]).toEqual(['operator', 'package', null]);
  });

  it('MINORS_EXTRA_HOLIDAYS: adds days off to a package year (a make-up day listed there becomes a day off), fills a year no one else has, and yields to the operator', () => {
    const extra = parseHolidayList('2026-03-03,2027-02-08').dates;
    const listed = holidayCalendar(extra);
    expect(listed.isStatutoryHoliday('2026-03-03')).toBe(true);
    expect(listed.isStatutoryHoliday('2027-02-08')).toBe(true);
    expect(listed.sourceOf(2027)).toBe('env');
    expect(holidayCalendar(['2026-01-04']).isMakeUpWorkday('2026-01-04')).toBe(false);
    const both = holidayCalendar(extra, undefined, new Map([[2027, year(['2027-02-09'])]]));
    expect(both.isStatutoryHoliday('2027-02-08')).toBe(false);
    expect(both.isStatutoryHoliday('2027-02-09')).toBe(true);
    expect(both.knownYears.at(-1)).toBe(2027);
  });

  it('the package\'s entries of a year, named, for the console', () => {
    const entries = packageYearEntries(2026);
    expect(entries[0]).toEqual({ date: '2026-01-01', kind: 'holiday', name: '元旦' });
    expect(entries.find((e) => e.date === '2026-01-04')).toEqual({ date: '2026-01-04', kind: 'workday', name: '元旦' });
    expect(packageYearEntries(2027)).toEqual([]);
  });
});

describe('spendAllowance: caps in fen by age band', () => {
  const now = china('2026-03-15T12:00:00');
  const spent = (fen: number) => () => fen;
  const band = (years: number) => bornYearsBefore('2026-03-15', years);

  it('no payments without real name', async () => {
    expect(await spendAllowance(UNVERIFIED, 1, now, spent(0))).toEqual({ ok: false, message: MINORS_MSG.payNeedsRealName });
  });

  it('under 8: none at all', async () => {
    for (const fen of [1, 100, 5000]) expect(await spendAllowance(band(7), fen, now, spent(0))).toEqual({ ok: false, message: MINORS_MSG.payUnder8 });
  });

  it('8–16: ¥50 a payment (5000 ok, 5001 refused) and ¥200 a month (20000 reached, one fen more refused)', async () => {
    for (const years of [8, 15]) {
      expect(await spendAllowance(band(years), 5000, now, spent(0))).toEqual({ ok: true });
      expect(await spendAllowance(band(years), 5001, now, spent(0))).toEqual({ ok: false, message: MINORS_MSG.payOnce8to16 });
      expect(await spendAllowance(band(years), 5000, now, spent(15_000))).toEqual({ ok: true });
      expect(await spendAllowance(band(years), 5000, now, spent(15_001))).toEqual({ ok: false, message: MINORS_MSG.payMonth8to16 });
      expect(await spendAllowance(band(years), 1, now, spent(20_000))).toEqual({ ok: false, message: MINORS_MSG.payMonth8to16 });
    }
  });

  it('16–18: ¥100 a payment and ¥400 a month', async () => {
    for (const years of [16, 17]) {
      expect(await spendAllowance(band(years), 10_000, now, spent(0))).toEqual({ ok: true });
      expect(await spendAllowance(band(years), 10_001, now, spent(0))).toEqual({ ok: false, message: MINORS_MSG.payOnce16to18 });
      expect(await spendAllowance(band(years), 10_000, now, spent(30_000))).toEqual({ ok: true });
      expect(await spendAllowance(band(years), 10_000, now, spent(30_001))).toEqual({ ok: false, message: MINORS_MSG.payMonth16to18 });
    }
  });

  it('adults: no cap, and the month is not even read', async () => {
    let reads = 0;
    expect(await spendAllowance(band(18), 10_000_000, now, () => (reads++, 0))).toEqual({ ok: true });
    expect(reads).toBe(0);
  });

  it('the day before an 18th birthday the 16–18 caps apply; on the birthday none', async () => {
    const subject = bornYearsBefore('2026-03-16', 18);
    expect(await spendAllowance(subject, 10_001, china('2026-03-15T23:59:59'), spent(0))).toEqual({ ok: false, message: MINORS_MSG.payOnce16to18 });
    expect(await spendAllowance(subject, 10_001, china('2026-03-16T00:00:00'), spent(0))).toEqual({ ok: true });
  });

  it('asks for the China-time calendar month', async () => {
    let asked: { from: Date; to: Date } | null = null;
    await spendAllowance(band(10), 100, china('2026-03-01T00:30:00'), (month) => ((asked = month), 0));
    expect(asked).toEqual({ from: china('2026-03-01T00:00:00'), to: china('2026-04-01T00:00:00') });
    expect(chinaMonth(china('2026-12-31T23:59:59'))).toEqual({ from: china('2026-12-01T00:00:00'), to: china('2027-01-01T00:00:00') });
  });

  it('refuses amounts that are not positive integers of fen', async () => {
    for (const fen of [0, -1, 1.5, Number.NaN]) await expect(spendAllowance(ADULT, fen, now, spent(0))).rejects.toThrow(RangeError);
  });

  it('property: a payment allowed for a minor never takes the month past the cap nor exceeds the single cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 8, max: 17 }), fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 50_000 }), async (years, amount, already) => {
        const verdict = await spendAllowance(band(years), amount, now, spent(already));
        const [once, month] = years < 16 ? [5000, 20_000] : [10_000, 40_000];
        expect(verdict.ok).toBe(amount <= once && already + amount <= month);
      }),
    );
  });
});
