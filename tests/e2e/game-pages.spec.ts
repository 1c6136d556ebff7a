import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { appRendered, at, shoot, wireCall } from './wire.ts';

/**
 * Game pages through the whole stack at 375×812: the game page (licence, age rating,
 * screenshots), sign-up from the protected /gamegift, a gift claim with its code copied, a coupon
 * claim, and an H5 game in /zaixianwan. Ids come from real list answers (signed calls from Node).
 */

const PHONE = `1370000${String(Date.now() % 10_000).padStart(4, '0')}`;

test.setTimeout(120_000);

type Item = { game_id: number; platform_game_id: number; name: string };
type Detail = Item & { is_online: boolean; gifts: { count: number; remaining: number }; screenshots: unknown[] };

/** An online game with screenshots, gift packs left and normal coupons left. */
async function pickGame(baseURL: string): Promise<Item> {
  const list = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 50 })).data.list as Item[];
  for (const item of list) {
    const detail = (await wireCall(baseURL, '/api/game/getGameDetail', { game_id: item.game_id })).data as unknown as Detail;
    const { gifts } = detail;
    if (!detail.is_online || gifts.count === 0 || gifts.remaining === 0 || detail.screenshots.length === 0) continue;
    const coupons = (await wireCall(baseURL, '/api/coupon/getCouponList', { game_id: item.game_id, type: 'normal' })).data.list as Array<{ remaining: number }>;
    if (coupons.some((coupon) => coupon.remaining > 0)) return { game_id: item.game_id, platform_game_id: detail.platform_game_id, name: detail.name };
  }
  throw new Error('no game with gifts and coupons in the first page');
}

async function signUp(page: Page, request: APIRequestContext) {
  const panel = page.getByTestId('login-panel-1');
  await expect(panel).toBeVisible();
  await page.getByLabel('手机号').fill(PHONE);
  await page.getByRole('checkbox').click();
  await expect(page.getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByTestId('login-panel-2')).toBeVisible();
  const res = await request.get(`/dev/sms/${PHONE}`);
  const { code } = (await res.json()) as { code: string };
  for (const digit of code) await page.locator('.adm-number-keyboard').getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', 'closed');
}

test('game page, gift claim and copy, coupon claim, H5 play', async ({ page, request, context, baseURL }) => {
  const game = await pickGame(baseURL!);
  const ids = { game_id: game.game_id, platform_game_id: game.platform_game_id };

  await test.step('the game page shows the game, its licence, age rating and screenshots', async () => {
    await page.goto(at('/gamedetail', ids));
    await appRendered(page);
    await expect(page.getByRole('heading', { name: new RegExp(game.name) })).toBeVisible();
    await expect(page.getByText('版号')).toBeVisible();
    await expect(page.getByLabel(/^适龄提示/)).toHaveText(/^\d+\+$/);
    const shots = page.getByRole('region', { name: '游戏截图' }).getByRole('img');
    await expect(shots.first()).toBeVisible();
    const box = (await shots.first().boundingBox())!;
    expect(Math.round((box.height / box.width) * 9)).toBe(16);
    await expect(page.getByRole('button', { name: /下载/ })).toBeVisible();
    await shoot(page, 'game-detail');
    await shots.first().click();
    await expect(page.getByTestId('shot-viewer')).toBeVisible();
    await shoot(page, 'game-detail-viewer');
    await page.getByTestId('shot-viewer').getByRole('button', { name: '关闭' }).click();
    await page.mouse.wheel(0, 1200);
    await shoot(page, 'game-detail-lower');
  });

  await test.step('without ids the page says the game is missing', async () => {
    await page.goto('/gamedetail');
    await expect(page.getByText('游戏信息缺失')).toBeVisible();
  });

  await test.step('the protected gift page asks for login; signing up lands on it', async () => {
    await page.goto(at('/gamegift', ids));
    await signUp(page, request);
    await expect(page.getByRole('list', { name: '礼包列表' })).toBeVisible();
  });

  await test.step('a gift claim shows the code big; 复制 puts it on the clipboard', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const claim = page.getByRole('button', { name: '领取', exact: true }).first();
    await claim.click();
    const sheet = page.getByRole('dialog', { name: '礼包码' });
    await expect(sheet).toBeVisible();
    const code = (await sheet.getByTestId('gift-code').textContent())!.trim();
    expect(code.length).toBeGreaterThan(3);
    await shoot(page, 'game-gift-code');
    await sheet.getByRole('button', { name: '复制' }).click();
    await expect(page.locator('.adm-toast-main').filter({ hasText: '复制成功' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await sheet.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(page.getByText(code).first()).toBeVisible();
    await shoot(page, 'game-gift-list');
  });

  await test.step("a coupon claim ends '已领取', and stays so after a reload", async () => {
    await page.goto(at('/gamecoupon', ids));
    const card = page
      .getByRole('region', { name: '代金券', exact: true })
      .locator('.coupon-card')
      .filter({ has: page.getByRole('button', { name: '领取', exact: true }) })
      .first();
    const testId = await card.getAttribute('data-testid');
    await card.getByRole('button', { name: '领取', exact: true }).click();
    await expect(page.getByTestId(testId!).getByRole('button', { name: '已领取' })).toBeVisible();
    await shoot(page, 'game-coupon');
    await page.reload();
    await expect(page.getByTestId(testId!).getByRole('button', { name: '已领取' })).toBeVisible();
  });

  await test.step('the 开服表 of the game, by day; the VIP variant of the game page', async () => {
    await page.goto(at('/openclothes', ids));
    await expect(page.getByRole('heading', { name: '开服表' })).toBeVisible();
    await expect(page.locator('.gd-server').first()).toBeVisible();
    await shoot(page, 'game-openclothes');
    await page.goto(at('/gamedetailvip', ids));
    await expect(page.getByRole('heading', { name: new RegExp(game.name) })).toBeVisible();
    await shoot(page, 'game-detail-vip');
  });

  await test.step('an H5 game plays in /zaixianwan', async () => {
    const h5 = ((await wireCall(baseURL!, '/api/game/getGameList', { type: 'h5', page: 1, limit: 5 })).data.list as Item[])[0]!;
    // Online play is a session the server grants to a player with real name (an adult here).
    const credentials = await page.evaluate(() => ({ token: localStorage.getItem('Token')!, uuid: localStorage.getItem('Uuid')! }));
    const first17 = `11010519850101${String(Date.now() % 1000).padStart(3, '0')}`;
    const idCard = first17 + idCardCheckChar(first17);
    expect(await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '张三', id_card: idCard }, credentials)).toMatchObject({ code: 1 });
    await page.goto(at('/zaixianwan', { game_id: h5.game_id, platform_game_id: h5.platform_game_id }));
    const frame = page.locator('iframe.h5-play__frame');
    await expect(frame).toHaveAttribute('src', new RegExp(`^/play/h5/${h5.platform_game_id}\\?ticket=[A-Za-z0-9_-]{32}$`));
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    await expect(page.getByRole('heading', { name: h5.name })).toBeVisible();
    const box = (await frame.boundingBox())!;
    expect(box.height).toBeGreaterThan(700);
    await page.waitForTimeout(800);
    await shoot(page, 'game-h5-play');
  });
});
