import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { decodeResponse, DEV_SECRETS, openRequest, type Fields } from '../../api/protocol/wire.ts';
import { nodeCrypto } from '../../server/wire-crypto.ts';
import { appRendered, at, shoot, smallGames, type DownloadableGame } from './wire.ts';

/**
 * A consent is to one version of the privacy policy (src/app/privacy-consent.ts): the player agreed
 * to policy 1 inside the wrapper simulator; the server then serves policy 2 (as an operator's
 * update of site_content data.version would — here the answer is rewritten on its way, since the
 * e2e server's database is its own). The guide asks again before any identifier is read, and
 * 不同意 keeps them unread.
 */

test.setTimeout(120_000);

const IDENTIFIERS = ['imei', 'oaid', 'android_id', 'mac'] as const;
const identifiersIn = (fields: Fields) => IDENTIFIERS.filter((key) => key in fields);
const guide = (page: Page) => page.getByTestId('privacy-guide');

/** Every POST body from this page load on, and every getDeviceInfo call the page makes. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __bodies: Array<{ path: string; body: string }>; __reads: number };
    w.__bodies = [];
    w.__reads = 0;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST') w.__bodies.push({ path: new URL(request.url).pathname, body: await request.clone().text() });
      return original(request);
    };
    // The simulator installs LewanNative as the app starts: count identifier reads from its first moment.
    let native: Record<string, unknown> | undefined;
    Object.defineProperty(window, 'LewanNative', {
      configurable: true,
      get: () => native,
      set(value: Record<string, (...a: unknown[]) => unknown>) {
        const read = value.getDeviceInfo;
        if (typeof read === 'function') {
          value.getDeviceInfo = (...args: unknown[]) => {
            w.__reads++;
            return read.apply(value, args);
          };
        }
        native = value;
      },
    });
  });
}

async function sentBodies(page: Page): Promise<Array<{ path: string; fields: Fields }>> {
  const raw = (await page.evaluate(() => (window as unknown as { __bodies: Array<{ path: string; body: string }> }).__bodies)) ?? [];
  return raw.flatMap(({ path, body }) => {
    const opened = openRequest(path, body, { acceptPlain: true, now: Date.now(), secrets: DEV_SECRETS, crypto: nodeCrypto });
    return opened.ok ? [{ path, fields: opened.fields }] : [];
  });
}
const deviceReads = (page: Page) => page.evaluate(() => (window as unknown as { __reads: number }).__reads);

/** The server's privacy-policy answer, with its version replaced. */
async function servePolicyVersion(page: Page, version: string) {
  await page.route('**/api/down/userPrivacyH5', async (route) => {
    const response = await route.fetch();
    const decoded = decodeResponse(await response.text(), { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) throw new Error('undecodable userPrivacyH5 answer');
    const answer = decoded.response as { code: number; msg: string; data: Record<string, unknown> };
    // The client takes a plain JSON answer as well as an encrypted one (PROTOCOL §5).
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...answer, data: { ...answer.data, version } }) });
  });
}

async function download(page: Page, game: DownloadableGame): Promise<Fields> {
  await page.goto(at('/gamedetail', { game_id: game.game_id, platform_game_id: game.platform_game_id }));
  await page.getByRole('button', { name: `下载 ${game.name}` }).click();
  await expect.poll(async () => (await sentBodies(page)).filter((b) => b.path === '/api/game/recordDown').length).toBe(1);
  return (await sentBodies(page)).find((b) => b.path === '/api/game/recordDown')!.fields;
}

test('consented to policy 1; the server serves policy 2: asked again before identifiers are read; 不同意 keeps them unread', async ({ page, baseURL }) => {
  const [first, second] = await smallGames(baseURL!, 2);
  await watchPage(page);

  await test.step('policy 1: 同意 in the guide; a download carries the identifiers', async () => {
    await page.goto('/?wrapper=sim');
    await expect(guide(page).getByRole('heading', { name: '个人信息保护指引' })).toBeVisible();
    await expect(guide(page).getByText('我们更新了《隐私政策》')).toHaveCount(0);
    await guide(page).getByRole('button', { name: '同意', exact: true }).click();
    await expect(guide(page)).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('PrivacyConsent') ?? 'null'))).toMatchObject({ state: 'granted', version: '1' });
    expect(identifiersIn(await download(page, first!))).toEqual([...IDENTIFIERS]);
  });

  await test.step('policy 2: the guide asks again, saying the policy changed; nothing identifying read or sent meanwhile', async () => {
    await servePolicyVersion(page, '2');
    await page.goto('/?wrapper=sim');
    await expect(guide(page).getByText('我们更新了《隐私政策》')).toBeVisible();
    await shoot(page, 'privacy-guide-updated');
    expect(await deviceReads(page)).toBe(0);
    for (const { path, fields } of await sentBodies(page)) expect(identifiersIn(fields), path).toEqual([]);
  });

  await test.step('不同意: not asked again, and a download still reads and sends no identifier', async () => {
    await guide(page).getByRole('button', { name: '不同意' }).click();
    await expect(guide(page)).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('PrivacyConsent') ?? 'null'))).toMatchObject({ state: 'refused', version: '2' });
    const body = await download(page, second!);
    expect(body).toMatchObject({ system: 'Android 13' });
    expect(identifiersIn(body)).toEqual([]);
    expect(await deviceReads(page)).toBe(0);
    // The guide would open once the version is heard: wait for that answer, then see it stays shut.
    const heard = page.waitForResponse('**/api/down/userPrivacyH5');
    await page.goto('/?wrapper=sim');
    await appRendered(page);
    await heard;
    await expect(page.getByRole('tab').or(page.getByRole('link')).first()).toBeVisible();
    await expect(guide(page)).toHaveCount(0);
  });
});
