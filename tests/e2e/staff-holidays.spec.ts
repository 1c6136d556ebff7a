import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { shoot } from './wire.ts';

/**
 * 节假日日历 in the staff console at 1280×800: an admin sees the top banner with the calendar's
 * exact last day (the package ends with 2026; nothing is seeded for later years), opens the page,
 * enters 元旦 of the next year (a bad row first: its problem shows at the row and nothing is
 * saved), saves, and the banner goes (or moves to the new last day when even that is within 60
 * days). The year is cleared again afterwards, so the worker's other specs see the seeded state.
 */

type Status = { last_covered_date: string | null; days_left: number; warn: boolean; next_year_needed: number };

async function status(page: Page, csrf: string): Promise<Status> {
  const answer = (await (await page.request.post('/staff/api/holidays/status', { data: {}, headers: { 'x-csrf-token': csrf } })).json()) as { code: number; data: Status };
  expect(answer.code).toBe(1);
  return answer.data;
}

async function clearYear(page: Page, csrf: string, year: number) {
  const read = (await (await page.request.post('/staff/api/holidays/year', { data: { year }, headers: { 'x-csrf-token': csrf } })).json()) as { data: { source: string; revision: number } };
  if (read.data.source !== 'operator') return;
  const cleared = (await (await page.request.post('/staff/api/holidays/save', { data: { year, revision: read.data.revision, entries: [] }, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
  expect(cleared.code).toBe(1);
}

test('an admin enters the next year in 节假日日历 and the running-out banner goes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const { csrf } = await staffSession(page, 'admin');
  const before = await status(page, csrf);
  const year = before.next_year_needed;
  try {
    await page.goto('/staff/audit');
    const banner = page.getByTestId('calendar-banner');
    if (before.warn) {
      await expect(banner).toContainText(`节假日日历只覆盖到 ${before.last_covered_date}（还剩 ${before.days_left} 天）`);
      await expect(banner).toContainText(`录入 ${year} 年`);
      await shoot(page, 'staff-holidays-banner');
      await banner.getByRole('link', { name: '前往节假日日历' }).click();
    } else {
      await page.getByRole('link', { name: '节假日日历' }).click();
    }
    await expect(page).toHaveURL(/\/staff\/holidays$/);
    await expect(page.getByRole('heading', { name: '节假日日历' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '年份' })).toHaveValue(String(year));

    // A make-up day on a weekday: refused at its row, nothing saved.
    await page.getByRole('button', { name: '添加调休上班日' }).click();
    let weekday = `${year}-01-05`;
    while ([0, 6].includes(new Date(`${weekday}T00:00:00Z`).getUTCDay())) weekday = `${year}-01-0${Number(weekday.slice(-1)) + 1}`;
    await page.getByLabel('第1行日期').fill(weekday);
    await page.getByRole('button', { name: `保存 ${year} 年` }).click();
    await expect(page.getByTestId('calendar-row').first().getByRole('alert')).toHaveText(`${weekday} 不是周六或周日：调休上班日只能是周末`);
    expect((await status(page, csrf)).next_year_needed).toBe(year);

    // 元旦 instead (1 January is a day off by the holiday regulations every year).
    await page.getByTestId('calendar-row').first().getByRole('button', { name: '删除' }).click();
    await page.getByLabel('粘贴的日历').fill(`${year}-01-01 元旦`);
    await page.getByRole('button', { name: '导入到表格' }).click();
    await expect(page.getByTestId('calendar-row')).toHaveCount(1);
    await expect(page.getByLabel('第1行名称')).toHaveValue('元旦');
    const saved = page.waitForResponse((response) => response.url().endsWith('/staff/api/holidays/save'));
    await page.getByRole('button', { name: `保存 ${year} 年` }).click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(1);
    await expect(page.getByTestId('calendar-source')).toContainText('运营录入');
    await expect(page.getByTestId('calendar-coverage')).toContainText(`${year}-12-31`);

    const after = await status(page, csrf);
    expect(after.last_covered_date).toBe(`${year}-12-31`);
    if (after.warn) await expect(banner).toContainText(`节假日日历只覆盖到 ${year}-12-31`);
    else await expect(banner).toHaveCount(0);
    await shoot(page, 'staff-holidays-saved');

    // The audit log has the save with its after value.
    await page.getByRole('link', { name: '操作日志' }).click();
    await expect(page.getByTestId('audit-row').first()).toContainText('holiday_year:' + year);
    expect(errors).toEqual([]);
  } finally {
    await clearYear(page, csrf, year);
  }
});
