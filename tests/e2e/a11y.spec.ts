import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { readFileSync } from 'node:fs';
import { seedPrivacyDecision } from './privacy.ts';
import { staffSession } from './staff.ts';
import { appRendered, at, popupSeen, register, signInStorage, wireCall } from './wire.ts';
import { sharedTitles } from '../helpers/same-page-routes.ts';

/**
 * Accessibility on every route of the players' app, signed out and signed in, on the overlays and
 * on the staff console. On each screen:
 *  - axe-core with the WCAG 2.0/2.1/2.2 A and AA rules: no violation of impact serious or critical
 *    (moderate and minor ones are counted in the table, not failed);
 *  - every visible button, link and [role=button] has a non-empty accessible name;
 *  - every visible interactive element is a touch target of at least 44×44 CSS px (the rule:
 *    TOUCH_RULE below, docs/decisions.md "accessibility (a11y)");
 *  - no text is cut off by its box (CLIP_RULE below), except truncation marked data-clamp.
 * One page visits the routes by client navigation (history.pushState, which the app's router
 * follows), so the app, its chunks and axe's first injection are paid once. Signed out, the
 * routes that need a login show the login overlay instead: they count as the overlay, checked once.
 * The overlays' keyboard focus (into the overlay, trapped, back to the opener) is tested here too.
 */

// ~200 screens: about 2–5 min on the shared 2-core machine (see docs/decisions.md), so a wide margin.
test.setTimeout(Number(process.env.A11Y_TIMEOUT_MS) || 480_000);

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/**
 * The route table's lists, read from src/app/routes.ts itself (it uses Vite's import.meta.glob, which
 * Node cannot load): ROUTE_PATHS, every route, and NEEDS_LOGIN, the routes behind the login.
 */
const ROUTES_SOURCE = readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8');
function routeList(name: string): string[] {
  const match = new RegExp(`${name}[^=]*=[^\`]*\`([^\`]*)\``).exec(ROUTES_SOURCE);
  if (!match?.[1]) throw new Error(`no ${name} in routes.ts`);
  return match[1].replaceAll('${PRODUCT}', 'lewan').trim().split(/\s+/);
}
const ROUTE_PATHS = routeList('ROUTE_PATHS');
const NEEDS_LOGIN = new Set(routeList('NEEDS_LOGIN'));
/**
 * Pages that move on by themselves, checked where they land: /reload goes back to the last route,
 * /resetpassword visited directly goes to /findpassword (its panel is reached from there once the code is verified).
 */
const TRANSIENT = new Set(['/reload', '/resetpassword']);
/**
 * Signed in, the cancellation's later steps opened directly go to the flow's step once it has loaded
 * (src/pages/account-destroy/use-account-cancel.ts): step 1 for a player who has not begun. Waited
 * for and checked where they land (waiting for the route opened raced that redirect).
 */
const SIGNED_IN_LANDS_ON: Record<string, string> = {
  '/accountdestorytwo': '/accountdestoryone',
  '/accountdestorythree': '/accountdestoryone',
  '/accountdestoryfour': '/accountdestoryone',
};
/**
 * Signed out, these pages ask their first call as a player, the server answers 105 and the app
 * opens the sign-in page (SPEC §5): checked as drawn, then the visit waits for /login (checked too)
 * and starts again from a full load of / so the sign-in flow is not left open under the next route.
 */
const SIGNED_OUT_TO_LOGIN = new Set(['/autorechargehao']);

interface Row {
  screen: string;
  violations: number;
  serious: number;
  unnamed: number;
  small: number;
  ms: number;
}
interface Finding {
  screen: string;
  what: string;
}

const rows: Row[] = [];
const findings: Finding[] = [];

/**
 * Touch targets (TOUCH_RULE): a visible interactive element (a[href], button, input but hidden,
 * select, textarea, summary, [role=button|link|tab|checkbox|radio|switch|menuitem|option]) whose
 * border box is under 44 CSS px on either side (rounded to the pixel) fails, except
 *  - an inline text link: display inline, inside a paragraph or sentence with text of its own
 *    around it (WCAG 2.5.8's "inline" exception);
 *  - an element inside another interactive element or <label> whose box is ≥ 44×44: that parent
 *    is the target (an antd checkbox's input inside its label, a button inside a row link);
 *  - an element outside the viewport's width (a carousel's off-screen slide) is measured too.
 * The same pass lists visible button / link / [role=button] elements with no accessible name
 * (aria-labelledby, aria-label, alt of an image inside, text, title).
 */
function auditDom(root: string): { unnamed: string[]; small: string[]; clipped: string[] } {
  const INTERACTIVE =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option]';
  const NAMED = 'a[href], button, [role=button], [role=link]';
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const text = (el.textContent ?? '').trim().slice(0, 12);
    return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
  };
  const visible = (el: Element) => {
    if (el.closest('[aria-hidden="true"], [inert]')) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && Number(style.opacity) !== 0;
  };
  /** The hit area: the border box, grown by an absolutely placed ::before / ::after of the element itself. */
  const hitArea = (el: Element) => {
    const rect = el.getBoundingClientRect();
    let { left, top, right, bottom } = rect;
    // An ::after clipped by the element's own overflow does not take taps outside it.
    const own = getComputedStyle(el);
    if (own.position !== 'static' && own.overflowX === 'visible' && own.overflowY === 'visible') {
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        if (style.content === 'none' || style.position !== 'absolute' || style.display === 'none' || style.pointerEvents === 'none') continue;
        const inset = [style.top, style.right, style.bottom, style.left].map((value) => (value.endsWith('px') ? parseFloat(value) : NaN));
        if (inset.some(Number.isNaN)) continue;
        const border = getComputedStyle(el);
        const [t, r, b, l] = inset as [number, number, number, number];
        left = Math.min(left, rect.left + parseFloat(border.borderLeftWidth) + l);
        top = Math.min(top, rect.top + parseFloat(border.borderTopWidth) + t);
        right = Math.max(right, rect.right - parseFloat(border.borderRightWidth) - r);
        bottom = Math.max(bottom, rect.bottom - parseFloat(border.borderBottomWidth) - b);
      }
    }
    return { width: right - left, height: bottom - top };
  };
  const big = (el: Element) => {
    const area = hitArea(el);
    return Math.round(area.width) >= 44 && Math.round(area.height) >= 44;
  };
  const nameOf = (el: Element): string => {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) {
      const text = labelledby
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('')
        .trim();
      if (text) return text;
    }
    const label = el.getAttribute('aria-label')?.trim();
    if (label) return label;
    const images = [...el.querySelectorAll('img[alt], [role=img][aria-label], svg[aria-label]')]
      .map((img) => img.getAttribute('alt') || img.getAttribute('aria-label') || '')
      .join('')
      .trim();
    const text = (el as HTMLElement).innerText?.trim() ?? '';
    return text || images || el.getAttribute('title')?.trim() || '';
  };
  const inlineTextLink = (el: Element) => {
    if (!getComputedStyle(el).display.startsWith('inline')) return false;
    const parent = el.parentElement;
    if (!parent) return false;
    const own = [...parent.childNodes].filter((node) => node !== el).map((node) => node.textContent ?? '').join('').trim();
    return own.length > 0;
  };
  const scope = document.querySelectorAll(root);
  const unnamed: string[] = [];
  const small: string[] = [];
  const clipped: string[] = [];
  // CLIP_RULE: text cut off by the box that holds it, as a player sees it: an element with text of
  // its own that clips (overflow hidden or clip; a scroll container scrolls, it does not cut) and
  // whose content is wider, or taller, than that box (a chip narrower than its word, a clamped
  // line). Deliberate truncation of text whose length is the server's (a game's name in a row) says
  // so with data-clamp on the element or an ancestor.
  for (const container of scope) {
    for (const el of container.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || el.closest('[data-clamp]') || !visible(el)) continue;
      // Visually hidden for screen readers (a 1 px box): nothing to see, nothing cut.
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      if (![...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '')) continue;
      const style = getComputedStyle(el);
      const cuts = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      if (cuts(style.overflowX) && el.scrollWidth > el.clientWidth + 1) clipped.push(`${describe(el)} ${el.scrollWidth}>${el.clientWidth} px wide`);
      else if (cuts(style.overflowY) && el.scrollHeight > el.clientHeight + 1) clipped.push(`${describe(el)} ${el.scrollHeight}>${el.clientHeight} px high`);
    }
  }
  for (const container of scope) {
    for (const el of container.querySelectorAll(INTERACTIVE)) {
      if (!visible(el)) continue;
      if (el.matches(NAMED) && !nameOf(el)) unnamed.push(describe(el));
      if (big(el) || inlineTextLink(el)) continue;
      let parent = el.parentElement;
      let covered = false;
      while (parent && parent !== container.parentElement) {
        if (parent.matches(`${INTERACTIVE}, label`) && big(parent)) {
          covered = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!covered) {
        const area = hitArea(el);
        small.push(`${describe(el)} ${Math.round(area.width)}×${Math.round(area.height)}`);
      }
    }
  }
  return { unnamed, small, clipped };
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe over the page (or `include`). The first run on a page goes through AxeBuilder, which injects
 * axe; later runs on the same document (client navigation keeps it) call the injected axe directly
 * with the same options, instead of injecting its 0.5 MB again each time. Those runs do not enter
 * iframes (iframes: false): the only one in the app is /zaixianwan's H5 game, a game's own content,
 * and axe waits up to 60 s for a frame that never answers (it hung on /register that way).
 */
/**
 * A toast (antd-mobile's, white on 70 % black) fades in and out over 2 s: caught mid-fade, axe
 * measures its text against a half-transparent box and reports nonsense contrasts (#f5f6f8 on
 * #f3f4f6). Toasts are left out of the route checks. Settled, a toast is white text on rgba(0,0,0,.7),
 * which over the lightest page background (#fff → #4d4d4d) is 8.4:1.
 */
const TOAST = '.adm-toast-mask';

async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  if (await page.evaluate(() => 'axe' in window)) {
    return page.evaluate(
      ({ include, tags, TOAST }) =>
        (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run({ include: [include ?? 'html'], exclude: [TOAST] }, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
          iframes: false,
        }),
      { include, tags: WCAG_TAGS, TOAST },
    );
  }
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).exclude(TOAST);
  if (include) builder = builder.include(include);
  return builder.analyze();
}

/** Runs axe and the DOM audit on what is on screen now; records a row and the failing findings. */
/**
 * Waits for the page's finite animations (an entrance fade or slide) to end: mid-fade, axe measures the
 * blend of half-transparent text over what is under it, not the colours the player reads. A
 * notice that slides in on its own (客服消息) can start at any moment of a walk.
 */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function check(page: Page, screen: string, include?: string, touch = true, started = Date.now()) {
  await settled(page);
  const t0 = Date.now();
  const results = await Promise.race([
    runAxe(page, include),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`axe did not finish on ${screen} in 60 s`)), 60_000)),
  ]);
  const serious = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  for (const violation of serious) {
    const where = violation.nodes
      .slice(0, 4)
      .map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio})` : '';
        return `${node.target.join(' ')}${colours}`;
      })
      .join(' | ');
    findings.push({ screen, what: `axe ${violation.impact} ${violation.id} ×${violation.nodes.length}: ${where}` });
  }
  const t1 = Date.now();
  const dom = await page.evaluate(auditDom, include ?? 'body');
  if (process.env.A11Y_TRACE) console.log(`TRACE ${screen} visit ${t0 - started} axe ${t1 - t0} dom ${Date.now() - t1} | ${JSON.stringify([serious.map((violation) => violation.id), dom.unnamed, dom.small])}`);
  for (const item of dom.unnamed) findings.push({ screen, what: `no accessible name: ${item}` });
  if (!touch) dom.small = [];
  for (const item of dom.small) findings.push({ screen, what: `touch target < 44 px: ${item}` });
  for (const item of dom.clipped) findings.push({ screen, what: `text clipped: ${item}` });
  rows.push({ screen, violations: results.violations.length, serious: serious.length, unnamed: dom.unnamed.length, small: dom.small.length, ms: Date.now() - started });
}

/** Client navigation: the router follows history.pushState; waits for the page's code and its first data. */
async function visit(page: Page, url: string, landsOn?: string) {
  const path = landsOn ?? url.split('?')[0] ?? url;
  await page.evaluate((href) => window.history.pushState(null, '', href), url);
  if (landsOn) await page.waitForURL((at) => at.pathname === landsOn);
  const view = page.locator(`.route-view[data-route="${path}"]`);
  // Attached, not visible: a page may draw nothing (/firstrechargedialog signed out has no offer).
  await expect(view).toBeAttached();
  // Loading states say aria-busy (page code, list skeletons): give the data a moment, never fail on it.
  await expect(view.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 4_000 }).catch(() => undefined);
}

type Ids = Record<string, Record<string, unknown>>;

/** Real ids for the routes that take a `data` object (games, topics, articles from the seeded content). */
async function seededIds(baseURL: string): Promise<Ids> {
  const games = (await wireCall(baseURL, '/api/game/getGameList', { page: 1, limit: 20 })).data.list as Array<{ game_id: number; platform_game_id: number }>;
  const game = games[0]!;
  const ids = { game_id: game.game_id, platform_game_id: game.platform_game_id };
  const topics = (await wireCall(baseURL, '/api/topic/getTopicList', { page: 1, limit: 10 })).data.list as Array<{ id: number }>;
  const faq = (await wireCall(baseURL, '/api/article/getQuestion', {})).data.categories as Array<{ questions: Array<{ id: number }> }>;
  const question = faq.flatMap((category) => category.questions)[0];
  return {
    '/gamedetail': ids,
    '/gamedetailvip': ids,
    '/gamedetailfold': ids,
    '/gamegift': ids,
    '/gamecoupon': ids,
    '/openclothes': ids,
    '/zaixianwan': ids,
    '/autorechargehao': { platform_game_id: game.platform_game_id },
    '/loginrecharge': { platform_game_id: game.platform_game_id, amount_cents: 600 },
    '/rechargepay': { kind: 'coins', amount_cents: 5_100 },
    '/specialdetail': { id: topics[0]?.id ?? 1 },
    '/commonproblemdetail': { id: question?.id ?? 1 },
    '/searchingresult': { keyword: '星穹' },
    '/circleresult': { keyword: '账号' },
    '/infocenter': { kind: 'system' },
  };
}

const urlOf = (path: string, ids: Ids) => (ids[path] ? at(path, ids[path]) : path);

function report(title: string) {
  console.log(`\n${title}`);
  console.table(rows.map((row) => ({ ...row })));
  const failing = findings.map((finding) => `${finding.screen}: ${finding.what}`);
  if (failing.length) console.log(failing.join('\n'));
}

test.afterEach(({}, testInfo) => {
  report(testInfo.title);
  const failing = findings.map((finding) => `${finding.screen}: ${finding.what}`);
  rows.length = 0;
  findings.length = 0;
  expect(failing, 'serious/critical axe violations, unnamed controls, small touch targets and clipped text').toEqual([]);
});

/**
 * Opened by a full load, not client navigation: signed out, moving between the auth pages by
 * pushState (/login → /register, /register → /findpassword) left axe's run unfinished (not yet
 * explained: see docs/decisions.md "accessibility (a11y)").
 */
const FULL_LOAD = new Set(['/register', '/findpassword']);

/**
 * The title in each route's page header (PageHeader's h1, not a game's or a player's name drawn as a
 * heading), as [path, text]: two different pages must not read the same (two were both 账号设置);
 * the variants and steps of one page may (tests/helpers/same-page-routes.ts).
 */
type Headings = Array<[path: string, heading: string]>;

async function visitAll(page: Page, paths: readonly string[], ids: Ids, label: string, headings: Headings = []) {
  for (const path of paths) {
    const started = Date.now();
    if (FULL_LOAD.has(path)) {
      await page.goto(urlOf(path, ids));
      await appRendered(page);
    }
    const landsOn = label === '已登录' ? SIGNED_IN_LANDS_ON[path] : undefined;
    await visit(page, urlOf(path, ids), landsOn);
    await check(page, `${label} ${path}${landsOn ? ` → ${landsOn}` : ''}`, undefined, true, started);
    const drawn = landsOn ?? path;
    for (const text of await page.locator(`.route-view[data-route="${drawn}"] .page-header__title`).allTextContents()) if (text.trim()) headings.push([drawn, text.trim()]);
    if (label === '未登录' && SIGNED_OUT_TO_LOGIN.has(path)) {
      await expect(page.locator('.route-view[data-route="/login"]')).toBeAttached();
      await check(page, `${label} ${path} → /login`);
      await page.goto('/');
      await appRendered(page);
    }
  }
}

test('every route signed out: axe, names, touch targets', async ({ page, baseURL }) => {
  const ids = await seededIds(baseURL!);
  await page.goto('/');
  await appRendered(page);
  const paths = ROUTE_PATHS.filter((path) => !NEEDS_LOGIN.has(path) && !TRANSIENT.has(path));
  await visitAll(page, paths, ids, '未登录');
});

test('every route signed in: axe, names, touch targets', async ({ page, baseURL }) => {
  const ids = await seededIds(baseURL!);
  const account = await register(baseURL!);
  await popupSeen(baseURL!, account);
  await signInStorage(page, account);
  await page.goto('/');
  await appRendered(page);
  const paths = ROUTE_PATHS.filter((path) => !TRANSIENT.has(path) && path !== '/login' && path !== '/register');
  const headings: Headings = [];
  await visitAll(page, paths, ids, '已登录', headings);
  expect(headings.length, 'the walk read the pages\' headings').toBeGreaterThan(50);
  expect(sharedTitles(headings), 'one heading on two different pages').toEqual({});
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The element that has keyboard focus is inside `selector`. */
const focusInside = (page: Page, selector: string) => page.evaluate((selector) => !!document.activeElement?.closest(selector), selector);

/** Tabs forward `count` times, then back as many: focus never leaves `selector`. */
async function tabStaysInside(page: Page, selector: string, count = 8) {
  for (let step = 0; step < count; step++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, selector), `Tab ${step + 1} stays in ${selector}`).toBe(true);
  }
  for (let step = 0; step < count; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, selector), `Shift+Tab ${step + 1} stays in ${selector}`).toBe(true);
  }
}

test('overlays: axe, names, touch targets and keyboard focus (in, trapped, back to the opener)', async ({ page, browser }) => {
  // The login overlay, opened from /mine's 登录/注册 (what a protected route shows signed out).
  await page.goto('/mine');
  await appRendered(page);
  const opener = page.getByRole('button', { name: /登录\/注册/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const overlay = page.getByTestId('login-overlay');
  await expect(overlay).toHaveAttribute('data-state', 'open');
  await expect.poll(() => focusInside(page, '[data-testid="login-overlay"]')).toBe(true);
  await check(page, '登录浮层', '[data-testid="login-overlay"]');
  await tabStaysInside(page, '[data-testid="login-overlay"]');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The agreement sheet: 获取验证码 with the box unticked asks for consent over the overlay.
  await opener.click();
  await page.getByLabel('手机号').fill('13600000000');
  const send = page.getByRole('button', { name: '获取验证码' });
  await send.focus();
  await page.keyboard.press('Enter');
  const consent = page.getByTestId('login-consent');
  await expect(consent).toHaveAttribute('data-state', 'open');
  await expect.poll(() => focusInside(page, '[data-testid="login-consent"]')).toBe(true);
  await check(page, '协议弹窗', '[data-testid="login-consent"]');
  await tabStaysInside(page, '[data-testid="login-consent"]', 5);
  await page.keyboard.press('Escape');
  await expect(consent).toHaveAttribute('data-state', 'closed');
  await expect(send).toBeFocused();
  // Escape again closes the login overlay under it.
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  // A confirmation dialog: /systemsetting's 清除缓存.
  // (the cache row is there inside the app's wrapper: its simulator, the privacy choice already made)
  await seedPrivacyDecision(page, 'refused');
  await page.goto('/systemsetting?wrapper=sim');
  await appRendered(page);
  const row = page.getByTestId('cache-row');
  await expect(row).toBeEnabled();
  await row.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '清除缓存' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(page, '.system-setting__confirm [role="dialog"]')).toBe(true);
  // antd-mobile fades and scales a dialog in (react-spring, inline styles): mid-fade, axe would measure
  // the blend of half-transparent text over the mask. Its colours are checked once it is fully shown.
  await expect.poll(() => dialog.evaluate((el) => (el.firstElementChild as HTMLElement | null)?.style.opacity)).toBe('1');
  await check(page, '确认对话框', '.system-setting__confirm [role="dialog"]');
  await tabStaysInside(page, '.system-setting__confirm [role="dialog"]', 4);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeFocused();

  // The first-visit install guide sheet (a mobile browser outside the app).
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN' });
  const safari = await context.newPage();
  await safari.goto('/');
  const guide = safari.getByRole('dialog', { name: '添加到主屏幕' });
  // A cold first visit: the page, then the sheet's own code (loaded only when the guide is offered).
  await expect(guide).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => focusInside(safari, '.install-sheet__panel')).toBe(true);
  await check(safari, '安装引导', '.install-sheet__panel');
  await context.close();
});

test('staff console: sign-in page and main page (axe, names)', async ({ page }) => {
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expect(page.getByRole('heading', { name: '乐玩游戏盒 · 员工后台' })).toBeVisible();
  await check(page, '后台登录', undefined, false);
  await staffSession(page, 'admin');
  await page.goto('/staff/');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await check(page, '后台首页', undefined, false);
});
