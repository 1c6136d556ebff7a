import { expect, test } from './fixtures/test.ts';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { WITHDRAW_MSG } from '../../api/protocol/withdraw-rules.ts';
import { staffSession } from './staff.ts';
import { appRendered, openPage, register, signInStorage, watchConsole, wireCall, popupSeen } from './wire.ts';

/**
 * Withdrawals at 375×812: /incomewithdrawal, /incomewithdrawals and
 * /moneyinstruction render signed out and signed in (never 页面暂未开放, no console error); a
 * player without real name is sent to the real-name form; a verified adult's form checks the
 * amount against what 收益 holds (and says why 余额 has nothing withdrawable); the 收益说明 text
 * states the withdrawal rules; a finance session opens 提现审核 in the staff console. (The whole
 * invite → income → withdraw → approve → paid path is added once the invitation income exists.)
 */

const ROUTES = ['/incomewithdrawal', '/incomewithdrawals', '/moneyinstruction'];

function adultId(): string {
  const first17 = `11010519880808${String(Date.now() % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

test('signed out: the three routes render and offer the login; no console error', async ({ page }) => {
  const errors = watchConsole(page);
  for (const path of ROUTES) await openPage(page, path);
  await page.goto('/incomewithdrawal');
  await appRendered(page);
  await expect(page.getByText('登录后才能提现')).toBeVisible();
  await page.locator('.money-signin').getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', 'open');
  await openPage(page, '/incomewithdrawals');
  await expect(page.getByText('登录后查看提现记录')).toBeVisible();
  expect(errors).toEqual([]);
});

test('signed in: no real name → the prompt to verify; verified → the form, its checks, the records and 收益说明', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  // The seeded pop-up notice is claimed first: it would otherwise take the player to /noticedialog.
  await popupSeen(baseURL!, account);
  await signInStorage(page, account);
  const errors = watchConsole(page);

  await openPage(page, '/incomewithdrawal');
  await expect(page.getByText('提现前需要完成实名认证')).toBeVisible();
  await page.getByRole('link', { name: '去实名认证' }).click();
  await expect(page).toHaveURL(/\/realnamecertificateone/);

  expect(await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '王小明', id_card: adultId() }, account)).toMatchObject({ code: 1 });
  await openPage(page, '/incomewithdrawal');
  await expect(page.getByTestId('available-income')).toHaveText('¥0.00');
  await page.getByRole('radio', { name: /余额/ }).click();
  await expect(page.getByTestId('wallet-note')).toContainText('充值退回的款项不能提现');
  await page.getByRole('radio', { name: /收益/ }).click();
  await page.locator('input[name="amount"]').fill('5');
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByRole('alert').filter({ hasText: WITHDRAW_MSG.amountMin })).toBeVisible();
  await page.locator('input[name="amount"]').fill('20');
  await page.locator('input[name="alipay_account"]').fill('13800138000');
  await page.locator('input[name="payee_name"]').fill('王小明');
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByRole('alert').filter({ hasText: WITHDRAW_MSG.incomeShort })).toBeVisible();
  await expect(page.locator('form.withdraw-form')).toHaveAttribute('data-state', 'editing');

  await openPage(page, '/incomewithdrawals');
  await expect(page.getByText('暂无提现记录')).toBeVisible();
  await openPage(page, '/moneyinstruction');
  await expect(page.getByText('钱包与收益说明')).toBeVisible();
  await expect(page.getByText(/单笔不少于10元/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('staff: a finance session opens 提现审核', async ({ page }) => {
  const errors = watchConsole(page);
  await staffSession(page, 'finance');
  await page.goto('/staff/withdrawals');
  await expect(page.getByRole('radiogroup', { name: '状态' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /审核中/ })).toBeChecked();
  await expect(page.getByText('暂无审核中的提现申请').or(page.getByTestId('withdrawal-row').first())).toBeVisible();
  // antd's radio is a hidden input inside its label: the label is what is clicked.
  await page.getByRole('radiogroup', { name: '状态' }).getByText(/已到账/).click();
  await expect(page.getByRole('radio', { name: /已到账/ })).toBeChecked();
  expect(errors).toEqual([]);
});
