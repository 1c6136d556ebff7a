import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { appRendered, popupSeen, register, signInStorage, wireCall, type Account } from './wire.ts';

/**
 * The offline shell: the built app's service worker (vite-plugin-pwa, see
 * vite.config.ts offlineShell), the last-seen lists kept per player (src/app/offline/), the
 * offline state. Each test has a fresh context, so its worker is its own.
 */

const OFFLINE_TEXT = '网络已断开，当前显示的是离线内容';
const API = /^\/(api|down|point|dev|upload|media|sandbox-pay|staff)(\/|$)/;

/** An ID card number of a 30-year-old (the minors' rules refuse unverified payments). */
let idSeq = 500;
function adultIdCard(): string {
  const first17 = `11010519900101${String(idSeq++).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** The page is controlled: the worker has precached the shell (install) and claimed the page (activate). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
}

/** The last-seen record (idb-keyval's default store), as src/app/offline/last-seen.ts keeps it. */
function lastSeenRecord(page: Page): Promise<{ owner: string; entries: Record<string, unknown> } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('offline.lastSeen.v1');
            get.onsuccess = () => resolve(get.result ?? null);
            get.onerror = () => resolve(null);
          } catch {
            resolve(null);
          }
        };
      }),
  );
}

/** Every API answer the page got, and whether the worker gave it. */
function watchApi(page: Page): { path: string; fromWorker: boolean }[] {
  const seen: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (API.test(path)) seen.push({ path, fromWorker: response.fromServiceWorker() });
  });
  return seen;
}

/** What Cache Storage holds: never an API path, never a page of the server's (only the precached plain shell). */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

async function homeOnline(page: Page, account: Account | null): Promise<string[]> {
  if (account) await signInStorage(page, account);
  await page.goto('/');
  await appRendered(page);
  await expect(page.locator('.game-tile__name').first()).toBeVisible();
  await workerInControl(page);
  // The home layout and its first recommendations are kept (in the background, after they arrive).
  await expect.poll(async () => Object.keys((await lastSeenRecord(page))?.entries ?? {}).some((key) => key.startsWith('/api/down/getAppIndexContent '))).toBe(true);
  expect((await lastSeenRecord(page))?.owner).toBe(account?.uuid ?? '');
  return page.locator('.game-tile__name').allInnerTexts();
}

test('the built app opens offline with the last-seen home page and says so; back online it is live again', async ({ page, context, baseURL, request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ name: '乐玩游戏盒', display: 'standalone', theme_color: '#ff6a00', start_url: '/' });

  const player = await register(baseURL!);
  await popupSeen(baseURL!, player);
  const api = watchApi(page);
  const tiles = await homeOnline(page, player);
  expect(tiles.length).toBeGreaterThan(0);
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(page.locator('.game-tile__name').first()).toHaveText(tiles[0]!);
  expect(await page.locator('.game-tile__name').allInnerTexts()).toEqual(expect.arrayContaining(tiles.slice(0, 3)));
  await page.screenshot({ path: 'test-results/screenshots/offline-home.png' });

  // Back online: the banner goes and the page asks the server again (live answers, not the kept ones).
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/down/getAppIndexContent');
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();
  expect((await live).status()).toBe(200);

  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((answer) => answer.fromWorker)).toEqual([]);
  const cached = await cachedPaths(page);
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => API.test(path) || path === '/')).toEqual([]);
});

test('one player’s kept lists are never shown to another player or signed out; the API never comes from the worker', async ({ page, context, baseURL }) => {
  const [first, second] = [await register(baseURL!), await register(baseURL!)];
  await popupSeen(baseURL!, first);
  const api = watchApi(page);
  await homeOnline(page, first);

  // Another player on the same phone, offline: nothing of the first player's, the record is gone.
  await page.evaluate((account) => {
    localStorage.setItem('Token', account.token);
    localStorage.setItem('Uuid', account.uuid);
    localStorage.setItem('NickName', account.nickname);
  }, second);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(page.getByRole('button', { name: /重试|重新加载/ }).first()).toBeVisible();
  await expect(page.locator('.game-tile__name')).toHaveCount(0);
  await expect.poll(() => lastSeenRecord(page)).toBeNull();

  // Signed out, offline: the same (the signed-out lists are their own).
  await context.setOffline(false);
  await page.evaluate(() => ['Token', 'Uuid', 'NickName'].forEach((key) => localStorage.removeItem(key)));
  await page.reload();
  await expect(page.locator('.game-tile__name').first()).toBeVisible();
  await expect.poll(async () => (await lastSeenRecord(page))?.owner).toBe('');
  expect(api.filter((answer) => answer.fromWorker)).toEqual([]);
  expect((await cachedPaths(page)).filter((path) => API.test(path))).toEqual([]);
});

test('offline mid-form: a clear error, nothing typed lost; the retry after a lost answer makes one feedback', async ({ page, context, baseURL }) => {
  await signInStorage(page, await register(baseURL!));
  await page.goto('/commonback');
  await appRendered(page);
  // Offline, the toast's own chunk comes from the worker's precache (before it is in control, only
  // if the browser's cache happens to hold it).
  await workerInControl(page);
  await page.getByRole('radio', { name: '功能异常' }).click();
  const text = page.getByRole('textbox', { name: '问题描述' });
  const contact = page.getByRole('textbox', { name: '联系方式' });
  await text.fill('断网时提交的反馈，恢复网络后重试');
  await contact.fill('QQ 3007218866');
  const submit = page.getByRole('button', { name: '提交' });

  // Offline: the submit fails with the network message, the form keeps everything.
  await context.setOffline(true);
  await submit.click();
  await expect(page.getByText('网络异常，请稍后再试')).toBeVisible();
  await expect(text).toHaveValue('断网时提交的反馈，恢复网络后重试');
  await expect(contact).toHaveValue('QQ 3007218866');
  await expect(page).toHaveURL(/\/commonback$/);
  await context.setOffline(false);

  // The connection drops after the server took it (the answer is lost): the form still says 网络异常.
  let cut = 0;
  await page.route('**/api/user/userOpinion', async (route) => {
    if (cut++ > 0) return route.continue();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await submit.click();
  await expect.poll(() => cut).toBe(1);
  await expect(text).toHaveValue('断网时提交的反馈，恢复网络后重试');
  // The retry carries the same request_id: the server answers the one it has.
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/backrecord$/);
  await expect(page.getByRole('article', { name: '功能异常反馈' })).toHaveCount(1);
  await expect(page.getByRole('article', { name: '功能异常反馈' })).toContainText('断网时提交的反馈，恢复网络后重试');
  expect(cut).toBe(2);
});

test('offline mid-payment: the order is polled again when the connection is back, found paid once', async ({ page, context, baseURL }) => {
  const account = await register(baseURL!);
  expect(await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '张三', id_card: adultIdCard() }, account)).toMatchObject({ code: 1 });
  await signInStorage(page, account);
  await page.goto('/mylewancoin');
  await appRendered(page);
  await page.getByRole('button', { name: /^30元/ }).click();
  await page.getByRole('button', { name: '立即充值' }).click();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();

  // The connection drops as the player comes back from the cashier: every status poll fails
  // (cut by the route first, while the page loads; then the browser is offline).
  let failedPolls = 0;
  page.on('requestfailed', (request) => void (new URL(request.url()).pathname === '/api/order/getOneOrder' && failedPolls++));
  await page.route('**/api/order/getOneOrder', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page).toHaveURL(/\/rechargepay\?data=.*order_number/);
  await expect.poll(() => failedPolls, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await context.setOffline(true);
  const offlineFrom = failedPolls;
  await expect.poll(() => failedPolls, { timeout: 10_000 }).toBeGreaterThan(offlineFrom);
  await expect(page.getByRole('heading', { name: '支付成功' })).toHaveCount(0);

  // Back: the next poll finds the order paid; nothing was paid twice.
  await page.unrouteAll();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 10_000 });
  const orders = (await wireCall(baseURL!, '/api/order/getMyOrders', { page: 1, limit: 20 }, account)).data as { list: { status: string }[]; total: number };
  expect(orders.total).toBe(1);
  const money = (await wireCall(baseURL!, '/api/user/getMoney', {}, account)).data as { coins_cents: number };
  // 30 乐玩币 and the first recharge's bonus, once.
  expect(money.coins_cents).toBeGreaterThanOrEqual(3_000);
  expect(money.coins_cents).toBeLessThan(6_000);
});
