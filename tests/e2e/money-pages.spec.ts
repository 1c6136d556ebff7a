import { expect, test } from './fixtures/test.ts';
import { randomUUID } from 'node:crypto';
import { formatYuan } from '../../api/protocol/money.ts';
import { type Account, at, openPage, register, shoot, signInStorage, verifyAdult, watchConsole, wireCall } from './wire.ts';

/**
 * Money, the display pages (E2E_PORT=8194): a player buys a 648省钱卡 through the sandbox cashier
 * (the order set up through the wire as the checkout would, the cashier driven as a player), claims
 * its first benefit on /myprivilege, and sees the coupons in /mycoupon, the records in /mywallet and
 * /rechargerecord; every money page renders real server data, never 页面暂未开放, no console error.
 */

async function order(baseURL: string, account: Account, payload: Record<string, unknown>) {
  const answer = await wireCall(baseURL, '/api/order/createOrder', { idempotency_key: randomUUID(), pay_method: 'provider', ...payload }, account);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data as { order_number: string; pay_url: string; status: string };
}

async function waitForStatus(baseURL: string, account: Account, orderNumber: string, statuses: string[]) {
  await expect
    .poll(async () => (await wireCall(baseURL, '/api/order/getOneOrder', { order_number: orderNumber }, account)).data?.status, { timeout: 15_000 })
    .toMatch(new RegExp(`^(${statuses.join('|')})$`));
}

test('buy a 648省钱卡 through the cashier, claim its first benefit, see coupons and records', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const account = await register(base);
  await verifyAdult(base, account);
  const cards = await wireCall(base, '/api/card/getHotCard', { page: 1, limit: 20 });
  const saver = (cards.data.list as { id: number; name: string }[]).find((card) => card.name === '648省钱卡')!;
  expect(saver).toBeTruthy();

  // 乐玩币 bought through the cashier by HTTP (a 收入 record), the card through the cashier page.
  const coins = await order(base, account, { kind: 'coins', amount_cents: 600 });
  expect((await fetch(`${base}${coins.pay_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  await waitForStatus(base, account, coins.order_number, ['paid', 'delivered']);
  const card = await order(base, account, { kind: 'card', card_id: saver.id });

  const errors = watchConsole(page);
  await page.goto(card.pay_url);
  await expect(page.getByText('沙箱收银台').first()).toBeVisible();
  await shoot(page, 'money-pages-cashier');
  await page.getByRole('button', { name: '支付' }).click();
  await waitForStatus(base, account, card.order_number, ['paid', 'delivered']);
  // An order left open, to be cancelled from 充值记录.
  const open6 = await order(base, account, { kind: 'coins', amount_cents: 600 });

  await signInStorage(page, account);
  // /carddetail: the owned card, 续费 goes to the card checkout.
  await openPage(page, at('/carddetail', { id: saver.id }));
  await expect(page.getByRole('heading', { name: '648省钱卡' })).toBeVisible();
  await expect(page.getByTestId('card-price')).toContainText('¥30.00');
  await expect(page.getByText(/^已开通，有效期至 \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '续费 ¥30.00' })).toBeVisible();
  await shoot(page, 'money-pages-carddetail');

  // /myprivilege: claim today's coupon.
  await openPage(page, '/myprivilege');
  await expect(page.getByText('会员特权生效中')).toBeVisible();
  const privilege = page.locator('.privilege-card', { hasText: '648省钱卡' });
  await expect(privilege.getByText('每日领取')).toBeVisible();
  await shoot(page, 'money-pages-myprivilege');
  await privilege.getByRole('button', { name: '领取' }).click();
  await expect(privilege.getByText('今日已领取')).toBeVisible();
  await shoot(page, 'money-pages-myprivilege-claimed');

  // /mycoupon: the opening pack and today's coupon, from the card.
  await openPage(page, '/mycoupon');
  await expect(page.getByText('省钱卡每日6元无门槛券')).toBeVisible();
  await expect(page.getByText('省钱卡300元券')).toBeVisible();
  await expect(page.getByText('会员卡赠送').first()).toBeVisible();
  await shoot(page, 'money-pages-mycoupon');
  await page.getByRole('tab', { name: '等级券' }).click();
  await expect(page.getByRole('region', { name: '我的等级' })).toBeVisible();
  await shoot(page, 'money-pages-mycoupon-level');

  // /mywallet: the ledger's balances and the 乐玩币 bought.
  await openPage(page, '/mywallet');
  // 6 币 bought, plus the first-recharge bonus the order recorded.
  const bonus = (await wireCall(base, '/api/order/getOneOrder', { order_number: coins.order_number }, account)).data.bonus_cents as number;
  await expect(page.getByTestId('coins-balance')).toHaveText(formatYuan(600 + bonus));
  await expect(page.getByTestId('wallet-balance')).toHaveText('0.00');
  await expect(page.getByRole('list', { name: '收入记录' }).getByText('+6.00')).toBeVisible();
  await expect(page.getByText(`订单号 ${coins.order_number}`).first()).toBeVisible();
  await shoot(page, 'money-pages-mywallet');
  await page.getByRole('tab', { name: '支出记录' }).click();
  await expect(page.getByText('暂无支出记录')).toBeVisible();

  // /rechargerecord: three orders; the open one is cancelled after a confirm.
  await openPage(page, '/rechargerecord');
  const cardRow = page.getByTestId(`order-${card.order_number}`);
  await expect(cardRow.getByText('648省钱卡')).toBeVisible();
  await expect(cardRow.getByText('实付 ¥30.00')).toBeVisible();
  const openRow = page.getByTestId(`order-${open6.order_number}`);
  await expect(openRow.getByText(/^(待支付|支付中)$/)).toBeVisible();
  await expect(openRow.getByRole('button', { name: '去支付' })).toBeVisible();
  await shoot(page, 'money-pages-rechargerecord');
  await openRow.getByRole('button', { name: '取消订单' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
  await expect(openRow.getByRole('button', { name: '去支付' })).toHaveCount(0);
  await page.getByRole('tab', { name: '已关闭' }).click();
  await expect(page.getByTestId(`order-${open6.order_number}`)).toBeVisible();
  await shoot(page, 'money-pages-rechargerecord-closed');

  // The other pages: real data, no 页面暂未开放.
  await openPage(page, '/otherpage');
  await expect(page.getByRole('list', { name: '热门会员卡' }).getByText('648省钱卡')).toBeVisible();
  await shoot(page, 'money-pages-otherpage');
  await page.getByRole('list', { name: '热门会员卡' }).getByText('648省钱卡').click();
  await expect(page).toHaveURL(/\/carddetail\?data=/);
  await expect(page.getByRole('heading', { name: '648省钱卡' })).toBeVisible();

  await openPage(page, '/autosend');
  await expect(page.getByRole('list', { name: '自动发放记录' }).or(page.getByText('暂无自动发放的福利', { exact: false }))).toBeVisible();
  await shoot(page, 'money-pages-autosend');

  for (const [path, words] of [
    ['/topupguide', '充值指南'],
    ['/moneyinstruction', '钱包说明'],
    ['/couponinstruction', '优惠券说明'],
  ] as const) {
    await openPage(page, path);
    await expect(page.locator('.money-text')).toBeVisible();
    await expect(page.locator('.money-text p').first()).not.toBeEmpty();
    await shoot(page, `money-pages-${path.slice(1)}`);
    expect(words).toBeTruthy();
  }

  await openPage(page, '/mine');
  await expect(page.getByRole('link', { name: '我的特权' })).toBeVisible();
  await page.getByRole('link', { name: '我的特权' }).scrollIntoViewIfNeeded();
  await shoot(page, 'money-pages-mine');
  expect(errors).toEqual([]);
});

test('signed out: /myprivilege and /autosend offer the login, /carddetail and /otherpage show the cards', async ({ page }) => {
  const errors = watchConsole(page);
  await openPage(page, '/myprivilege');
  await expect(page.getByText('登录后查看会员卡特权')).toBeVisible();
  await openPage(page, '/autosend');
  await expect(page.getByText('登录后查看自动发放的福利')).toBeVisible();
  await openPage(page, '/otherpage');
  await expect(page.getByRole('list', { name: '热门会员卡' })).toBeVisible();
  await openPage(page, at('/carddetail', { id: 'nope' }));
  await expect(page.getByText('会员卡不存在')).toBeVisible();
  await shoot(page, 'money-pages-carddetail-missing');
  expect(errors).toEqual([]);
});
