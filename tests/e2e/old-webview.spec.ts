import { expect, test } from './fixtures/test.ts';

/**
 * src/boot/boot-check.js in Debian's Chromium (docs/decisions.md "Old Android WebViews"), under
 * the server's CSP and Trusted Types: the modern build and nothing more where every feature is
 * there; the polyfills where an API lacks; the legacy build for a Chromium 66-79 user agent; the
 * message page where a feature of the minimum is deleted from `window`. The real old engines
 * (Chromium 66 and 65) are tests/old-webview/run.ts's.
 */

const appShown = async (page: import('@playwright/test').Page) => {
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  await expect(page.getByText('为你推荐')).toBeVisible();
};

test('a current Chromium runs the modern build, and loads neither the polyfills nor the legacy build', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/');
  await appShown(page);
  await expect(page.locator('html')).toHaveAttribute('data-bundle', 'modern');
  await expect(page.locator('html')).toHaveAttribute('data-started', 'modern');
  expect(fetched.filter((file) => /^\/assets\/boot-(polyfills|unsupported)-|^\/legacy\//.test(file))).toEqual([]);
});

test('a browser without structuredClone gets the polyfills before the modules, and the app works', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { structuredClone?: unknown }).structuredClone;
    delete (Array.prototype as { at?: unknown }).at;
    delete (Object as { hasOwn?: unknown }).hasOwn;
    delete (String.prototype as { replaceAll?: unknown }).replaceAll;
  });
  const polyfills = page.waitForRequest(/\/assets\/boot-polyfills-[^/]+\.js$/);
  await page.goto('/');
  await polyfills;
  await appShown(page);
  expect(await page.evaluate(() => [typeof structuredClone, [1, 2, 3].at(-1), Object.hasOwn({ a: 1 }, 'a'), 'a.b.c'.replaceAll('.', '/')])).toEqual(['function', 3, true, 'a/b/c']);
  await expect(page.locator('html')).toHaveAttribute('data-started', 'modern');
});

test.describe('a Chromium 66-79 WebView', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 9; V1901A Build/P00610; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/72.0.3626.121 Mobile Safari/537.36' });

  test('gets the legacy build (syntax lowered to Chromium 66), and only that: the page comes without the modern entry', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const legacy = page.waitForResponse((response) => new URL(response.url()).pathname === '/legacy/entry.js' && response.ok());
    await page.goto('/');
    await legacy;
    await appShown(page);
    await expect(page.locator('html')).toHaveAttribute('data-bundle', 'legacy');
    await expect(page.locator('html')).toHaveAttribute('data-started', 'legacy');
    await expect(page.locator('#root > *')).toHaveCount(1);
    expect(fetched.filter((file) => /^\/assets\/index-/.test(file))).toEqual([]);
  });
});

test('below the minimum (AbortController deleted): the message page, no app, the bridge told', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { AbortController?: unknown }).AbortController;
    const logged: unknown[] = [];
    Object.assign(window, {
      __logged: logged,
      LewanNative: {
        getBasicDeviceInfo: () => JSON.stringify({ StatusHeight: 24, version: '3.4.0', version_code: '340' }),
        reportUnsupportedWebView: (json: string) => {
          logged.push(JSON.parse(json));
          return '1';
        },
      },
    });
  });
  await page.goto('/');
  const message = page.getByRole('alert');
  await expect(message.getByRole('heading', { name: '无法打开乐玩游戏盒' })).toBeVisible();
  await expect(message).toContainText('Android System WebView');
  await expect(message).toContainText('66 或更高版本');
  await expect(message).toContainText('缺少的功能：AbortController');
  await expect(message).toContainText('App 版本：3.4.0');
  await expect(message.getByRole('link', { name: '拨打客服电话 400-826-1799' })).toHaveAttribute('href', 'tel:400-826-1799');
  await expect(page).toHaveTitle('无法打开乐玩游戏盒');
  await expect(page.locator('html')).toHaveAttribute('data-bundle', 'none');
  await expect(page.locator('html')).not.toHaveAttribute('data-started', /./);
  expect(await page.evaluate(() => (window as unknown as { __logged: { missing: string[] }[] }).__logged)).toEqual([expect.objectContaining({ missing: ['AbortController'] })]);
  await page.screenshot({ path: 'test-results/screenshots/old-webview-message.png' });
});
