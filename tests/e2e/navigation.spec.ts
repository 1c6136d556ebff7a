import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { freshPhone, register, signInStorage } from './wire.ts';

/**
 * The app shell at 375×812: navigation guard, tab bar, back-to-top, kept-alive pages and their
 * scroll, the mine page, the loading overlay and the first-visit install guide.
 */

const PASSWORD = 'abc12345';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/shell-${name}.png` });
const tabBar = (page: Page) => page.getByRole('navigation', { name: '底部导航' });
const tab = (page: Page, name: string) => tabBar(page).getByRole('link', { name, exact: true });
const loginDialog = (page: Page) => page.getByTestId('login-overlay').and(page.getByRole('dialog'));
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Makes a page tall enough to scroll: its own content is short until the features land. */
async function makeTall(page: Page, route: string) {
  const view = page.locator(`[data-route="${route}"]`);
  // Once the page's code has loaded: swapping the loading placeholder out later would move the
  // spacer, and Chrome's scroll anchoring would move the scroll with it.
  await expect(view.locator('.page:not([aria-busy])')).toHaveCount(1);
  await view.evaluate((view) => {
    const spacer = document.createElement('div');
    spacer.dataset.testSpacer = 'true';
    spacer.style.height = '3000px';
    view.appendChild(spacer);
  });
}

/** A registered account with a password, made through the API and the dev SMS outbox. */
const registerAccount = (baseURL: string) => register(baseURL, freshPhone('139'), PASSWORD);

test.describe('tab bar', () => {
  test('shows on top-level routes only and its highlight follows the route', async ({ page }) => {
    await page.goto('/');
    await expect(tabBar(page)).toBeVisible();
    await expect(tabBar(page).getByRole('link')).toHaveText(['推荐', '发现', '游戏圈', '我的']);
    await expect(tab(page, '推荐')).toHaveAttribute('aria-current', 'page');
    // Home, under its tab bar.
    await expect(page.getByRole('link', { name: '搜索游戏' })).toBeVisible();
    await shot(page, 'home');

    await tab(page, '我的').click();
    await expect(page).toHaveURL(/\/mine$/);
    await expect(tab(page, '我的')).toHaveAttribute('aria-current', 'page');
    await expect(tab(page, '推荐')).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: /登录\/注册/ })).toBeVisible();
    await shot(page, 'mine-anonymous');

    await tab(page, '发现').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(tab(page, '发现')).toHaveAttribute('aria-current', 'page');

    // Home-family pages light the recommend tab.
    for (const path of ['/newgame', '/ranking', '/oversearch']) {
      await page.goto(path);
      await expect(tab(page, '推荐')).toHaveAttribute('aria-current', 'page');
    }

    // Not on other pages; the bar is 85 px high outside Android.
    await page.goto('/');
    expect((await tabBar(page).boundingBox())?.height).toBe(85);
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
  });

  test('on home the first item becomes back-to-top past 500 px, and tapping it scrolls to top', async ({ page }) => {
    await page.goto('/');
    await makeTall(page, '/');
    await page.evaluate(() => window.scrollTo(0, 499));
    await expect(tab(page, '推荐')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 650));
    const backToTop = tabBar(page).getByRole('button', { name: '回到顶部' });
    await expect(backToTop).toBeVisible();
    await expect(backToTop).toHaveText('回顶部');
    await shot(page, 'back-to-top');
    await backToTop.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(tab(page, '推荐')).toBeVisible();

    // Not on the other tabs.
    await tab(page, '我的').click();
    await makeTall(page, '/mine');
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(tabBar(page).getByRole('button', { name: '回到顶部' })).toHaveCount(0);
  });

  test('media_id 98 hides the circle tab; the Android bar is 56 px', async ({ page }) => {
    await page.addInitScript(() => {
      // Since the privacy consent the app reads only the basic fields at start. The wrapper is the
      // newest version, so the start-up update check leaves the home page on screen.
      const info = () => JSON.stringify({ media_id: 98, StatusHeight: 24, system: 'Android 13', version: '3.4.0', version_code: '340' });
      (window as unknown as { LewanNative: unknown }).LewanNative = { getBasicDeviceInfo: info, getDeviceInfo: info };
    });
    await page.goto('/');
    await expect(tabBar(page).getByRole('link')).toHaveText(['推荐', '发现', '我的']);
    expect((await tabBar(page).boundingBox())?.height).toBe(56);
    await expect(page.getByRole('link', { name: '搜索游戏' })).toBeVisible();
    await shot(page, 'media-98');
  });
});

test.describe('navigation guard', () => {
  test('a protected route without a token opens the login popup and the player stays; after login the move completes', async ({ page, baseURL }) => {
    const account = await registerAccount(baseURL!);
    await page.goto('/mine');
    await expect(tab(page, '我的')).toHaveAttribute('aria-current', 'page');

    // An in-app link to a protected page (客服 is /service): the popup opens, the player stays.
    await page.getByRole('link', { name: '联系客服' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/mine$/);
    await loginDialog(page).getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('login-overlay')).toHaveCount(0);
    await expect(page).toHaveURL(/\/mine$/);

    // An in-app move that bypasses <Link> (a raw history push) meets the same guard.
    await page.evaluate(() => window.history.pushState(null, '', '/dailymission'));
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/mine$/);
    await expect(tab(page, '我的')).toHaveAttribute('aria-current', 'page');
    await shot(page, 'guard-login-popup');

    // Log in through the overlay (password panel): the cancelled move completes.
    await loginDialog(page).getByRole('button', { name: '密码登录' }).click();
    const panel = page.getByTestId('login-panel-3');
    await panel.getByPlaceholder('请输入手机号').fill(account.phone);
    await panel.getByPlaceholder('请输入密码').fill(PASSWORD);
    await panel.getByRole('checkbox').click();
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/dailymission$/);
    await expect(page.getByRole('heading', { name: '每日任务' })).toBeVisible();
    await expect(page.getByTestId('points-balance')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('RouterHistoryAfter'))).toBe('/dailymission');

    // Back goes to the page the player was on.
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/mine$/);
  });

  test('a protected deep link lands on home under the login popup; dismissing it forgets the move', async ({ page }) => {
    await page.goto('/dailymission?data=%7B%22tab%22%3A1%7D');
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(tab(page, '推荐')).toHaveAttribute('aria-current', 'page');
    await loginDialog(page).getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('login-overlay')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('browser back onto a protected page after sign-out is put back, with the popup', async ({ page, baseURL }) => {
    const account = await registerAccount(baseURL!);
    await signInStorage(page, account);
    await page.goto('/dailymission');
    await expect(page.getByRole('heading', { name: '每日任务' })).toBeVisible();
    // An in-app move home (/dailymission, a built page, has no 返回首页 link of the not-open page).
    await page.evaluate(() => window.history.pushState(null, '', '/'));
    await expect(page).toHaveURL(/\/$/);
    await tab(page, '我的').click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await expect(page.getByRole('button', { name: /登录\/注册/ })).toBeVisible();

    await page.goBack(); // → /
    await expect(page).toHaveURL(/\/$/);
    await page.goBack(); // → /dailymission: refused, put back to /
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('malformed route data is ignored, never a crash', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto('/aboutus?data=%7Bnot-json');
    await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
    expect(warnings.some((text) => text.includes('route data: malformed'))).toBe(true);
  });
});

test.describe('kept-alive pages', () => {
  test('keep their DOM and scroll while away; other pages unmount and start at the top', async ({ page }) => {
    await page.goto('/mine');
    await makeTall(page, '/mine');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => scrollY(page)).toBe(900);

    // A non-kept page scrolls to top (SPEC) … (the tap is dispatched: the link sits above the
    // fold of the tall test page, and Playwright's click would first scroll it into view)
    await page.getByRole('link', { name: '关于我们' }).dispatchEvent('click');
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(page.getByRole('heading', { name: '乐玩游戏盒' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    // … while /mine stays mounted, hidden.
    await expect(page.locator('[data-route="/mine"] [data-test-spacer]')).toHaveCount(1);
    await expect(page.locator('[data-route="/mine"]')).toBeHidden();

    // Browser back: /mine is shown again where it was; /aboutus is gone.
    await page.goBack();
    await expect(page).toHaveURL(/\/mine$/);
    await expect.poll(() => scrollY(page)).toBe(900);
    await expect(page.locator('[data-route="/aboutus"]')).toHaveCount(0);
    await shot(page, 'kept-scroll');

    // Through the tab bar too: home and back to mine.
    await tab(page, '推荐').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await scrollY(page)).toBe(0);
    await tab(page, '我的').click();
    await expect.poll(() => scrollY(page)).toBe(900);
  });

  test('kept alive is not keeping scroll: /ranking, /routine and /hotbt come back kept, at the top', async ({ page }) => {
    for (const route of ['/ranking', '/routine', '/hotbt']) {
      await page.goto(route);
      await makeTall(page, route);
      await page.evaluate(() => window.scrollTo(0, 900));
      await expect.poll(() => scrollY(page)).toBe(900);
      // Away (a history push the shell sees as a move: /hotbt has no tab bar to leave by) …
      await page.evaluate(() => window.history.pushState(null, '', '/aboutus'));
      await expect(page).toHaveURL(/\/aboutus$/);
      await expect(page.getByRole('heading', { name: '乐玩游戏盒' })).toBeVisible();
      // … and back: the same kept page (its DOM is still there), but at the top (SPEC §2).
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      await expect(page.locator(`[data-route="${route}"] [data-test-spacer]`)).toHaveCount(1);
      await expect.poll(() => scrollY(page), route).toBe(0);
    }
  });
});

test.describe('mine page', () => {
  test('乐玩币 and 积分 open their pages; 充值 opens the top-up', async ({ page, baseURL }) => {
    const account = await registerAccount(baseURL!);
    await signInStorage(page, account);
    await page.goto('/mine');
    const assets = page.getByRole('region', { name: '我的资产' });
    await expect(assets.locator('.mine__asset-value')).toHaveText(['0.00', '0']);
    await shot(page, 'mine-assets');
    await assets.getByRole('link', { name: /乐玩币/ }).click();
    await expect(page).toHaveURL(/\/mylewancoin$/);
    await page.goBack();
    await assets.getByRole('link', { name: /积分/ }).click();
    await expect(page).toHaveURL(/\/coinstore$/);
    await page.goBack();
    await assets.getByRole('link', { name: '充值', exact: true }).click();
    await expect(page).toHaveURL(/\/mylewancoin$/);
    await expect(page.getByRole('button', { name: '立即充值' })).toBeVisible();
  });

  test('signed in: avatar, nickname, masked phone, 乐玩币 and points; logout under the loading overlay', async ({ page, baseURL }) => {
    const account = await registerAccount(baseURL!);
    await signInStorage(page, account);
    await page.goto('/mine');
    const header = page.getByRole('region', { name: '账号信息' });
    await expect(header.getByRole('heading', { name: account.nickname })).toBeVisible();
    await expect(header.getByText(`${account.phone.slice(0, 3)}****${account.phone.slice(-4)}`)).toBeVisible();
    const assets = page.getByRole('region', { name: '我的资产' });
    await expect(assets.getByText('乐玩币')).toBeVisible();
    await expect(assets.getByText('积分')).toBeVisible();
    await expect(assets.locator('.mine__asset-value')).toHaveText(['0.00', '0']);
    await shot(page, 'mine-signed-in');

    // Hidden and shown again (kept alive): its actors resume and the numbers are still there.
    await tab(page, '推荐').click();
    await expect(page.locator('[data-route="/mine"]')).toBeHidden();
    await tab(page, '我的').click();
    await expect(assets.locator('.mine__asset-value')).toHaveText(['0.00', '0']);

    // A slow logout shows the global loading overlay (after its 300 ms delay).
    await page.route('**/api/user/logout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await route.continue();
    });
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('确定要退出登录吗？')).toBeVisible();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await expect(page.getByRole('status', { name: '加载中' })).toBeVisible();
    await shot(page, 'loading-overlay');
    await expect(page.getByRole('button', { name: /登录\/注册/ })).toBeVisible();
    await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('Token'))).toBeNull();
  });

  test('anonymous: the 登录/注册 header opens the login popup', async ({ page }) => {
    await page.goto('/mine');
    await page.getByRole('button', { name: /登录\/注册/ }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/mine$/);
  });
});

test.describe('first-visit install guide', () => {
  test('shows once in a mobile browser, explains 添加到主屏幕, and is dismissible', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto('/');
    const guide = page.getByRole('dialog', { name: '添加到主屏幕' });
    await expect(guide).toBeVisible();
    await expect(guide.getByText('「添加到主屏幕」')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/shell-install-guide.png' });
    await guide.getByRole('button', { name: '我知道了' }).click();
    await expect(guide).toHaveCount(0);
    await page.reload();
    await expect(tabBar(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: '添加到主屏幕' })).toHaveCount(0);

    await page.goto('/bookmarkguide');
    await expect(page.getByRole('heading', { name: '添加到主屏幕' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/shell-bookmarkguide.png', fullPage: true });
    await context.close();
  });

  test('is not shown on Android', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(tabBar(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: '添加到主屏幕' })).toHaveCount(0);
    await context.close();
  });
});
