import { SETTINGS_MSG } from '../../api/protocol/platform-settings.ts';
import { expect, test } from './fixtures/test.ts';
import { staffSession } from './staff.ts';
import { shoot, watchConsole, wireCall } from './wire.ts';

/**
 * 规则设置 in the staff console at 1280×800, against the real server: an operator shortens the
 * cooling-off to 48 hours and raises the fee to 8 %; 交易须知 (the text /tradeinstruction shows) states
 * the new numbers at once; an empty price range is refused in the form. An agent is not offered the
 * module and its call answers 403. The rules are put back, so the worker's other specs see the defaults.
 */

test('an operator changes the trading rules; 交易须知 states them at once; an agent is refused', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchConsole(page);
  const { csrf } = await staffSession(page, 'operator');
  const defaults = ((await (await page.request.post('/staff/api/settings/trade', { data: {}, headers: { 'x-csrf-token': csrf } })).json()) as { data: Record<string, number> }).data;
  try {
    await page.goto('/staff/settings');
    const trade = page.getByRole('region', { name: '账号交易' });
    await expect(trade.getByLabel('交易冷静期')).toHaveValue('72');
    await trade.getByLabel('交易冷静期').fill('48');
    await trade.getByLabel('手续费比例').fill('8');
    await trade.getByLabel('最低售价').fill('100');
    await trade.getByLabel('最高售价').fill('50');
    await trade.getByRole('button', { name: '保存' }).click();
    await expect(trade.getByText(SETTINGS_MSG.priceRange)).toBeVisible();
    await trade.getByLabel('最低售价').fill('6');
    await trade.getByLabel('最高售价').fill('50000');
    await trade.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(SETTINGS_MSG.saved)).toBeVisible();
    await shoot(page, 'staff-settings');

    // The text /tradeinstruction shows (a signed-in page), as the players' call answers it.
    const rules = (await wireCall(baseURL!, '/api/down/businessRule', {})).data as { content: string };
    expect(rules.content).toContain('<strong>48小时</strong>');
    expect(rules.content).toContain('成交价的8%');
  } finally {
    const restored = (await (await page.request.post('/staff/api/settings/save-trade', { data: defaults, headers: { 'x-csrf-token': csrf } })).json()) as { code: number };
    expect(restored.code).toBe(1);
  }

  const agent = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const desk = await agent.newPage();
  const session = await staffSession(desk, 'agent');
  await desk.goto('/staff/');
  await expect(desk.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(desk.getByRole('link', { name: '规则设置' })).toHaveCount(0);
  const refused = (await (await desk.request.post('/staff/api/settings/trade', { data: {}, headers: { 'x-csrf-token': session.csrf } })).json()) as { code: number };
  expect(refused.code).toBe(403);
  await agent.close();
  expect(errors).toEqual([]);
});
