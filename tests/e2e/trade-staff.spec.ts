import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { itemOnSomePage, staffSession } from './staff.ts';
import { buyApprovedListing, listForReview } from './trade.ts';
import { registerAdult, shoot, watchConsole, wireCall } from './wire.ts';

/**
 * The staff console's 账号交易 (docs/staff-console.md) against the real server at
 * 375×812: listings and a disputed trade are made through the players' API (a sellable
 * sub-account from the test build's fixture, real screenshots through the 'trade' upload, a
 * sandbox-cashier payment, the buyer's dispute); a reviewer approves one listing and rejects
 * another with a reason (the seller's own view follows); finance refunds a dispute (the buyer's
 * 余额 gets the price back, the trade reads 已退款); an agent has no such module and the server
 * refuses its calls. No console error on any page.
 */

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: '确定' }) });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a reviewer sees the queue with the facts and screenshots, approves one listing and rejects another with a reason', async ({ page, baseURL }) => {
  const base = baseURL!;
  const errors = watchConsole(page);
  const seller = await registerAdult(base, '赵六');
  const tag = String(Date.now() % 1_000_000);
  const goodTitle = `满级账号出售${tag}`;
  const badTitle = `低价小号转让${tag}`;
  const good = await listForReview(base, seller, goodTitle, 20_000);
  const bad = await listForReview(base, seller, badTitle, 800);

  const { csrf } = await staffSession(page, 'reviewer');
  // The disputes are finance's: the server refuses a reviewer's call, whatever the console shows.
  expect(((await (await page.request.post('/staff/api/trading/trades', { data: {}, headers: { 'x-csrf-token': csrf } })).json()) as { code: number }).code).toBe(403);
  await page.goto('/staff/trading');
  await expect(page.getByRole('heading', { name: '账号交易' })).toBeVisible();
  // A reviewer has the one tab: no tab list, no 交易纠纷.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '商品审核' })).toBeVisible();
  await expect(page.getByText('交易纠纷')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^审核中 \d+$/ })).toHaveAttribute('aria-checked', 'true');

  const item = await itemOnSomePage(page, 'listing-item', goodTitle);
  await expect(item).toContainText(seller.nickname);
  await expect(item).toContainText('已设置（付款后买家可见）');
  await expect(item.getByTestId('listing-figures')).toHaveText('¥200.00 手续费 ¥10.00 · 卖家实得 ¥190.00');
  await expect(item).toContainText('诚心出售');
  await expect(item).toContainText(/创建 \d+ 天/);
  const thumbs = item.getByRole('button', { name: /查看截图/ });
  await expect(thumbs).toHaveCount(2);
  // The screenshots load (the console's policy allows the media paths) and one opens large.
  await expect.poll(() => thumbs.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await thumbs.first().click();
  const viewer = page.getByRole('dialog', { name: '查看截图' });
  await expect(viewer).toBeVisible();
  await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  await shoot(page, 'trade-staff-screenshot');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await shoot(page, 'trade-staff-queue');

  await item.getByRole('button', { name: '通过' }).click();
  await confirmDialog(page);
  await expect(page.getByText(TRADE_MSG.approved)).toBeVisible();
  await expect(page.getByTestId('listing-item').filter({ hasText: goodTitle })).toHaveCount(0);

  const rejected = await itemOnSomePage(page, 'listing-item', badTitle);
  await rejected.getByRole('button', { name: '驳回' }).click();
  const form = page.getByRole('form', { name: `驳回商品 #${bad}` });
  await form.getByRole('button', { name: '确认驳回' }).click();
  await expect(form.getByRole('alert')).toHaveText(TRADE_MSG.reasonMissing);
  await form.locator('textarea[name="reason"]').fill('截图与描述不符，请补充角色面板截图');
  await form.getByRole('button', { name: '确认驳回' }).click();
  await expect(page.getByText(TRADE_MSG.rejected, { exact: true })).toBeVisible();
  await expect(page.getByTestId('listing-item').filter({ hasText: badTitle })).toHaveCount(0);

  await page.getByRole('radio', { name: /^审核未通过 \d+$/ }).click();
  await expect(await itemOnSomePage(page, 'listing-item', badTitle)).toContainText('截图与描述不符，请补充角色面板截图');
  await page.getByRole('radio', { name: /^出售中 \d+$/ }).click();
  const onSale = await itemOnSomePage(page, 'listing-item', goodTitle);
  await expect(onSale.getByRole('button', { name: '通过' })).toHaveCount(0);
  await shoot(page, 'trade-staff-on-sale');

  // What the seller sees follows the decisions.
  const mine = await wireCall(base, '/api/trade/getMyListing', { listing_id: good }, seller);
  expect(mine.data.status).toBe('on_sale');
  const back = await wireCall(base, '/api/trade/getMyListing', { listing_id: bad }, seller);
  expect(back.data).toMatchObject({ status: 'rejected', reject_reason: '截图与描述不符，请补充角色面板截图' });
  expect(errors).toEqual([]);
});

test('finance sees the disputes with the reason and refunds one: the buyer gets the price back in 余额', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const errors = watchConsole(page);
  const seller = await registerAdult(base, '钱七');
  const buyer = await registerAdult(base, '孙八');
  const title = `纠纷测试账号${Date.now() % 1_000_000}`;
  const listingId = await listForReview(base, seller, title, 12_000);

  // A reviewer (its own browser context) approves it through the console's API.
  const reviewerContext = await browser.newContext({ baseURL: base });
  const reviewer = await reviewerContext.newPage();
  const { csrf } = await staffSession(reviewer, 'reviewer');
  const approved = (await (await reviewer.request.post('/staff/api/trading/approve', { data: { id: listingId }, headers: { 'x-csrf-token': csrf } })).json()) as { code: number; msg: string };
  expect(approved.code, approved.msg).toBe(1);
  await reviewerContext.close();

  // The buyer pays through the sandbox cashier, then opens a dispute in the cooling-off period.
  const walletBefore = (await wireCall(base, '/api/user/getMoney', {}, buyer)).data.wallet_cents as number;
  const tradeId = await buyApprovedListing(base, buyer, listingId);
  const disputed = await wireCall(base, '/api/trade/openDispute', { trade_id: tradeId, reason: '二级密码不对，登录不上' }, buyer);
  expect(disputed.code, disputed.msg).toBe(1);
  expect(disputed.data.status).toBe('disputed');

  const finance = await staffSession(page, 'finance');
  expect(((await (await page.request.post('/staff/api/trading/approve', { data: { id: listingId }, headers: { 'x-csrf-token': finance.csrf } })).json()) as { code: number }).code).toBe(403);
  await page.goto('/staff/trading');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '交易纠纷' })).toBeVisible();
  await expect(page.getByText('商品审核')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^纠纷处理中 \d+$/ })).toHaveAttribute('aria-checked', 'true');
  const item = await itemOnSomePage(page, 'trade-item', title);
  await expect(item.getByTestId('dispute-reason')).toContainText('二级密码不对，登录不上');
  await expect(item).toContainText(seller.nickname);
  await expect(item).toContainText(buyer.nickname);
  await expect(item.getByTestId('trade-figures')).toHaveText('¥120.00 手续费 ¥6.00 · 卖家实得 ¥114.00');
  await shoot(page, 'trade-staff-dispute');

  await item.getByRole('button', { name: '退款给买家' }).click();
  const form = page.getByRole('form', { name: `退款给买家 交易 #${tradeId}` });
  await form.getByRole('button', { name: '确认退款' }).click();
  await expect(form.getByRole('alert')).toHaveText(TRADE_MSG.reasonMissing);
  await form.locator('textarea[name="note"]').fill('卖家未提供正确的二级密码，退款');
  await form.getByRole('button', { name: '确认退款' }).click();
  await expect(page.getByRole('dialog')).toContainText(`退款 ¥120.00 给买家 ${buyer.nickname}`);
  await confirmDialog(page);
  await expect(page.getByText(TRADE_MSG.refunded)).toBeVisible();
  await expect(page.getByTestId('trade-item').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('radio', { name: /^已退款 \d+$/ }).click();
  const refunded = await itemOnSomePage(page, 'trade-item', title);
  await expect(refunded).toContainText('卖家未提供正确的二级密码，退款');
  await expect(refunded.getByRole('button', { name: '放款给卖家' })).toHaveCount(0);
  await shoot(page, 'trade-staff-refunded');

  const view = await wireCall(base, '/api/trade/getTrade', { trade_id: tradeId }, buyer);
  expect(view.data.status).toBe('refunded');
  expect((await wireCall(base, '/api/user/getMoney', {}, buyer)).data.wallet_cents).toBe(walletBefore + 12_000);
  expect(errors).toEqual([]);
});

test('an agent has no 账号交易: not in the nav, the address is refused, and so are the calls', async ({ page }) => {
  const errors = watchConsole(page);
  const { csrf } = await staffSession(page, 'agent');
  await page.goto('/staff/trading');
  await expect(page.getByRole('navigation', { name: '功能' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '功能' }).getByText('账号交易')).toHaveCount(0);
  await expect(page.getByText('页面不存在或无权访问')).toBeVisible();
  for (const path of ['/staff/api/trading/listings', '/staff/api/trading/trades']) {
    const answer = (await (await page.request.post(path, { data: {}, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
    expect(answer.code, path).toBe(403);
  }
  expect(errors).toEqual([]);
});

test('an admin has both tabs: 商品审核 and 交易纠纷', async ({ page }) => {
  const errors = watchConsole(page);
  await staffSession(page, 'admin');
  await page.goto('/staff/trading');
  const tabs = page.getByRole('tablist', { name: '账号交易' }).getByRole('tab');
  await expect(tabs).toHaveText(['商品审核', '交易纠纷']);
  await expect(page.getByRole('tabpanel', { name: '商品审核' }).getByRole('radio', { name: /^审核中 \d+$/ })).toHaveAttribute('aria-checked', 'true');
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: '交易纠纷' }).getByRole('radio', { name: /^纠纷处理中 \d+$/ })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'trade-staff-admin');
  expect(errors).toEqual([]);
});
