import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import sharp from 'sharp';
import { freshPhone, register, shoot, signInStorage } from './wire.ts';

/**
 * Customer service with a human agent through the whole stack at 375×812: the
 * player writes on /service and sees 排队中; an agent — here the development agent path
 * /dev/service/agent, which calls the same agent functions as the console's staff calls and can
 * also end the player's streams (tests/e2e/service-desk.spec.ts drives the console itself) —
 * takes the conversation and replies, and the reply
 * appears without a reload (server-sent events). With the stream killed (the server ends it and
 * the browser may not open another) the page falls back to the 20 s poll, which still delivers.
 * Away from /service the same reply raises the '客服消息' banner through the unread poll.
 */

const POLL_MS = 20_000;
const WELCOME = '欢迎来到乐玩游戏盒！有任何问题都可以在这里联系客服。';


const chatItems = (page: Page) => page.getByRole('list', { name: '聊天记录' }).getByRole('listitem');
const queueBar = (page: Page) => page.locator('.service-queue');

async function agent(baseURL: string, phone: string, action: 'take' | 'reply' | 'close' | 'drop', text?: string) {
  const res = await fetch(`${baseURL}/dev/service/agent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, action, text }) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { code: number; msg: string };
  expect(body).toMatchObject({ code: 1 });
  return body;
}

/** Console errors of the page, but the browser's own line for a stream request the test aborted on purpose. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/ERR_FAILED|api\/service\/stream/.test(message.text() + (message.location().url ?? ''))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a player queues, an agent takes and replies, the reply appears at once; with the stream killed the 20 s poll still delivers', async ({ page, baseURL }) => {
  const account = await register(baseURL!, freshPhone('137'));
  const errors = consoleErrors(page);
  await page.clock.install();
  await signInStorage(page, account);
  const streams: string[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/service/stream') streams.push(url.search);
    if (url.pathname.startsWith('/api/user/')) calls.push(url.pathname.slice('/api/user/'.length));
  });

  await page.goto('/service');
  await expect(chatItems(page).filter({ hasText: WELCOME })).toBeVisible();
  // The stream opens after the chat's newest message (it resumes from there).
  await expect.poll(() => streams.length).toBe(1);
  expect(streams[0]).toMatch(/^\?ticket=[\w-]{43}&last_event_id=\d+$/);

  await page.getByRole('textbox', { name: '输入消息' }).fill('你好，我要找人工客服');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(queueBar(page)).toContainText(/排队中 第\d+位/);
  await shoot(page, 'service-live-queued');
  // The first message is answered by the welcome auto-reply (reply_in_ms): the page fetches the chat
  // once when that is due. Let it happen now, so that what follows counts only pushed messages.
  await page.clock.runFor(3_300);
  await expect.poll(() => calls.filter((call) => call === 'getChatLink').length).toBe(2);

  // The page is never reloaded: a marker set now must survive until the end.
  await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
  const callsBefore = calls.length;
  await agent(baseURL!, account.phone, 'take');
  await expect(queueBar(page)).toContainText('客服007为您服务');
  await expect(page.locator('.chat-note').filter({ hasText: '客服007已接入，很高兴为您服务' })).toBeVisible();
  await agent(baseURL!, account.phone, 'reply', '您好，我是客服007，请问有什么可以帮您？');
  const reply = chatItems(page).filter({ hasText: '您好，我是客服007，请问有什么可以帮您？' });
  await expect(reply).toBeVisible();
  await expect(reply.locator('.chat-message__agent')).toHaveText('客服007');
  // Pushed: no call fetched it.
  expect(calls.slice(callsBefore).filter((call) => call === 'getChatLink' || call === 'getWoliveQueue')).toEqual([]);

  // A picture, through the upload path, with its progress.
  const pixels = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % 640;
    const y = Math.floor(i / 3 / 640);
    pixels[i] = 60 + ((x * 190) / 640);
    pixels[i + 1] = 90 + ((y * 120) / 480);
    pixels[i + 2] = (Math.floor(x / 40) + Math.floor(y / 40)) % 2 ? 220 : 160;
  }
  const png = await sharp(pixels, { raw: { width: 640, height: 480, channels: 3 } }).png().toBuffer();
  await page.getByTestId('service-picture-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
  const sentPicture = chatItems(page).filter({ has: page.getByRole('img', { name: '聊天图片' }) }).last();
  await expect(sentPicture).toBeVisible();
  await expect(sentPicture).toHaveClass(/chat-message--in/);
  await expect(chatItems(page).filter({ hasText: /上传中/ })).toHaveCount(0);
  await shoot(page, 'service-live');
  await sentPicture.getByRole('button', { name: '查看图片' }).click();
  await expect(page.getByRole('dialog', { name: '查看图片' })).toBeVisible();
  await page.getByRole('dialog', { name: '查看图片' }).click();
  await expect(page.getByRole('dialog', { name: '查看图片' })).toHaveCount(0);

  // Kill the stream: the browser may not open another, and the server ends the open one.
  await page.route('**/api/service/stream**', (route) => route.abort());
  await agent(baseURL!, account.phone, 'drop');
  await expect(queueBar(page)).toContainText('连接不稳定，每20秒刷新');
  await agent(baseURL!, account.phone, 'reply', '这条回复由轮询送达');
  await page.clock.fastForward(POLL_MS);
  await expect(chatItems(page).filter({ hasText: '这条回复由轮询送达' })).toBeVisible();
  expect(calls).toContain('getWoliveQueue');
  await shoot(page, 'service-live-fallback');

  // The agent ends it: 已结束; the player's next message queues again.
  await agent(baseURL!, account.phone, 'close');
  await page.clock.fastForward(POLL_MS);
  await expect(queueBar(page)).toContainText('已结束');
  await expect(queueBar(page)).toContainText('发送消息将重新排队');
  await page.getByRole('textbox', { name: '输入消息' }).fill('还有一个问题');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(queueBar(page)).toContainText(/排队中 第\d+位/);
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1);
  expect(errors).toEqual([]);
});

test("away from /service an agent's reply raises the 客服消息 banner through the 20 s poll", async ({ page, baseURL }) => {
  const account = await register(baseURL!, freshPhone('137'));
  const errors = consoleErrors(page);
  await page.clock.install();
  await signInStorage(page, account);
  await page.goto('/service');
  await expect(chatItems(page).filter({ hasText: WELCOME })).toBeVisible();
  await page.getByRole('textbox', { name: '输入消息' }).fill('请帮我查一下订单');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(queueBar(page)).toContainText(/排队中/);
  await page.goto('/aboutus');
  await expect(page.getByText('健康游戏忠告')).toBeVisible();
  await agent(baseURL!, account.phone, 'take');
  await agent(baseURL!, account.phone, 'reply', '订单已为您查到，已补发到账');
  await page.clock.fastForward(POLL_MS);
  const banner = page.getByRole('status').filter({ hasText: '客服消息' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('订单已为您查到，已补发到账');
  await banner.getByRole('button', { name: /客服消息/ }).click();
  await expect(page).toHaveURL(/\/service$/);
  await expect(chatItems(page).filter({ hasText: '订单已为您查到，已补发到账' })).toBeVisible();
  await expect(queueBar(page)).toContainText('客服007为您服务');
  expect(errors).toEqual([]);
});
