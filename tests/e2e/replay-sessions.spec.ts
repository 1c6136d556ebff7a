import type { Page, APIRequestContext } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { staffSession } from './staff.ts';
import { appRendered, at, freshPhone, openPage, register, registerAdult, signInStorage, smallGames, wireCall } from './wire.ts';

/**
 * Real signed-in sessions recorded through the UI, exported from /testview ('导出日志') and replayed
 * by the code `npm run replay` runs (scripts/replay.ts): each must replay with no divergence. Among
 * them a top-up with a coupon and a trade purchase, both paid at the sandbox cashier (the page is
 * left for it and the log continues on the way back).
 */

const OUT = 'test-results/replay-sessions';

test.beforeEach(({ page }) => seedPrivacyDecision(page));
// Each walk signs up, walks several pages and replays its log in a child process.
test.describe.configure({ timeout: 180_000 });

/** Client navigation, as a tap on a link would do it (the router follows history.pushState). */
async function navigate(page: Page, href: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), href);
}

async function signUpOnMine(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/mine');
  await appRendered(page);
  await page.getByRole('button', { name: /登录\/注册/ }).click();
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('login-overlay').getByRole('checkbox').click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const { code } = (await (await request.get(`/dev/sms/${phone}`)).json()) as { code: string };
  for (const digit of code) await page.locator('.adm-number-keyboard').getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
}

/** `npm run replay -- <file>`'s code on a log file: its exit status and output. */
function replayFile(file: string) {
  const replay = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], { encoding: 'utf8' });
  writeFileSync(file.replace(/\.json$/, '.txt'), replay.stdout + replay.stderr);
  return { file, status: replay.status, output: replay.stdout + replay.stderr };
}

/** The same log with the recorded state of its first entry `pick` chooses changed: the replay names that entry and nothing else. */
function expectAlteredStateReported(file: string, pick: (entry: LoggedEntry) => boolean, state: unknown) {
  const log = JSON.parse(readFileSync(file, 'utf8')) as { entries: LoggedEntry[] };
  const altered = log.entries.find(pick);
  expect(altered, 'the log has the entry to alter').toBeDefined();
  altered!.state = state;
  const alteredFile = file.replace(/\.json$/, '-altered.json');
  writeFileSync(alteredFile, JSON.stringify(log));
  const divergent = replayFile(alteredFile);
  expect(divergent.status).toBe(1);
  expect(divergent.output).toContain(`✗ #${altered!.seq} ${altered!.actor} ${altered!.event.type}: state `);
  expect(divergent.output).toContain('1 divergence(s)');
}

interface LoggedEntry {
  seq: number;
  actor: string;
  event: { type: string };
  state?: unknown;
}

/** Exports the log from /testview ('导出日志') and replays it. */
async function exportAndReplay(page: Page, name: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出日志' }).click();
  mkdirSync(OUT, { recursive: true });
  const file = `${OUT}/${name}.json`;
  await (await download).saveAs(file);
  return replayFile(file);
}

async function checkInAndService(page: Page, request: APIRequestContext) {
  await signUpOnMine(page, request, freshPhone());
  await page.getByRole('link', { name: '每日任务' }).click();
  await page.getByRole('button', { name: '签到', exact: true }).click();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  await page.goBack();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.getByRole('link', { name: '联系客服' }).click();
  await page.getByRole('textbox', { name: '输入消息' }).fill('充值没到账怎么办？');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('textbox', { name: '输入消息' })).toHaveValue('');
  await page.waitForTimeout(1_200); // the log persists at most once a second
}

test('a signed-in session that opens /testview by URL replays exactly', async ({ page, request }) => {
  await checkInAndService(page, request);
  await page.goto('/testview');
  const replay = await exportAndReplay(page, 'by-url');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
});

test('a signed-in session that reaches /testview in the app replays exactly', async ({ page, request }) => {
  await checkInAndService(page, request);
  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'in-app');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
});

test('a password change, a paused download in the simulator and a task claim replay exactly; an altered event is reported there', async ({ page, baseURL }) => {
  const [game] = await smallGames(baseURL!, 1);
  await signInStorage(page, await register(baseURL!, freshPhone('135'), 'abc123'));
  await page.goto('/accountsafety');
  await appRendered(page);
  await page.getByRole('link', { name: /登录密码/ }).click();
  await page.locator('#old-password').fill('abc123');
  await page.locator('#new-password').fill('new456');
  await page.locator('#confirm-password').fill('new456');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/accountsafety$/, { timeout: 20_000 }); // the password hash is slow on a busy machine

  // A reload into the wrapper simulator (the log continues behind log.restored), slowed so the download can be paused.
  await page.goto(`${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}&wrapper=sim&simspeed=250000`);
  await appRendered(page);
  await page.getByRole('button', { name: `下载 ${game!.name}` }).click();
  await expect(page.getByRole('button', { name: `暂停 ${game!.name}` })).toHaveText(/^\d+%$/);
  await navigate(page, '/mine');
  await page.getByRole('link', { name: '下载管理' }).click();
  const entry = page.getByTestId(`download-${game!.platform_game_id}`);
  await entry.getByRole('button', { name: `暂停 ${game!.name}` }).click();
  await expect(entry).toHaveAttribute('data-state', '6');
  await entry.getByRole('button', { name: `继续 ${game!.name}` }).click();
  await expect(entry).toHaveAttribute('data-state', '3', { timeout: 60_000 });

  // The finished download made 下载一款游戏 claimable.
  await navigate(page, '/dailymission');
  const task = page.getByTestId('task-daily_download');
  await expect(task).toHaveAttribute('data-state', 'claimable', { timeout: 15_000 });
  await task.getByRole('button', { name: '领取' }).click();
  await expect(task).toHaveAttribute('data-state', 'claimed');
  await page.waitForTimeout(1_200);

  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'password-download-claim');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
  expect(replay.output).toMatch(/ stop +\S+ +xstate\.stop/);
  expect(replay.output).toMatch(/ reset +eventLog +log\.restored/);

  // The same log with one event's recorded state changed: the replay names that event.
  expectAlteredStateReported(replay.file, (item) => item.actor.startsWith('taskClaim') && item.event.type.startsWith('xstate.done.actor.'), 'todo');
});

test('a bug report carries its log: the player consents, an agent steps through it on the diagrams and downloads it, and the file replays exactly', async ({ page, request, browser, baseURL }) => {
  await checkInAndService(page, request);
  await navigate(page, '/commonback');
  await page.getByRole('radiogroup', { name: '反馈类型' }).getByRole('radio', { name: '功能异常' }).click();
  await page.getByRole('textbox', { name: '问题描述' }).fill('签到以后客服页面没有显示我发的消息');
  const consent = page.getByRole('checkbox', { name: '附带本次使用记录，帮助我们定位问题' });
  await expect(consent).not.toBeChecked();
  await consent.check({ force: true });
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/backrecord$/);
  const card = page.getByRole('article', { name: '功能异常反馈' }).first();
  const id = Number((await card.getAttribute('data-testid'))!.replace('feedback-', ''));

  const staffContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const desk = await staffContext.newPage();
  await staffSession(desk, 'agent');
  await desk.goto(`/staff/feedback?id=${id}`);
  const detail = desk.getByRole('region', { name: '反馈详情' });
  await expect(detail.getByRole('heading', { name: `功能异常反馈 #${id}` })).toBeVisible();
  const attached = detail.getByLabel('使用记录');
  await expect(attached).toContainText('玩家附带了使用记录');
  await attached.getByRole('button', { name: '按步查看' }).click();
  const steps = detail.getByRole('region', { name: '按步查看' });
  await expect(steps.getByText(/^第 1 \/ \d+ 步$/)).toBeVisible();
  await steps.getByRole('button', { name: '下一步' }).click();
  await expect(steps.getByText(/^第 2 \/ \d+ 步$/)).toBeVisible();
  // The receiver's diagram, its state in orange.
  await expect(steps.locator('[data-active="true"]').first()).toBeAttached();
  const download = desk.waitForEvent('download');
  await attached.getByRole('button', { name: '下载日志' }).click();
  mkdirSync(OUT, { recursive: true });
  const file = `${OUT}/feedback-${id}.json`;
  await (await download).saveAs(file);
  await staffContext.close();

  // What the staff downloaded is the player's log, redacted on the phone, and it replays.
  const text = readFileSync(file, 'utf8');
  expect(text).not.toMatch(/"token":\s*"[A-Za-z0-9_-]{20,}"/);
  const replay = replayFile(file);
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
});

/** A game whose own coupon (not yet claimed, in stock) can be used on a ¥648 top-up of it. */
async function gameWithClaimableCoupon(baseURL: string) {
  const games = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 30 })).data.list as { game_id: number; platform_game_id: number; name: string }[];
  for (const game of games) {
    const list = ((await wireCall(baseURL, '/api/coupon/getCouponList', { game_id: game.game_id, type: 'normal', page: 1, limit: 50 })).data?.list ?? []) as {
      coupon_id: number;
      game_id: number;
      name: string;
      remaining: number;
      threshold_cents: number;
    }[];
    const coupon = list.find((item) => item.game_id === game.game_id && item.remaining > 0 && item.threshold_cents <= 64_800);
    if (coupon) return { game, coupon };
  }
  throw new Error('no game with a claimable coupon usable for a ¥648 top-up');
}

test('a coupon claimed on /gamecoupon and used on a role top-up paid at the sandbox cashier replays exactly', async ({ page, baseURL }) => {
  const account = await registerAdult(baseURL!);
  const { game, coupon } = await gameWithClaimableCoupon(baseURL!);
  await signInStorage(page, account);

  // The game's coupon page: 领取 the coupon.
  await openPage(page, at('/gamecoupon', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
  const card = page.getByTestId(`coupon-${coupon.coupon_id}`);
  await card.getByRole('button', { name: '领取', exact: true }).click();
  await expect(card.getByRole('button', { name: '已领取' })).toBeVisible();
  const checkout = (await wireCall(baseURL!, '/api/order/getCheckoutCoupons', { kind: 'game', amount_cents: 64_800, platform_game_id: game.platform_game_id }, account)).data;
  const mine = (checkout.usable as { id: number; name: string }[]).find((item) => item.name === coupon.name)!;
  expect(mine, 'the claimed coupon is usable on the top-up').toBeDefined();

  // /autorechargehao: 添加小号, ¥648, 下一步 → /rechargepay; the coupon chosen on /selectcoupon.
  await navigate(page, at('/autorechargehao', { platform_game_id: game.platform_game_id }));
  await page.getByRole('button', { name: '＋ 添加小号' }).click();
  await page.getByRole('button', { name: '创建小号' }).click();
  await expect(page.getByRole('radio', { name: /小号/ }).first()).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: /^648元/ }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/rechargepay/);
  await page.getByRole('button', { name: /优惠券/ }).click();
  await expect(page).toHaveURL(/\/selectcoupon/);
  await page.getByTestId(`checkout-coupon-${mine.id}`).click();
  await expect(page).toHaveURL(/\/rechargepay/);
  await expect(page.getByRole('button', { name: /优惠券/ })).toContainText(coupon.name);

  // The sandbox cashier (a page of the server: the app reloads on the way back), then the receipt.
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByRole('heading', { name: '已到账' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/已到账 ¥648\.00/)).toBeVisible();
  await page.waitForTimeout(1_200);

  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'coupon-top-up');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
  // The log kept the tap that sent the player to the cashier, and the poll (order-poll) after the return.
  expect(replay.output).toMatch(/ send +payment +ui\.pay\.submit[^\n]*\n(.*\n)*.* reset +eventLog +log\.restored/);
  expect(replay.output).toMatch(/ done +payment\/poll +xstate\.done\.actor\.getOneOrder/);
});

test('a trade purchase paid at the sandbox cashier replays exactly; an altered answer is reported there', async ({ page, baseURL }) => {
  const buyer = await registerAdult(baseURL!);
  await signInStorage(page, buyer);
  const listings = ((await wireCall(baseURL!, '/api/trade/getListings', { page: 1, limit: 50 })).data.list as { id: number; title: string; status: string }[]).filter(
    (card) => card.status === 'on_sale',
  );
  const target = listings.at(-1)!;

  await openPage(page, at('/wantpay', { listing_id: target.id }));
  await expect(page.getByRole('heading', { name: target.title })).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).click();
  const sheet = page.getByRole('dialog', { name: '确认购买' });
  await sheet.getByRole('button', { name: '确认购买' }).click();
  await expect(page).toHaveURL(/\/orderpay\?data=.*order_number/);
  await expect(page.getByRole('heading', { name: '等待支付' })).toBeVisible();
  await page.getByRole('button', { name: '去支付' }).click();
  await expect(page.getByText('沙箱支付，不会产生真实扣款')).toBeVisible();
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page).toHaveURL(/\/tradingsuccess/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '交易成功' })).toBeVisible();
  await expect(page.getByTestId('trade-status')).toHaveText('冷静期中');
  await page.waitForTimeout(1_200);

  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'trade-purchase');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
  // The log kept the purchase before the cashier (the page was left for it) and its end after the return.
  expect(replay.output).toMatch(/ send +tradePurchase +ui\.buy\.submit[^\n]*\n(.*\n)*.* reset +eventLog +log\.restored(.*\n)*.* tradePurchase +xstate\.done\.actor\.\S+ +→ paid/);
  // Its poll child (order-poll), started as the page's onCreated moved the router to /orderpay.
  expect(replay.output).toMatch(/ auto +tradePurchase\/pollOrder +xstate\.init/);

  // The order's answer on the return recorded with another state: the replay names that answer.
  expectAlteredStateReported(replay.file, (item) => item.actor === 'tradePurchase' && item.event.type.startsWith('xstate.done.actor.') && item.state === 'paid', 'checking');
});

test('a game downloaded in the browser (the download address opened in place of the page) replays exactly', async ({ page, baseURL }) => {
  const [game] = await smallGames(baseURL!, 1);
  await signInStorage(page, await register(baseURL!));
  await openPage(page, at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id }));
  // Outside the wrapper 下载 sends the tab to the package's address (location.assign), as 去支付 sends it to the cashier.
  await page.evaluate(() => sessionStorage.setItem('e2e-before-download', String(performance.timeOrigin)));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `下载 ${game!.name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.apk$/);
  expect(await file.failure()).toBeNull();
  // The address answers the file as an attachment: the browser keeps the page (the same document,
  // no pagehide), so the log goes on in memory; it has no restore to make up for a gap.
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-before-download') === String(performance.timeOrigin))).toBe(true);
  await expect(page.getByRole('button', { name: `下载 ${game!.name}` })).toBeEnabled();
  await page.waitForTimeout(1_200);

  await navigate(page, '/testview');
  await expect(page.getByRole('button', { name: '导出日志' })).toBeVisible();
  const replay = await exportAndReplay(page, 'browser-download');
  expect(replay.status, replay.output.slice(-4000)).toBe(0);
  // The tap, and the address's answer that sent the tab to the file, are in the log.
  expect(replay.output).toMatch(/ send +browserDownload +ui\.download/);
  expect(replay.output).toMatch(/browserDownload +xstate\.done\.actor\.\S+ +→ idle/);
});
