import * as v from 'valibot';
import { field, int, textOf, type Field } from '../call-spec.ts';
import {
  CALENDAR_ENTRIES_MAX,
  CALENDAR_KINDS,
  CALENDAR_MSG,
  HOLIDAY_CALENDAR_ROLES,
} from '../holiday-calendar.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 节假日日历 (docs/staff-console.md): an operator reads a year, saves a year whole (checked by
 * validateYearCalendar, audited, in force at once in every server process), and sees how far the
 * calendar reaches. Roles: HOLIDAY_CALENDAR_ROLES (admin always).
 */

/** A year as the console shows it. */
const CALENDAR_SOURCES = ['operator', 'package', 'env'] as const;
const calendarDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

export const StaffCalendarYear = v.object({
  year: int,
  /** Where the year's days come from now: the operator's entry, the package, MINORS_EXTRA_HOLIDAYS, or nothing. */
  source: v.picklist([...CALENDAR_SOURCES, 'none']),
  /** The operator entry's revision (0: none); a save sends it back. */
  revision: int,
  /** The operator's entries; otherwise what the package or the list has for the year (a starting point to edit). */
  entries: v.array(v.object({ date: calendarDate, kind: v.picklist(CALENDAR_KINDS), name: v.string() })),
  /** The operator entry's last save ('' when none) and who made it. */
  updated_at: v.string(),
  updated_by_name: v.string(),
  /** Years that may be saved today. */
  min_year: int,
  max_year: int,
});
export type StaffCalendarYear = v.InferOutput<typeof StaffCalendarYear>;

function calendarYear(): Field<number | string, number> {
  return field({ type: 'int', required: true, rule: '四位年份；可保存的范围为今年前1年到后2年', message: CALENDAR_MSG.yearRequired }, (value) => {
    const t = textOf(value);
    return /^\d{4}$/.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: CALENDAR_MSG.yearRequired };
  });
}

function revision(): Field<number | string, number> {
  return field({ type: 'int', required: true, rule: '读取该年时得到的 revision（未录入过为 0）', message: CALENDAR_MSG.revisionInvalid }, (value) => {
    const t = textOf(value);
    return /^\d{1,9}$/.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: CALENDAR_MSG.revisionInvalid };
  });
}

/** The entries as sent: an array (each entry is checked by the handler, every problem listed). */
function entries(): Field<Array<{ date: string; kind: string; name?: string }>, unknown[]> {
  return field(
    { type: '[{ date, kind, name }]', required: true, rule: `至多 ${CALENDAR_ENTRIES_MAX} 条；date YYYY-MM-DD 在该年内，kind "holiday" | "workday"，放假须有名称；空数组清空该年`, message: CALENDAR_MSG.entriesFormat },
    (value) => (Array.isArray(value) ? { ok: true, value: value as unknown[] } : { ok: false, message: CALENDAR_MSG.entriesFormat }),
  );
}

const YEAR_DOC = '{ year, source, revision, entries: [{ date, kind, name }], updated_at, updated_by_name, min_year, max_year }';

export const year = defineStaffCall({
  path: '/staff/api/holidays/year',
  roles: HOLIDAY_CALENDAR_ROLES,
  summary: '读取某年的节假日日历：运营录入的（优先），否则内置数据或 MINORS_EXTRA_HOLIDAYS 的（可作为编辑的起点），及其来源与版本号',
  fields: { year: calendarYear() },
  answer: staffAnswer(StaffCalendarYear, YEAR_DOC),
});

export const save = defineStaffCall({
  path: '/staff/api/holidays/save',
  roles: HOLIDAY_CALENDAR_ROLES,
  summary:
    '整年保存节假日日历（原子替换，立即在所有服务进程生效，写入审计日志 holidays.save）：日期须在该年内、不可重复、不可既放假又调休上班；调休上班日须为周六或周日；放假须有名称。entries 为空则清空该年，恢复使用内置数据。revision 与当前不符时拒绝（他人已修改）',
  fields: { year: calendarYear(), revision: revision(), entries: entries() },
  answer: staffAnswer(StaffCalendarYear, 
    `${YEAR_DOC}；msg 节假日日历已保存 / 已清空该年的日历…；拒绝：第N行：… （data: { problems: [{ index, message }] }）/ 年份须在…之间 / 该年日历已被他人修改，请刷新后再保存`,
  ),
});

/** The status call's answer: coverage plus the years each source has. */
export const StaffCalendarStatus = v.object({
  today: calendarDate,
  last_covered_date: v.nullable(calendarDate),
  days_left: int,
  warn: v.boolean(),
  warn_days: int,
  next_year_needed: int,
  years: v.array(v.object({ year: int, source: v.picklist(CALENDAR_SOURCES) })),
});
export type StaffCalendarStatus = v.InferOutput<typeof StaffCalendarStatus>;

export const status = defineStaffCall({
  path: '/staff/api/holidays/status',
  roles: HOLIDAY_CALENDAR_ROLES,
  summary: '日历覆盖到哪一天：最后覆盖日、剩余天数（不足 60 天时 warn 为 true，控制台顶部提示）、下一个需要录入的年份、各年份的数据来源',
  fields: {},
  answer: staffAnswer(StaffCalendarStatus, '{ today, last_covered_date, days_left, warn, warn_days, next_year_needed, years: [{ year, source }] }'),
});

