import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { at, register, signInStorage, smallGames } from './wire.ts';

/**
 * The client offline mid-download: a real download in the wrapper simulator
 * (`?wrapper=sim`, bridge/simulator.ts) loses the network (the browser context goes offline).
 * What the machines say (machines/download-entry.machine.ts, download-transitions.ts ALLOWED,
 * docs/bridge-protocol.md §3/§6): the wrapper reports a network error as state 4, the entry
 * shows 下载失败 with 重试 and keeps the bytes it had; 重试 starts it again (4 → 1) with
 * `Range: bytes=<kept>-`, offline that fails again (4), online it runs to 3 after the MD5 check.
 * Nothing resumes by itself when the network returns: the SPEC has no such rule.
 */

test.beforeEach(({ page }) => seedPrivacyDecision(page));

interface SimStatus {
  platform_game_id: number;
  state: string;
  cur: number;
  total: number;
  speed: number;
}

/** What the simulated wrapper itself says of the download (getDownloadStates, docs/bridge-protocol.md). */
async function wrapperStatus(page: Page, id: number): Promise<SimStatus | undefined> {
  const list = await page.evaluate(() => (window as unknown as { LewanNative: { getDownloadStates(): string } }).LewanNative.getDownloadStates());
  return (JSON.parse(list) as SimStatus[]).find((item) => item.platform_game_id === id);
}

/** The package bytes the simulator keeps in its IndexedDB "disk" (database and store of bridge/sim-store.ts). */
async function storedPackage(page: Page, id: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lewan-wrapper-sim');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const value = await new Promise<unknown>((resolve, reject) => {
      const get = db.transaction('state', 'readonly').objectStore('state').get(key);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    db.close();
    const bytes = value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array();
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }, `bytes:${id}`);
  return Buffer.from(base64, 'base64');
}

test('offline mid-download: 下载失败 with the bytes kept, 重试 offline fails again, online it resumes with Range to the full verified file', async ({ page, context, baseURL }) => {
  const game = (await smallGames(baseURL!, 1))[0]!;
  await signInStorage(page, await register(baseURL!));
  // Every package request the simulator makes, with its Range and how it ended.
  const requests: Array<{ range: string | null; outcome: string }> = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/down/game/')) return;
    requests.push({ range: request.headers()['range'] ?? null, outcome: String((await request.response())?.status()) });
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/down/game/')) requests.push({ range: request.headers()['range'] ?? null, outcome: 'failed' });
  });

  // 200 KB/s: a 1–2 MB package takes several seconds, so the cut lands mid-way.
  await page.goto(`${at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id })}&wrapper=sim&simspeed=200000`);
  await page.getByRole('button', { name: `下载 ${game.name}` }).click();
  await page.evaluate(() => window.history.pushState(null, '', '/mine'));
  await page.getByRole('link', { name: '下载管理' }).click();
  const entry = page.getByTestId(`download-${game.platform_game_id}`);
  const bar = entry.getByRole('progressbar');
  await expect(entry).toHaveAttribute('data-state', '2');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(10);

  await context.setOffline(true);
  await expect(entry).toHaveAttribute('data-state', '4');
  await expect(entry).toContainText('下载失败');
  const retry = entry.getByRole('button', { name: `重试 ${game.name}` });
  await expect(retry).toBeVisible();
  const failed = (await wrapperStatus(page, game.platform_game_id))!;
  expect(failed).toMatchObject({ state: '4', total: game.size_bytes, speed: 0 });
  expect(failed.cur).toBeGreaterThan(0);
  expect(failed.cur).toBeLessThan(game.size_bytes);
  // The row keeps its last progress (state 4 carries no sizes; the wrapper may hold up to one
  // progress interval more than it last reported), and nothing moves while offline.
  const shown = await bar.getAttribute('aria-valuenow');
  expect(Number(shown)).toBeGreaterThanOrEqual(10);
  expect(Number(shown)).toBeLessThanOrEqual(Math.floor((failed.cur / game.size_bytes) * 100));
  await page.waitForTimeout(500);
  expect((await wrapperStatus(page, game.platform_game_id))!.cur).toBe(failed.cur);
  await expect(bar).toHaveAttribute('aria-valuenow', shown!);

  // 重试 while still offline: the Range request fails, the entry is 下载失败 again, nothing lost.
  await retry.click();
  await expect.poll(() => requests.filter((r) => r.range === `bytes=${failed.cur}-`).length).toBe(1);
  await expect(entry).toHaveAttribute('data-state', '4');
  expect(requests.at(-1)).toEqual({ range: `bytes=${failed.cur}-`, outcome: 'failed' });
  expect((await wrapperStatus(page, game.platform_game_id))!).toMatchObject({ state: '4', cur: failed.cur });
  await expect(bar).toHaveAttribute('aria-valuenow', shown!);

  // Back online, 重试 resumes from the kept byte (206) and finishes after the MD5 check.
  await context.setOffline(false);
  await retry.click();
  await expect(entry).toHaveAttribute('data-state', '3', { timeout: 20_000 });
  await expect(entry).toContainText('下载完成');
  expect(requests).toEqual([
    { range: null, outcome: '200' },
    { range: `bytes=${failed.cur}-`, outcome: 'failed' },
    { range: `bytes=${failed.cur}-`, outcome: '206' },
  ]);
  expect(await wrapperStatus(page, game.platform_game_id)).toEqual({ platform_game_id: game.platform_game_id, state: '3', cur: game.size_bytes, total: game.size_bytes, speed: 0 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  // The finished file lands on the simulator's "disk" right after it reports 3.
  await expect.poll(async () => (await storedPackage(page, game.platform_game_id)).length).toBe(game.size_bytes);
  const file = await storedPackage(page, game.platform_game_id);
  expect(createHash('md5').update(file).digest('hex')).toBe(game.md5);
});
