import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { type Account, buyCoins, freshPhone, openPage, popupSeen, register, shoot, signInStorage, verifyAdult, watchConsole, wireCall } from './wire.ts';

/**
 * The rewards' paths across their parts (tasks, coin store, invitations, withdrawals), at 375×812
 * against the real server: points earned by tasks
 * the server counted (real name, a sandbox top-up) are spent in /coinstore and recorded in
 * /sealrecord; an invitee's top-up becomes the inviter's income, which the inviter withdraws, and
 * a finance session in the staff console approves and pays it — the player sees 已到账 and the
 * message. Each part's own spec covers its details (tasks, coin-store, invite, withdrawals).
 */

const task = (page: import('@playwright/test').Page, code: string) => page.getByTestId(`task-${code}`);

async function claimOnPage(page: import('@playwright/test').Page, code: string) {
  const row = task(page, code);
  await expect(row).toHaveAttribute('data-state', 'claimable');
  await row.getByRole('button', { name: '领取' }).click();
  await expect(row).toHaveAttribute('data-state', 'claimed');
}

test('points from real events: 实名认证 and 首次充值 and 充值任意金额 claimed, a gift code redeemed in /coinstore, in /sealrecord', async ({ page, baseURL }) => {
  const base = baseURL!;
  const errors = watchConsole(page);
  const player = await register(base);
  await popupSeen(base, player);
  await verifyAdult(base, player);
  await buyCoins(base, player, 600);
  await signInStorage(page, player);

  await openPage(page, '/rookiemission');
  await claimOnPage(page, 'novice_real_name');
  await claimOnPage(page, 'novice_recharge');
  await openPage(page, '/dailymission');
  await claimOnPage(page, 'daily_recharge');
  await expect(page.getByTestId('points-balance')).toHaveText('120');

  const list = (await wireCall(base, '/api/store/getStoreItems', {}, player)).data.list as { kind: string; title: string; points_price: number; state: string }[];
  const gift = list.find((item) => item.kind === 'gift_code' && item.points_price <= 120 && item.state === 'available');
  expect(gift, 'a gift-code item the player can afford').toBeTruthy();
  await openPage(page, '/coinstore');
  const item = page.getByRole('listitem', { name: gift!.title });
  await item.getByRole('button', { name: '兑换', exact: true }).click();
  await page.getByRole('dialog', { name: '确认兑换' }).getByRole('button', { name: '确认兑换' }).click();
  const done = page.getByRole('dialog', { name: '兑换成功' });
  await expect(done).toContainText(`兑换成功，消耗 ${gift!.points_price} 积分，剩余 ${120 - gift!.points_price}`);
  await expect(done.getByTestId('store-gift-code')).not.toBeEmpty();
  await shoot(page, 'rewards-flow-redeemed');

  await openPage(page, '/sealrecord');
  await expect(page.getByTestId('redeem-record').filter({ hasText: gift!.title })).toHaveCount(1);
  const record = (await wireCall(base, '/api/user/pointRecord', { page: 1, limit: 10 }, player)).data.list as { amount: number }[];
  expect(record.map((entry) => entry.amount)).toContain(-gift!.points_price);
  // 我的 shows the same ledger balance.
  await openPage(page, '/mine');
  await expect(page.getByRole('region', { name: '我的资产' }).locator('.mine__asset').filter({ hasText: '积分' }).locator('strong')).toHaveText(String(120 - gift!.points_price));
  expect(errors).toEqual([]);
});

test("an invitee's top-up becomes income; the inviter withdraws it; finance approves and pays it in the console", async ({ page, browser, baseURL }) => {
  const base = baseURL!;
  const errors = watchConsole(page, [], 'player: ');
  const inviter: Account = await register(base);
  await popupSeen(base, inviter);
  await verifyAdult(base, inviter, '李四');
  const code = (await wireCall(base, '/api/user/getInviteInfo', {}, inviter)).data.code as string;

  // The invitee registers with the code and buys ¥200 of 乐玩币: 5 % is ¥10, the minimum withdrawal.
  const phone = freshPhone('135');
  expect(await wireCall(base, '/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
  const sms = ((await (await fetch(`${base}/dev/sms/${phone}`)).json()) as { code: string }).code;
  const registered = await wireCall(base, '/api/login/trendRegister', { account: phone, phone_code: sms, agree_agreement: 1, invite_code: code });
  expect(registered.code).toBe(200);
  expect(registered.data.invite).toMatchObject({ bound: true });
  const invitee = { token: registered.data.token as string, uuid: registered.data.user_uuid as string };
  await verifyAdult(base, invitee, '王五');
  await buyCoins(base, invitee, 20_000);

  await signInStorage(page, inviter);
  await openPage(page, '/incomedetail');
  await expect(page.getByTestId('income-balance')).toHaveText('10.00');
  await page.getByRole('link', { name: '提现' }).click();
  await expect(page).toHaveURL(/\/incomewithdrawal/);
  await expect(page.getByTestId('available-income')).toContainText('10.00');
  await page.getByRole('radio', { name: /收益/ }).click();
  await page.getByRole('button', { name: '全部' }).click();
  await page.locator('input[name="alipay_account"]').fill('lisi@example.com');
  await page.locator('input[name="payee_name"]').fill('李四');
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByRole('region', { name: '提交成功' })).toBeVisible();
  await openPage(page, '/incomewithdrawals');
  const row = page.locator('[data-testid^="withdrawal-"]').first();
  await expect(row).toContainText('¥10.00');
  await expect(row).toContainText('审核中');
  await shoot(page, 'rewards-flow-withdrawal-submitted');

  // Finance, in its own browser: 通过, then 标记已打款 with the payout reference.
  const staffContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const desk = await staffContext.newPage();
  watchConsole(desk, errors, 'staff: ');
  await staffSession(desk, 'finance');
  await desk.goto('/staff/withdrawals');
  const pending = desk.getByTestId('withdrawal-row').filter({ hasText: 'lisi@' });
  await pending.getByRole('button', { name: '通过' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await desk.getByRole('radiogroup', { name: '状态' }).getByText(/已通过/).click();
  await desk.getByTestId('withdrawal-row').filter({ hasText: 'lisi@' }).getByRole('button', { name: '标记已打款' }).click();
  await desk.locator('input[name="payout_ref"]').fill('2026112622001400001');
  await desk.getByRole('button', { name: '确认已打款' }).click();
  await desk.getByRole('radiogroup', { name: '状态' }).getByText(/已到账/).click();
  await expect(desk.getByTestId('withdrawal-row').filter({ hasText: 'lisi@' })).toContainText('2026112622001400001');
  await staffContext.close();

  await openPage(page, '/incomewithdrawals');
  await expect(page.locator('[data-testid^="withdrawal-"]').first()).toContainText('已到账');
  await openPage(page, '/incomedetail');
  await expect(page.getByTestId('income-balance')).toHaveText('0.00');
  const inbox = (await wireCall(base, '/api/user/getMessageList', { kind: 'system', page: 1, limit: 10 }, inviter)).data.list as { title: string }[];
  expect(inbox.map((message) => message.title).join('|')).toMatch(/到账/);
  await shoot(page, 'rewards-flow-withdrawal-paid');
  expect(errors).toEqual([]);
});
