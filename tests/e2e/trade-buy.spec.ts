import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { at, appRendered, NOT_OPEN, openPage, registerAdult, shoot, signInStorage, watchConsole, wireCall } from './wire.ts';

/**
 * 小号交易, the buyer's pages (E2E_PORT=8192) at 375×812 against the real server: every
 * route of the slice signed out and signed in (the protected ones open the login popup; none shows
 * 页面暂未开放; no console error); the /circle feed shows the seeded listings, filtered by game and
 * found by search; an adult buyer buys a seeded listing through the sandbox cashier, sees the role
 * on /tradingsuccess and the purchase under 已购买 on /traderecord, then skips its cooling-off on
 * /ceshiyemian (the test build's fixture) and sees 交易完成.
 */

/** The slice's routes; `protected` ones are on SPEC §2's needs-login list. */
const ROUTES: { url: string; protected: boolean }[] = [
  { url: '/circlesearching', protected: false },
  { url: at('/circleresult', { keyword: '账号' }), protected: false },
  { url: '/selectgame', protected: true },
  { url: at('/wantpay', { listing_id: 1 }), protected: true },
  { url: at('/orderpay', { order_number: 'T0000000000' }), protected: true },
  { url: at('/tradingsuccess', { trade_id: 1 }), protected: false },
  { url: '/traderecord', protected: true },
  { url: '/tradeinstruction', protected: true },
  { url: '/ceshiyemian', protected: false },
];

interface Card {
  id: number;
  title: string;
  game_id: number;
  game_name: string;
  status: string;
}

async function onSaleListings(baseURL: string): Promise<Card[]> {
  const answer = await wireCall(baseURL, '/api/trade/getListings', { page: 1, limit: 50 });
  expect(answer.code, answer.msg).toBe(1);
  return (answer.data.list as Card[]).filter((card) => card.status === 'on_sale');
}


const routeView = (page: Page, path: string) => page.locator(`.route-view[data-route="${path}"]`);

test('signed out: every buyer route renders; the protected ones open the login popup; no console error', async ({ page }) => {
  const errors = watchConsole(page);
  for (const route of ROUTES) {
    await page.goto(route.url);
    await appRendered(page);
    await expect(page.getByText(NOT_OPEN), route.url).toHaveCount(0);
    if (route.protected) await expect(page.getByTestId('login-overlay'), route.url).toHaveAttribute('data-state', 'open');
  }
  // The test build shows the fixtures (production would show the not-open treatment): signed out, they offer the login.
  await openPage(page, '/ceshiyemian');
  await expect(page.getByText('登录后使用测试功能')).toBeVisible();
  await openPage(page, at('/tradingsuccess', { trade_id: 1 }));
  await expect(page.getByText('登录后查看交易详情')).toBeVisible();
  expect(errors).toEqual([]);
});

test('signed in: every buyer route renders its page, never 页面暂未开放; no console error', async ({ page, baseURL }) => {
  const account = await registerAdult(baseURL!);
  await signInStorage(page, account);
  const errors = watchConsole(page);
  for (const route of ROUTES) {
    await openPage(page, route.url);
    await expect(routeView(page, route.url.split('?')[0]!)).toBeAttached();
    await expect(page.locator('[data-testid="login-overlay"][data-state="open"]'), route.url).toHaveCount(0);
  }
  await openPage(page, '/ceshiyemian');
  await page.getByRole('button', { name: '生成可出售小号' }).click();
  const made = page.getByRole('status', { name: '生成结果' });
  await expect(made).toBeVisible();
  await expect(made.getByText('可出售')).toBeVisible();
  await shoot(page, 'trade-buy-ceshiyemian');
  await openPage(page, '/tradeinstruction');
  await expect(page.getByRole('article')).toContainText(/./);
  await shoot(page, 'trade-buy-tradeinstruction');
  expect(errors).toEqual([]);
});

test('/circle: the seeded listings, filtered by game (/selectgame) and found by search (/circleresult)', async ({ page, baseURL }) => {
  // /selectgame is on the needs-login list: a signed-in player filters.
  await signInStorage(page, await registerAdult(baseURL!));
  const errors = watchConsole(page);
  const listings = await onSaleListings(baseURL!);
  expect(listings.length, 'the seed has listings on sale').toBeGreaterThan(0);
  const target = listings[0]!;
  await openPage(page, '/circle');
  await expect(page.getByRole('heading', { name: '账号交易' })).toBeVisible();
  await page.getByRole('heading', { name: '账号交易' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: target.title }).first()).toBeVisible();
  await shoot(page, 'trade-buy-circle-feed');

  await page.getByRole('button', { name: '全部游戏' }).click();
  await expect(page).toHaveURL(/\/selectgame/);
  await page.getByRole('button', { name: new RegExp(target.game_name) }).click();
  await expect(page).toHaveURL(/\/circle(\?|$)/);
  await expect(page.getByRole('button', { name: target.game_name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.locator('.listing-row');
  await expect(rows.first()).toBeVisible();
  // Every row shown is of that game (the first meta line is "game · 区服").
  const games = await rows.evaluateAll((elements) => elements.map((element) => element.querySelector('.listing-row__meta')?.textContent ?? ''));
  for (const line of games) expect(line).toContain(target.game_name);

  await page.getByRole('link', { name: '搜索账号' }).click();
  await expect(page).toHaveURL(/\/circlesearching/);
  const keyword = Array.from(target.title).slice(0, 4).join('');
  await page.getByRole('searchbox', { name: '搜索关键词' }).fill(keyword);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/circleresult/);
  await expect(page.getByRole('link', { name: target.title }).first()).toBeVisible();
  await shoot(page, 'trade-buy-circleresult');
  expect(errors).toEqual([]);
});

test('a buyer buys a seeded listing through the sandbox cashier, sees the role and the purchase under 已购买', async ({ page, baseURL }) => {
  const base = baseURL!;
  const buyer = await registerAdult(base);
  await signInStorage(page, buyer);
  const errors = watchConsole(page);
  const target = (await onSaleListings(base)).at(-1)!;

  await openPage(page, at('/wantpay', { listing_id: target.id }));
  await expect(page.getByRole('heading', { name: target.title })).toBeVisible();
  await shoot(page, 'trade-buy-wantpay');
  await page.getByRole('button', { name: '立即购买' }).click();
  const sheet = page.getByRole('dialog', { name: '确认购买' });
  await expect(sheet.getByRole('radio', { name: /支付宝（沙箱）/ })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'trade-buy-confirm');
  await sheet.getByRole('button', { name: '确认购买' }).click();

  await expect(page).toHaveURL(/\/orderpay\?data=.*order_number/);
  await expect(page.getByRole('heading', { name: '等待支付' })).toBeVisible();
  await expect(page.getByTestId('order-countdown')).toHaveText(/^1[45]:\d\d$/);
  await shoot(page, 'trade-buy-orderpay');
  await page.getByRole('button', { name: '去支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付', exact: true }).click();

  await expect(page).toHaveURL(/\/tradingsuccess/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '交易成功' })).toBeVisible();
  const role = page.getByRole('region', { name: '账号信息' });
  await expect(role).toContainText(target.game_name);
  await expect(role.getByText('区服')).toBeVisible();
  await expect(role.getByText('角色')).toBeVisible();
  await expect(page.getByTestId('trade-status')).toHaveText('冷静期中');
  await shoot(page, 'trade-buy-tradingsuccess');
  const tradeId = (await page.getByTestId('trade-id').textContent())!.trim();

  await openPage(page, '/traderecord');
  await expect(page.getByRole('tab', { name: '已购买' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: target.title })).toBeVisible();
  await shoot(page, 'trade-buy-traderecord');
  // The listing is no longer on sale.
  expect((await onSaleListings(base)).some((card) => card.id === target.id)).toBe(false);

  // The test build's fixture: the cooling-off skipped, the trade is complete for the buyer too.
  await openPage(page, '/ceshiyemian');
  await page.getByRole('textbox', { name: '交易ID' }).fill(tradeId);
  await page.getByRole('button', { name: '跳过冷静期' }).click();
  await expect(page.getByRole('status', { name: '冷静期结果' }).getByText('交易完成')).toBeVisible();
  await page.getByRole('link', { name: '查看交易详情' }).click();
  await expect(page.getByTestId('trade-status')).toHaveText('交易完成');
  expect(errors).toEqual([]);
});
