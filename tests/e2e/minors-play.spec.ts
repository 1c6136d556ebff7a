import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { decodeResponse, DEV_SECRETS } from '../../api/protocol/wire.ts';
import { MINORS_MSG } from '../../server/minors.ts';
import { nodeCrypto } from '../../server/wire-crypto.ts';
import { seedPrivacyDecision } from './privacy.ts';
import { at, registerAdult, shoot, signInStorage, wireCall } from './wire.ts';

/**
 * A minor already in an H5 game at the close of the play window (21:00 China time) stops then,
 * without a reload: /zaixianwan drops the game's frame and shows the rule (machines/
 * play-session.machine.ts). The e2e server runs on the real clock, where a minor is granted
 * nothing outside Fri–Sun 20:00–21:00, so the spec takes an adult's real grant (a live ticket) and
 * gives it a minor's hard end two minutes ahead, as startPlay answers a minor at 20:58
 * (server/accounts/real-name.test.ts covers the server's side: the grant, the page and the heartbeat
 * refused from 21:00). The page's clock is Playwright's, started at the real time so that request
 * signatures stay within the server's window.
 */


interface Item {
  game_id: number;
  platform_game_id: number;
  name: string;
}

const LEFT_MS = 2 * 60_000;

/** startPlay answers as it does to a minor `LEFT_MS` before the window closes. */
async function grantAsMinor(page: Page, endAt: number) {
  await page.route('**/api/game/startPlay', async (route) => {
    const response = await route.fetch();
    const decoded = decodeResponse(await response.text(), { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) throw new Error('undecodable startPlay answer');
    const answer = decoded.response as { code: number; msg: string; data: Record<string, unknown> };
    expect(answer.code).toBe(1);
    const data = { ...answer.data, until: new Date(endAt).toISOString(), age_band: '8-16', end_message: MINORS_MSG.playOutsideHours };
    // The client takes a plain JSON answer as well as an encrypted one (PROTOCOL §5).
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...answer, data }) });
  });
}

async function h5Game(baseURL: string): Promise<Item> {
  return ((await wireCall(baseURL, '/api/game/getGameList', { type: 'h5', page: 1, limit: 5 })).data.list as Item[])[0]!;
}

const frame = (page: Page) => page.locator('iframe.h5-play__frame');

test('in the browser: the game runs until the window closes, then the frame goes and the rule shows', async ({ page, baseURL }) => {
  const game = await h5Game(baseURL!);
  await signInStorage(page, await registerAdult(baseURL!, '李四'));
  const start = Date.now();
  await page.clock.install({ time: start });
  await grantAsMinor(page, start + LEFT_MS);

  await page.goto(at('/zaixianwan', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
  await expect(frame(page)).toHaveAttribute('src', new RegExp(`^/play/h5/${game.platform_game_id}\\?ticket=`));
  // Ten seconds before the close the game is still there.
  await page.clock.fastForward(LEFT_MS - (Date.now() - start) - 10_000);
  await expect(frame(page)).toHaveCount(1);
  await page.clock.fastForward(11_000);
  await expect(frame(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText(MINORS_MSG.playOutsideHours);
  await shoot(page, 'zaixianwan-minor-ended');
});

test('in the wrapper simulator: a phone locked past the close shows the rule the moment the page is shown again', async ({ page, baseURL }) => {
  const game = await h5Game(baseURL!);
  await seedPrivacyDecision(page);
  await signInStorage(page, await registerAdult(baseURL!, '王五'));
  const start = Date.now();
  await page.clock.install({ time: start });
  await grantAsMinor(page, start + LEFT_MS);

  await page.goto(`${at('/zaixianwan', { game_id: game.game_id, platform_game_id: game.platform_game_id })}&wrapper=sim`);
  await page.waitForFunction(() => 'LewanNative' in window);
  await expect(frame(page)).toHaveCount(1);
  // The wall clock moves past the close while the page's timers stand still (a sleeping WebView).
  await page.clock.setSystemTime(start + LEFT_MS + 60_000);
  await expect(frame(page)).toHaveCount(1);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(frame(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText(MINORS_MSG.playOutsideHours);
});
