/**
 * The old-WebView run (`npm test`; docs/decisions.md "Old Android WebViews"): the built app in
 * the oldest Chromium builds to be had from the npm registry (scripts/old-chromium.mjs), driven
 * over the DevTools protocol (tests/old-webview/cdp.ts; Playwright 1.65 cannot connect to them).
 *  - Chromium 66 (the minimum): the main journeys (home, a game page, sign-in by SMS code, a
 *    乐玩币 top-up at the sandbox cashier, a download in the wrapper simulator) on the legacy build.
 *  - Chromium 65 (below it): the message page, with the wrapper's version and the bridge log.
 * Its own server (the build, a fresh embedded database) on OLD_WEBVIEW_PORT (E2E_PORT + 40).
 * Writes test-results/old-webview.json and screenshots in test-results/old-webview/; ends with
 * "N passed, N failed". Usage: npm run build; node --experimental-websocket node_modules/tsx/dist/cli.mjs tests/old-webview/run.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import { at, freshPhone, register, smallGames, wireCall, type Account } from '../e2e/wire.ts';
import { byRole, launch, type Page } from './cdp.ts';

const root = path.resolve(import.meta.dirname, '../..');
const results = path.join(root, 'test-results');
const shots = path.join(results, 'old-webview');
const port = Number(process.env.OLD_WEBVIEW_PORT || Number(process.env.E2E_PORT || 8181) + 40);
const base = `http://127.0.0.1:${port}`;

/** The binaries, installed into the cache on first use (npm registry only). */
function binaries(): { minimum: string; below: string } {
  const lines = execFileSync(process.execPath, [path.join(root, 'scripts/old-chromium.mjs')], { encoding: 'utf8' }).trim().split('\n');
  const paths = lines.map((line) => line.split('  ')[0]!);
  return { minimum: paths[0]!, below: paths[1]! };
}

async function startServer(): Promise<{ stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'old-webview-data-'));
  const server = spawn(process.execPath, ['dist/server/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMS_IP_HOURLY_LIMIT: '1000', SMS_IP_DAILY_LIMIT: '10000', SERVICE_STATUS: 'online' },
  });
  const until = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('the server did not answer in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Outcome {
  name: string;
  browser: string;
  ok: boolean;
  seconds: number;
  error?: string;
}
const outcomes: Outcome[] = [];

async function journey(name: string, browser: string, page: Page, body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  const shot = async (suffix: string) => writeFileSync(path.join(shots, `${name.replace(/[^a-z0-9]+/gi, '-')}${suffix}.png`), await page.screenshot());
  try {
    await body();
    await shot('');
    outcomes.push({ name, browser, ok: true, seconds: (Date.now() - started) / 1000 });
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    await shot('-failed').catch(() => {});
    const text = await page.evaluate<string>('document.body ? document.body.innerText.slice(0, 300) : ""').catch(() => '');
    outcomes.push({ name, browser, ok: false, seconds: (Date.now() - started) / 1000, error: `${String(error)}\n    page: ${text.replace(/\s+/g, ' ')}` });
    console.log(`  ✘ ${name}: ${String(error)}\n    page: ${text.replace(/\s+/g, ' ')}`);
  }
}

const text = (needle: string) => `document.body && document.body.innerText.indexOf(${JSON.stringify(needle)}) >= 0`;
const rendered = `!document.querySelector('#root [data-boot]') && document.documentElement.getAttribute('data-started') === 'legacy'`;
const labelled = (label: string) =>
  `(function () { var ls = document.querySelectorAll('label'); for (var i = 0; i < ls.length; i++) if (ls[i].textContent.trim() === ${JSON.stringify(label)}) return document.getElementById(ls[i].htmlFor); return null; })()`;

async function signInStorage(page: Page, account: Account): Promise<void> {
  await page.goto(`${base}/about-blank-for-storage`);
  await page.evaluate(`localStorage.clear(); localStorage.setItem('Token', ${JSON.stringify(account.token)}); localStorage.setItem('Uuid', ${JSON.stringify(account.uuid)}); localStorage.setItem('NickName', ${JSON.stringify(account.nickname)}); true`);
}

let idSeq = 300;
function adultId(): string {
  const first17 = `11010519900101${String(idSeq++).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

async function minimumJourneys(binary: string): Promise<string> {
  const browser = await launch(binary);
  const { page } = browser;
  const name = browser.version;
  console.log(`${name} (the minimum): the legacy build`);
  const unexpected: string[] = [];
  page.on('Runtime.exceptionThrown', (params) => {
    const details = params.exceptionDetails as { url?: string; exception?: { description?: string }; text: string };
    const description = details.exception?.description ?? details.text;
    unexpected.push(`${description.split('\n')[0]} (${details.url ?? '?'})`);
  });
  const noErrors = () => {
    if (unexpected.length) throw new Error(`uncaught errors: ${unexpected.splice(0).join('; ')}`);
  };
  try {
    const [game] = await smallGames(base, 1);

    await journey('home', name, page, async () => {
      await page.goto(`${base}/`);
      await page.waitFor('the app in place of the boot skeleton (legacy build)', rendered);
      await page.waitFor('the tab bar', `!!document.querySelector('nav[aria-label="底部导航"]')`);
      await page.waitFor('the recommended games', text('为你推荐'));
      // The server left the modern entry out of this engine's page (server/static-files.ts isOldChromium).
      const modern = await page.evaluate<string[]>(`performance.getEntriesByType('resource').map(function (e) { return e.name; }).filter(function (n) { return /\\/assets\\/index-/.test(n); })`);
      if (modern.length > 0) throw new Error(`fetched the modern entry: ${modern.join(', ')}`);
      noErrors();
    });

    await journey('game page', name, page, async () => {
      await page.goto(`${base}${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}`);
      await page.waitFor('the game page', rendered);
      await page.waitFor(`the download button of ${game!.name}`, `!!${byRole('button', `下载 ${game!.name}`)}`);
      noErrors();
    });

    await journey('sign-in by SMS code', name, page, async () => {
      const phone = freshPhone('137');
      await page.goto(`${base}/login`);
      await page.waitFor('the login page', `${rendered} && !!document.querySelector('[data-testid="login-panel-1"]')`);
      await page.fill('the phone field', labelled('手机号'), phone);
      await page.click('the agreement box', `document.querySelector('[data-testid="login-panel-1"] [role="checkbox"]')`);
      await page.waitFor('the agreement ticked', `document.querySelector('[data-testid="login-panel-1"] [role="checkbox"]').getAttribute('aria-checked') === 'true'`);
      await page.click('获取验证码', byRole('[data-testid="login-panel-1"] button', '获取验证码'));
      await page.waitFor('the code panel', `!!document.querySelector('[data-testid="login-panel-2"]')`);
      const { code } = (await (await fetch(`${base}/dev/sms/${phone}`)).json()) as { code: string };
      // The number keyboard slides in: a tap before it is in place lands beside it and blurs the boxes.
      await page.waitFor(
        'the number keyboard in place',
        `(function () { var k = document.querySelector('.adm-number-keyboard'); if (!k) return false; var body = k.closest('.adm-popup-body'); var t = body ? getComputedStyle(body).transform : 'none'; var r = k.getBoundingClientRect(); return (t === 'none' || t === 'matrix(1, 0, 0, 1, 0, 0)') && Math.abs(r.bottom - innerHeight) < 2; })()`,
      );
      for (const digit of code) await page.click(`key ${digit}`, byRole('.adm-number-keyboard [role="button"], .adm-number-keyboard button', digit));
      // Signed in: the overlay hands over to the page the tab came from (here the game page) or /mine.
      await page.waitFor('signed in, the overlay gone', `!!localStorage.getItem('Token') && location.pathname !== '/login' && !document.querySelector('[data-testid="login-panel-2"]')`);
      const nickname = await page.evaluate<string>(`localStorage.getItem('NickName')`);
      if (!nickname || nickname.indexOf(`玩家${phone.slice(-4)}`) !== 0) throw new Error(`stored nickname ${nickname}`);
      noErrors();
    });

    await journey('top-up (乐玩币 at the sandbox cashier)', name, page, async () => {
      const account = await register(base);
      if ((await wireCall(base, '/api/user/realNameAuth', { real_name: '张三', id_card: adultId() }, account)).code !== 1) throw new Error('real-name verification refused');
      await signInStorage(page, account);
      await page.goto(`${base}/mylewancoin`);
      await page.waitFor('the balance 0.00', `${rendered} && (document.querySelector('[data-testid="coins-balance"]') || {}).textContent === '0.00'`);
      await page.click('30元', byRole('button', /^30元/));
      await page.click('立即充值', byRole('button', '立即充值'));
      await page.waitFor('/rechargepay', `location.pathname === '/rechargepay' && ${text('30乐玩币')}`);
      await page.click('立即支付', byRole('button', '立即支付'));
      await page.waitFor('the sandbox cashier', text('沙箱支付，不会产生真实扣款'));
      await page.click('支付', byRole('button', '支付'));
      await page.waitFor('支付成功', `location.pathname === '/rechargepay' && !!${byRole('h1, h2, h3, [role="heading"]', '支付成功')}`, 20_000);
      const cents = (await wireCall(base, '/api/user/getMoney', {}, account)).data.coins_cents as number;
      if (cents < 3000) throw new Error(`balance ${cents} fen after paying 30 元`);
      noErrors();
    });

    await journey('download in the wrapper simulator', name, page, async () => {
      await signInStorage(page, await register(base));
      await page.goto(`${base}${at('/gamedetail', { game_id: game!.game_id, platform_game_id: game!.platform_game_id })}&wrapper=sim&simspeed=4000000`);
      await page.waitFor('the game page in the simulator', rendered);
      await page.click(`下载 ${game!.name}`, byRole('button', `下载 ${game!.name}`));
      await page.waitFor('the download finished (安装)', `!!${byRole('button', `安装 ${game!.name}`)}`, 30_000);
      noErrors();
    });
  } finally {
    await browser.close();
  }
  return name;
}

async function belowMinimum(binary: string): Promise<string> {
  const browser = await launch(binary);
  const { page } = browser;
  const name = browser.version;
  console.log(`${name} (below the minimum): the message page`);
  try {
    await journey('message page below the minimum', name, page, async () => {
      await page.goto(`${base}/`);
      await page.waitFor('the message page', `!!document.getElementById('unsupported-webview')`);
      for (const needle of ['无法打开乐玩游戏盒', 'Android System WebView', '66 或更高版本', '400-826-1799', '未在 App 内打开']) await page.waitFor(needle, text(needle), 2_000);
      const marks = await page.evaluate<string>(`document.documentElement.getAttribute('data-bundle') + '/' + document.documentElement.getAttribute('data-started')`);
      if (marks !== 'none/null') throw new Error(`the app started below the minimum (${marks})`);
    });

    await journey('message page in the wrapper (version, bridge log)', name, page, async () => {
      // The wrapper's JavascriptInterface, there before any script of the page as in a real WebView.
      await page.send('Page.addScriptToEvaluateOnNewDocument', {
        source: `window.__logged = []; window.LewanNative = { getBasicDeviceInfo: function () { return JSON.stringify({ StatusHeight: 24, version: '3.4.0', version_code: '340' }); }, reportUnsupportedWebView: function (json) { window.__logged.push(JSON.parse(json)); return '1'; } };`,
      });
      await page.goto(`${base}/`);
      await page.waitFor('the message page', `!!document.getElementById('unsupported-webview')`);
      await page.waitFor('the wrapper version', text('App 版本：3.4.0'), 2_000);
      const logged = await page.evaluate<{ missing: string[]; ua: string }[]>('window.__logged');
      if (logged.length !== 1 || !logged[0]!.missing.includes('Chromium 66') || !/Chrome\/65/.test(logged[0]!.ua)) throw new Error(`bridge log: ${JSON.stringify(logged)}`);
    });
  } finally {
    await browser.close();
  }
  return name;
}

async function main(): Promise<void> {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  const started = Date.now();
  const paths = binaries();
  const server = await startServer();
  const versions: string[] = [];
  try {
    versions.push(await minimumJourneys(paths.minimum));
    versions.push(await belowMinimum(paths.below));
  } catch (error) {
    outcomes.push({ name: 'old-webview run', browser: '?', ok: false, seconds: 0, error: String(error) });
    console.log(`  ✘ ${String(error)}`);
  } finally {
    await server.stop();
  }
  const passed = outcomes.filter((outcome) => outcome.ok).length;
  const failed = outcomes.length - passed;
  writeFileSync(path.join(results, 'old-webview.json'), JSON.stringify({ versions, passed, failed, seconds: (Date.now() - started) / 1000, outcomes }, null, 2));
  console.log(`old webviews: ${versions.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
