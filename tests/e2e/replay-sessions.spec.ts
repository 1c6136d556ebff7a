import type { Page, APIRequestContext } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { appRendered, freshPhone } from './wire.ts';

/**
 * Real signed-in sessions recorded through the UI, exported from /testview ('导出日志') and replayed
 * by the code `npm run replay` runs (scripts/replay.ts): each must replay with no divergence.
 */

const OUT = 'test-results/replay-sessions';

test.beforeEach(({ page }) => seedPrivacyDecision(page));
// Each walk signs up, walks several pages and replays its log in a child process.
test.describe.configure({ timeout: 180_000 });

/** Client navigation, as a tap on a link would do it (the router follows history.pushState). */
async function navigate(page: Page, href: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), href);
}

async function signUpOnMine(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/mine');
  await appRendered(page);
  await page.getByRole('button', { name: /登录\/注册/ }).click();
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('login-overlay').getByRole('checkbox').click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const { code } = (await (await request.get(`/dev/sms/${phone}`)).json()) as { code: string };
  for (const digit of code) await page.locator('.adm-number-keyboard').getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
}

/** Exports the log from /testview and replays it with scripts/replay.ts; returns its output. */
async function exportAndReplay(page: Page, name: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出日志' }).click();
  mkdirSync(OUT, { recursive: true });
  const file = `${OUT}/${name}.json`;
  await (await download).saveAs(file);
  const replay = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], { encoding: 'utf8' });
  writeFileSync(`${OUT}/${name}.txt`, replay.stdout + replay.stderr);
  return { file, status: replay.status, output: replay.stdout + replay.stderr };
}

async function checkInAndService(page: Page, request: APIRequestContext) {
  await signUpOnMine(page, request, freshPhone());
  await page.getByRole('link', { name: '每日任务' }).click();
  await page.getByRole('button', { name: '签到', exact: true }).click();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  await page.goBack();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.getByRole('link', { name: '联系客服' }).click();
  await page.getByRole('textbox', { name: '输入消息' }).fill('充值没到账怎么办？');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('textbox', { name: '输入消息' })).toHaveValue('');
  await page.waitForTimeout(1_200); // the log persists at most once a second
}

test('a signed-in session that opens /testview by URL replays exactly', async ({ page, request }) => {
  await checkInAndService(page, request);
  await page.goto('/testview');
  const replay = await exportAndReplay(page, 'by-url');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
});

test('a signed-in session that reaches /testview in the app replays exactly', async ({ page, request }) => {
  await checkInAndService(page, request);
  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'in-app');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
});
