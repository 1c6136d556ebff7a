import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { at, register, shoot, signInStorage, smallGames, type DownloadableGame } from './wire.ts';

/**
 * Downloads through the whole stack at 375×812 with the wrapper simulator (bridge/simulator.ts,
 * `?wrapper=sim`): real bytes from the server's ranged game files, paused and resumed with HTTP
 * Range, checked by MD5, "installed" into IndexedDB and opened. `simspeed` slows the simulated
 * network so a download is still running when the test pauses it or reloads the page.
 */

test.setTimeout(120_000);
// The first-start privacy guide (system-setting.spec.ts covers it) is answered already.
test.beforeEach(({ page }) => seedPrivacyDecision(page));

type Game = DownloadableGame;

const row = (page: Page, game: Game) => page.getByTestId(`download-${game.platform_game_id}`);

/** /mine → 下载管理 without reloading the page (a reload would pause the downloads, SPEC §4). */
async function openDownList(page: Page) {
  await page.evaluate(() => window.history.pushState(null, '', '/mine'));
  await page.getByRole('link', { name: '下载管理' }).click();
  await expect(page.getByRole('heading', { name: '下载管理' })).toBeVisible();
}

test('download, pause, resume, install, open and delete a game in the wrapper simulator', async ({ page, baseURL }) => {
  const [game] = await smallGames(baseURL!, 1);
  await signInStorage(page, await register(baseURL!));
  // ~1–2 MB at 60 KB/s: 20 s or more of progress, so the pause still finds it running after two
  // screenshots and the list's opening on a loaded CI machine (at 250 KB/s it could finish first).
  await page.goto(`${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}&wrapper=sim&simspeed=60000`);
  const button = page.getByRole('button', { name: `下载 ${game!.name}` });
  await button.click();
  await expect(page.getByRole('button', { name: `暂停 ${game!.name}` })).toHaveText(/^\d+%$/);
  await shoot(page, 'download-game-page-progress');

  await openDownList(page);
  const entry = row(page, game!);
  await expect(entry).toHaveAttribute('data-state', /^[12]$/);
  await expect(entry.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  await shoot(page, 'download-list-downloading');

  await entry.getByRole('button', { name: `暂停 ${game!.name}` }).click();
  await expect(entry).toHaveAttribute('data-state', '6');
  await expect(entry).toContainText('已暂停');
  const pausedAt = Number(await entry.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(pausedAt).toBeGreaterThan(0);
  expect(pausedAt).toBeLessThan(100);

  await entry.getByRole('button', { name: `继续 ${game!.name}` }).click();
  await expect(entry).toHaveAttribute('data-state', /^[12]$/);
  await expect(entry).toHaveAttribute('data-state', '3', { timeout: 60_000 });
  await expect(entry).toContainText('下载完成');
  await shoot(page, 'download-list-finished');

  await entry.getByRole('button', { name: `安装 ${game!.name}` }).click();
  await expect(entry).toHaveAttribute('data-state', '5');
  await expect(entry).toContainText('已安装');
  await entry.getByRole('button', { name: `打开 ${game!.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `已打开 ${game!.package_name}` })).toBeVisible();
  await shoot(page, 'download-list-opened');

  await entry.getByRole('button', { name: `删除 ${game!.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(entry).toHaveCount(0);
  await expect(page.getByText('暂无下载任务')).toBeVisible();
});

test('a reload in the middle of two downloads finds both paused, and one resumes to the end', async ({ page, baseURL }) => {
  const games = await smallGames(baseURL!, 2);
  await signInStorage(page, await register(baseURL!));
  // 30 KB/s: neither download can finish before the reload, however slow the machine.
  await page.goto('/?wrapper=sim&simspeed=30000');
  for (const game of games) {
    await page.evaluate((href) => window.history.pushState(null, '', href), at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
    await page.getByRole('button', { name: `下载 ${game.name}` }).click();
    await expect(page.getByRole('button', { name: `暂停 ${game.name}` })).toBeVisible();
  }
  await openDownList(page);
  for (const game of games) await expect(row(page, game)).toHaveAttribute('data-state', /^[12]$/);
  await page.waitForTimeout(1_500);

  // The reload, with a fast network this time (the URL's simspeed wins over the remembered one) so the resume below is quick.
  await page.goto('/downlist?wrapper=sim&simspeed=2000000');
  for (const game of games) {
    await expect(row(page, game)).toHaveAttribute('data-state', '6');
    await expect(row(page, game)).toContainText('已暂停');
  }
  await shoot(page, 'download-list-after-reload');

  const [first] = games;
  await row(page, first!).getByRole('button', { name: `继续 ${first!.name}` }).click();
  // The simulator resumes with Range and checks the whole file's MD5 before it reports 3.
  await expect(row(page, first!)).toHaveAttribute('data-state', '3', { timeout: 60_000 });
  await expect(row(page, games[1]!)).toHaveAttribute('data-state', '6');
});

test('a failed address lookup shows 下载地址异常，请联系客服 in the browser and in the wrapper', async ({ page, baseURL }) => {
  const [game] = await smallGames(baseURL!, 1);
  await page.route('**/api/game/getDownUrl', (route) => route.abort());
  const toast = page.getByText('下载地址异常，请联系客服');

  await page.goto(at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id }));
  await page.getByRole('button', { name: `下载 ${game!.name}` }).click();
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 5_000 });

  await signInStorage(page, await register(baseURL!));
  await page.goto(`${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}&wrapper=sim`);
  await page.getByRole('button', { name: `下载 ${game!.name}` }).click();
  await expect(toast).toBeVisible();
  // The entry is removed 0.5 s later: the button offers 下载 again.
  await expect(page.getByRole('button', { name: `下载 ${game!.name}` })).toBeVisible();
  await openDownList(page);
  await expect(page.getByText('暂无下载任务')).toBeVisible();
});
