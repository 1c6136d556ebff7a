import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { Buffer } from 'node:buffer';
import { DEV_SECRETS, openRequest, type Fields } from '../../api/protocol/wire.ts';
import { nodeCrypto } from '../../server/wire-crypto.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { at, freshPhone, register, shoot, wireCall } from './wire.ts';

/**
 * At 375×812: the privacy consent inside the wrapper simulator (`?wrapper=sim`) — the
 * first-start guide, what every request body carries before consent, after it and after a
 * withdrawal, and the login box as consent — and /systemsetting: cache size and clear, the
 * switches persisting across a reload, 仅Wi-Fi下载 asking on a mobile network.
 */

test.setTimeout(150_000);

const IDENTIFIERS = ['imei', 'oaid', 'android_id', 'mac'] as const;

interface Game {
  game_id: number;
  platform_game_id: number;
  name: string;
  size_bytes: number;
}

async function smallGames(baseURL: string, count: number): Promise<Game[]> {
  const list = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 50 })).data.list as Array<Game & { down_type: number }>;
  const games: Game[] = [];
  for (const game of list.filter((item) => item.down_type === 1).sort((a, b) => a.size_bytes - b.size_bytes)) {
    if ((await wireCall(baseURL, '/api/game/getDownUrl', { id: game.platform_game_id })).code === 1) games.push(game);
    if (games.length === count) return games;
  }
  throw new Error('not enough downloadable games');
}

/** The app streams request bodies, which the browser does not report: every body is recorded in the page. */
async function recordBodies(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    const recorded: Array<{ path: string; body: string }> = [];
    Object.defineProperty(window, '__e2eBodies', { value: recorded });
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (request.method === 'POST') recorded.push({ path, body: await request.clone().text() });
      return original(request);
    };
  });
}

/** Every body sent from this page load on, opened as the server opens it. */
async function sentBodies(page: Page): Promise<Array<{ path: string; fields: Fields }>> {
  const raw = (await page.evaluate(() => (window as unknown as { __e2eBodies?: Array<{ path: string; body: string }> }).__e2eBodies ?? [])) as Array<{ path: string; body: string }>;
  return raw.map(({ path, body }) => {
    const opened = openRequest(path, body, { acceptPlain: true, now: Date.now(), secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!opened.ok) throw new Error(`unreadable body to ${path}: ${opened.reason} ${Buffer.from(body).length}`);
    return { path, fields: opened.fields };
  });
}

const identifiersIn = (fields: Fields) => IDENTIFIERS.filter((key) => key in fields);
const guide = (page: Page) => page.getByTestId('privacy-guide');

/** 下载 on a game page; answers the recordDown body the tap sent. */
async function downloadFromGamePage(page: Page, game: Game): Promise<Fields> {
  await page.goto(at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
  await page.getByRole('button', { name: `下载 ${game.name}` }).click();
  await expect(page.getByRole('button', { name: new RegExp(`(暂停|安装) ${game.name}`) })).toBeVisible();
  await expect.poll(async () => (await sentBodies(page)).filter((b) => b.path === '/api/game/recordDown').length).toBe(1);
  return (await sentBodies(page)).find((b) => b.path === '/api/game/recordDown')!.fields;
}

async function everyBodyWithoutIdentifiers(page: Page) {
  for (const { path, fields } of await sentBodies(page)) expect(identifiersIn(fields), path).toEqual([]);
}

/** Counts getDeviceInfo calls on the simulator's object from now on. */
async function countDeviceReads(page: Page) {
  // After a navigation the simulator installs its object once the app has started (later on a busy machine).
  await page.waitForFunction(() => 'LewanNative' in window);
  await page.evaluate(() => {
    const native = (window as unknown as { LewanNative: Record<string, (...a: unknown[]) => unknown> }).LewanNative;
    const original = native.getDeviceInfo!;
    (window as unknown as { __reads: number }).__reads = 0;
    native.getDeviceInfo = (...args) => {
      (window as unknown as { __reads: number }).__reads++;
      return original.apply(native, args);
    };
  });
}
const deviceReads = (page: Page) => page.evaluate(() => (window as unknown as { __reads: number }).__reads);

async function openSettings(page: Page) {
  await page.goto('/systemsetting');
  await expect(page.getByRole('heading', { name: '系统设置' })).toBeVisible();
}

test('privacy consent: nothing identifying before it, identifiers after it, none after withdrawal; the login box is consent', async ({ page, baseURL }) => {
  const [first, second, third] = await smallGames(baseURL!, 3);
  await recordBodies(page);

  await test.step('first start in the wrapper: 个人信息保护指引; 不同意 keeps the app usable', async () => {
    await page.goto('/?wrapper=sim');
    await expect(guide(page).getByRole('heading', { name: '个人信息保护指引' })).toBeVisible();
    await shoot(page, 'privacy-guide');
    await guide(page).getByRole('button', { name: '《隐私政策》' }).click();
    await expect(page.locator('.privacy-guide__article')).not.toBeEmpty();
    await shoot(page, 'privacy-guide-policy');
    await page.getByRole('button', { name: '返回' }).click();
    await guide(page).getByRole('button', { name: '不同意' }).click();
    await expect(guide(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('tab').or(page.getByRole('link')).first()).toBeVisible();
    await expect(guide(page)).toHaveCount(0);
  });

  await test.step('before consent: a download records without identifiers, with the basic device fields', async () => {
    const body = await downloadFromGamePage(page, first!);
    expect(body).toMatchObject({ system: 'Android 13', StatusHeight: 24, media_id: '1' });
    expect(identifiersIn(body)).toEqual([]);
    await everyBodyWithoutIdentifiers(page);
  });

  await test.step('agree in /systemsetting: the next download carries the identifiers', async () => {
    await openSettings(page);
    await page.getByRole('switch', { name: '同意隐私政策' }).click();
    await guide(page).getByRole('button', { name: '同意', exact: true }).click();
    await expect(page.getByRole('switch', { name: '同意隐私政策' })).toHaveAttribute('aria-checked', 'true');
    const body = await downloadFromGamePage(page, second!);
    expect(identifiersIn(body)).toEqual([...IDENTIFIERS]);
    expect(body.imei).toMatch(/^86\d{13}$/);
  });

  await test.step('withdraw: confirm dialog; afterwards nothing identifying is read or sent', async () => {
    await openSettings(page);
    await page.getByRole('switch', { name: '同意隐私政策' }).click();
    await expect(page.getByRole('dialog').getByText('撤回隐私政策同意')).toBeVisible();
    await shoot(page, 'system-setting-withdraw');
    await page.getByRole('dialog').getByRole('button', { name: '撤回' }).click();
    await expect(page.getByRole('switch', { name: '同意隐私政策' })).toHaveAttribute('aria-checked', 'false');
    await page.goto(at('/gamedetail', { game_id: third!.game_id, platform_game_id: third!.platform_game_id }));
    await countDeviceReads(page);
    await page.getByRole('button', { name: `下载 ${third!.name}` }).click();
    await expect.poll(async () => (await sentBodies(page)).filter((b) => b.path === '/api/game/recordDown').length).toBe(1);
    await everyBodyWithoutIdentifiers(page);
    expect(await deviceReads(page)).toBe(0);
  });

  await test.step('signing in (the box 《用户协议》和《隐私政策》 ticked) is consent: the sign-in point carries the identifiers', async () => {
    const phone = freshPhone('137');
    await register(baseURL!, phone, 'lewan2026');
    await page.goto('/login');
    await page.getByRole('button', { name: '密码登录' }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('lewan2026');
    await page.getByRole('checkbox').click();
    await page.getByTestId('login-panel-3').getByRole('button', { name: '登录', exact: true }).click();
    // /login is a full page since the auth pages: a sign-in hands over to the last route or /mine.
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(async () => (await sentBodies(page)).filter((b) => b.path === '/point').length).toBeGreaterThan(0);
    const point = (await sentBodies(page)).find((b) => b.path === '/point')!.fields;
    expect(point).toMatchObject({ point_id: 1, point_title: '登录' });
    expect(identifiersIn(point)).toEqual([...IDENTIFIERS]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('PrivacyConsent') ?? 'null'))).toMatchObject({ state: 'granted', via: 'login' });
  });
});

test('/systemsetting: cache size and clear, switches persist across a reload, 仅Wi-Fi下载 asks on a mobile network', async ({ page, baseURL }) => {
  const [game] = await smallGames(baseURL!, 1);
  await seedPrivacyDecision(page, 'refused');

  await test.step('an installed game leaves its package: the cache shows it; 清除缓存 → 0M', async () => {
    await page.goto(`${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}&wrapper=sim`);
    await page.getByRole('button', { name: `下载 ${game!.name}` }).click();
    await page.getByRole('button', { name: `安装 ${game!.name}` }).click({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: `打开 ${game!.name}` })).toBeVisible();
    await openSettings(page);
    await expect(page.getByTestId('cache-size')).toHaveText(/^\d+(\.\d)?M$/);
    await expect(page.getByTestId('cache-size')).not.toHaveText('0M');
    await shoot(page, 'system-setting-wrapper');
    await page.getByTestId('cache-row').click();
    await page.getByRole('dialog').getByRole('button', { name: '清除' }).click();
    await expect(page.getByTestId('cache-size')).toHaveText('0M');
    await expect(page.getByText('缓存已清除')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('cache-size')).toHaveText('0M');
  });

  await test.step('switches persist across a reload', async () => {
    const mute = page.getByRole('switch', { name: '视频静音' });
    const wifi = page.getByRole('switch', { name: '仅Wi-Fi下载' });
    const deletePackage = page.getByRole('switch', { name: '安装后删除安装包' });
    await expect(mute).toHaveAttribute('aria-checked', 'true');
    await expect(wifi).toHaveAttribute('aria-checked', 'false');
    await expect(deletePackage).toHaveAttribute('aria-checked', 'false');
    await mute.click();
    await wifi.click();
    await deletePackage.click();
    await page.reload();
    await expect(mute).toHaveAttribute('aria-checked', 'false');
    await expect(wifi).toHaveAttribute('aria-checked', 'true');
    await expect(deletePackage).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => [localStorage.getItem('mutedState'), localStorage.getItem('WifiOnlyDownload'), localStorage.getItem('ispackage')])).toEqual(['false', '1', '1']);
    await shoot(page, 'system-setting-switched');
  });

  await test.step('仅Wi-Fi下载 on a mobile network: a download asks; 取消 downloads nothing, 继续下载 does', async () => {
    const [, other] = await smallGames(baseURL!, 2);
    await page.goto(`${at('/gamedetail', { game_id: other!.game_id, platform_game_id: other!.platform_game_id })}&wrapper=sim&simnet=cellular`);
    await page.getByRole('button', { name: `下载 ${other!.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('当前为非Wi-Fi网络')).toBeVisible();
    await shoot(page, 'wifi-only-ask');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(page.getByRole('button', { name: `下载 ${other!.name}` })).toBeVisible();
    await page.getByRole('button', { name: `下载 ${other!.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '继续下载' }).click();
    await expect(page.getByRole('button', { name: new RegExp(`(暂停|安装) ${other!.name}`) })).toBeVisible();
  });
});

test('/systemsetting in a plain browser: no cache row, a note instead; the version the platform publishes', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByTestId('cache-row')).toHaveCount(0);
  await expect(page.getByText('清除缓存、安装后删除安装包仅在乐玩游戏盒 App 内可用')).toBeVisible();
  await expect(page.getByTestId('app-version')).toHaveText(/^v\d/);
  await expect(page.getByRole('switch', { name: '同意隐私政策' })).toHaveAttribute('aria-checked', 'false');
  await shoot(page, 'system-setting-browser');
});
