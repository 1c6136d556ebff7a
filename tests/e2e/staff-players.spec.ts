import { MSG } from '../../api/protocol/codes.ts';
import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { freshPhone, register, shoot, wireCall } from './wire.ts';

/**
 * 玩家管理 in the staff console at 1280×800: an agent finds a freshly registered player by phone
 * (masked in the list), reveals the whole number, bans the player with a reason — the player's next
 * call answers 107 and password sign-in is refused with 账号已被禁用 — then unbans, and sign-in works.
 * A reviewer is not offered the module and every players call answers 403.
 */

test.setTimeout(120_000);

const PASSWORD = 'Player123';

test('an agent finds a player by phone, reveals the phone, bans and unbans; a reviewer is refused', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const player = await register(baseURL!, freshPhone('137'), PASSWORD);
  const signIn = () => wireCall(baseURL!, '/api/login/userlogin', { account: player.phone, password: PASSWORD });
  const masked = `${player.phone.slice(0, 3)}****${player.phone.slice(7)}`;

  await staffSession(page, 'agent');
  await page.goto('/staff/players');
  await expect(page.getByRole('heading', { name: '玩家管理' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: '查找玩家' }).fill(player.phone);
  await page.getByRole('button', { name: '查找' }).click();
  const row = page.getByTestId('player-row').filter({ hasText: player.nickname });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('player-phone')).toHaveText(masked);
  await expect(row).toContainText('未实名');
  await shoot(page, 'staff-players-list');

  await row.getByRole('button', { name: '查看' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('detail-phone')).toHaveText(masked);
  await drawer.getByRole('button', { name: '查看完整手机号' }).click();
  await expect(drawer.getByTestId('detail-phone')).toHaveText(player.phone);
  await shoot(page, 'staff-players-detail');

  await test.step('ban: the player’s next call and sign-in are refused', async () => {
    await drawer.getByRole('button', { name: '封禁' }).click();
    const question = page.locator('.ant-modal-confirm');
    await question.getByLabel('封禁原因').fill('账号被盗，玩家来电要求封禁');
    await shoot(page, 'staff-players-ban');
    await question.getByRole('button', { name: '封禁' }).click();
    await expect(page.locator('.ant-message').getByText('已封禁，该玩家的登录已全部失效')).toBeVisible();
    await expect(drawer.getByText('原因：账号被盗，玩家来电要求封禁')).toBeVisible();
    expect(await wireCall(baseURL!, '/api/user/getUserInfo', {}, player)).toMatchObject({ code: 107, msg: MSG.accountDisabled });
    expect(await signIn()).toMatchObject({ code: -1, msg: MSG.accountDisabled });
  });

  await test.step('unban: sign-in works again', async () => {
    await drawer.getByRole('button', { name: '解封' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '解封' }).click();
    await expect(page.locator('.ant-message').getByText('已解封，该玩家可以重新登录')).toBeVisible();
    expect((await signIn()).code).toBe(200);
  });

  await test.step('a reviewer is not offered the module and every players call answers 403', async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
    const reviewerPage = await other.newPage();
    const { csrf } = await staffSession(reviewerPage, 'reviewer');
    await reviewerPage.goto('/staff/players');
    await expect(reviewerPage.getByText('页面不存在或无权访问')).toBeVisible();
    await expect(reviewerPage.getByRole('link', { name: '玩家管理' })).toHaveCount(0);
    for (const path of ['search', 'detail', 'revealPhone', 'ban', 'unban', 'clearLockout']) {
      const answer = (await (await reviewerPage.request.post(`/staff/api/players/${path}`, { data: { id: 1, reason: 'x' }, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
      expect(answer.code, path).toBe(403);
    }
    await other.close();
  });

  expect(errors).toEqual([]);
});
