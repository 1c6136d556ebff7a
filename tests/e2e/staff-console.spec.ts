import { expect, test } from './fixtures/test.ts';
import { totpCodeAt } from '../../server/staff/totp.ts';
import { devStaff, signInStaffApi, signInStaffPage } from './staff.ts';
import { shoot } from './wire.ts';

/**
 * The staff console through the whole stack: its own build at /staff, an admin
 * signing in with password + TOTP (computed here from the development account's secret), a wrong
 * code refused, an agent account created (password, secret and QR shown once), the creation in
 * the audit log, and the new agent signing in with what was shown. No console errors (the page
 * runs under the console's Content-Security-Policy).
 */
test.setTimeout(120_000);
// The console is a desktop tool (antd): it is used, and looked at, at 1280×800.
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
test.use(DESKTOP);

test('an admin signs in with password + TOTP, creates an agent, and sees it in the audit log', async ({ page, browser, baseURL }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const admin = devStaff('admin');

  const html = await page.request.get('/staff/');
  expect(html.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expect(page.getByRole('heading', { name: '乐玩游戏盒 · 员工后台' })).toBeVisible();
  // The players' app is not involved: none of its entry loaded.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/assets\//.test(name) && !name.includes('/staff/assets/')))).toEqual([]);
  await shoot(page, 'staff-signin');

  // A wrong code (the one of ten minutes ago) is refused with the server's words.
  await page.getByPlaceholder('员工账号').fill(admin.name);
  await page.getByPlaceholder('密码').fill(admin.password);
  await page.getByPlaceholder('6位数字').fill(totpCodeAt(admin.totpSecret, Date.now() - 600_000));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('动态验证码错误');
  // A wrong password says only 账号或密码错误.
  await page.getByPlaceholder('密码').fill('not-the-password');
  await page.getByPlaceholder('6位数字').fill('123456');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  await shoot(page, 'staff-signin-refused');

  await signInStaffPage(page, admin);
  await expect(page).toHaveURL(/\/staff\/accounts$/);
  await expect(page.getByRole('heading', { name: '员工账号' })).toBeVisible();
  await expect(page.getByTestId('account-dev-agent')).toBeVisible();

  const name = `e2e-agent-${Date.now() % 100_000}`;
  await page.getByPlaceholder('2–32位字母、数字、. _ -').fill(name);
  await page.getByRole('region', { name: '新建账号' }).getByText('客服', { exact: true }).click();
  await page.getByRole('button', { name: '创建账号' }).click();
  const card = page.getByRole('region', { name: '新凭据' });
  await expect(card).toContainText(`账号已创建：${name}`);
  const password = (await page.getByTestId('new-password').textContent())!;
  const secret = (await page.getByTestId('new-totp-secret').textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId('new-otpauth-uri')).toContainText(`secret=${secret}`);
  await expect(card.locator('svg:has(> title)')).toBeVisible(); // the QR code (antd's icons have no title)
  await expect(page.getByTestId(`account-${name}`)).toContainText('客服');
  await shoot(page, 'staff-accounts-desktop');
  await page.getByRole('button', { name: '我已妥善保存，关闭' }).click();
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: '操作日志' }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toContainText('新建账号');
  await expect(rows.first()).toContainText(admin.name);
  await expect(rows.first()).toContainText(`"name": "${name}"`);
  await expect(rows.nth(1)).toContainText('登录');
  await shoot(page, 'staff-audit-desktop');
  // Filtered by action.
  await page.getByPlaceholder('如 accounts.create').fill('auth.login');
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(rows.first()).toContainText('登录');
  await expect(rows.filter({ hasText: '新建账号' })).toHaveCount(0);

  // A reload keeps the session (auth/me hands the CSRF token back).
  await page.reload();
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();

  // The new agent signs in with what was shown; an agent sees the desk and no admin module.
  const agentContext = await browser.newContext({ baseURL, ...DESKTOP });
  const agentPage = await agentContext.newPage();
  agentPage.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await agentPage.goto('/staff/accounts');
  await expect(agentPage).toHaveURL(/\/staff\/login$/);
  await signInStaffPage(agentPage, { name, password, totpSecret: secret });
  await expect(agentPage).toHaveURL(/\/staff\/service-desk$/);
  await expect(agentPage.getByRole('heading', { name: '客服工作台' })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: '员工账号' })).toHaveCount(0);
  await expect(agentPage.getByRole('link', { name: '快捷回复' })).toHaveCount(0);
  await expect(agentPage.getByRole('link', { name: '意见反馈' })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: '公告' })).toHaveCount(0);
  await shoot(agentPage, 'staff-agent-home');
  await agentPage.goto('/staff/accounts');
  await expect(agentPage.getByText('页面不存在或无权访问')).toBeVisible();
  await agentPage.getByRole('button', { name: '退出登录' }).click();
  await expect(agentPage).toHaveURL(/\/staff\/login$/);
  await agentContext.close();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  expect(errors).toEqual([]);
});

test('the API sign-in helper opens the console signed in, and /staff/* falls back to the console', async ({ page }) => {
  const { csrf } = await signInStaffApi(page.request, 'admin');
  expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.goto('/staff/audit?from=helper');
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
  const again = await signInStaffApi(page.request, 'admin'); // a second sign-in of the same account in the same step
  expect(again.csrf).not.toBe(csrf);
  expect((await page.request.get('/staff/assets/missing.js')).status()).toBe(404);
});
