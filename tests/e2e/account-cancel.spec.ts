import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { freshPhone, register, releaseSmsCooldown, shoot, signInStorage, wireCall } from './wire.ts';

/**
 * Account cancellation at 375×812: the agreement, the four steps against the server,
 * the cooling-off, sign out, sign in again → offered to revoke → revoke → the account is normal.
 * The server sends one SMS per phone per 60 s: the type-5 code waits out the registration's window.
 */

const PASSWORD = 'lewan2026';

test.setTimeout(120_000);

const toast = (page: Page, text: string) => page.locator('.adm-toast-main').filter({ hasText: text });

test('cancel in four steps, see the cooling-off, sign in again and revoke', async ({ page, baseURL, browser }) => {
  const phone = freshPhone('137');
  const account = await register(baseURL!, phone, PASSWORD);
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await test.step('signed out, a step page offers 登录', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const anonymous = await context.newPage();
    await anonymous.goto('/accountdestoryone');
    await expect(anonymous.getByText('登录后才能注销账号')).toBeVisible();
    await shoot(anonymous, 'cancel-signed-out');
    await anonymous.getByRole('button', { name: '登录', exact: true }).click();
    await expect(anonymous.getByTestId('login-panel-1')).toBeVisible();
    await context.close();
  });

  await signInStorage(page, account);

  await test.step('the agreement is served by the server', async () => {
    await page.goto('/accountdestoryrule');
    await expect(page.getByRole('heading', { name: '乐玩游戏盒账号注销协议' })).toBeVisible();
    await expect(page.getByText('提交注销申请后，账号进入15天冷静期')).toBeVisible();
    await shoot(page, 'cancel-rule');
  });

  await test.step('step 1: read and agree', async () => {
    await page.goto('/accountdestoryone');
    const next = page.getByRole('button', { name: '下一步' });
    await expect(next).toBeDisabled();
    await shoot(page, 'cancel-1-rules');
    await page.getByRole('checkbox').check();
    await next.click();
    await expect(page).toHaveURL(/\/accountdestorytwo$/);
  });

  await test.step('step 2: the conditions, all met', async () => {
    await expect(page.getByText('账号内无乐玩币余额')).toBeVisible();
    await expect(page.getByText('账号内无余额', { exact: true })).toBeVisible();
    await expect(page.getByText('无未完成的订单')).toBeVisible();
    await expect(page.getByText('账号内无邀请收益')).toBeVisible();
    await expect(page.getByText('无处理中的提现')).toBeVisible();
    await expect(page.getByText('无出售中的账号')).toBeVisible();
    await expect(page.getByText('无进行中的账号交易')).toBeVisible();
    await expect(page.getByText('已满足')).toHaveCount(7);
    await shoot(page, 'cancel-2-conditions');
    // The browser's back goes to step 1 and forward again through the flow.
    await page.goBack();
    await expect(page).toHaveURL(/\/accountdestoryone$/);
    await expect(page.getByRole('checkbox')).toBeChecked();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/accountdestorytwo$/);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/accountdestorythree$/);
  });

  await test.step('step 3: a type-5 code to the masked phone, 确认注销 asks once more', async () => {
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await expect(page.getByText(`将向您绑定的手机号 ${masked} 发送验证码`)).toBeVisible();
    await shoot(page, 'cancel-3-code');
    // Registration sent this phone a code within the minute: the server's cooldown is released.
    await releaseSmsCooldown(baseURL!, phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
    await expect(page.getByText(`验证码已发送至 ${masked}`)).toBeVisible();
    const { code } = (await (await fetch(`${baseURL}/dev/sms/${phone}`)).json()) as { code: string };
    await page.getByLabel('验证码').fill(code);
    await shoot(page, 'cancel-3-code-sent');
    await page.getByRole('button', { name: '确认注销' }).click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog.getByText('注销后账号将无法恢复，确定要注销吗？')).toBeVisible();
    await shoot(page, 'cancel-3-confirm');
    await dialog.getByRole('button', { name: '确认注销' }).click();
    await expect(page).toHaveURL(/\/accountdestoryfour$/);
  });

  await test.step('step 4: the cooling-off until its date', async () => {
    await expect(page.getByText('注销申请已提交，账号处于冷静期')).toBeVisible();
    await expect(page.getByText(/^将于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 完成注销$/)).toBeVisible();
    await expect(page.getByRole('button', { name: '撤销注销' })).toBeVisible();
    const status = await wireCall(baseURL!, '/api/user/getCancelStatus', {}, account);
    expect(status.data.status).toBe('pending');
    await shoot(page, 'cancel-4-cooling-off');
    // A step page opened now shows the cooling-off.
    await page.goto('/accountdestoryone');
    await expect(page).toHaveURL(/\/accountdestoryfour$/);
  });

  await test.step('sign out on the mine page', async () => {
    await page.goto('/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('Token'))).toBeNull();
  });

  await test.step('signing in again offers to revoke; 撤销注销 restores the account', async () => {
    await page.getByRole('button', { name: /登录\/注册/ }).click();
    await page.getByRole('button', { name: '密码登录' }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').click();
    await page.getByTestId('login-panel-3').getByRole('button', { name: '登录', exact: true }).click();
    const offer = page.locator('.adm-dialog-body').filter({ hasText: '您的账号正在注销中' });
    await expect(offer).toBeVisible();
    await expect(offer.getByText(/^账号将于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 完成注销。/)).toBeVisible();
    await shoot(page, 'cancel-revoke-offer');
    await offer.getByRole('button', { name: '撤销注销' }).click();
    await expect(toast(page, '已撤销注销，账号已恢复正常')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('Token'));
    expect(token).toBeTruthy();
    const status = await wireCall(baseURL!, '/api/user/getCancelStatus', {}, { token: token!, uuid: account.uuid });
    expect(status.data).toEqual({ status: 'none', cancellation: null });
    // The account is normal: the flow starts from step 1 again.
    await page.goto('/accountdestoryfour');
    await expect(page).toHaveURL(/\/accountdestoryone$/);
    await expect(page.getByRole('heading', { name: '注销账号' })).toBeVisible();
  });

  expect(consoleErrors).toEqual([]);
});
