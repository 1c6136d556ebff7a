import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { freshPhone, register, releaseSmsCooldown, signInStorage, wireCall, type Account } from './wire.ts';

/**
 * Account security at 375×812: change the phone end to end (codes from the dev outbox) and sign
 * in with the new one; change the password while a second browser is signed in as the same
 * player: that one is signed out (SPEC §8: toast, /login after 1.5 s) and the new password works.
 */

const SHOTS = 'test-results/screenshots';
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').filter({ hasText: text });
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function outboxCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/dev/sms/${phone}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { code: string }).code;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function secondBrowser(browser: Browser, baseURL: string, account: Account) {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN' });
  const page = await context.newPage();
  await signInStorage(page, account);
  return { context, page };
}

test('signed out, the account pages offer the login popup', async ({ page }) => {
  const errors = collectErrors(page);
  for (const [path, name] of [['/accountsafety', 'safety'], ['/editpassword', 'edit-password'], ['/phoneverify', 'phone-verify'], ['/accountsetting', 'setting']] as const) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await shoot(page, `account-signed-out-${name}`);
  }
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('login-panel-1')).toBeVisible();
  expect(errors).toEqual([]);
});

test('change the phone in two steps, then sign in with the new phone', async ({ page, request, baseURL }) => {
  const errors = collectErrors(page);
  const account = await register(baseURL!, freshPhone('135'), 'abc123');
  await signInStorage(page, account);

  await page.goto('/accountsetting');
  await expect(page.getByRole('link', { name: '账号与安全' })).toBeVisible();
  await shoot(page, 'account-setting');
  await page.getByRole('link', { name: '账号与安全' }).click();

  await expect(page).toHaveURL(/\/accountsafety$/);
  const phoneRow = page.getByRole('link', { name: /手机号/ });
  await expect(phoneRow).toContainText(masked(account.phone));
  await expect(page.getByRole('link', { name: /登录密码/ })).toContainText('已设置');
  await shoot(page, 'account-safety');
  await phoneRow.click();

  await expect(page).toHaveURL(/\/phoneverify$/);
  await expect(page.getByText(masked(account.phone))).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(toast(page, '请输入验证码')).toBeVisible();
  // Registration sent this phone a code within the minute: the server's cooldown is released.
  await releaseSmsCooldown(baseURL!, account.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
  await shoot(page, 'phone-verify');
  await page.getByLabel('验证码').fill(await outboxCode(request, account.phone));
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page).toHaveURL(/\/phoneverifynew\?data=/);
  const newPhone = freshPhone('158');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '请输入手机号')).toBeVisible();
  await page.getByLabel('手机号').fill('1234567890');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '手机号码格式不正确')).toBeVisible();
  await page.getByLabel('手机号').fill(newPhone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeVisible();
  await page.getByLabel('验证码').fill(await outboxCode(request, newPhone));
  await shoot(page, 'phone-verify-new');
  await page.getByRole('button', { name: '确定' }).click();

  await expect(toast(page, '手机号更换成功')).toBeVisible();
  await expect(page).toHaveURL(/\/accountsafety$/);
  await expect(page.getByRole('link', { name: /手机号/ })).toContainText(masked(newPhone));
  await shoot(page, 'account-safety-new-phone');

  // The new phone signs in to the same account; the old one is free.
  expect(await wireCall(baseURL!, '/api/login/userlogin', { account: newPhone, password: 'abc123' })).toMatchObject({ code: 200, data: { user_uuid: account.uuid } });
  expect(await wireCall(baseURL!, '/api/login/userlogin', { account: account.phone, password: 'abc123' })).toMatchObject({ code: -1, msg: '账号或密码错误' });
  expect(errors).toEqual([]);
});

test('change the password: the other browser is signed out, the new password works', async ({ page, browser, baseURL }) => {
  const errors = collectErrors(page);
  const account = await register(baseURL!, freshPhone('136'), 'abc123');
  const second = await wireCall(baseURL!, '/api/login/userlogin', { account: account.phone, password: 'abc123' });
  expect(second.code).toBe(200);
  const other = await secondBrowser(browser, baseURL!, { ...account, token: second.data.token });
  await other.page.goto('/mine');
  await expect(other.page.getByText(masked(account.phone))).toBeVisible();

  await signInStorage(page, account);
  await page.goto('/accountsafety');
  await page.getByRole('link', { name: /登录密码/ }).click();
  await expect(page).toHaveURL(/\/editpassword$/);
  await expect(page.getByRole('tab', { name: '原密码验证' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '短信验证码验证' }).click();
  await expect(page.getByText(masked(account.phone))).toBeVisible();
  await shoot(page, 'edit-password-code');
  await page.getByRole('tab', { name: '原密码验证' }).click();

  await page.locator('#old-password').fill('abc123');
  await page.locator('#new-password').fill('new456');
  await page.locator('#confirm-password').fill('new457');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '两次输入的密码不同')).toBeVisible();
  await page.locator('#confirm-password').fill('new456');
  await shoot(page, 'edit-password');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page).toHaveURL(/\/accountsafety$/);
  // This browser keeps its session.
  await expect(page.getByRole('link', { name: /登录密码/ })).toContainText('已设置');

  // The other browser's next call answers 106: toast, credentials gone, then (1.5 s) the move to
  // /login, which signed out opens the login popup.
  await other.page.reload();
  await expect(toast(other.page, '密码已修改，请重新登录')).toBeVisible();
  await expect(other.page.getByTestId('login-panel-1')).toBeVisible();
  expect(await other.page.evaluate(() => localStorage.getItem('Token'))).toBeNull();
  await shoot(other.page, 'edit-password-other-signed-out');
  await other.context.close();

  expect(await wireCall(baseURL!, '/api/login/userlogin', { account: account.phone, password: 'abc123' })).toMatchObject({ code: -1 });
  expect(await wireCall(baseURL!, '/api/login/userlogin', { account: account.phone, password: 'new456' })).toMatchObject({ code: 200, data: { user_uuid: account.uuid } });
  expect(errors).toEqual([]);
});
