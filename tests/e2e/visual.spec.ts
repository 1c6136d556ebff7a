import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { at, openPage, popupSeen, register, signInStorage, wireCall } from './wire.ts';

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
    // Loading states say aria-busy; pictures and fonts are in before the picture is taken.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect
      .soft(page, `${screen.name} looks as its baseline`)
      .toHaveScreenshot(`${screen.name}.png`, { fullPage: true, animations: 'disabled', caret: 'hide', threshold: 0.1, maxDiffPixels: 10, mask: [page.locator('[data-dynamic]')] })
      .catch((error: unknown) => misses.push(`${screen.name}: ${String(error).slice(0, 200)}`));
  }
  expect(misses).toEqual([]);
});
