import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { sellListing } from './trade.ts';
import { at, openPage, popupSeen, register, registerAdult, signInStorage, wireCall } from './wire.ts';

/**
 * The look of the pages a new player meets first, against committed baselines
 * (tests/e2e/visual.spec.ts-snapshots/, 375×812 at 2×): the shared empty state, tab bar,
 * checkbox and forms, where a style drifting from the others (an outlined button on one
 * empty state, a tab underline that floats) is what a player notices. A new player's pages hold
 * no dates or balances of their own, and the player signs up with the same phone every run, so the
 * picture is the same on every run; anything marked data-dynamic is masked. Text cut off by its
 * box is the a11y walk's (CLIP_RULE, every route); this spec is for looks. Only what a new
 * player's own account decides is pictured: the other specs sharing the worker's server change
 * shared lists (热门搜索 counts searches), which would change the picture.
 *
 * After a deliberate change of look: `npx playwright test tests/e2e/visual.spec.ts --update-snapshots`,
 * then look at the new PNGs before committing them.
 *
 * Two screens hold what a new player does not have, made through the real calls: the seller's sold
 * trade on /traderecord (its date is the run's, so the <time> is masked: the masked box still shows
 * where the date sits against 服) and a game's coupons right after a claim (the remaining counts
 * follow other specs' claims, so they are masked; that the claimed one's went down is asserted).
 */

const SCREENS: ReadonlyArray<{ name: string; url: string | ((baseURL: string) => Promise<string>); ready: (page: Page) => Promise<void> }> = [
  { name: 'invite-list', url: '/invitatelist', ready: (page) => expect(page.getByText('去邀请')).toBeVisible() },
  { name: 'edit-password', url: '/editpassword', ready: (page) => expect(page.getByRole('tab').first()).toBeVisible() },
  { name: 'trade-record', url: '/traderecord', ready: (page) => expect(page.getByRole('tablist').first()).toBeVisible() },
  { name: 'recharge-record', url: '/rechargerecord', ready: (page) => expect(page.getByRole('tablist').first()).toBeVisible() },
  { name: 'auto-send', url: '/autosend', ready: (page) => expect(page.locator('.list-empty').first()).toBeVisible() },
  { name: 'seal-record', url: '/sealrecord', ready: (page) => expect(page.locator('.list-empty').first()).toBeVisible() },
  { name: 'back-record', url: '/backrecord', ready: (page) => expect(page.locator('.list-empty').first()).toBeVisible() },
  { name: 'down-list', url: '/downlist', ready: (page) => expect(page.locator('.list-empty').first()).toBeVisible() },
  { name: 'sell-account', url: '/sellaccount', ready: (page) => expect(page.locator('.list-empty').first()).toBeVisible() },
  { name: 'submit-application', url: '/submitapplication', ready: (page) => expect(page.getByText('上架出售').first()).toBeVisible() },
  {
    // An H5 game for a player without real name: the notice once, with its button (no second copy).
    name: 'h5-play-no-real-name',
    url: async (baseURL) => {
      // The lowest id, not the list's first: the list's order follows other players' activity.
      const list = (await wireCall(baseURL, '/api/game/getGameList', { type: 'h5', page: 1, limit: 50 })).data.list as Array<{ game_id: number; platform_game_id: number }>;
      const h5 = [...list].sort((a, b) => a.game_id - b.game_id)[0]!;
      return at('/zaixianwan', { game_id: h5.game_id, platform_game_id: h5.platform_game_id });
    },
    ready: (page) => expect(page.getByRole('link', { name: '去实名认证' })).toBeVisible(),
  },
  { name: 'common-back', url: '/commonback', ready: (page) => expect(page.getByRole('checkbox', { name: /附带本次使用记录/ })).toBeAttached() },
];

test.describe.configure({ timeout: 180_000 });

/** What every baseline here is taken with; `mask` adds what varies between runs. */
const LOOK = { animations: 'disabled', caret: 'hide', threshold: 0.1, maxDiffPixels: 10 } as const;

/** Loading states say aria-busy; pictures and fonts are in before the picture is taken. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A toast (领取成功 after a claim) is gone after its 2 s: the baseline is the page, not the toast.
  await expect(page.locator('.adm-toast-main:visible')).toHaveCount(0, { timeout: 5_000 });
  await expect.poll(() => page.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test('the first pages of a new player look as their baselines', async ({ page, baseURL }) => {
  await seedPrivacyDecision(page);
  // One phone for the baselines (each run's server is new): the masked number some pages show stays the same.
  const account = await register(baseURL!, '13912340000');
  await popupSeen(baseURL!, account);
  await signInStorage(page, account);
  const misses: string[] = [];
  for (const screen of SCREENS) {
    const url = typeof screen.url === 'string' ? screen.url : await screen.url(baseURL!);
    await openPage(page, url);
    await screen.ready(page);
    await settled(page);
    await expect
      .soft(page, `${screen.name} looks as its baseline`)
      .toHaveScreenshot(`${screen.name}.png`, { fullPage: true, ...LOOK, mask: [page.locator('[data-dynamic]')] })
      .catch((error: unknown) => misses.push(`${screen.name}: ${String(error).slice(0, 200)}`));
  }
  expect(misses).toEqual([]);
});

test("the seller's sold trade on /traderecord: the server and the date on lines of their own", async ({ page, baseURL, request }) => {
  const base = baseURL!;
  await seedPrivacyDecision(page);
  const seller = await registerAdult(base, '周九');
  const title = '满级角色 全身橙装 坐骑齐全';
  await sellListing(base, request, seller, await registerAdult(base, '吴十'), title, 12_000);
  await signInStorage(page, seller);
  await openPage(page, at('/traderecord', { tab: 'sold' }));
  await expect(page.getByRole('tab', { name: '已出售' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('button', { name: title });
  await expect(row).toContainText('1服');
  await expect(row).toContainText('¥114.00');
  await expect(row.locator('time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await settled(page);
  await expect(page).toHaveScreenshot('trade-record-sold.png', { ...LOOK, mask: [row.locator('time')] });
});

/** The lowest-id game with its own coupon in stock and BT coupons: its ids and its own coupon. */
async function gameWithBothCoupons(base: string) {
  const games = (await wireCall(base, '/api/game/getGameList', { page: 1, limit: 50 })).data.list as { game_id: number; platform_game_id: number }[];
  type Listed = { coupon_id: number; game_id: number | null; remaining: number };
  const coupons = (gameId: number, type: 'normal' | 'bt') => wireCall(base, '/api/coupon/getCouponList', { game_id: gameId, type, page: 1, limit: 50 }).then((answer) => (answer.data?.list ?? []) as Listed[]);
  for (const game of [...games].sort((a, b) => a.game_id - b.game_id)) {
    const own = (await coupons(game.game_id, 'normal')).find((coupon) => coupon.game_id === game.game_id && coupon.remaining > 0);
    if (own && (await coupons(game.game_id, 'bt')).length > 0) return { game, own };
  }
  throw new Error('no game with its own coupon and BT coupons');
}

test("a game's coupons right after a claim: one 已领取 style, whole names, the count already down", async ({ page, baseURL }) => {
  const base = baseURL!;
  await seedPrivacyDecision(page);
  const account = await register(base);
  await popupSeen(base, account);
  await signInStorage(page, account);
  const { game, own } = await gameWithBothCoupons(base);
  await openPage(page, at('/gamecoupon', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
  const card = page.getByTestId(`coupon-${own.coupon_id}`);
  const count = card.locator('.coupon-card__count');
  const before = Number((await count.textContent())!.split('/')[0]);
  await card.getByRole('button', { name: '领取', exact: true }).click();
  await expect(card.getByRole('button', { name: '已领取' })).toBeDisabled();
  // The list is asked again after the claim: no reload.
  await expect(count).toHaveText(new RegExp(`^${before - 1}/`));
  const bt = page.getByRole('region', { name: 'BT券' });
  await bt.getByRole('button', { name: '一键领取' }).click();
  await expect(bt.getByRole('button', { name: '已领取' })).toBeDisabled();
  await expect(bt.locator('.coupon-card').filter({ hasText: '可领取' })).toHaveCount(0);
  await settled(page);
  await expect(page).toHaveScreenshot('game-coupon-claimed.png', { fullPage: true, ...LOOK, mask: [page.locator('.coupon-card__count')] });
});
