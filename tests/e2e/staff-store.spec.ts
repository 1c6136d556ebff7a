import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { shoot, wireCall } from './wire.ts';

/**
 * 积分商城 in the staff console at 1280×800: an operator creates a 乐玩币 item with 总库存 1 and the
 * players' store lists it at once; an agent is not offered the module and every store call answers 403.
 */

test.setTimeout(90_000);

const STORE_CALLS: Array<[string, Record<string, unknown>]> = [
  ['/staff/api/store/list', {}],
  ['/staff/api/store/save', { kind: 'coins', coins_cents: 100, title: 'x', points_price: 1, total: 1, per_user_limit: 0, sort: 0 }],
  ['/staff/api/store/setShelf', { id: 1, on: '0' }],
];

test('an operator creates an item with stock 1 and the players’ store lists it; an agent is refused', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const title = `运营商品${String(Date.now() % 100_000)}`;

  await staffSession(page, 'operator');
  await page.goto('/staff/store');
  await expect(page.getByRole('heading', { name: '积分商城' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: '新建商品' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('乐玩币').fill('2');
  await form.getByLabel('商品名称').fill(title);
  await form.getByLabel('总库存').fill('1');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('商品已创建')).toBeVisible();
  await shoot(page, 'staff-store');
  await expect(page.getByTestId('store-row').filter({ hasText: title }).getByTestId('store-stock')).toHaveText('1 / 0 / 1');

  const store = await wireCall(baseURL!, '/api/store/getStoreItems', {});
  expect((store.data.list as Array<{ title: string; stock: number; coins_cents: number }>).find((i) => i.title === title)).toMatchObject({ stock: 1, coins_cents: 200 });

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const agentPage = await other.newPage();
  const { csrf } = await staffSession(agentPage, 'agent');
  await agentPage.goto('/staff/store');
  await expect(agentPage.getByText('页面不存在或无权访问')).toBeVisible();
  for (const [path, data] of STORE_CALLS) {
    const answer = (await (await agentPage.request.post(path, { data, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
    expect(answer.code, path).toBe(403);
  }
  await other.close();

  expect(errors).toEqual([]);
});
