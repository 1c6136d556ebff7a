import { expect, test } from './fixtures/test.ts';

test('the about-us page shows the server content through the whole stack', async ({ page }) => {
  const answers: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/down/getAboutUs')) answers.push(response.headers()['content-type'] ?? '');
  });
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '乐玩游戏盒' })).toBeVisible();
  await expect(page.getByText('当前版本 v3.4.0')).toBeVisible();
  await expect(page.getByText('健康游戏忠告')).toBeVisible();
  await expect(page.getByRole('link', { name: '400-826-1799' })).toHaveAttribute('href', 'tel:400-826-1799');
  // The answer came encrypted (PROTOCOL §5 default) and was decoded by the client.
  expect(answers[0]).toContain('text/plain');
  await page.screenshot({ path: 'test-results/screenshots/about-us.png', fullPage: true });
});

test('client routes fall back to the app and unknown ones show the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page?data=%7B%22a%22%3A1%7D');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('您访问的页面不存在或暂未开放')).toBeVisible();
});

test('hashed assets are immutable, index.html is revalidated', async ({ request }) => {
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const js = await request.get(asset!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(js.headers()['cache-control']).toContain('immutable');
  expect(js.headers()['content-encoding']).toBe('br');
});
