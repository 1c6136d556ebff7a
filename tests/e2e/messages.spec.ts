import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { type Account, appRendered, at, buyCoins, openPage, popupSeen, register, shoot, signInStorage, verifyAdult, watchConsole, wireCall } from './wire.ts';

/**
 * The message centre, notices and the update dialog (E2E_PORT=8192), at 375×812:
 * a player pays for 乐玩币 through the sandbox cashier and the real server writes the 订单消息; the
 * badge shows on /mine and /infocenter, the message opens its link, 全部已读 clears the badges; the
 * seeded pop-up notice is shown once and not again after a reload; /updatedialog offers the
 * optional 3.4.0 in a browser, and inside the wrapper simulator (an older 3.3.3 wrapper) the
 * start-up check opens it and 立即更新 downloads through the bridge to the installer. Every page
 * renders real server data, never 页面暂未开放, and logs no console error.
 */

const POPUP_TITLE = '充值狂欢：0.1折起，首充加赠10%';

const unreadTotal = async (baseURL: string, account: Account) => (await wireCall(baseURL, '/api/user/getUnreadNotice', {}, account)).data?.total as number;

test('an order message: badges on /mine and /infocenter, the message opens its link, 全部已读 clears them', async ({ page, baseURL }) => {
  const base = baseURL!;
  const account = await register(base);
  await verifyAdult(base, account);
  await popupSeen(base, account);
  const first = await buyCoins(base, account, 600);
  await expect.poll(() => unreadTotal(base, account), { timeout: 15_000 }).toBe(1);

  const errors = watchConsole(page);
  let countCalls = 0;
  page.on('request', (request) => request.url().endsWith('/api/user/getUnreadNotice') && countCalls++);
  await signInStorage(page, account);
  await openPage(page, '/mine');
  const entry = page.getByRole('link', { name: /消息中心/ });
  await expect(entry.getByLabel('消息中心1条未读')).toBeVisible();
  // Asked once when /mine shows, not again on every render.
  await page.waitForTimeout(1_500);
  expect(countCalls).toBe(1);
  await shoot(page, 'messages-mine-badge');

  await entry.click();
  await expect(page).toHaveURL(/\/infocenter$/);
  await expect(page.getByTestId('info-entry-order').getByLabel('订单消息1条未读')).toBeVisible();
  await expect(page.getByTestId('info-entry-activity').locator('.unread-badge')).toHaveCount(0);
  await shoot(page, 'messages-infocenter');

  await page.getByTestId('info-entry-order').click();
  await expect(page).toHaveURL(/\/infoorder$/);
  const message = page.getByRole('article', { name: '充值成功' });
  await expect(message).toContainText('6.00乐玩币已到账');
  await expect(message).toContainText(first);
  await expect(message.getByLabel('未读')).toBeVisible();
  await shoot(page, 'messages-infoorder');
  await message.getByRole('button', { name: /6.00乐玩币已到账/ }).click();
  await expect(page).toHaveURL(/\/rechargerecord$/);
  await expect.poll(() => unreadTotal(base, account)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('article', { name: '充值成功' }).getByLabel('未读')).toHaveCount(0);

  // Two more orders: two unread; 全部已读 on /infocenter clears both badges, and /mine's.
  await buyCoins(base, account, 100);
  await buyCoins(base, account, 200);
  await expect.poll(() => unreadTotal(base, account), { timeout: 15_000 }).toBe(2);
  await openPage(page, '/mine');
  await expect(page.getByRole('link', { name: /消息中心/ }).getByLabel('消息中心2条未读')).toBeVisible();
  await page.getByRole('link', { name: /消息中心/ }).click();
  await expect(page.getByTestId('info-entry-order').getByLabel('订单消息2条未读')).toBeVisible();
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByText('已全部标为已读')).toBeVisible();
  // /mine stays mounted (kept alive, hidden) under /infocenter: only this page's badges count here.
  await expect(page.locator('[data-route="/infocenter"] .unread-badge')).toHaveCount(0);
  expect(await unreadTotal(base, account)).toBe(0);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.locator('[data-route="/mine"]').getByRole('link', { name: /消息中心/ }).locator('.unread-badge')).toHaveCount(0);

  // The other lists and the trading detail render the seeded broadcasts (already read: older than the player).
  await openPage(page, '/infoactivity');
  await expect(page.getByRole('article', { name: '0.1折专区上新' })).toBeVisible();
  await shoot(page, 'messages-infoactivity');
  await openPage(page, '/infotrading');
  await expect(page.getByRole('article', { name: '交易安全提醒' })).toBeVisible();
  await shoot(page, 'messages-infotrading');
  await page.getByRole('article', { name: '交易安全提醒' }).getByRole('button', { name: /担保/ }).click();
  await expect(page).toHaveURL(/\/infotradingDetail\?data=/);
  await expect(page.getByRole('heading', { name: '交易安全提醒' })).toBeVisible();
  await shoot(page, 'messages-infotradingdetail');
  await openPage(page, '/infoaccountsell');
  await expect(page.getByRole('article', { name: '账号出售须知' })).toBeVisible();
  await shoot(page, 'messages-infoaccountsell');
  await openPage(page, at('/infocenter', { kind: 'system' }));
  await expect(page.getByRole('heading', { name: '系统通知' })).toBeVisible();
  await expect(page.getByRole('article', { name: /欢迎来到/ })).toBeVisible();
  await shoot(page, 'messages-system');
  expect(errors).toEqual([]);
});

test('the pop-up notice shows once after start, not again after a reload; /notice lists and shows notices', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  const errors = watchConsole(page);
  await signInStorage(page, account);
  await openPage(page, '/');
  await expect(page).toHaveURL(/\/noticedialog\?data=/, { timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: '公告' });
  await expect(dialog.getByRole('heading', { name: POPUP_TITLE })).toBeVisible();
  await expect(dialog).toContainText('首次充值乐玩币加赠10%');
  await shoot(page, 'messages-noticedialog');
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await wireCall(baseURL!, '/api/user/getIsPop', {}, account)).data).toBeNull();

  await page.reload();
  await appRendered(page);
  // Start-up settles, the prompt's delay passes, the browser idles: still home, no dialog.
  await page.waitForTimeout(6_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: '公告' })).toHaveCount(0);

  await openPage(page, '/notice');
  await expect(page.getByRole('heading', { name: '平台公告' })).toBeVisible();
  await expect(page.getByRole('button', { name: /关于谨防账号交易诈骗的提醒/ })).toBeVisible();
  await shoot(page, 'messages-notice-list');
  await page.getByRole('button', { name: /关于谨防账号交易诈骗的提醒/ }).click();
  await expect(page.getByRole('heading', { name: '关于谨防账号交易诈骗的提醒' })).toBeVisible();
  await expect(page.locator('.notice-html strong').first()).toHaveText('不会');
  await shoot(page, 'messages-notice-detail');
  expect(errors).toEqual([]);
});

test('/updatedialog offers the optional 3.4.0 in a browser; 以后再说 closes it', async ({ page }) => {
  const errors = watchConsole(page);
  await openPage(page, '/');
  await page.goto('/updatedialog');
  const dialog = page.getByRole('dialog', { name: '版本更新' });
  await expect(dialog.getByRole('heading', { name: '发现新版本' })).toBeVisible();
  await expect(dialog).toContainText('新版本 v3.4.0');
  await expect(dialog).toContainText('当前 v3.3.3');
  await expect(dialog).toContainText('新增游戏圈账号交易担保流程');
  await expect(dialog.getByRole('button', { name: '以后再说' })).toBeVisible();
  await shoot(page, 'messages-updatedialog');
  await dialog.getByRole('button', { name: '以后再说' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('UpdateDismissedVersion'))).toBe('3.4.0');
  expect(errors).toEqual([]);
});

test('inside an older wrapper the start-up check opens the dialog; 立即更新 downloads through the bridge to the installer', async ({ page }) => {
  const errors = watchConsole(page);
  await seedPrivacyDecision(page);
  await page.goto('/?wrapper=sim&simversion=3.3.3&simspeed=2000000');
  await expect(page).toHaveURL(/\/updatedialog$/, { timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: '版本更新' });
  await expect(dialog).toContainText('当前 v3.3.3');
  await dialog.getByRole('button', { name: '立即更新' }).click();
  await expect(dialog.getByRole('progressbar', { name: '下载进度' })).toBeVisible();
  await shoot(page, 'messages-update-downloading');
  await expect(dialog).toContainText('安装包已下载，请在安装界面完成安装', { timeout: 15_000 });
  await shoot(page, 'messages-update-installer');
  expect(errors).toEqual([]);
});
