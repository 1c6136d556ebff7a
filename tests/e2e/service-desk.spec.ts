import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import sharp from 'sharp';
import { DEFAULT_QUICK_REPLIES } from '../../server/db/seed-service.ts';
import { devStaff, signInStaffApi, signInStaffPage } from './staff.ts';
import { freshPhone, register, shoot, signInStorage } from './wire.ts';

/**
 * Customer service, both sides at once: a player at 375×812 writes on /service; an
 * agent in another browser context (1280×800), signed in with password + TOTP through the
 * console's form, sees the conversation appear on 客服工作台 without reloading (the agents'
 * stream), takes it, replies with a quick reply, with text and with a picture; the player sees
 * each reply without reloading. Away from /service the reply raises '客服消息'. The agent closes;
 * the player sees 已结束. Then the race's losing side: an administrator takes the player's next
 * conversation just before the agent's take reaches the server, and the desk says who has it. The
 * desk at phone width. No console errors on either side.
 */

const POLL_MS = 20_000;
test.setTimeout(180_000);

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(`${message.text()} @ ${message.location().url ?? ''}`));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const chatItems = (page: Page) => page.getByRole('list', { name: '聊天记录' }).getByRole('listitem');
const queueBar = (page: Page) => page.locator('.service-queue');

async function playerSends(page: Page, text: string) {
  await page.getByRole('textbox', { name: '输入消息' }).fill(text);
  await page.getByRole('button', { name: '发送' }).click();
  await expect(chatItems(page).filter({ hasText: text })).toBeVisible();
}

async function screenshotPicture(): Promise<Buffer> {
  const pixels = Buffer.alloc(480 * 320 * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % 480;
    const y = Math.floor(i / 3 / 480);
    pixels[i] = 40 + ((x * 200) / 480);
    pixels[i + 1] = 120 + ((y * 100) / 320);
    pixels[i + 2] = (Math.floor(x / 30) + Math.floor(y / 30)) % 2 ? 230 : 150;
  }
  return sharp(pixels, { raw: { width: 480, height: 320, channels: 3 } }).png().toBuffer();
}

test('a player writes, an agent on the desk takes, replies (quick reply, text, picture) and closes; the player sees it all live', async ({ page: player, browser, baseURL }) => {
  const account = await register(baseURL!, freshPhone('137'));
  const playerErrors = consoleErrors(player);
  await player.clock.install();
  await signInStorage(player, account);

  // The agent signs in through the console's form with password + TOTP, in a desktop-sized context of its own.
  const agentContext: BrowserContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  const agent = await agentContext.newPage();
  const agentErrors = consoleErrors(agent);
  await agent.goto('/staff/');
  await signInStaffPage(agent, devStaff('agent'));
  await expect(agent).toHaveURL(/\/staff\/service-desk$/);
  await expect(agent.getByRole('heading', { name: '客服工作台' })).toBeVisible();
  await expect(agent.locator('.desk-connection')).toHaveText('实时');

  // The player writes; the conversation appears on the desk without a reload.
  await player.goto('/service');
  const first = `我的充值订单一直没到账，订单尾号${String(Date.now()).slice(-4)}`;
  await playerSends(player, first);
  await expect(queueBar(player)).toContainText(/排队中 第\d+位/);
  await agent.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
  const item = agent.getByRole('list', { name: '会话' }).getByRole('button').filter({ hasText: account.nickname });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/排队中 第\d+位/);
  await expect(item).toContainText(/等待 (刚刚|\d+秒)/);
  await shoot(agent, 'desk-queue-desktop');

  // Open it: the history, then take it.
  await item.click();
  const chat = agent.getByRole('region', { name: '会话详情' });
  await expect(chat.getByRole('heading', { name: account.nickname })).toBeVisible();
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText(first);
  await expect(chat.getByText('接入后即可回复')).toBeVisible();
  await chat.getByRole('button', { name: '接入会话' }).click();
  await expect(agent.getByText('已接入会话')).toBeVisible();
  await expect(chat.locator('.desk-tag')).toHaveText('我接待中');
  await expect(agent.getByRole('tab', { name: /我的会话/ })).toHaveAttribute('aria-selected', 'true');
  await expect(queueBar(player)).toContainText(/客服\d{3,}为您服务/);
  const agentName = (await queueBar(player).textContent())!.match(/客服\d{3,}/)![0];
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText(`${agentName}已接入，很高兴为您服务`);

  // The player's page is never reloaded while the agent works.
  await player.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));

  // A quick reply.
  await chat.getByRole('button', { name: '快捷回复' }).click();
  await chat.getByRole('listitem').filter({ hasText: DEFAULT_QUICK_REPLIES[2]! }).click();
  await expect(chat.getByRole('textbox', { name: '回复内容' })).toHaveValue(DEFAULT_QUICK_REPLIES[2]!);
  await chat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(chat.getByRole('textbox', { name: '回复内容' })).toHaveValue('');
  const quick = chatItems(player).filter({ hasText: DEFAULT_QUICK_REPLIES[2]! });
  await expect(quick).toBeVisible();
  await expect(quick.locator('.chat-message__agent')).toHaveText(agentName);

  // The player answers; the desk shows it at once.
  await playerSends(player, '订单号是 20260302001，麻烦查一下');
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText('订单号是 20260302001，麻烦查一下');

  // Text, sent with Enter.
  const text = '已为您查到这笔订单，正在补发，请稍候。';
  await chat.getByRole('textbox', { name: '回复内容' }).fill(text);
  await chat.getByRole('textbox', { name: '回复内容' }).press('Enter');
  await expect(chatItems(player).filter({ hasText: text })).toBeVisible();

  // A picture, uploaded with its progress, then shown to the player.
  await chat.getByTestId('desk-picture-input').setInputFiles({ name: 'order.png', mimeType: 'image/png', buffer: await screenshotPicture() });
  await expect(chat.getByRole('list', { name: '聊天记录' }).getByRole('img', { name: '聊天图片' })).toBeVisible();
  await expect(chat.getByText(/上传中/)).toHaveCount(0);
  const picture = chatItems(player).filter({ has: player.getByRole('img', { name: '聊天图片' }) }).last();
  await expect(picture).toBeVisible();
  await expect(picture).toHaveClass(/chat-message--out/);
  await shoot(agent, 'desk-conversation-desktop');
  await shoot(player, 'desk-player-live');
  await agent.setViewportSize({ width: 390, height: 844 });
  await expect(chat.getByRole('textbox', { name: '回复内容' })).toBeVisible();
  await shoot(agent, 'desk-reply-phone');
  await agent.setViewportSize({ width: 1280, height: 800 });
  expect(await player.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1);

  // Away from /service, a reply raises 客服消息 (the 20 s unread poll).
  await player.goto('/aboutus');
  await expect(player.getByText('健康游戏忠告')).toBeVisible();
  const away = '补发已完成，请重新登录游戏查看。';
  await chat.getByRole('textbox', { name: '回复内容' }).fill(away);
  await chat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText(away);
  await player.clock.fastForward(POLL_MS);
  const banner = player.getByRole('status').filter({ hasText: '客服消息' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(away);
  await shoot(player, 'desk-player-notice');
  await banner.getByRole('button', { name: /客服消息/ }).click();
  await expect(player).toHaveURL(/\/service$/);
  await expect(chatItems(player).filter({ hasText: away })).toBeVisible();
  await expect(queueBar(player)).toContainText(`${agentName}为您服务`);

  // The agent closes; the player sees 已结束 at once.
  await chat.getByRole('button', { name: '结束会话' }).click();
  await agent.getByRole('dialog').getByRole('button', { name: '结束会话' }).click();
  await expect(chat.locator('.desk-tag')).toHaveText('已结束');
  await expect(chat.getByRole('alert')).toHaveText('会话已结束');
  await expect(chat.getByRole('textbox', { name: '回复内容' })).toHaveCount(0);
  await expect(queueBar(player)).toContainText('已结束');
  await expect(queueBar(player)).toContainText('发送消息将重新排队');
  await expect(agent.getByRole('tab', { name: /我的会话/ })).toBeVisible();
  await agent.getByRole('tab', { name: '最近结束' }).click();
  await expect(agent.getByRole('list', { name: '会话' }).getByRole('button').filter({ hasText: account.nickname }).first()).toContainText('已结束');

  // The losing side of a race: the player's next message queues again; an administrator takes it
  // just before the agent's take reaches the server.
  const again = `还有一个问题，礼包码提示无效 ${String(Date.now()).slice(-3)}`;
  await playerSends(player, again);
  await expect(queueBar(player)).toContainText(/排队中/);
  await agent.getByRole('tab', { name: /待接入/ }).click();
  const next = agent.getByRole('list', { name: '会话' }).getByRole('button').filter({ hasText: account.nickname });
  await next.click();
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText(again);
  const adminContext = await browser.newContext({ baseURL: baseURL! });
  const admin = await signInStaffApi(adminContext.request, 'admin');
  const conversationId = Number((await next.getAttribute('data-testid'))!.replace('desk-item-', ''));
  await agent.route('**/staff/api/service/take', async (route) => {
    const taken = await adminContext.request.post('/staff/api/service/take', { data: { id: conversationId }, headers: { 'x-csrf-token': admin.csrf } });
    expect(((await taken.json()) as { code: number }).code).toBe(1);
    await route.continue();
  });
  await chat.getByRole('button', { name: '接入会话' }).click();
  await expect(agent.getByText('该会话已被其他客服接待')).toBeVisible();
  const notice = chat.getByRole('alert');
  await expect(notice).toContainText(/该会话已被客服\d{3,}（dev-admin）接待/);
  await expect(chat.getByRole('button', { name: '接入会话' })).toHaveCount(0);
  await expect(chat.getByRole('textbox', { name: '回复内容' })).toHaveCount(0);
  await expect(queueBar(player)).toContainText(/客服\d{3,}为您服务/);
  await shoot(agent, 'desk-taken-by-other');
  await agent.unroute('**/staff/api/service/take');
  await notice.getByRole('button', { name: '返回列表' }).click();

  // At phone width: one pane at a time, with a way back.
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.getByRole('tab', { name: '最近结束' }).click();
  const closedItem = agent.getByRole('list', { name: '会话' }).getByRole('button').filter({ hasText: account.nickname }).first();
  await expect(closedItem).toBeVisible();
  await shoot(agent, 'desk-list-phone');
  await closedItem.click();
  await expect(chat.getByRole('list', { name: '聊天记录' })).toContainText(away);
  await expect(agent.getByRole('region', { name: '会话列表' })).toBeHidden();
  await shoot(agent, 'desk-conversation-phone');
  await chat.getByRole('button', { name: '‹ 返回' }).click();
  await expect(agent.getByRole('region', { name: '会话列表' })).toBeVisible();

  // The quick replies are the administrators' to edit (快捷回复).
  const adminPage = await adminContext.newPage();
  const adminErrors = consoleErrors(adminPage);
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await adminPage.goto('/staff/quick-replies');
  await expect(adminPage.getByRole('heading', { name: '快捷回复', exact: true })).toBeVisible();
  await expect(adminPage.locator('tbody tr').first().getByRole('textbox', { name: '内容' })).toHaveValue(DEFAULT_QUICK_REPLIES[0]!);
  const wording = `您好，已收到您的截图，正在核实 ${String(Date.now()).slice(-3)}`;
  await adminPage.getByPlaceholder('客服在回复框中一键选用的话术').fill(wording);
  await adminPage.getByPlaceholder('0', { exact: true }).fill('1');
  await adminPage.getByRole('button', { name: '添加' }).click();
  await expect(adminPage.getByText('快捷回复已添加')).toBeVisible();
  await expect(adminPage.locator('tbody tr').first().getByRole('textbox', { name: '内容' })).toHaveValue(wording);
  await shoot(adminPage, 'quick-replies-admin');
  await adminPage.locator('tbody tr').first().getByRole('button', { name: '删除' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(adminPage.getByText('快捷回复已删除')).toBeVisible();
  await expect(adminPage.locator('tbody tr').first().getByRole('textbox', { name: '内容' })).not.toHaveValue(wording);

  expect(await agent.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1);
  expect(agentErrors).toEqual([]);
  expect(playerErrors).toEqual([]);
  expect(adminErrors).toEqual([]);
  await adminContext.close();
  await agentContext.close();
});
