import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/** The game lists: search (name, pinyin initials), results, infinite scroll, topics. */

async function shot(page: Page, name: string) {
  // Lazy images fade in once loaded: wait for the visible ones.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/screenshots/games-${name}.png` });
}

const rowsOf = (page: Page, label: string) => page.getByRole('list', { name: label }).getByRole('listitem');

async function search(page: Page, keyword: string) {
  await page.goto('/searchHistory');
  await page.getByRole('searchbox', { name: '搜索关键词' }).fill(keyword);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/searchingresult\?data=/);
}

test('home shows banners, sections and the endless recommendations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: '搜索游戏' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '今日推荐' })).toBeVisible();
  await expect(rowsOf(page, '为你推荐').first()).toBeVisible({ timeout: 10_000 });
  await shot(page, 'home');
  await page.getByRole('link', { name: '搜索游戏' }).click();
  await expect(page).toHaveURL(/\/searchHistory$/);
});

test('search by a real game name, then by pinyin initials; open a result', async ({ page }) => {
  // A real name from the server: the first game of the hot list.
  await page.goto('/ranking');
  const firstRow = rowsOf(page, '热门榜').first();
  await expect(firstRow).toBeVisible({ timeout: 10_000 });
  const name = (await firstRow.locator('.game-row__name').textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(1);
  await shot(page, 'ranking');

  await search(page, name);
  const results = rowsOf(page, '搜索结果');
  await expect(results.first()).toContainText(name);
  await expect(results.first().locator('mark')).toHaveText(name);
  await shot(page, 'search-name');

  // The local history keeps the search, newest first.
  await page.goto('/searchHistory');
  await expect(page.getByRole('list', { name: '历史搜索' }).getByRole('button').first()).toHaveText(name);
  await shot(page, 'search-history');

  // Pinyin initials: 仙剑 → xj (server/catalog/vocabulary.ts).
  await search(page, 'xj');
  await expect(results.first()).toBeVisible();
  await expect(results.first().locator('.game-row__name')).toHaveText(/^仙剑/);
  await shot(page, 'search-initials');

  await results.first().locator('.game-row__main').click();
  await expect(page).toHaveURL(/\/gamedetail\?data=/);
  const data = JSON.parse(new URL(page.url()).searchParams.get('data') ?? '{}') as { game_id?: number };
  expect(data.game_id).toBeGreaterThan(0);
  // The game page names the game in its heading.
  await expect(page.getByRole('heading', { name: /仙剑/ }).first()).toBeVisible({ timeout: 10_000 });

  // Nothing found: the empty state.
  await search(page, 'zzzzqqqq');
  await expect(page.getByText('没有找到相关游戏')).toBeVisible();
});

test('a long list loads more while scrolling and keeps at most 60 rows mounted', async ({ page }) => {
  await page.goto('/ranking');
  const list = page.getByRole('list', { name: '热门榜' });
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 10_000 });
  const countOf = async () => Number(await list.getAttribute('data-count'));
  expect(await countOf()).toBeGreaterThanOrEqual(20);
  for (let round = 0; round < 40 && (await countOf()) < 200; round++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(60);
  }
  expect(await countOf()).toBeGreaterThanOrEqual(200);
  expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(60);
  await expect(page.getByText(/加载中…|没有更多了|\u00a0/).first()).toBeAttached();
  await shot(page, 'ranking-scrolled');
});

test('open a topic from /special', async ({ page }) => {
  await page.goto('/special');
  const topics = rowsOf(page, '专题');
  await expect(topics.first()).toBeVisible({ timeout: 10_000 });
  const title = (await topics.first().locator('.topic-row__title').textContent())?.trim() ?? '';
  await shot(page, 'special');
  await topics.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/specialdetail\?data=/);
  await expect(page.getByRole('heading', { name: title, level: 1 }).first()).toBeVisible();
  await expect(rowsOf(page, title).first()).toBeVisible();
  await shot(page, 'special-detail');
});

test('discovery lists, open-server table and the other home tabs render their lists', async ({ page }) => {
  for (const [path, name] of [
    ['/about', 'about'],
    ['/routine', 'routine'],
    ['/newgame', 'newgame'],
    ['/h5', 'h5'],
    ['/circle', 'circle'],
    ['/lastweek', 'lastweek'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('.virtual-list__row, .list-empty').first()).toBeVisible({ timeout: 10_000 });
    await shot(page, name);
  }
});
