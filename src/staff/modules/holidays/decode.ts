import { CALENDAR_KINDS, type CalendarEntry, type CalendarProblem, type CalendarSource } from '../../../../api/protocol/holiday-calendar.ts';
import type { StaffCalendarStatus, StaffCalendarYear } from '../../../../api/protocol/staff/holidays.ts';

/** The 节假日日历 answers, checked before the page reads them: anything malformed is null (the page says so). */

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : null);
const int = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const str = (value: unknown): value is string => typeof value === 'string';
const SOURCES: readonly unknown[] = ['operator', 'package', 'env'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function decodeEntry(value: unknown): CalendarEntry | null {
  const raw = obj(value);
  if (!raw || !str(raw.date) || !DATE.test(raw.date) || !(CALENDAR_KINDS as readonly unknown[]).includes(raw.kind) || !str(raw.name)) return null;
  return { date: raw.date, kind: raw.kind as CalendarEntry['kind'], name: raw.name };
}

export function decodeCalendarYear(value: unknown): StaffCalendarYear | null {
  const raw = obj(value);
  if (!raw || !int(raw.year) || !int(raw.revision) || !int(raw.min_year) || !int(raw.max_year) || !str(raw.updated_at) || !str(raw.updated_by_name)) return null;
  if (!(SOURCES.includes(raw.source) || raw.source === 'none') || !Array.isArray(raw.entries)) return null;
  const entries = raw.entries.map(decodeEntry);
  if (entries.some((entry) => entry === null)) return null;
  return { year: raw.year, source: raw.source as StaffCalendarYear['source'], revision: raw.revision, entries: entries as CalendarEntry[], updated_at: raw.updated_at, updated_by_name: raw.updated_by_name, min_year: raw.min_year, max_year: raw.max_year };
}

export function decodeCalendarStatus(value: unknown): StaffCalendarStatus | null {
  const raw = obj(value);
  if (!raw || !str(raw.today) || !DATE.test(raw.today) || !(raw.last_covered_date === null || (str(raw.last_covered_date) && DATE.test(raw.last_covered_date)))) return null;
  if (!int(raw.days_left) || typeof raw.warn !== 'boolean' || !int(raw.warn_days) || !int(raw.next_year_needed) || !Array.isArray(raw.years)) return null;
  const years = raw.years.map((entry) => {
    const year = obj(entry);
    return year && int(year.year) && SOURCES.includes(year.source) ? { year: year.year, source: year.source as CalendarSource } : null;
  });
  if (years.some((year) => year === null)) return null;
  return {
    today: raw.today,
    last_covered_date: raw.last_covered_date as string | null,
    days_left: raw.days_left,
    warn: raw.warn,
    warn_days: raw.warn_days,
    next_year_needed: raw.next_year_needed,
    years: years as StaffCalendarStatus['years'],
  };
}

/** A save's refusal data: its problems, when it lists them. */
export function decodeProblems(value: unknown): CalendarProblem[] {
  const list = obj(value)?.problems;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const problem = obj(entry);
    return problem && (problem.index === null || int(problem.index)) && str(problem.message) ? [{ index: problem.index as number | null, message: problem.message }] : [];
  });
}

/** The banner's sentence: when the calendar ends and what to enter (null when no warning is due). */
export function calendarWarningText(status: StaffCalendarStatus): string | null {
  if (!status.warn) return null;
  const end = status.last_covered_date;
  if (end === null) return `节假日日历没有任何年份的数据：未成年人的法定节假日无法识别。请在「节假日日历」录入 ${status.next_year_needed} 年的放假与调休安排。`;
  return status.days_left > 0
    ? `节假日日历只覆盖到 ${end}（还剩 ${status.days_left} 天）：此后未成年人将没有法定节假日。请在「节假日日历」录入 ${status.next_year_needed} 年的放假与调休安排。`
    : `节假日日历已于 ${end} 用完：未成年人当前没有法定节假日。请尽快在「节假日日历」录入 ${status.next_year_needed} 年的放假与调休安排。`;
}

/** Pages tell the shell's banner to look again after a save. */
const listeners = new Set<() => void>();
export function onCalendarChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export function calendarChanged(): void {
  for (const listener of [...listeners]) listener();
}
