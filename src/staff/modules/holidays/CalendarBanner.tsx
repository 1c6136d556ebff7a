import { useEffect, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import { status as calendarStatus } from '../../../../api/protocol/staff/holidays.ts';
import { Link } from 'wouter';
import { HOLIDAY_CALENDAR_ROLES } from '../../../../api/protocol/holiday-calendar.ts';
import { STAFF_CODE, type StaffRole } from '../../../../api/protocol/staff-codes.ts';
import { calendarWarningText, onCalendarChanged } from './decode.ts';

/**
 * The console's top banner when the holiday calendar runs out within its warning period (the
 * roles that keep the calendar see it on every page): the exact last day and what to enter.
 * Asks again after a save in 节假日日历.
 */
export function CalendarBanner({ role }: { role: StaffRole }) {
  const client = useStaffClient();
  const allowed = role === 'admin' || HOLIDAY_CALENDAR_ROLES.includes(role);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    const load = async () => {
      const answer = await client.call(calendarStatus, {});
      const status = answer.code === STAFF_CODE.ok ? answer.data : null;
      if (live) setText(status ? calendarWarningText(status) : null);
    };
    void load();
    const stop = onCalendarChanged(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [client, allowed]);
  if (!text) return null;
  return (
    <div className="staff-warn staff-banner" role="alert" data-testid="calendar-banner">
      {text}
      <Link href="/holidays">前往节假日日历</Link>
    </div>
  );
}
