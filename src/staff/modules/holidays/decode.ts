import type { CalendarProblem } from '../../../../api/protocol/holiday-calendar.ts';
import type { StaffCalendarStatus } from '../../../../api/protocol/staff/holidays.ts';

/**
 * The 节假日日历 page's rules beside its answers (read by the calls' declared schemas): a save's
 * refusal problems, the banner's sentence, and the signal that the calendar changed.
 */

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : null);
const int = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const str = (value: unknown): value is string => typeof value === 'string';

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
