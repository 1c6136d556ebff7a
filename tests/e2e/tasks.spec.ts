import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { appRendered, at, NOT_OPEN, register, shoot, signInStorage, watchConsole, wireCall } from './wire.ts';

/**
 * Tasks and points at 375×812: check in and see the streak day; finish a
 * download in the wrapper simulator and see 下载一款游戏 become claimable on /dailymission (the
 * server counted /point 49), claim it and see the points; /rookiemission's novice list. Both
 * routes signed out and in: never 页面暂未开放, no console error.
 */

test.beforeEach(({ page }) => seedPrivacyDecision(page));

const task = (page: Page, code: string) => page.getByTestId(`task-${code}`);

/** The smallest downloadable (apk, online) game of the first list page. */
async function smallGame(baseURL: string) {
  const list = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 50 })).data.list as Array<{ game_id: number; platform_game_id: number; name: string; size_bytes: number; down_type: number }>;
  for (const game of list.filter((item) => item.down_type === 1).sort((a, b) => a.size_bytes - b.size_bytes)) {
    if ((await wireCall(baseURL, '/api/game/getDownUrl', { id: game.platform_game_id })).code === 1) return game;
  }
  throw new Error('no downloadable game');
}

test('signed out: /dailymission asks for the login, /rookiemission offers it; neither is 页面暂未开放 nor logs an error', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/dailymission');
  await appRendered(page);
  await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', 'open');
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
  await page.goto('/rookiemission');
  await appRendered(page);
  await expect(page.getByRole('heading', { name: '新手任务', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
  await shoot(page, 'tasks-rookie-signed-out');
  expect(errors).toEqual([]);
});

test('check in, finish a download in the wrapper simulator, claim 下载一款游戏 and see the points', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const game = await smallGame(baseURL!);
  const account = await register(baseURL!);
  await signInStorage(page, account);

  await page.goto('/dailymission');
  await appRendered(page);
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await expect(task(page, 'daily_download')).toHaveAttribute('data-state', 'todo');
  await expect(page.getByTestId('check-in-streak')).toHaveText('连续签到第 1 天');
  await page.getByRole('button', { name: '签到', exact: true }).click();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  await expect(page.getByTestId('check-in-streak')).toHaveText('连续签到第 1 天');
  await expect(page.locator('.check-in__day[data-done="true"]')).toHaveCount(1);
  await expect(page.getByTestId('points-balance')).toHaveText('5');
  await shoot(page, 'tasks-checked-in');

  // The download, in the wrapper simulator: its end sends /point 49, which the server counts.
  await page.goto(`${at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id })}&wrapper=sim`);
  await appRendered(page);
  await page.getByRole('button', { name: `下载 ${game.name}` }).click();
  await expect
    .poll(async () => (await wireCall(baseURL!, '/api/user/getTaskPoint', {}, account)).data.daily.find((t: { code: string }) => t.code === 'daily_download')?.state, { timeout: 30_000 })
    .toBe(1);

  await page.goto('/dailymission');
  await appRendered(page);
  const row = task(page, 'daily_download');
  await expect(row).toHaveAttribute('data-state', 'claimable');
  await expect(row.getByRole('button')).toHaveText('领取');
  await shoot(page, 'tasks-download-claimable');
  await row.getByRole('button', { name: '领取' }).click();
  await expect(row).toHaveAttribute('data-state', 'claimed');
  await expect(row.getByRole('button')).toHaveText('已领取');
  await expect(page.getByTestId('points-balance')).toHaveText('15');
  await shoot(page, 'tasks-download-claimed');

  // 积分明细: the claim and the check-in, newest first.
  await page.getByRole('tab', { name: '积分明细' }).click();
  await expect(page.getByText('任务奖励：下载一款游戏')).toBeVisible();
  await expect(page.getByText('签到第1天')).toBeVisible();
  await shoot(page, 'tasks-point-record');

  // The novice list counted the same download once more (首次下载游戏).
  await page.getByRole('link', { name: '新手任务' }).click();
  await expect(page.getByRole('heading', { name: '新手任务', level: 1 })).toBeVisible();
  await expect(task(page, 'novice_download')).toHaveAttribute('data-state', 'claimable');
  await expect(task(page, 'novice_avatar')).toHaveAttribute('data-state', 'todo');
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
  await shoot(page, 'tasks-rookie');
  expect(errors).toEqual([]);
});

test("a friend opening a player's share link advances the sharer's 分享一款游戏; 分享 copies the friend's own link", async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const game = await smallGame(baseURL!);
  const sharer = await register(baseURL!);
  const link = (await wireCall(baseURL!, '/api/user/getShareLink', { game_id: game.game_id }, sharer)).data as { url: string; code: string };
  const dailyShare = async () => (await wireCall(baseURL!, '/api/user/getTaskPoint', {}, sharer)).data.daily.find((t: { code: string }) => t.code === 'daily_share')?.state;
  expect(await dailyShare()).toBe(0);
  await signInStorage(page, await register(baseURL!));
  await page.goto(link.url);
  await appRendered(page);
  await expect(page.getByTestId('game-detail')).toBeVisible();
  await expect.poll(dailyShare, { timeout: 10_000 }).toBe(1);
  await page.getByRole('button', { name: '分享', exact: true }).click();
  await expect(page.getByText('链接已复制，发给好友一起玩吧')).toBeVisible();
  await shoot(page, 'tasks-share-copied');
  expect(errors).toEqual([]);
});
