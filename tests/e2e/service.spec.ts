import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { register, shoot, signInStorage } from './wire.ts';

/**
 * Customer service and rating through the whole stack at 375×812 (SPEC §2 "Other UI", §4, §7
 * "Polling"): a user registered through the API (signed, encrypted calls as the app makes them),
 * the '客服消息' banner after the 20 s poll (Playwright's clock jumps the 20 s), the /service chat
 * with the server's automatic reply, and the rating dialog opened from a pending recharge entry.
 */

const POLL_MS = 20_000;
const WELCOME = '欢迎来到乐玩游戏盒！有任何问题都可以在这里联系客服。';


const banner = (page: Page) => page.getByRole('status').filter({ hasText: '客服消息' });
const chatItems = (page: Page) => page.getByRole('list', { name: '聊天记录' }).getByRole('listitem');

test('the 客服消息 banner after the 20 s poll opens /service, where a message gets the automatic reply', async ({ page, baseURL }) => {
  const account = await register(baseURL!, `1350000${String(Date.now() % 10_000).padStart(4, '0')}`);
  await page.clock.install();
  await signInStorage(page, account);

  const polls: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/getUnreadMessage')) polls.push(Date.now());
  });

  await page.goto('/aboutus');
  // Loaded before the clock jumps (a jump past 15 s would time the page's own request out).
  await expect(page.getByText('健康游戏忠告')).toBeVisible();
  await page.clock.fastForward(POLL_MS - 1_000);
  expect(polls).toHaveLength(0);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.fastForward(1_000);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(WELCOME);
  expect(polls).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('serviceID'))).toMatch(/^\d+$/);
  await shoot(page, 'service-notice');

  await banner(page).getByRole('button', { name: /客服消息/ }).click();
  await expect(page).toHaveURL(/\/service$/);
  await expect(page.getByRole('heading', { name: '在线客服' })).toBeVisible();
  await expect(chatItems(page).filter({ hasText: WELCOME })).toBeVisible();
  await expect(page.getByText(/服务时间 每日 9:00-23:00/)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await shoot(page, 'service-chat');

  const send = page.getByRole('button', { name: '发送' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: '输入消息' }).fill('充值没到账怎么办？');
  await expect(send).toBeEnabled();
  const sentAt = Date.now();
  await send.click();
  await expect(chatItems(page).filter({ hasText: '我：充值没到账怎么办？' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '输入消息' })).toHaveValue('');
  // The server's automatic reply (keyword 充值) shows about 3 s later, without a poll.
  await expect(chatItems(page).filter({ hasText: '客服：' }).filter({ hasText: '充值问题请提供游戏名称和订单号' })).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - sentAt).toBeLessThan(6_000);
  await shoot(page, 'service-reply');

  // Seen in the chat: the next poll has nothing new, so no banner on the next page either.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
  await page.clock.fastForward(POLL_MS);
  await page.waitForTimeout(500);
  await expect(banner(page)).toHaveCount(0);
});

test('the rating dialog opens for a pending recharge entry when the app starts signed in', async ({ page, baseURL }) => {
  const account = await register(baseURL!, `1350001${String(Date.now() % 10_000).padStart(4, '0')}`);
  const pending = [{ game_name: '斗罗大陆', game_id: 1001, platform_game_id: 2001, order_number: 'LW-E2E-0001' }];
  await signInStorage(page, account, { RechargepingList: JSON.stringify(pending) });

  await page.goto('/aboutus');
  const dialog = page.getByRole('dialog', { name: '游戏评价' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('斗罗大陆')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: '提交评价' })).toBeDisabled();
  await shoot(page, 'rating-open');

  await dialog.getByRole('radio', { name: '4星' }).click();
  await expect(dialog.getByRole('radio', { name: '4星' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('满意', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '提交评价' })).toBeEnabled();
  await shoot(page, 'rating-stars');

  // No such order for this user on the server: it refuses, the session shows the message, the dialog stays.
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: '订单不存在' })).toBeVisible();
  await expect(dialog).toBeVisible();
  await shoot(page, 'rating-refused');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('RechargepingList')))!)).toEqual(pending);

  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toHaveCount(0);
});
