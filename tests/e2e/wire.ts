import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, signingClock, type Fields } from '../../api/protocol/wire.ts';
import { nodeCrypto } from '../../server/wire-crypto.ts';

/**
 * What the e2e specs share: signed, encrypted calls as the app makes them (PROTOCOL §2–§5) with
 * node:crypto (tests/helpers/wire-client.ts uses crypto-js, whose extensionless subpath imports
 * Playwright's loader refuses), accounts made through the API and the dev SMS outbox, and a
 * signed-in start.
 */

export interface Account {
  phone: string;
  token: string;
  uuid: string;
  nickname: string;
}

/** As the app's client: the server spends a sign once, on any path. */
const nextTimestamp = signingClock();

export async function wireCall(baseURL: string, path: string, payload: Fields, credentials: { token: string; uuid: string } | null = null) {
  const options = { secrets: DEV_SECRETS, crypto: nodeCrypto };
  const timestamp = nextTimestamp();
  const signed = signRequest(payload, { path, timestamp, credentials, ...options });
  const body = encodeRequestBody(path, signed, { encrypt: true, ...options });
  const res = await fetch(baseURL + path, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
  const decoded = decodeResponse(await res.text(), options);
  if (!decoded.ok) throw new Error(`undecodable answer from ${path}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return decoded.response as { code: number; msg: string; data: any };
}

let phoneSeed = Date.now() % 10_000_000;
/** A phone number no other spec of this run uses. */
export const freshPhone = (prefix = '136') => `${prefix}${String(phoneSeed++ % 100_000_000).padStart(8, '0')}`;

/** Registers by SMS code (trendRegister), or with a password (userRegister) when one is given. */
export async function register(baseURL: string, phone = freshPhone(), password?: string): Promise<Account> {
  expect(await wireCall(baseURL, '/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
  const code = ((await (await fetch(`${baseURL}/dev/sms/${phone}`)).json()) as { code: string }).code;
  const answer = password
    ? await wireCall(baseURL, '/api/login/userRegister', { account: phone, phone_code: code, password, agree_agreement: 1 })
    : await wireCall(baseURL, '/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 });
  expect(answer.code).toBe(200);
  return { phone, token: answer.data.token, uuid: answer.data.user_uuid, nickname: answer.data.nickname };
}

/** The app starts signed in: Token / Uuid / NickName (and `extra`) are in storage before its code runs, once per tab. */
export async function signInStorage(page: Page, account: Account, extra: Record<string, string> = {}) {
  await page.addInitScript(
    ({ account, extra }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('Token', account.token);
      localStorage.setItem('Uuid', account.uuid);
      localStorage.setItem('NickName', account.nickname);
      for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
    },
    { account, extra },
  );
}

/** A route with its `data` query object (SPEC §2). */
export const at = (path: string, data: Record<string, unknown>) => `${path}?data=${encodeURIComponent(JSON.stringify(data))}`;

/**
 * Waits until the app has put its page in place of the boot skeleton the server drew for a
 * landing game page (server/first-paint-game.ts, `data-boot`). The skeleton looks the same and
 * answers the same locators, but it is replaced, not hydrated: an element found in it is
 * detached a moment later.
 */
export async function appRendered(page: Page) {
  await expect(page.locator('#root [data-boot]')).toHaveCount(0);
}

export async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/**
 * Lets the phone ask for its next code at once (dev outbox, DELETE /dev/sms/<phone>/cooldown):
 * walks through two code flows of one phone need not sit out the server's 60 s per-phone
 * cooldown, which is tested on a simulated clock (server/accounts/auth.test.ts). The client's own
 * 60 s countdown is untouched.
 */
export async function releaseSmsCooldown(baseURL: string, phone: string) {
  expect((await fetch(`${baseURL}/dev/sms/${phone}/cooldown`, { method: 'DELETE' })).status).toBe(200);
}

/** What the not-found treatment says (src/components/NotFoundPage.tsx): a built page never shows it. */
export const NOT_OPEN = '您访问的页面不存在或暂未开放';

/** Collects the page's console errors and uncaught exceptions into `errors` (each after `label`, to tell two pages apart). */
export function watchConsole(page: Page, errors: string[] = [], label = ''): string[] {
  page.on('console', (message) => message.type() === 'error' && errors.push(`${label}${message.text()}`));
  page.on('pageerror', (error) => errors.push(`${label}${error.message}`));
  return errors;
}

/** Opens a route, waits for the app's own page, and checks it is a built page (never 页面暂未开放). */
export async function openPage(page: Page, url: string) {
  await page.goto(url);
  await appRendered(page);
  await expect(page.getByText(NOT_OPEN)).toHaveCount(0);
}

/** The seeded pop-up notice, marked seen through the API: it would otherwise take a new player on home to /noticedialog. */
export async function popupSeen(baseURL: string, account: { token: string; uuid: string }) {
  const pop = await wireCall(baseURL, '/api/user/getIsPop', {}, account);
  if (pop.data) await wireCall(baseURL, '/api/user/markNoticeSeen', { id: pop.data.id }, account);
}

let idSerial = Date.now() % 1000;
/** Verifies the account's real name as an adult born 1990-01-01 (a valid GB 11643-1999 number, a new one each call). */
export async function verifyAdult(baseURL: string, account: { token: string; uuid: string }, realName = '张三') {
  const first17 = `11010519900101${String(idSerial++ % 1000).padStart(3, '0')}`;
  const answer = await wireCall(baseURL, '/api/user/realNameAuth', { real_name: realName, id_card: first17 + idCardCheckChar(first17) }, account);
  expect(answer.code, answer.msg).toBe(1);
}

/** A new player who has seen the start-up notice and verified a real name as an adult (selling, buying, withdrawing). */
export async function registerAdult(baseURL: string, realName = '张三'): Promise<Account> {
  const account = await register(baseURL);
  await popupSeen(baseURL, account);
  await verifyAdult(baseURL, account, realName);
  return account;
}

/** 乐玩币 bought through the sandbox cashier (its notification reaches the server at once); answers the order number. */
export async function buyCoins(baseURL: string, account: { token: string; uuid: string }, cents: number): Promise<string> {
  const order = await wireCall(baseURL, '/api/order/createOrder', { idempotency_key: randomUUID(), kind: 'coins', amount_cents: cents, pay_method: 'provider' }, account);
  expect(order.code, order.msg).toBe(1);
  expect((await fetch(`${baseURL}${order.data.pay_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return order.data.order_number as string;
}

/** A game of the catalogue as the download specs use it: its ids, size, and its download address's package and MD5. */
export interface DownloadableGame {
  game_id: number;
  platform_game_id: number;
  name: string;
  size_bytes: number;
  package_name: string;
  md5: string;
}

/** The smallest downloadable (apk, online) games of the first list page, smallest first. */
export async function smallGames(baseURL: string, count: number): Promise<DownloadableGame[]> {
  const list = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 50 })).data.list as Array<DownloadableGame & { down_type: number }>;
  const games: DownloadableGame[] = [];
  for (const game of list.filter((item) => item.down_type === 1).sort((a, b) => a.size_bytes - b.size_bytes)) {
    const address = await wireCall(baseURL, '/api/game/getDownUrl', { id: game.platform_game_id });
    if (address.code === 1) games.push({ ...game, package_name: address.data.package_name as string, md5: address.data.md5 as string });
    if (games.length === count) return games;
  }
  throw new Error('not enough downloadable games');
}
