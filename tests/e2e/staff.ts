import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { StaffRole } from '../../api/protocol/staff-codes.ts';
import { DEV_STAFF_ACCOUNTS } from '../../server/staff/dev-accounts.ts';
import { TOTP_PERIOD_S, totpCodeAt } from '../../server/staff/totp.ts';

/**
 * Staff sign-in for the e2e specs (docs/staff-console.md "Testing"). The e2e server is not in
 * production, so it has the development accounts, one per role (server/staff/dev-accounts.ts).
 * A TOTP code works once per account: these helpers try the current step's code, then the next
 * step's (the server accepts one step ahead), then wait for the next step — so any number of
 * sign-ins of one account in one run succeed.
 */
export function devStaff(role: StaffRole) {
  const account = DEV_STAFF_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no development staff account for ${role}`);
  return account;
}

const STEP_MS = TOTP_PERIOD_S * 1000;

/** Codes to try, in order: this step's, the next one's, then (after waiting) the step after. */
async function withFreshCode<T>(secret: string, attempt: (code: string) => Promise<{ done: true; value: T } | { done: false }>): Promise<T> {
  for (let round = 0; round < 3; round++) {
    const now = Date.now();
    for (const offset of [0, STEP_MS]) {
      const result = await attempt(totpCodeAt(secret, now + offset));
      if (result.done) return result.value;
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 200));
  }
  throw new Error('no TOTP code was accepted');
}

/**
 * Signs a development account in through the API, in the browser context of `request`
 * (page.request / context.request share the page's cookies): returns the CSRF token. Then
 * `page.goto('/staff/…')` opens the console signed in.
 */
export async function signInStaffApi(request: APIRequestContext, role: StaffRole): Promise<{ csrf: string; id: number; name: string }> {
  const account = devStaff(role);
  return withFreshCode<{ csrf: string; id: number; name: string }>(account.totpSecret, async (code) => {
    const response = await request.post('/staff/api/auth/login', { data: { name: account.name, password: account.password, code } });
    const answer = (await response.json()) as { code: number; msg: string; data: { csrf_token: string; id: number; name: string } };
    if (answer.code === 1) return { done: true, value: { csrf: answer.data.csrf_token, id: answer.data.id, name: answer.data.name } };
    expect(answer.msg, 'only a used code may be refused').toMatch(/已使用/);
    return { done: false };
  });
}

/** Signs in through the console's sign-in page (already open at /staff/login). */
export async function signInStaffPage(page: Page, account: { name: string; password: string; totpSecret: string }): Promise<void> {
  await page.getByPlaceholder('员工账号').fill(account.name);
  await page.getByPlaceholder('密码').fill(account.password);
  await withFreshCode<undefined>(account.totpSecret, async (code) => {
    await page.getByPlaceholder('6位数字').fill(code);
    const answer = page.waitForResponse((response) => response.url().endsWith('/staff/api/auth/login'));
    await page.getByRole('button', { name: '登录' }).click();
    const body = (await (await answer).json()) as { code: number; msg: string };
    if (body.code === 1) return { done: true, value: undefined };
    expect(body.msg, 'only a used code may be refused').toMatch(/已使用/);
    return { done: false };
  });
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
}

type SessionCookie = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>[number];
const signedIn = new Map<StaffRole, { cookies: SessionCookie[]; csrf: string; id: number; name: string }>();

/**
 * Signs the page's browser context in as the role's development account, reusing this worker's
 * earlier session of that role while the server still takes it (auth/me): a TOTP code works once
 * per account, so every fresh sign-in after the first two in one 30 s step waits for the next
 * step. Specs that only need a signed-in console use this; the sign-in itself is tested by
 * staff-console.spec.ts through the form and signInStaffApi.
 */
export async function staffSession(page: Page, role: StaffRole): Promise<{ csrf: string; id: number; name: string }> {
  const cached = signedIn.get(role);
  if (cached) {
    await page.context().addCookies(cached.cookies);
    const me = (await (await page.request.post('/staff/api/auth/me', { data: {} })).json()) as { code: number };
    if (me.code === 1) return { csrf: cached.csrf, id: cached.id, name: cached.name };
  }
  const session = await signInStaffApi(page.request, role);
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name === 'staff_session');
  signedIn.set(role, { cookies, ...session });
  return session;
}

/** The cookies of this worker's session of the role, if it has one (for a request context's storageState). */
export function staffSessionCookies(role: StaffRole): SessionCookie[] {
  return signedIn.get(role)?.cookies ?? [];
}

/**
 * The console list's item (data-testid `testId`) holding `text`, paging on (下一页) when other runs'
 * items come first; a list that was just asked for (a status chip, a page) may still show the
 * previous one for a moment, so each page is given a short while.
 */
export async function itemOnSomePage(page: Page, testId: string, text: string, listName: RegExp = /商品列表|交易列表/): Promise<Locator> {
  const list = page.getByRole('region', { name: listName });
  await expect(list.getByText(/第 \d+ \/ \d+ 页/)).toBeVisible();
  const item = page.getByTestId(testId).filter({ hasText: text });
  for (let turn = 0; turn < 20; turn++) {
    if (await expect(item).toHaveCount(1, { timeout: 3_000 }).then(() => true, () => false)) return item;
    const next = list.getByRole('button', { name: '下一页' });
    if (await next.isDisabled()) break;
    const before = await list.getByText(/第 \d+ \/ \d+ 页/).textContent();
    await next.click();
    await expect(list.getByText(/第 \d+ \/ \d+ 页/)).not.toHaveText(before ?? '');
  }
  throw new Error(`no ${testId} with ${text}`);
}
