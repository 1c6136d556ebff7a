import { expect, test } from './fixtures/test.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { at, openPage, register, shoot, signInStorage, watchConsole } from './wire.ts';

/**
 * Help and feedback at 375×812 (E2E_PORT=8193): the FAQ and an answer, a
 * feedback with a real PNG (its upload failing once and retried, a second picture removed) seen
 * in /backrecord with its picture, a game request from an empty search, the product, guide and
 * 关于我们 articles, and the entries on /mine and /systemsetting. Every page is the server's
 * data; none shows 页面暂未开放; none logs a console error. (The staff reply comes in phase 2.)
 */

const SCREENSHOT = readFileSync(path.join(import.meta.dirname, 'fixtures', 'feedback-screenshot.png'));



test('the FAQ: categories, search, an answer, 是否解决了您的问题', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await signInStorage(page, await register(baseURL!));
  await openPage(page, '/commonproblem');
  await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: '问题分类' });
  await expect(tabs.getByRole('tab')).toHaveText(['账号与登录', '充值与支付', '礼包与优惠券', '下载与安装', '实名认证与防沉迷', '其他']);
  await expect(page.getByRole('list', { name: '账号与登录' }).getByRole('link', { name: /收不到短信验证码怎么办/ })).toBeVisible();
  await shoot(page, 'help-commonproblem');

  await tabs.getByRole('tab', { name: '实名认证与防沉迷' }).click();
  await expect(page.getByRole('link', { name: /未成年人什么时间可以玩游戏/ })).toBeVisible();

  await page.getByRole('searchbox', { name: '搜索问题' }).fill('代金券');
  const results = page.getByRole('list', { name: '搜索结果' });
  await expect(results.getByRole('link')).not.toHaveCount(0);
  await expect(results.getByRole('link', { name: /代金券怎么使用/ })).toBeVisible();
  await shoot(page, 'help-commonproblem-search');
  await page.getByRole('searchbox', { name: '搜索问题' }).fill('没有这种问题呀');
  await expect(page.getByText('没有找到相关问题，换个关键词试试')).toBeVisible();
  await page.getByRole('button', { name: '清除' }).click();
  await expect(tabs.getByRole('tab', { name: '实名认证与防沉迷' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: '账号与登录' }).click();

  await page.getByRole('link', { name: /收不到短信验证码怎么办/ }).click();
  await expect(page).toHaveURL(/\/commonproblemdetail\?data=/);
  const answer = page.getByRole('article', { name: '收不到短信验证码怎么办？' });
  await expect(answer.getByText('账号与登录')).toBeVisible();
  // The figures are the server's rules (verification-codes.ts).
  await expect(answer).toContainText('验证码为4位数字，发送后5分钟内有效');
  await expect(answer).toContainText('每小时最多获取5次、每天最多10次');
  await expect(page.getByRole('list', { name: '相关问题' }).getByRole('link', { name: /忘记登录密码怎么办/ })).toBeVisible();
  await shoot(page, 'help-commonproblemdetail');
  await page.getByRole('button', { name: '未解决' }).click();
  await expect(page.getByRole('region', { name: '更多帮助' }).getByRole('link', { name: '意见反馈' })).toBeVisible();

  // A related question moves inside the app.
  await page.getByRole('list', { name: '相关问题' }).getByRole('link', { name: /忘记登录密码怎么办/ }).click();
  await expect(page.getByRole('article', { name: '忘记登录密码怎么办？' })).toContainText('6-15位数字和字母组合');
  expect(errors).toEqual([]);
});

test('feedback with a real picture (one failed upload retried, one removed) shows in /backrecord', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await signInStorage(page, await register(baseURL!));
  await openPage(page, '/commonback');
  await expect(page.getByRole('heading', { name: '意见反馈' })).toBeVisible();
  const submit = page.getByRole('button', { name: '提交' });
  await expect(submit).toBeDisabled();
  await shoot(page, 'feedback-commonback-empty');

  await page.getByRole('radiogroup', { name: '反馈类型' }).getByRole('radio', { name: '功能异常' }).click();
  await expect(page.getByRole('radio', { name: '功能异常' })).toHaveAttribute('aria-checked', 'true');
  const text = page.getByRole('textbox', { name: '问题描述' });
  await text.fill('太卡了');
  await expect(page.getByText('3/500')).toBeVisible();
  await expect(submit).toBeDisabled();
  await text.fill('游戏下载到一半就失败，换了Wi-Fi也一样，截图如下');
  await expect(page.getByText('26/500')).toBeVisible();
  await expect(submit).toBeEnabled();

  // The first upload fails (the connection drops): the tile offers 重试, and the retry is real.
  let dropped = false;
  const bytesUp = (url: URL) => url.pathname.startsWith('/upload/');
  await page.route(bytesUp, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.abort('connectionreset');
  });
  const input = page.getByTestId('feedback-picture-input');
  await input.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: SCREENSHOT });
  const tiles = page.getByTestId('feedback-picture');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAttribute('data-stage', 'failed');
  await expect(page.getByRole('button', { name: /点击重试/ })).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(page.getByText('有图片上传失败，请重试或删除')).toBeVisible();
  await shoot(page, 'feedback-commonback-upload-failed');
  await page.getByRole('button', { name: /点击重试/ }).click();
  await expect(tiles.first()).toHaveAttribute('data-stage', 'uploaded');

  // A second picture, held on its way up (its progress shows, the button waits), then removed.
  let release = () => {};
  await page.unrouteAll();
  await page.route(bytesUp, async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: SCREENSHOT });
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(1)).toHaveAttribute('data-stage', 'uploading');
  await expect(tiles.nth(1).getByRole('progressbar', { name: '上传进度' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(page.getByText('图片上传中，请稍候')).toBeVisible();
  await shoot(page, 'feedback-commonback-uploading');
  release();
  await expect(tiles.nth(1)).toHaveAttribute('data-stage', 'uploaded');
  await expect(submit).toBeEnabled();
  await tiles.nth(1).getByRole('button', { name: '删除图片' }).click();
  await expect(tiles).toHaveCount(1);
  await page.unrouteAll();

  await page.getByRole('textbox', { name: '联系方式' }).fill('QQ 3007218866');
  await expect(submit).toBeEnabled();
  await shoot(page, 'feedback-commonback-filled');
  await submit.click();

  await expect(page).toHaveURL(/\/backrecord$/);
  await expect(page.getByText('提交成功，我们会尽快处理')).toBeVisible();
  const card = page.getByRole('article', { name: '功能异常反馈' });
  await expect(card).toContainText('游戏下载到一半就失败，换了Wi-Fi也一样，截图如下');
  await expect(card).toContainText('待处理');
  await expect(card).toContainText('联系方式：QQ 3007218866');
  const picture = card.getByRole('button', { name: '查看图片 1' }).locator('img');
  await expect(picture).toHaveAttribute('src', /^\/media\/feedback\/[0-9a-f]{32}\.webp$/);
  // The server's re-encoded picture, whole: 540×960 as sent.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(540);
  await shoot(page, 'feedback-backrecord');
  await card.getByRole('button', { name: '查看图片 1' }).click();
  await expect(page.getByRole('button', { name: '关闭图片' })).toBeVisible();
  await shoot(page, 'feedback-backrecord-picture');
  await page.getByRole('button', { name: '关闭图片' }).click();

  // The link of a reply's message: that one feedback, then 查看全部反馈.
  const id = Number((await card.getAttribute('data-testid'))!.replace('feedback-', ''));
  await openPage(page, at('/backrecord', { id }));
  await expect(page.getByRole('article', { name: '功能异常反馈' })).toHaveCount(1);
  await page.getByRole('button', { name: '查看全部反馈' }).click();
  await expect(page.getByText('没有更多了')).toBeVisible();
  // The one error is the browser's own line for the upload this test cut off.
  expect(errors).toEqual(['Failed to load resource: net::ERR_CONNECTION_RESET']);
});

test('an empty search asks for the game: /suggestbcak prefilled, then in /backrecord', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await signInStorage(page, await register(baseURL!));
  await openPage(page, at('/searchingresult', { keyword: '星穹幻想录' }));
  await expect(page.getByText('没有找到相关游戏')).toBeVisible();
  await shoot(page, 'search-empty-ask');
  await page.getByRole('link', { name: '告诉我们想玩的游戏' }).click();
  await expect(page.getByRole('heading', { name: '求游戏' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '游戏名称' })).toHaveValue('星穹幻想录');
  await page.getByRole('textbox', { name: '补充说明' }).fill('安卓版，朋友都在玩');
  await shoot(page, 'feedback-suggestbcak');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/backrecord$/);
  const card = page.getByRole('article', { name: '求游戏反馈' });
  await expect(card).toContainText('想玩：星穹幻想录');
  await expect(card).toContainText('安卓版，朋友都在玩');
  expect(errors).toEqual([]);
});

test('product, guide with activities, 关于我们 items, and the entries on /mine and /systemsetting', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await openPage(page, '/productintroduce');
  await expect(page.getByRole('article', { name: '产品介绍' })).toContainText('乐玩游戏盒是什么');
  await shoot(page, 'help-productintroduce');

  await openPage(page, '/aboutus');
  const links = page.getByRole('navigation', { name: '了解更多' });
  await expect(links.getByRole('link')).toHaveText(['产品介绍', '乐玩指南', '公司简介', '家长监护工程', '玩家行为规范', '常见问题', '用户协议与隐私政策']);
  await links.scrollIntoViewIfNeeded();
  await shoot(page, 'help-aboutus-links');
  await links.getByRole('link', { name: '家长监护工程' }).click();
  await expect(page).toHaveURL(/\/aboutdetail\?data=/);
  await expect(page.getByRole('heading', { name: '家长监护工程', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: '家长监护工程' })).toContainText('单次不超过50元，每月累计不超过200元');
  await shoot(page, 'help-aboutdetail');

  // /lewanguide needs a session (SPEC §2).
  await signInStorage(page, await register(baseURL!));
  await openPage(page, '/lewanguide');
  await expect(page.getByRole('heading', { name: '乐玩指南', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: '新手指南' })).toContainText('第一步：登录');
  const activities = page.getByRole('region', { name: '平台活动' });
  await expect(activities.getByRole('link')).toHaveCount(3);
  await expect(activities.getByRole('link').first()).toContainText('首充乐玩币加赠10%');
  await shoot(page, 'help-lewanguide');
  await activities.scrollIntoViewIfNeeded();
  await shoot(page, 'help-lewanguide-activities');
  // A link inside the article moves inside the app.
  await page.getByRole('article', { name: '新手指南' }).getByRole('link', { name: '常见问题' }).click();
  await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
  await page.goBack();
  await activities.getByRole('link').first().click();
  const activity = page.getByRole('article', { name: '首充乐玩币加赠10%' });
  await expect(activity).toContainText('最多赠送30乐玩币');
  await expect.poll(() => activity.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shoot(page, 'help-activity');

  await openPage(page, '/mine');
  const entries = page.getByRole('navigation', { name: '账号服务' });
  await expect(entries.getByRole('link', { name: '常见问题' })).toBeVisible();
  await entries.scrollIntoViewIfNeeded();
  await shoot(page, 'help-mine-entries');
  await entries.getByRole('link', { name: '意见反馈' }).click();
  await expect(page.getByRole('heading', { name: '意见反馈' })).toBeVisible();
  await page.getByRole('link', { name: '反馈记录' }).click();
  await expect(page.getByText('还没有反馈记录')).toBeVisible();
  await shoot(page, 'feedback-backrecord-empty');

  await openPage(page, '/systemsetting');
  const help = page.getByRole('list', { name: '帮助与反馈' });
  await expect(help.getByRole('link')).toHaveText(['常见问题', '意见反馈']);
  await shoot(page, 'help-systemsetting');
  expect(errors).toEqual([]);
});

test('signed out: /backrecord offers 登录; /commonback and /commonproblem open the login popup', async ({ page }) => {
  const errors = watchConsole(page);
  await openPage(page, '/backrecord');
  await expect(page.getByText('登录后查看您的反馈记录')).toBeVisible();
  await shoot(page, 'feedback-backrecord-signed-out');
  await openPage(page, '/mine');
  await page.getByRole('navigation', { name: '账号服务' }).getByRole('link', { name: '意见反馈' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/mine$/);
  expect(errors).toEqual([]);
});
