import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { at, register, shoot, signInStorage, wireCall } from './wire.ts';

/**
 * 礼包管理 in the staff console at 1280×800: an operator creates a pack for an online game,
 * imports a file of 1,000 codes with 10 copies (told 990 added, 10 refused), a player claims one on
 * the game's /gamegift at 375×812 and the console's stock then shows 1 claimed, with the player
 * (masked) in the pack's codes. An agent is not offered the module and every gift call answers 403.
 */

test.setTimeout(150_000);

const GIFT_CALLS: Array<[string, Record<string, unknown>]> = [
  ['/staff/api/gifts/list', {}],
  ['/staff/api/gifts/save', { game_id: 1, name: 'x', content: 'x', usage: 'x', valid_from: '2026-01-01T00:00:00Z', valid_until: '2030-01-01T00:00:00Z' }],
  ['/staff/api/gifts/importCodes', { pack_id: 1, text: 'AGENT-1' }],
  ['/staff/api/gifts/codes', { pack_id: 1 }],
  ['/staff/api/gifts/withdraw', { pack_id: 1 }],
  ['/staff/api/gifts/games', {}],
];

test('an operator creates a pack, imports 1,000 codes with 10 copies, a player claims one and the stock shows it; an agent is refused', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const suffix = String(Date.now() % 100_000);
  const packName = `运营礼包${suffix}`;
  const list = (await wireCall(baseURL!, '/api/game/getGameList', { page: 1, limit: 10 })).data.list as Array<{ game_id: number; name: string }>;
  const game = list[0]!;
  const detail = (await wireCall(baseURL!, '/api/game/getGameDetail', { game_id: game.game_id })).data as { platform_game_id: number; name: string };

  await staffSession(page, 'operator');
  await page.goto('/staff/gifts');
  // The module's chunk (antd's table, form and upload) loads on the first visit.
  await expect(page.getByRole('heading', { name: '礼包管理' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('gift-pack-row').first()).toBeVisible();
  await shoot(page, 'staff-gifts-list');

  await test.step('create a pack for the game', async () => {
    await page.getByRole('button', { name: '新建礼包' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '输入游戏名或游戏 ID 查找' }).fill(String(game.game_id));
    // antd's Select lists each option twice: a hidden one for screen readers and the one shown.
    await page.locator('.ant-select-item-option', { hasText: `${detail.name}（${game.game_id}）` }).click();
    await dialog.getByLabel('礼包名称').fill(packName);
    await dialog.getByLabel('礼包内容').fill('元宝x888，金币x10000，强化石x20');
    await dialog.getByLabel('使用说明').fill('进入游戏后点击“福利”-“兑换码”，输入礼包码即可领取。');
    await shoot(page, 'staff-gifts-form');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('.ant-message').getByText('礼包已创建')).toBeVisible();
  });

  const row = page.getByTestId('gift-pack-row').filter({ hasText: packName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('gift-stock')).toHaveText('0 / 0 / 0');
  const packId = Number(await row.getAttribute('data-pack-id'));

  await test.step('import 1,000 codes with 10 copies: 990 added, 10 refused', async () => {
    const codes = Array.from({ length: 990 }, (_, i) => `OPS${suffix}-${String(i).padStart(4, '0')}`);
    const text = [...codes, ...codes.slice(100, 110)].join('\r\n') + '\r\n';
    await row.getByRole('button', { name: '导入兑换码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'codes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(dialog.getByText('codes.txt')).toBeVisible();
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
    await expect(dialog.getByText('已导入 990 个，拒绝 10 个（文件内重复 10）')).toBeVisible();
    await expect(dialog.getByLabel('拒绝原因')).toContainText('文件内重复：10');
    await shoot(page, 'staff-gifts-imported');
    await dialog.getByRole('button', { name: /完\s*成/ }).click();
    await expect(row.getByTestId('gift-stock')).toHaveText('990 / 0 / 990');
  });

  const player = await register(baseURL!);
  await test.step('a player claims one on the game gift page', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', baseURL });
    const mobile = await phone.newPage();
    await signInStorage(mobile, player);
    await mobile.goto(at('/gamegift', { game_id: game.game_id, platform_game_id: detail.platform_game_id }));
    const gift = mobile.getByTestId(`gift-${packId}`);
    await expect(gift).toContainText(packName);
    await expect(gift).toContainText('剩余 990/990');
    await gift.getByRole('button', { name: '领取', exact: true }).click();
    const sheet = mobile.getByRole('dialog', { name: '礼包码' });
    await expect(sheet.getByTestId('gift-code')).toHaveText(new RegExp(`^OPS${suffix}-\\d{4}$`));
    await shoot(mobile, 'staff-gifts-player-claim');
    await phone.close();
  });

  await test.step('the console shows 1 claimed, and who claimed it (masked)', async () => {
    await page.getByPlaceholder('礼包名或游戏名').fill(packName);
    await page.getByPlaceholder('礼包名或游戏名').press('Enter');
    await expect(row.getByTestId('gift-stock')).toHaveText('990 / 1 / 989');
    await row.getByRole('button', { name: '兑换码', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('已领取', { exact: true }).first().click();
    const masked = `${player.phone.slice(0, 3)}****${player.phone.slice(7)}`;
    await expect(drawer.locator('tbody tr').filter({ hasText: masked })).toHaveCount(1);
    await expect(drawer.getByText(new RegExp(`^OPS${suffix}-\\d{4}$`))).toHaveCount(0);
    await shoot(page, 'staff-gifts-claims');
  });

  await test.step('an agent is not offered the module and every gift call answers 403', async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
    const agentPage = await other.newPage();
    const { csrf } = await staffSession(agentPage, 'agent');
    await agentPage.goto('/staff/gifts');
    await expect(agentPage.getByText('页面不存在或无权访问')).toBeVisible();
    await expect(agentPage.getByRole('link', { name: '礼包管理' })).toHaveCount(0);
    for (const [path, data] of GIFT_CALLS) {
      const answer = (await (await agentPage.request.post(path, { data, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
      expect(answer.code, path).toBe(403);
    }
    await other.close();
  });

  expect(errors).toEqual([]);
});
