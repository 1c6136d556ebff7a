import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { register, shoot, signInStorage, wireCall } from './wire.ts';

/**
 * 代金券管理 in the staff console at 1280×800: an operator creates a 全平台通用 coupon, issues it
 * to a freshly registered player by phone (told 已发放1张) and the player's coupon list shows it. An
 * agent is not offered the module and every coupon call answers 403.
 */

test.setTimeout(120_000);

const COUPON_CALLS: Array<[string, Record<string, unknown>]> = [
  ['/staff/api/coupons/list', {}],
  ['/staff/api/coupons/save', { name: 'x', type: 'normal', amount_cents: 100, threshold_cents: 0, valid_days: 1, total: 1 }],
  ['/staff/api/coupons/issue', { coupon_id: 1, players: ['1'], request_id: 'agent-request-0000001' }],
];

test('an operator creates a coupon and issues it to a new player, who sees it; an agent is refused', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const name = `运营券${String(Date.now() % 100_000)}`;
  const player = await register(baseURL!);

  await staffSession(page, 'operator');
  await page.goto('/staff/coupons');
  await expect(page.getByRole('heading', { name: '代金券管理' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: '新建代金券' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('代金券名称').fill(name);
  await form.getByLabel('面额（元）').fill('10');
  await form.getByLabel('使用门槛：满（元）').fill('100');
  await shoot(page, 'staff-coupons-form');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('代金券已创建')).toBeVisible();

  const row = page.getByTestId('coupon-row').filter({ hasText: name });
  await expect(row.getByTestId('coupon-stock')).toHaveText('100 / 0 / 100');
  await row.getByRole('button', { name: /发\s*放/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('玩家ID或手机号').fill(`${player.phone}\n${player.phone}`);
  await dialog.getByRole('button', { name: /^发\s*放$/ }).click();
  await expect(dialog.getByText('已发放1张，跳过1位玩家')).toBeVisible();
  await expect(dialog.getByLabel('跳过的玩家')).toContainText(`${player.phone}：名单内重复`);
  await shoot(page, 'staff-coupons-issued');
  await dialog.getByRole('button', { name: /^完\s*成$/ }).click();
  await expect(row.getByTestId('coupon-stock')).toHaveText('100 / 1 / 99');
  await shoot(page, 'staff-coupons-list');

  const mine = await wireCall(baseURL!, '/api/coupon/myCouponList', { status: 1 }, player);
  expect((mine.data.list as Array<{ name: string; source: string; condition_text: string }>).find((c) => c.name === name)).toMatchObject({ source: 'issue', condition_text: '满100元可用' });
  // The player's /mycoupon at 375×812: the coupon, labelled 平台赠送.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', baseURL });
  const playerPage = await phone.newPage();
  await seedPrivacyDecision(playerPage);
  await signInStorage(playerPage, player);
  await playerPage.goto('/mycoupon');
  await expect(playerPage.getByText(name)).toBeVisible();
  await expect(playerPage.getByText('平台赠送').first()).toBeVisible();
  await shoot(playerPage, 'mycoupon-issued');
  await phone.close();

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const agentPage = await other.newPage();
  const { csrf } = await staffSession(agentPage, 'agent');
  await agentPage.goto('/staff/coupons');
  await expect(agentPage.getByText('页面不存在或无权访问')).toBeVisible();
  await expect(agentPage.getByRole('link', { name: '代金券管理' })).toHaveCount(0);
  for (const [path, data] of COUPON_CALLS) {
    const answer = (await (await agentPage.request.post(path, { data, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
    expect(answer.code, path).toBe(403);
  }
  await other.close();

  expect(errors).toEqual([]);
});
