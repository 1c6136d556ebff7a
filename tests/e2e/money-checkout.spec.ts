import { expect, test } from './fixtures/test.ts';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { RATING_OFFER_DELAY_MS } from '../../machines/rating.constants.ts';
import { MINORS_MSG } from '../../server/minors.ts';
import { type Account, appRendered, at, register, shoot, signInStorage, watchConsole, wireCall } from './wire.ts';

/**
 * The checkout flows through the whole stack at 375×812: 乐玩币 bought at the sandbox
 * cashier (支付) and the balance seen; a game role topped up with a coupon and credited; a payment
 * cancelled at the cashier (取消) leaves the coupon free again; a minor refused above ¥50. No
 * console errors on the way.
 */


let idSeq = 100;
function idFor(birth: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${String(idSeq++).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** Today minus `years` (China time is close enough away from midnight for an age of 15 years and some months). */
function birthForAge(years: number): string {
  const now = new Date();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  birth.setUTCMonth(birth.getUTCMonth() - 3);
  return birth.toISOString().slice(0, 10);
}

/** A player of 30 with a verified real name (the minors' rules refuse unverified payments). */
async function adult(baseURL: string): Promise<Account> {
  const account = await register(baseURL);
  expect(await wireCall(baseURL, '/api/user/realNameAuth', { real_name: '张三', id_card: idFor(birthForAge(30)) }, account)).toMatchObject({ code: 1 });
  return account;
}

/** A game of the catalog with a coupon this player can claim and use on a top-up of `amount` fen. */
async function gameWithCoupon(baseURL: string, account: Account) {
  const games = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 30 })).data.list as { game_id: number; platform_game_id: number; name: string }[];
  for (const game of games) {
    const coupons = (await wireCall(baseURL, '/api/coupon/getCouponList', { game_id: game.game_id, type: 'normal', page: 1, limit: 50 }, account)).data;
    const list = (coupons?.list ?? []) as { coupon_id: number; remaining: number; received: boolean }[];
    for (const coupon of list) {
      if (coupon.remaining <= 0 || coupon.received) continue;
      const claimed = await wireCall(baseURL, '/api/coupon/receiveCoupon', { coupon_id: coupon.coupon_id }, account);
      if (claimed.code !== 1) continue;
      const checkout = (await wireCall(baseURL, '/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 64_800, platform_game_id: game.platform_game_id }, account)).data;
      const usable = checkout.usable as { id: number; name: string; amount_cents: number; threshold_cents: number }[];
      if (usable.length > 0) return { game, coupon: usable.find((c) => c.id === checkout.best_id) ?? usable[0]! };
    }
  }
  throw new Error('no game with a claimable coupon usable for a ¥648 top-up');
}

test('buy 乐玩币 through the sandbox cashier (支付) and see the balance', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const account = await adult(baseURL!);
  await signInStorage(page, account);
  await page.goto('/mylewancoin');
  await appRendered(page);
  await expect(page.getByTestId('coins-balance')).toHaveText('0.00');
  await page.getByRole('button', { name: /^30元/ }).click();
  await shoot(page, 'checkout-mylewancoin');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/\/rechargepay\?data=/);
  await expect(page.getByText('30乐玩币')).toBeVisible();
  await expect(page.getByRole('radio', { name: /支付宝（沙箱）/ })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'checkout-rechargepay-coins');
  await page.getByRole('button', { name: '立即支付' }).click();
  // The sandbox cashier (a page of the server), then back to /rechargepay with the order number.
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await shoot(page, 'checkout-sandbox-cashier');
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page).toHaveURL(/\/rechargepay\?data=.*order_number/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 15_000 });
  // 30 币 and, on the first recharge, its bonus.
  await expect(page.getByText(/乐玩币已到账 \+3\d\.\d\d/)).toBeVisible();
  await shoot(page, 'checkout-coins-paid');
  await page.getByRole('region', { name: '支付结果' }).getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/mylewancoin/);
  await expect(page.getByTestId('coins-balance')).not.toHaveText('0.00');
  const balance = Number(await page.getByTestId('coins-balance').textContent());
  expect(balance).toBeGreaterThanOrEqual(30);
  expect((await wireCall(baseURL!, '/api/user/getMoney', {}, account)).data.coins_cents).toBe(Math.round(balance * 100));
  expect(errors).toEqual([]);
});

test('top up a game role with a coupon and see the role credited; a cancelled payment frees the coupon', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const account = await adult(baseURL!);
  const { game, coupon } = await gameWithCoupon(baseURL!, account);
  await signInStorage(page, account);

  // /autorecharge → search the game → /autorechargehao: 添加小号 on a server, ¥648.
  await page.goto('/autorecharge');
  await appRendered(page);
  await expect(page.getByText(/还没有小号/)).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索游戏' }).fill(game.name);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(game.name) }).first().click();
  await expect(page).toHaveURL(/\/autorechargehao/);
  await page.getByRole('button', { name: '＋ 添加小号' }).click();
  await page.getByRole('button', { name: '创建小号' }).click();
  await expect(page.getByRole('radio', { name: /小号/ }).first()).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: /^648元/ }).click();
  await shoot(page, 'checkout-autorechargehao');
  await page.getByRole('button', { name: '下一步' }).click();

  // /rechargepay: the best coupon preselected; first a payment cancelled at the cashier.
  await expect(page).toHaveURL(/\/rechargepay/);
  const couponRow = page.getByRole('button', { name: /优惠券/ });
  await expect(couponRow).toContainText(coupon.name);
  await expect(page.getByText(`-¥${(coupon.amount_cents / 100).toFixed(2)}`).first()).toBeVisible();
  await shoot(page, 'checkout-rechargepay-game');
  // /selectcoupon shows it chosen, with 不使用优惠券; choosing it again goes back.
  await couponRow.click();
  await expect(page).toHaveURL(/\/selectcoupon/);
  await expect(page.getByTestId(`checkout-coupon-${coupon.id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '不使用优惠券' })).toBeVisible();
  await shoot(page, 'checkout-selectcoupon');
  await page.getByTestId(`checkout-coupon-${coupon.id}`).click();
  await expect(page).toHaveURL(/\/rechargepay/);
  await expect(page.getByRole('button', { name: /优惠券/ })).toContainText(coupon.name);

  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '取消', exact: true }).click();
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'checkout-cancelled');
  const free = (await wireCall(baseURL!, '/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 64_800, platform_game_id: game.platform_game_id }, account)).data;
  expect(free.usable.map((c: { id: number }) => c.id)).toContain(coupon.id);

  // Again, paid this time: 返回 leads to /autorecharge, where the game is now listed; the coupon is preselected again.
  await page.getByRole('region', { name: '支付结果' }).getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/autorecharge$/);
  await page.getByRole('button', { name: new RegExp(`${game.name}.*1个小号`) }).click();
  await expect(page.getByRole('radio', { name: /小号/ }).first()).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: /^648元/ }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/rechargepay/);
  await expect(page.getByRole('button', { name: /优惠券/ })).toContainText(coupon.name);
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByRole('heading', { name: '已到账' })).toBeVisible({ timeout: 20_000 });
  // The rating dialog for the top-up (RechargepingList): not over the receipt while it is read
  // (looked at once, the moment the receipt shows: the wait is RATING_OFFER_DELAY_MS), then over
  // it; leaving the page closes it (the entry stays pending for the next start).
  const rating = page.getByRole('dialog', { name: '游戏评价' });
  expect(await rating.count()).toBe(0);
  await expect(page.getByText(/已到账 ¥648\.00/)).toBeVisible();
  await expect(page.getByText(`-¥${(coupon.amount_cents / 100).toFixed(2)}`)).toBeVisible();
  await shoot(page, 'checkout-game-delivered');
  const pending = await page.evaluate(() => localStorage.getItem('RechargepingList'));
  expect(pending).toContain(game.name);
  await expect(rating).toBeVisible({ timeout: RATING_OFFER_DELAY_MS + 7_000 });
  await expect(rating.getByText(game.name)).toBeVisible();
  await shoot(page, 'checkout-game-rating');
  // (A history push the shell checks as a move: the open dialog covers the page's own buttons.)
  await page.evaluate(() => window.history.pushState(null, '', '/mycoupon'));
  await expect(page).toHaveURL(/\/mycoupon$/);
  await expect(rating).toHaveCount(0);

  // The role is credited: the simulated game's balance on /autorechargehao.
  await page.goto(at('/autorechargehao', { platform_game_id: game.platform_game_id }));
  await appRendered(page);
  await expect(page.getByText('已到账 ¥648.00')).toBeVisible();
  await shoot(page, 'checkout-role-credited');
  expect(errors).toEqual([]);
});

test('a minor (age 15) is refused above ¥50 with the rule’s message', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const account = await register(baseURL!);
  expect(await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '王小明', id_card: idFor(birthForAge(15)) }, account)).toMatchObject({ code: 1 });
  await signInStorage(page, account);
  await page.goto(at('/rechargepay', { kind: 'coins', amount_cents: 5_100 }));
  await appRendered(page);
  await expect(page.getByText('51乐玩币')).toBeVisible();
  await page.getByRole('button', { name: '立即支付' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: MINORS_MSG.payOnce8to16 });
  await expect(refusal).toBeVisible();
  await shoot(page, 'checkout-minor-refused');
  expect(errors).toEqual([]);
});

test('/loginrecharge asks a signed-out player to sign in; /firstrechargedialog offers the first recharge', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await page.goto(at('/loginrecharge', { platform_game_id: 1, amount_cents: 600 }));
  await appRendered(page);
  await expect(page.getByText('登录乐玩账号后即可为游戏角色充值')).toBeVisible();
  await shoot(page, 'checkout-loginrecharge-signed-out');
  const account = await adult(baseURL!);
  await signInStorage(page, account);
  await page.goto('/firstrechargedialog');
  await appRendered(page);
  await expect(page.getByRole('dialog', { name: '首充福利' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即首充' })).toBeVisible();
  await shoot(page, 'checkout-first-recharge');
  await expect.poll(async () => (await wireCall(baseURL!, '/api/user/getIsPromote', {}, account)).data.first_recharge.show_dialog).toBe(false);
  await page.getByRole('button', { name: '立即首充' }).click();
  await expect(page).toHaveURL(/\/mylewancoin/);
  await page.goto('/cardstrightrecharge');
  await appRendered(page);
  await expect(page.getByRole('heading', { name: '选择会员卡' })).toBeVisible();
  await shoot(page, 'checkout-cards');
  expect(errors).toEqual([]);
});

test('buy a 648省钱卡 on /cardstrightrecharge through the cashier', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const account = await adult(baseURL!);
  await signInStorage(page, account);
  await page.goto('/cardstrightrecharge');
  await appRendered(page);
  await page.getByRole('button', { name: /648省钱卡/ }).click();
  await expect(page.getByRole('region', { name: '卡内福利' })).toBeVisible();
  await shoot(page, 'checkout-card-offer');
  await page.getByRole('button', { name: '立即开通' }).click();
  await expect(page).toHaveURL(/\/rechargepay/);
  await expect(page.getByText('648省钱卡').first()).toBeVisible();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('648省钱卡 已开通')).toBeVisible();
  await shoot(page, 'checkout-card-paid');
  expect((await wireCall(baseURL!, '/api/user/isSubVip', {}, account)).data.is_vip).toBe(1);
  expect(errors).toEqual([]);
});
