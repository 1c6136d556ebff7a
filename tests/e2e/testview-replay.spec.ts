import { expect, test } from './fixtures/test.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The app shell's replay promise: a log exported from /testview after a login replays with
 * `npm run replay` to the same final states. The login goes through the real overlay; the page
 * reload on the way to /testview also proves the log survives a reload (IndexedDB).
 */
const PHONE = `1370000${String(Date.now() % 10_000).padStart(4, '0')}`;
const EXPORT = 'test-results/e2e-exported-log.json';

test('export the event log from /testview after a login and replay it', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-panel-1')).toBeVisible();
  await page.getByLabel('手机号').fill(PHONE);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByTestId('login-panel-2')).toBeVisible();
  const outbox = await request.get(`/dev/sms/${PHONE}`);
  const { code } = (await outbox.json()) as { code: string };
  for (const digit of code) await page.locator('.adm-number-keyboard').getByRole('button', { name: digit, exact: true }).click();
  // The full-page /login hands over to /mine once signed in.
  await expect(page).toHaveURL(/\/mine$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('Token'))).toBeTruthy();

  await page.waitForTimeout(1_200); // the log persists at most once a second (and on pagehide)
  await page.goto('/testview');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出日志' }).click();
  await (await downloadPromise).saveAs(EXPORT);

  const log = JSON.parse(readFileSync(EXPORT, 'utf8')) as { entries: Array<{ event: { type: string }; actor: string }>; actors: Record<string, { machine: string; state: unknown }> };
  const types = log.entries.map((entry) => entry.event.type);
  expect(types).toContain('log.restored');
  expect(types.some((type) => type.startsWith('xstate.done.actor.trendRegister'))).toBe(true);
  expect(JSON.stringify(log)).not.toContain(PHONE); // redacted
  expect(Object.values(log.actors).some((actor) => actor.machine === 'session')).toBe(true);

  const replay = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', EXPORT], { encoding: 'utf8' });
  expect(replay.stdout).toContain('replay matches the log');
  expect(replay.status, replay.stdout.slice(-3000) + replay.stderr).toBe(0);
});
