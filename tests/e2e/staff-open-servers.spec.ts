import type { Page } from '@playwright/test';
import { formatChinaDateTime } from '../../api/protocol/open-servers.ts';
import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { shoot, watchConsole, wireCall } from './wire.ts';

/**
 * 开服表 and 首页内容 in the staff console at 1280×800, against the real server: an operator adds
 * an open server for today through the form (/newserve, which lists today's, shows it to a player
 * at 375×812) and imports tomorrow's from a CSV (the players' open-server table for tomorrow has
 * it; a file with a bad row is refused whole first); pins a hot search word (the search page's
 * 热门搜索 shows it first). An agent has neither module and its calls answer 403. What the spec
 * adds is removed again, so the worker's other specs see the seeded state.
 */

const DAY_MS = 86_400_000;
const post = async (page: Page, path: string, data: Record<string, unknown>, csrf: string) =>
  (await (await page.request.post(path, { data, headers: { 'x-csrf-token': csrf } })).json()) as { code: number; msg: string; data: Record<string, unknown> };

test('an operator adds open servers and a hot search word; players see them at once; an agent is refused', async ({ page, browser, baseURL }) => {
  // Three pages, two sign-ins and a file round trip on a shared machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchConsole(page);
  const { csrf } = await staffSession(page, 'operator');
  const game = ((await post(page, '/staff/api/open-servers/games', { keyword: '' }, csrf)).data.list as Array<{ id: number; name: string }>)[0]!;
  const stamp = String(Date.now() % 100_000).padStart(5, '0');
  const todayName = `测试${stamp}服`;
  const tomorrowName = `明日${stamp}服`;
  const word = `热搜${stamp}`;
  const today = formatChinaDateTime(Date.now()).slice(0, 10);
  const tomorrow = formatChinaDateTime(Date.now() + DAY_MS).slice(0, 10);
  const added: number[] = [];
  try {
    // Today 00:00 (China): /newserve lists today's servers by time, so it is the first row.
    await page.goto('/staff/open-servers');
    await expect(page.getByRole('heading', { name: '开服表' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('button', { name: '添加开服' }).click();
    const dialog = page.getByRole('dialog', { name: '添加开服记录' });
    await dialog.getByRole('combobox', { name: '游戏' }).fill(game.name);
    // antd's Select lists each option twice: a hidden one for screen readers and the one shown.
    await page.locator('.ant-select-item-option', { hasText: `${game.name}（ID ${game.id}）` }).click();
    await dialog.getByPlaceholder('如 双线1服').fill(todayName);
    const picker = dialog.locator('.ant-picker input');
    await picker.click();
    await picker.fill(`${today} 00:00`);
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await shoot(page, 'staff-open-servers-form');
    const created = page.waitForResponse((response) => response.url().endsWith('/staff/api/open-servers/create'));
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    const answer = (await (await created).json()) as { code: number; msg: string; data: { server: { id: number } } };
    expect(answer.code, answer.msg).toBe(1);
    added.push(answer.data.server.id);
    await expect(page.getByRole('table').getByText(todayName)).toBeVisible();
    await expect(page.getByRole('table').getByText(`${today} 00:00`).first()).toBeVisible();
    await shoot(page, 'staff-open-servers');

    // Tomorrow's from a CSV: a file with a bad row adds nothing and names the row; the fixed file adds it.
    const upload = async (csv: string) => {
      const done = page.waitForResponse((response) => response.url().endsWith('/staff/api/open-servers/import'));
      await page.locator('input[type=file]').setInputFiles({ name: 'servers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      return (await (await done).json()) as { code: number; data: { added: number; servers: Array<{ id: number }> } };
    };
    const header = '游戏,区服名称,开服时间\n';
    expect((await upload(`${header}${game.id},${tomorrowName},${tomorrow} 10:00\n${game.id},坏行,明天\n`)).data.added).toBe(0);
    await expect(page.getByRole('list', { name: '未通过的行' })).toContainText('第3行：开服时间格式应为 YYYY-MM-DD HH:mm（北京时间）');
    await shoot(page, 'staff-open-servers-import-refused');
    const imported = await upload(`${header}"${game.name}",${tomorrowName},${tomorrow} 10:00\n`);
    expect(imported.data.added).toBe(1);
    added.push(...imported.data.servers.map((s) => s.id));
    await expect(page.getByText('已导入 1 条开服记录')).toBeVisible();

    // 热门搜索: pin a word.
    await page.getByRole('link', { name: '首页内容' }).click();
    await page.getByRole('textbox', { name: '搜索词' }).fill(word);
    await page.getByRole('button', { name: '添加并置顶' }).click();
    await expect(page.getByRole('table').getByText(word)).toBeVisible();
    await shoot(page, 'staff-home-content');
    expect(errors).toEqual([]);

    // A player at 375×812: /newserve shows today's new server first; the table for tomorrow has the imported one; 热门搜索 has the word.
    const player = await browser.newPage({ viewport: { width: 375, height: 812 }, baseURL });
    const playerErrors = watchConsole(player);
    await player.goto('/newserve');
    const servers = player.getByRole('list', { name: '开服表' }).getByRole('listitem');
    await expect(servers.first()).toContainText(todayName);
    await expect(servers.first()).toContainText(game.name);
    await shoot(player, 'newserve-operator-server');
    const table = await wireCall(baseURL!, '/api/game/getOpenServers', { date: tomorrow, limit: 50 });
    expect((table.data.list as Array<{ server_name: string }>).map((s) => s.server_name)).toContain(tomorrowName);
    await player.goto('/searchHistory');
    await expect(player.getByRole('list', { name: '热门搜索' }).getByRole('button').first()).toHaveText(word);
    await shoot(player, 'search-pinned-hot-word');
    expect(playerErrors).toEqual([]);
    await player.close();

    // An agent: neither module in the nav, and each call answers 403.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
    const agent = await agentContext.newPage();
    const agentSession = await staffSession(agent, 'agent');
    await agent.goto('/staff/feedback');
    await expect(agent.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(agent.getByRole('link', { name: '开服表' })).toHaveCount(0);
    await expect(agent.getByRole('link', { name: '首页内容' })).toHaveCount(0);
    for (const [path, data] of [
      ['/staff/api/open-servers/list', { from: today, to: today }],
      ['/staff/api/open-servers/create', { game_id: game.id, server_name: '代理1服', open_at: `${tomorrow} 10:00` }],
      ['/staff/api/open-servers/import', { csv: `${game.id},代理1服,${tomorrow} 10:00` }],
      ['/staff/api/home-content/pin-hot-word', { word: '代理' }],
    ] as const) {
      expect((await post(agent, path, data, agentSession.csrf)).code, path).toBe(403);
    }
    await agentContext.close();
  } finally {
    for (const id of added) await post(page, '/staff/api/open-servers/remove', { id }, csrf);
    await post(page, '/staff/api/home-content/remove-hot-word', { word }, csrf);
  }
});
