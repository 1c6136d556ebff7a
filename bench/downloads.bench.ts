/**
 * The download manager under load: /downlist with 200 entries, 2 active downloads at
 * 10 progress events/s each for 10 s, Chromium's CPU throttled 4×. Prints rows rendered per event
 * (target 1), median and p95 commit ms (target ≤ 4) and long tasks > 50 ms (target 0).
 *
 * It runs the bench build (`vite build --mode bench`: React's profiling build plus the probes of
 * src/features/downloads/bench-probe.tsx) on the product's server, inside the wrapper simulator;
 * the progress events go through the same receiver native calls (window.__lewanNativeEvent).
 *
 * Run: npm run bench:downloads   (≈ 1 min; BENCH_PORT to change the port)
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { EVENT_RECEIVER } from '../bridge/definitions.ts';
import type { DownListEntry } from '../machines/download.types.ts';
import { median, percentile, startBenchServer } from './support.ts';

const PORT = Number(process.env.BENCH_PORT || 8392);
const ENTRIES = 200;
const ACTIVE = 2;
const EVENTS_PER_SECOND = 10;
const SECONDS = 10;
const CPU_SLOWDOWN = 4;
const TARGETS = { rowsPerEvent: 1, commitMs: 4, longTasks: 0 };

interface ListGame {
  game_id: number;
  platform_game_id: number;
  platform_id: number | null;
  name: string;
  package_name: string;
  size_bytes: number;
}

function entryOf(game: ListGame, index: number): DownListEntry {
  // The first ACTIVE entries were downloading (they come back paused, SPEC §4); the rest are a realistic mix.
  const state = index < ACTIVE ? '2' : (['3', '5', '6', '4'] as const)[index % 4]!;
  const total = game.size_bytes || 50 * 1024 * 1024;
  const cur = state === '3' || state === '5' ? total : Math.floor(total * ((index * 37) % 100) / 100);
  return {
    game_id: game.game_id,
    platform_game_id: game.platform_game_id,
    platform_id: game.platform_id ?? 0,
    platform_game_name: game.name,
    url: `/down/game/${game.platform_game_id}/${game.package_name}.apk`,
    down_type_carder: '1',
    game_name: game.name,
    down_state: state,
    gameid: game.platform_game_id,
    gamecopy_id: game.game_id,
    Package_name: game.package_name,
    curSize: cur,
    totalSize: total,
    spent: '0M/s',
    game_daixoa_state: '',
  };
}

async function main() {
  console.log('building the bench client (vite --mode bench)…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'bench', '--outDir', 'dist/bench-client', '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('bench build failed');
  const server = await startBenchServer(PORT, { STATIC_DIR: 'dist/bench-client' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const phone = `1390${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    await server.call('/api/login/sendCode', { phone, type: '1' });
    const { code } = (await (await fetch(`${server.base}/dev/sms/${phone}`)).json()) as { code: string };
    const login = (await server.call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 })).data as { token: string; user_uuid: string; nickname: string };

    const games: ListGame[] = [];
    for (let page = 1; games.length < ENTRIES; page++) {
      const answer = (await server.call('/api/game/getGameList', { page, limit: 50 })).data as { list: ListGame[] };
      if (answer.list.length === 0) break;
      games.push(...answer.list.filter((game) => game.package_name));
    }
    const entries = games.slice(0, ENTRIES).map(entryOf);
    if (entries.length < ENTRIES) throw new Error(`only ${entries.length} games with packages`);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    // tsx compiles with keepNames: functions passed to page.evaluate call its __name helper.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript(
      ({ login, list }) => {
        localStorage.setItem('Token', login.token);
        localStorage.setItem('Uuid', login.user_uuid);
        localStorage.setItem('NickName', login.nickname);
        localStorage.setItem('DownList', list);
      },
      { login, list: JSON.stringify(entries) },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${server.base}/downlist?wrapper=sim`);
    await page.locator('.download-row').nth(ENTRIES - 1).waitFor({ timeout: 60_000 });
    const active = entries.slice(0, ACTIVE).map((entry) => ({ id: entry.platform_game_id, total: entry.totalSize, cur: entry.curSize }));

    const result = await page.evaluate(
      async ({ receiver, active, perSecond, seconds }) => {
        const send = (event: unknown) => (window as unknown as Record<string, (raw: string) => void>)[receiver]!(JSON.stringify(event));
        const probe = (window as unknown as { __downloadBench?: { rowRenders: number; commits: number[] } }).__downloadBench ?? { rowRenders: 0, commits: [] };
        (window as unknown as { __downloadBench: unknown }).__downloadBench = probe;
        // Native resumes both downloads (paused on restore), then the measured window starts.
        for (const download of active) send({ type: 'download.state', platform_game_id: download.id, state: '1' });
        await new Promise((r) => setTimeout(r, 500));
        probe.rowRenders = 0;
        probe.commits = [];
        let longTasks = 0;
        const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().filter((entry) => entry.duration > 50).length));
        observer.observe({ type: 'longtask' });
        let events = 0;
        await new Promise<void>((resolve) => {
          const timers = active.map((download, index) =>
            setInterval(() => {
              download.cur = Math.min(download.total - 1, download.cur + Math.ceil(download.total / 500));
              send({ type: 'download.progress', platform_game_id: download.id, cur: download.cur, total: download.total, speed: 1_200_000 + index * 300_000 });
              events++;
            }, 1000 / perSecond),
          );
          setTimeout(() => {
            timers.forEach(clearInterval);
            resolve();
          }, seconds * 1000);
        });
        await new Promise((r) => setTimeout(r, 500));
        observer.disconnect();
        return { events, rowRenders: probe.rowRenders, commits: probe.commits, longTasks };
      },
      { receiver: EVENT_RECEIVER, active, perSecond: EVENTS_PER_SECOND, seconds: SECONDS },
    );

    const rowsPerEvent = result.rowRenders / result.events;
    const commitMedian = median(result.commits);
    const commitP95 = percentile(result.commits, 95);
    console.log(`\n/downlist: ${ENTRIES} entries, ${ACTIVE} active downloads × ${EVENTS_PER_SECOND} progress events/s × ${SECONDS} s, CPU ${CPU_SLOWDOWN}× slower`);
    console.log(`events sent            ${result.events}`);
    console.log(`row renders            ${result.rowRenders}`);
    console.log(`rows rendered / event  ${rowsPerEvent.toFixed(2)}   target ${TARGETS.rowsPerEvent}`);
    console.log(`commits                ${result.commits.length}`);
    console.log(`commit ms median       ${commitMedian.toFixed(2)}   target ≤ ${TARGETS.commitMs}`);
    console.log(`commit ms p95          ${commitP95.toFixed(2)}   target ≤ ${TARGETS.commitMs}`);
    console.log(`long tasks > 50 ms     ${result.longTasks}   target ${TARGETS.longTasks}`);
    const met = rowsPerEvent <= TARGETS.rowsPerEvent && commitP95 <= TARGETS.commitMs && result.longTasks <= TARGETS.longTasks;
    console.log(met ? 'MET' : 'BELOW TARGET');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
