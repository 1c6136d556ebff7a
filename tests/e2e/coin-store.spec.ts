import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { STORE_MSG } from '../../api/protocol/store.ts';
import { type Account, appRendered, NOT_OPEN, openPage, register, shoot, signInStorage, watchConsole, wireCall, popupSeen } from './wire.ts';

/**
 * The coin store (E2E_PORT=8192): /coinstore and /sealrecord signed out and in
 * at 375×812 — never 页面暂未开放, no console error; a new player (0 积分) who redeems is refused
 * 积分不足 in the sheet, and nothing is recorded. The redemption helpers below are written so the
 * earn-then-redeem path (a task's points first, from the tasks slice) is one more test:
 * earn → `redeemInSheet(page, '1元乐玩币')` → expect 兑换成功 → `expectRecord(page, '1元乐玩币')`.
 */

/** The seeded pop-up notice is marked seen first: it would otherwise take a new player to /noticedialog. */
async function newPlayer(baseURL: string): Promise<Account> {
  const account = await register(baseURL);
  await popupSeen(baseURL, account);
  return account;
}

/** Opens /coinstore's confirm sheet of an item and confirms; answers the sheet. */
export async function redeemInSheet(page: Page, title: string) {
  const item = page.getByRole('listitem', { name: title });
  await item.getByRole('button', { name: '兑换', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '确认兑换' });
  await expect(sheet.getByRole('heading', { name: title })).toBeVisible();
  await sheet.getByRole('button', { name: '确认兑换' }).click();
  return sheet;
}

/** /sealrecord lists a redemption of this title. */
export async function expectRecord(page: Page, title: string) {
  await openPage(page, '/sealrecord');
  await expect(page.getByTestId('redeem-record').filter({ hasText: title }).first()).toBeVisible();
}

test('signed out: /coinstore asks for the login, /sealrecord offers it; never 页面暂未开放, no console error', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/coinstore');
  await appRendered(page);
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
  // SPEC §2 needs-login: the popup opens and the navigation is cancelled.
  await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', 'open');
  await openPage(page, '/sealrecord');
  await expect(page.locator('.route-view[data-route="/sealrecord"]')).toBeAttached();
  await expect(page.getByText('登录后查看兑换记录')).toBeVisible();
  await shoot(page, 'coin-store-sealrecord-signed-out');
  expect(errors).toEqual([]);
});

test('signed in with 0 积分: the store shows every item state, a redemption is refused 积分不足, nothing is recorded', async ({ page, baseURL }) => {
  const base = baseURL!;
  const account = await newPlayer(base);
  await signInStorage(page, account);
  const errors = watchConsole(page);

  await openPage(page, '/coinstore');
  await expect(page.getByTestId('store-points')).toHaveText('0');
  const grid = page.getByRole('list', { name: '商品' });
  await expect(grid.getByRole('listitem', { name: '1元乐玩币' })).toBeVisible();
  await expect(grid.getByRole('button', { name: '已兑完' }).first()).toBeDisabled();
  await expect(grid.getByRole('button', { name: '未开始' }).first()).toBeDisabled();
  await expect(grid.getByText('每人限兑1次').first()).toBeVisible();
  await shoot(page, 'coin-store');

  const sheet = await redeemInSheet(page, '1元乐玩币');
  await expect(sheet.getByRole('alert')).toHaveText(STORE_MSG.pointsShort);
  await expect(sheet.getByRole('link', { name: '去赚积分' })).toHaveAttribute('href', /\/dailymission/);
  await shoot(page, 'coin-store-points-short');
  await sheet.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Nothing happened on the server: no record, still 0 积分.
  const records = await wireCall(base, '/api/store/getRedeemRecords', { page: 1 }, account);
  expect(records.data.total).toBe(0);
  expect((await wireCall(base, '/api/store/getStoreItems', {}, account)).data.points).toBe(0);

  await openPage(page, '/sealrecord');
  await expect(page.getByText('还没有兑换过商品')).toBeVisible();
  await expect(page.getByRole('link', { name: '去积分商城' })).toBeVisible();
  await shoot(page, 'coin-store-sealrecord-empty');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
