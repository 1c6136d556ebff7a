import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { appRendered, at, freshPhone, releaseSmsCooldown, shoot, wireCall } from './wire.ts';

/**
 * The auth pages, /userrule, the /mine hub and favourites at 375×812: register on the
 * /register page, sign in by SMS on the full-page /login and land back where the player was,
 * /findpassword → /resetpassword then password login, the three documents of /userrule, the hub's
 * entries, favouriting a game and finding it in 我的收藏, and 收藏 signed out opening the popup.
 */

test.setTimeout(180_000);

const PASSWORD = 'lewan2026';
const NEW_PASSWORD = 'newpass88';

const panel = (page: Page, n: number) => page.getByTestId('login-page').getByTestId(`login-panel-${n}`);
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').filter({ hasText: text });

async function outboxCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/dev/sms/${phone}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { code: string }).code;
}

async function typeOnKeyboard(page: Page, digits: string) {
  for (const digit of digits) await page.locator('.adm-number-keyboard').getByRole('button', { name: digit, exact: true }).click();
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('Token'));

test('auth pages, /userrule, the mine hub and favourites', async ({ page, request, baseURL }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const phone = freshPhone('139');
  const game = ((await wireCall(baseURL!, '/api/game/getGameList', { page: 1, limit: 5 })).data.list as Array<{ game_id: number; platform_game_id: number; name: string }>)[0]!;

  await test.step('/register: phone, code, password → signed in, on the mine hub', async () => {
    await page.goto('/register');
    await expect(panel(page, 6)).toBeVisible();
    await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
    await shoot(page, 'auth-register');
    await page.getByLabel('手机号').fill(phone);
    await panel(page, 6).getByRole('button', { name: '获取验证码' }).click();
    await expect(panel(page, 6).getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
    await page.getByLabel('验证码').fill(await outboxCode(request, phone));
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').click();
    await panel(page, 6).getByRole('button', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL(/\/mine$/);
    await expect.poll(() => token(page)).toBeTruthy();
  });

  await test.step('/mine hub: header, assets, the shortcuts and list entries whose pages exist', async () => {
    await expect(page.getByRole('heading', { name: new RegExp(`玩家${phone.slice(-4)}`) })).toBeVisible();
    await expect(page.getByText('乐玩币')).toBeVisible();
    const grid = page.getByRole('navigation', { name: '常用功能' });
    await expect(grid.getByRole('link', { name: '我的收藏' })).toBeVisible();
    const list = page.getByRole('navigation', { name: '账号服务' });
    await expect(list.getByRole('link', { name: '联系客服' })).toBeVisible();
    await expect(list.getByRole('link', { name: '关于我们' })).toBeVisible();
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
    await shoot(page, 'mine-hub');
  });

  await test.step('signed in visiting /login: told so and taken on', async () => {
    await page.goto('/login');
    await expect(toast(page, '您已登录')).toBeVisible();
    await expect(page).toHaveURL(/\/mine$/);
  });

  await test.step('favourite a game and find it in 我的收藏', async () => {
    await page.goto(at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
    await appRendered(page);
    const favourite = page.getByRole('button', { name: '收藏', exact: true });
    await expect(favourite).toBeEnabled();
    await favourite.click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, '收藏成功')).toBeVisible();
    await shoot(page, 'gamedetail-favourited');
    await page.goto('/mine');
    await page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '我的收藏' }).click();
    await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
    await expect(page.getByText(game.name).first()).toBeVisible();
    await shoot(page, 'mine-favourites');
  });

  await test.step('/userrule shows the agreement, the privacy policy and the SDK list', async () => {
    await page.goto('/userrule');
    await expect(page.getByRole('heading', { name: '乐玩游戏盒用户协议' })).toBeVisible();
    await shoot(page, 'userrule-agreement');
    await page.getByRole('tab', { name: '隐私政策' }).click();
    await expect(page.getByRole('heading', { name: '乐玩游戏盒隐私政策' })).toBeVisible();
    await page.getByRole('tab', { name: '第三方SDK目录' }).click();
    await expect(page.getByRole('heading', { name: '第三方SDK目录' })).toBeVisible();
    await expect(page.getByText('个推推送 SDK')).toBeVisible();
    await expect(page.getByText('支付宝支付 SDK')).toBeVisible();
    await shoot(page, 'userrule-sdk');
    await page.goto(at('/userrule', { tab: 'privacy' }));
    await expect(page.getByRole('tab', { name: '隐私政策' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('signed out, 收藏 opens the login popup', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
    await appRendered(page);
    const favourite = page.getByRole('button', { name: '收藏', exact: true });
    await expect(favourite).toBeEnabled();
    await favourite.click();
    await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('login-panel-1')).toBeVisible();
    await shoot(page, 'gamedetail-favourite-signed-out');
    await page.getByTestId('login-overlay').getByRole('button', { name: '关闭' }).click();
  });

  await test.step('/findpassword → /resetpassword sets a new password; password login with it lands back', async () => {
    // The last route is the game page: signing in must return there.
    await page.goto('/findpassword');
    await expect(panel(page, 4)).toBeVisible();
    await shoot(page, 'auth-findpassword');
    await page.getByLabel('手机号').fill(phone);
    // /register sent this phone a code within the minute: the server's cooldown is released.
    await releaseSmsCooldown(baseURL!, phone);
    await panel(page, 4).getByRole('button', { name: '获取验证码' }).click();
    await expect(panel(page, 4).getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
    await page.getByLabel('验证码').fill(await outboxCode(request, phone));
    await panel(page, 4).getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/resetpassword$/);
    await expect(panel(page, 5)).toBeVisible();
    await shoot(page, 'auth-resetpassword');
    await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await panel(page, 5).getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(panel(page, 3)).toBeVisible();
    await expect(page.getByLabel('手机号')).toHaveValue(phone);

    await page.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('checkbox').click();
    await panel(page, 3).getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/gamedetail\?data=/);
    await expect.poll(() => token(page)).toBeTruthy();
    // The old password no longer works.
    expect((await wireCall(baseURL!, '/api/login/userlogin', { account: phone, password: PASSWORD })).code).toBe(-1);
  });

  await test.step('/login full page: SMS sign-in lands back on the page the player came from', async () => {
    const other = freshPhone('139');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
    await page.goto('/login');
    await expect(panel(page, 1)).toBeVisible();
    await shoot(page, 'auth-login');
    await page.getByLabel('手机号').fill(other);
    await page.getByRole('checkbox').click();
    await panel(page, 1).getByRole('button', { name: '获取验证码' }).click();
    await expect(panel(page, 2)).toBeVisible();
    await shoot(page, 'auth-login-code');
    await typeOnKeyboard(page, await outboxCode(request, other));
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect.poll(() => token(page)).toBeTruthy();
  });

  await test.step('/reload reloads and returns to the last route', async () => {
    await page.goto('/reload');
    await expect(page).toHaveURL(/\/aboutus$/);
  });

  expect(consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
});
