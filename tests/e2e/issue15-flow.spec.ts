import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import { feeOf, netOf, TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { itemOnSomePage, staffSession } from './staff.ts';
import { at, openPage, registerAdult, shoot, signInStorage, watchConsole, wireCall } from './wire.ts';

/**
 * 小号交易's whole path across its parts, at 375×812 against the real server, three people in
 * three browser contexts: a seller lists a sub-account (the test build's makeTestSubAccount
 * fixture) with two screenshots and a 二级密码 through the seller's pages; a reviewer approves it in
 * the staff console; a buyer finds it by search from /circle, buys it through the sandbox cashier
 * and sees the role details and the 二级密码; the seller sees the proceeds 待入账, skips the
 * cooling-off with /ceshiyemian (the server releases them with a simulated clock: the job's code at
 * release_at + 1 ms) and sees them 已到账, withdrawable, with the message. Each part's own spec
 * covers its details (trade-sell, trade-staff, trade-buy).
 */

const SCREENSHOT = readFileSync(path.join(import.meta.dirname, 'fixtures', 'feedback-screenshot.png'));
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' };


async function phonePage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: base });
  return context.newPage();
}


test('listed with screenshots → approved in the console → found in /circle → bought through the sandbox cashier → proceeds released after the cooling-off', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const title = `流程测试满级账号${String(Date.now() % 1_000_000)}`;
  const price = 8_800;
  const password = 'Flow-2026';

  // ---- The seller lists it ----
  const seller = await registerAdult(base, '周九');
  const made = await wireCall(base, '/api/trade/makeTestSubAccount', {}, seller);
  expect(made.code, made.msg).toBe(1);
  const sub = made.data.sub_account as { id: number; name: string; roles: { server_name: string; role_name: string }[] };
  const role = sub.roles[0] ?? { server_name: '1服', role_name: '剑客' };
  await signInStorage(page, seller);
  const sellerErrors = watchConsole(page, [], 'seller');

  await openPage(page, '/submitapplication');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '开始出售' }).click();
  await expect(page).toHaveURL(/\/selectgameplotform/);
  // The fixture's sub-account is on 乐玩BT (README "First steps" names it).
  await page.getByRole('link', { name: '乐玩BT' }).click();
  await page.getByRole('link', { name: `出售 ${sub.name}` }).click();
  await expect(page).toHaveURL(/\/sellgoodsinfo/);
  await page.getByTestId('screenshot-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: SCREENSHOT },
    { name: 'two.png', mimeType: 'image/png', buffer: SCREENSHOT },
  ]);
  await expect(page.locator('li.ts-image[data-stage="uploaded"]')).toHaveCount(2);
  await page.locator('input[name="title"]').fill(title);
  await page.locator('input[name="server_name"]').fill(role.server_name);
  await page.locator('input[name="role_name"]').fill(role.role_name);
  await page.locator('textarea[name="description"]').fill('满级角色，全身橙装，坐骑齐全');
  await page.getByRole('radiogroup', { name: '二级密码' }).getByRole('radio', { name: '设置', exact: true }).click();
  await page.locator('input[name="second_password"]').fill(password);
  await page.locator('input[name="price"]').fill(String(price / 100));
  await expect(page.getByTestId('price-line')).toContainText(`到手金额 ¥${formatYuan(netOf(price))}`);
  await page.getByRole('button', { name: '提交审核' }).click();
  const sheet = page.getByRole('dialog', { name: '确认出售' });
  await expect(sheet.getByTestId('confirm-net')).toHaveText(`¥${formatYuan(netOf(price))}`);
  await sheet.getByRole('button', { name: '确认提交' }).click();
  await expect(page).toHaveURL(/\/successview/);
  await expect(page.getByText('已提交审核')).toBeVisible();

  // ---- A reviewer approves it in the staff console ----
  const staff = await phonePage(browser, base);
  const staffErrors = watchConsole(staff, [], 'reviewer');
  await staffSession(staff, 'reviewer');
  await staff.goto('/staff/trading');
  const item = await itemOnSomePage(staff, 'listing-item', title);
  await expect(item.getByTestId('listing-figures')).toHaveText(`¥${formatYuan(price)} 手续费 ¥${formatYuan(feeOf(price))} · 卖家实得 ¥${formatYuan(netOf(price))}`);
  await expect(item.getByRole('button', { name: /查看截图/ })).toHaveCount(2);
  await item.getByRole('button', { name: '通过' }).click();
  const confirm = staff.getByRole('dialog').filter({ has: staff.getByRole('button', { name: '确定' }) });
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(staff.getByText(TRADE_MSG.approved)).toBeVisible();
  await shoot(staff, 'trade-flow-approved');

  // ---- A buyer finds it from /circle and buys it through the sandbox cashier ----
  const buyer = await registerAdult(base, '吴十');
  const shopper = await phonePage(browser, base);
  await signInStorage(shopper, buyer);
  const buyerErrors = watchConsole(shopper, [], 'buyer');
  await openPage(shopper, '/circle');
  await shopper.getByRole('link', { name: '搜索账号' }).click();
  await expect(shopper).toHaveURL(/\/circlesearching/);
  await shopper.getByRole('searchbox', { name: '搜索关键词' }).fill(title);
  await shopper.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(shopper).toHaveURL(/\/circleresult/);
  await shopper.getByRole('link', { name: title }).first().click();
  await expect(shopper).toHaveURL(/\/wantpay/);
  await expect(shopper.getByRole('heading', { name: title })).toBeVisible();
  await shopper.getByRole('button', { name: '立即购买' }).click();
  await shopper.getByRole('dialog', { name: '确认购买' }).getByRole('button', { name: '确认购买' }).click();
  await expect(shopper).toHaveURL(/\/orderpay/);
  await shopper.getByRole('button', { name: '去支付' }).click();
  await shopper.getByRole('button', { name: '支付', exact: true }).click();
  await expect(shopper).toHaveURL(/\/tradingsuccess/, { timeout: 20_000 });
  await expect(shopper.getByRole('heading', { name: '交易成功' })).toBeVisible();
  const details = shopper.getByRole('region', { name: '账号信息' });
  await expect(details).toContainText(role.server_name);
  await expect(details).toContainText(role.role_name);
  await expect(shopper.getByTestId('second-password')).toHaveText(password);
  await shoot(shopper, 'trade-flow-bought');
  const tradeId = (await shopper.getByTestId('trade-id').first().textContent())!.trim();
  // The sub-account is the buyer's now.
  const games = await wireCall(base, '/api/trade/getSellGames', {}, buyer);
  const owned = (games.data.platforms as { games: { sub_accounts: { id: number; reason: string }[] }[] }[]).flatMap((p) => p.games.flatMap((g) => g.sub_accounts));
  expect(owned.find((s) => s.id === sub.id)?.reason).toBe(TRADE_MSG.inTrade);

  // ---- The seller: 待入账, then the cooling-off skipped, 已到账 ----
  await openPage(page, '/traderecord');
  await page.getByRole('tab', { name: '已出售' }).click();
  await page.getByRole('button', { name: title }).click();
  await expect(page).toHaveURL(/\/tradingsuccess/);
  await expect(page.getByRole('heading', { name: '待入账' })).toBeVisible();
  await expect(page.getByTestId('seller-net')).toHaveText(`¥${formatYuan(netOf(price))}`);
  expect((await wireCall(base, '/api/user/getWithdrawInfo', {}, seller)).data.wallet_withdrawable_cents).toBe(0);

  await openPage(page, '/ceshiyemian');
  await page.getByRole('textbox', { name: '交易ID' }).fill(tradeId);
  await page.getByRole('button', { name: '跳过冷静期' }).click();
  await expect(page.getByRole('status', { name: '冷静期结果' }).getByText('交易完成')).toBeVisible();
  await openPage(page, at('/tradingsuccess', { trade_id: Number(tradeId) }));
  await expect(page.getByRole('heading', { name: '已到账' })).toBeVisible();
  await shoot(page, 'trade-flow-released');
  const info = (await wireCall(base, '/api/user/getWithdrawInfo', {}, seller)).data as { wallet_cents: number; wallet_withdrawable_cents: number };
  expect(info).toMatchObject({ wallet_cents: netOf(price), wallet_withdrawable_cents: netOf(price) });
  await openPage(page, '/infotrading');
  await expect(page.getByText('交易款已到账').first()).toBeVisible();
  // … and under 账号出售, where the seller follows the sale.
  await openPage(page, '/infoaccountsell');
  await expect(page.getByText('货款已到账').first()).toBeVisible();
  await shoot(page, 'trade-flow-seller-message');

  expect([...sellerErrors, ...staffErrors, ...buyerErrors]).toEqual([]);
});
