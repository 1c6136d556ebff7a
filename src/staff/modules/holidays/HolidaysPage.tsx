import { Alert, App, Button, Card, Input, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as holidayCalls from '../../../../api/protocol/staff/holidays.ts';
import {
  CALENDAR_KIND_NAMES,
  CALENDAR_NAME_MAX,
  CALENDAR_SOURCE_NAMES,
  calendarYearRange,
  parseCalendarPaste,
  problemText,
  validateYearCalendar,
  type CalendarEntry,
  type CalendarKind,
  type CalendarProblem,
} from '../../../../api/protocol/holiday-calendar.ts';
import type { StaffCalendarStatus, StaffCalendarYear } from '../../../../api/protocol/staff/holidays.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { calendarChanged, calendarWarningText, decodeProblems } from './decode.ts';
import './holidays.css';

interface Row extends CalendarEntry {
  key: number;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const weekdayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? (WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '') : '');

let nextKey = 1;
const rowsOf = (entries: readonly CalendarEntry[]): Row[] => entries.map((entry) => ({ ...entry, key: nextKey++ }));
const entriesOf = (rows: readonly Row[]): CalendarEntry[] => rows.map(({ date, kind, name }) => ({ date, kind, name }));
const sameEntries = (a: readonly CalendarEntry[], b: readonly CalendarEntry[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * 节假日日历: pick a year, see where its days come from (运营录入 wins; else the package's data,
 * shown as a starting point), edit the rows (放假 / 调休上班, named), import a pasted list, save the
 * year whole. Every problem is shown at its row before the save goes out; the server checks again.
 */
export default function HolidaysPage() {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [status, setStatus] = useState<StaffCalendarStatus | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [view, setView] = useState<StaffCalendarYear | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [problems, setProblems] = useState<CalendarProblem[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [paste, setPaste] = useState('');
  const [pasteProblems, setPasteProblems] = useState<CalendarProblem[]>([]);
  const loadingYear = useRef<number | null>(null);

  const loadStatus = useCallback(async () => {
    const answer = await client.call(holidayCalls.status, {});
    if (answer.code === STAFF_CODE.notSignedIn) return null;
    if (answer.code !== STAFF_CODE.ok) {
      setError(answer.msg);
      return null;
    }
    setStatus(answer.data);
    return answer.data;
  }, [client]);

  const loadYear = useCallback(async (target: number) => {
    loadingYear.current = target;
    const answer = await client.call(holidayCalls.year, { year: target });
    if (answer.code === STAFF_CODE.notSignedIn || loadingYear.current !== target) return;
    if (answer.code !== STAFF_CODE.ok) return setError(answer.msg);
    const read = answer.data;
    setError('');
    setView(read);
    setRows(rowsOf(read.entries));
    setProblems([]);
  }, [client]);

  useEffect(() => {
    void loadStatus().then((read) => {
      if (!read) return;
      const range = calendarYearRange(read.today);
      const first = Math.min(Math.max(read.next_year_needed, range.min), range.max);
      setYear(first);
      void loadYear(first);
    });
  }, [loadStatus, loadYear]);

  const pick = (next: number) => {
    setYear(next);
    setView(null);
    void loadYear(next);
  };

  const edit = (key: number, change: Partial<CalendarEntry>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = (kind: CalendarKind) => setRows((current) => [...current, { key: nextKey++, date: '', kind, name: '' }]);
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const importPaste = () => {
    const parsed = parseCalendarPaste(paste);
    setPasteProblems(parsed.problems);
    if (parsed.problems.length > 0) return;
    setRows((current) => {
      // A pasted date replaces the row of that date; the rest are added.
      const pasted = new Map(parsed.entries.map((entry) => [entry.date, entry]));
      const kept = current.filter((row) => !pasted.has(row.date));
      return [...kept, ...rowsOf(parsed.entries)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    });
    setPaste('');
    void message.info(`已导入 ${parsed.entries.length} 条，请检查后保存`);
  };

  const submit = async (entries: CalendarEntry[]) => {
    if (!view || !status || year === null) return;
    const check = validateYearCalendar(year, entries, status.today);
    if (!check.ok) {
      setProblems(check.problems);
      void message.error(problemText(check.problems[0]!));
      return;
    }
    setSaving(true);
    const answer = await client.call(holidayCalls.save, { year, revision: view.revision, entries });
    setSaving(false);
    if (answer.code === STAFF_CODE.notSignedIn) return;
    if (answer.code !== STAFF_CODE.ok) {
      setProblems(decodeProblems(answer.data));
      void message.error(answer.msg);
      return;
    }
    const saved = answer.data;
    void message.success(answer.msg);
    setView(saved);
    setRows(rowsOf(saved.entries));
    setProblems([]);
    calendarChanged();
    void loadStatus();
  };

  const clear = () => void confirm({ content: `清空 ${year} 年的运营录入？清空后该年恢复使用内置数据（若有）。`, okText: '清空', danger: true, onOk: () => submit([]) });

  const range = status ? calendarYearRange(status.today) : null;
  const rowProblems = (index: number) => problems.filter((problem) => problem.index === index);
  const yearProblems = problems.filter((problem) => problem.index === null);
  const changed = view !== null && !sameEntries(entriesOf(rows), view.entries);
  const warning = status ? calendarWarningText(status) : null;

  return (
    <div className="staff-page holidays-page">
      <Card role="region" aria-label="日历覆盖情况">
        {status ? (
          <div data-testid="calendar-coverage">
            今天 {status.today}；日历覆盖到 <strong>{status.last_covered_date ?? '—'}</strong>（还剩 {status.days_left} 天）。
            <Typography.Text type="secondary">
              各年份来源：
              {status.years
                .filter((entry) => range === null || entry.year >= range.min - 1)
                .map((entry) => `${entry.year} ${CALENDAR_SOURCE_NAMES[entry.source]}`)
                .join('；')}
            </Typography.Text>
            {warning ? <Alert type="warning" showIcon title={warning} /> : null}
          </div>
        ) : (
          <div className="staff-muted">加载中…</div>
        )}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Card>

      {range && year !== null ? (
        <Card role="region" aria-label="编辑年份">
          <div className="staff-row">
            <label className="staff-field">
              <span>年份</span>
              <select aria-label="年份" value={year} onChange={(event) => pick(Number(event.target.value))}>
                {Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i).map((option) => (
                  <option key={option} value={option}>
                    {option} 年
                  </option>
                ))}
              </select>
            </label>
            {view ? (
              <div className="staff-muted" data-testid="calendar-source">
                当前生效：{CALENDAR_SOURCE_NAMES[view.source]}
                {view.source === 'operator' ? `（第 ${view.revision} 版，${view.updated_by_name || '—'} 于 ${new Date(view.updated_at).toLocaleString('zh-CN')} 保存）` : view.entries.length > 0 ? '；下表为其数据，修改后保存即成为运营录入（以运营录入为准）' : ''}
              </div>
            ) : null}
          </div>

          {view === null ? (
            <div className="staff-muted">加载中…</div>
          ) : (
            <>
              {yearProblems.map((problem) => (
                <Alert key={problem.message} type="error" showIcon title={problem.message} />
              ))}
              {rows.length === 0 ? (
                <div className="staff-muted">{year} 年还没有任何放假或调休安排。国务院办公厅公布后，逐条添加或从下方粘贴导入。</div>
              ) : (
                <table className="staff-table holidays-table">
                  <thead>
                    <tr>
                      <th>日期</th>
                      <th>星期</th>
                      <th>类型</th>
                      <th>名称</th>
                      <th>操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={row.key} data-testid="calendar-row" className={rowProblems(index).length ? 'holidays-bad' : undefined}>
                        <td>
                          <input aria-label={`第${index + 1}行日期`} type="date" value={row.date} min={`${year}-01-01`} max={`${year}-12-31`} onChange={(event) => edit(row.key, { date: event.target.value })} />
                        </td>
                        <td>{weekdayOf(row.date)}</td>
                        <td>
                          <select aria-label={`第${index + 1}行类型`} value={row.kind} onChange={(event) => edit(row.key, { kind: event.target.value as CalendarKind })}>
                            <option value="holiday">{CALENDAR_KIND_NAMES.holiday}</option>
                            <option value="workday">{CALENDAR_KIND_NAMES.workday}</option>
                          </select>
                        </td>
                        <td>
                          <input aria-label={`第${index + 1}行名称`} value={row.name} maxLength={CALENDAR_NAME_MAX} placeholder={row.kind === 'holiday' ? '如 春节' : '可选，如 春节调休'} onChange={(event) => edit(row.key, { name: event.target.value })} />
                          {rowProblems(index).map((problem) => (
                            <div key={problem.message} className="holidays-problem" role="alert">
                              {problem.message}
                            </div>
                          ))}
                        </td>
                        <td>
                          <Button size="small" danger onClick={() => remove(row.key)}>
                            删除
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <Space size={8} wrap>
                <Button onClick={() => add('holiday')}>
                  添加放假日
                </Button>
                <Button onClick={() => add('workday')}>
                  添加调休上班日
                </Button>
                <Button type="primary" loading={saving} disabled={!changed} onClick={() => void submit(entriesOf(rows))}>
                  保存 {year} 年
                </Button>
                {view.source === 'operator' ? (
                  <Button danger disabled={saving} onClick={clear}>
                    清空运营录入
                  </Button>
                ) : null}
                {changed ? (
                  <Button type="text" onClick={() => void loadYear(year)}>
                    放弃修改
                  </Button>
                ) : null}
              </Space>
            </>
          )}
        </Card>
      ) : null}

      {view ? (
        <Card role="region" aria-label="粘贴导入" title="粘贴导入">
          <div className="staff-muted">
            每行一条：<code>2027-01-01 元旦</code>、<code>2027-02-06..2027-02-12 春节</code>（连续多天）、<code>2027-02-14 班 春节</code>（调休上班）。同一日期以导入的为准；导入后检查再保存。
          </div>
          <Input.TextArea aria-label="粘贴的日历" className="holidays-paste" rows={6} value={paste} onChange={(event) => setPaste(event.target.value)} />
          {pasteProblems.map((problem) => (
            <Alert key={`${problem.index}:${problem.message}`} type="error" showIcon title={problemText(problem)} />
          ))}
          <Button disabled={paste.trim() === ''} onClick={importPaste}>
            导入到表格
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
