/**
 * Lighthouse (mobile defaults: simulated slow 4G, 4× CPU) on / and /gamedetail served by
 * `npm start`'s server, median of 3 runs each, in Debian's Chromium. Prints performance score,
 * LCP, TBT and CLS against the targets (score ≥ 90, LCP ≤ 2.0 s, CLS ≤ 0.02).
 *
 * Run: npm run bench:lighthouse   (≈ 1.5–2 min; starts and stops its own server)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserCrypto } from '../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';

const PORT = Number(process.env.BENCH_PORT || 8391);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const TARGETS = { score: 90, lcpMs: 2000, cls: 0.02 };

async function call(pathname: string, payload: Record<string, unknown>) {
  const signed = signRequest(payload, { path: pathname, timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
  const body = encodeRequestBody(pathname, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
  const res = await fetch(BASE + pathname, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
  const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
  if (!decoded.ok) throw new Error(`${pathname}: undecodable answer`);
  return decoded.response;
}

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function lighthouse(url: string): Figures {
  const result = spawnSync(
    process.execPath,
    ['node_modules/lighthouse/cli/index.js', url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CHROME_FLAGS}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(result.stdout);
  const audit = (id: string) => report.audits[id]?.numericValue as number;
  return { score: Math.round(report.categories.performance.score * 100), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-lh-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    for (let i = 0; i < 300; i++) {
      if (await fetch(`${BASE}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const list = await call('/api/game/getGameList', { page: 1, limit: 1 });
    const game = (list.data as { list: Array<{ game_id: number; platform_game_id: number }> }).list[0];
    if (!game) throw new Error('no game in the catalog');
    const detail = `/gamedetail?data=${encodeURIComponent(JSON.stringify({ game_id: game.game_id, platform_game_id: game.platform_game_id }))}`;
    const rows: Array<[string, Figures]> = [];
    for (const page of ['/', detail]) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`lighthouse ${page.slice(0, 40)} run ${i + 1}/${RUNS}… `);
        const figures = lighthouse(BASE + page);
        console.log(`score ${figures.score}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}`);
        runs.push(figures);
      }
      rows.push([page.split('?')[0]!, { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) }]);
    }
    console.log(`\nmedian of ${RUNS} (mobile defaults, Debian Chromium)`);
    console.log(`${'page'.padEnd(14)}${'score'.padStart(7)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(8)}  targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}`);
    for (const [page, f] of rows) {
      const met = f.score >= TARGETS.score && f.lcp <= TARGETS.lcpMs && f.cls <= TARGETS.cls;
      console.log(`${page.padEnd(14)}${String(f.score).padStart(7)}${String(Math.round(f.lcp)).padStart(9)}${String(Math.round(f.tbt)).padStart(9)}${f.cls.toFixed(3).padStart(8)}  ${met ? 'MET' : 'BELOW TARGET'}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
