import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MSG, workdayNotWeekendMsg } from '../../../../api/protocol/holiday-calendar.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import { CalendarBanner } from './CalendarBanner.tsx';
import HolidaysPage from './HolidaysPage.tsx';

const stand = staffTestRuntime();

/** 节假日日历 against a stubbed staff api: the coverage, rows checked before saving, a pasted list imported, the save sent whole; the shell's banner. */

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const STATUS_2026 = { today: '2026-11-28', last_covered_date: '2026-12-31', days_left: 34, warn: true, warn_days: 60, next_year_needed: 2027, years: [{ year: 2026, source: 'package' }] };
const STATUS_2027 = { ...STATUS_2026, last_covered_date: '2027-12-31', days_left: 399, warn: false, next_year_needed: 2028, years: [...STATUS_2026.years, { year: 2027, source: 'operator' }] };
const EMPTY_2027 = { year: 2027, source: 'none', revision: 0, entries: [], updated_at: '', updated_by_name: '', min_year: 2025, max_year: 2028 };

function stub(saved: { entries: unknown[] | null }) {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path, payload) => {
    let answer: Answer;
    if (path === '/staff/api/holidays/status') answer = ok(saved.entries ? STATUS_2027 : STATUS_2026);
    else if (path === '/staff/api/holidays/year') answer = ok(saved.entries ? { ...EMPTY_2027, source: 'operator', revision: 1, entries: saved.entries, updated_at: '2026-11-28T02:00:00.000Z', updated_by_name: 'dev-admin' } : EMPTY_2027);
    else {
      saved.entries = payload.entries as unknown[];
      answer = ok({ ...EMPTY_2027, source: 'operator', revision: 1, entries: saved.entries, updated_at: '2026-11-28T02:00:00.000Z', updated_by_name: 'dev-admin' }, CALENDAR_MSG.saved);
    }
    return answer;
  });
  return calls;
}

describe('节假日日历', () => {
  it('opens the year to enter, shows each row\'s problem before saving, imports a pasted list, saves the year whole', async () => {
    const saved: { entries: unknown[] | null } = { entries: null };
    const calls = stub(saved);
    render(<HolidaysPage />, { wrapper: stand.wrapper });
    expect(await screen.findByText(/还没有任何放假或调休安排/)).toBeTruthy();
    expect(screen.getByTestId('calendar-coverage').textContent).toContain('2026-12-31');
    expect((screen.getByLabelText('年份') as HTMLSelectElement).value).toBe('2027');

    // A make-up day on a Wednesday and an unnamed day off: both shown at their rows, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '添加调休上班日' }));
    fireEvent.change(screen.getByLabelText('第1行日期'), { target: { value: '2027-02-10' } });
    fireEvent.click(screen.getByRole('button', { name: '添加放假日' }));
    fireEvent.change(screen.getByLabelText('第2行日期'), { target: { value: '2027-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: /保存 2027 年/ }));
    const rows = screen.getAllByTestId('calendar-row');
    expect(within(rows[0]!).getByRole('alert').textContent).toBe(workdayNotWeekendMsg('2027-02-10'));
    expect(within(rows[1]!).getByRole('alert').textContent).toBe(CALENDAR_MSG.holidayNameRequired);
    expect(calls.some((c) => c.path === '/staff/api/holidays/save')).toBe(false);

    // Fixed: remove the bad row, name the day off, and paste the Spring Festival.
    fireEvent.click(within(rows[0]!).getByRole('button', { name: '删除' }));
    fireEvent.change(screen.getByLabelText('第1行名称'), { target: { value: '元旦' } });
    fireEvent.change(screen.getByLabelText('粘贴的日历'), { target: { value: '2027-02-06..2027-02-08 春节\n2027-02-20 班 春节' } });
    fireEvent.click(screen.getByRole('button', { name: '导入到表格' }));
    expect(screen.getAllByTestId('calendar-row')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: /保存 2027 年/ }));
    expect(await screen.findByText(CALENDAR_MSG.saved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/staff/api/holidays/save')!.payload).toEqual({
      year: 2027,
      revision: 0,
      entries: [
        { date: '2027-01-01', kind: 'holiday', name: '元旦' },
        { date: '2027-02-06', kind: 'holiday', name: '春节' },
        { date: '2027-02-07', kind: 'holiday', name: '春节' },
        { date: '2027-02-08', kind: 'holiday', name: '春节' },
        { date: '2027-02-20', kind: 'workday', name: '春节' },
      ],
    });
    expect((await screen.findByTestId('calendar-source')).textContent).toContain('运营录入');
    await waitFor(() => expect(screen.getByTestId('calendar-coverage').textContent).toContain('2027-12-31'));
  });

  it('the banner: the exact last day while within 60 days, for the roles that keep the calendar; gone once a later year is entered', async () => {
    const saved: { entries: unknown[] | null } = { entries: null };
    stub(saved);
    const { unmount } = render(
      <Router>
        <CalendarBanner role="admin" />
      </Router>,
      { wrapper: stand.wrapper },
    );
    expect((await screen.findByTestId('calendar-banner')).textContent).toContain('节假日日历只覆盖到 2026-12-31（还剩 34 天）');
    unmount();
    saved.entries = [];
    const calls = stub(saved);
    render(
      <Router>
        <CalendarBanner role="admin" />
        <CalendarBanner role="agent" />
      </Router>,
      { wrapper: stand.wrapper },
    );
    // One status call (the admin's banner; the agent's asks nothing), answered without a warning.
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/staff/api/holidays/status']));
    await act(async () => {});
    expect(screen.queryByTestId('calendar-banner')).toBeNull();
  });
});
