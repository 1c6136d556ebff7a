// The old Chromium builds the old-WebView run drives (tests/old-webview/, `npm test`): headless
// shells shipped inside the npm package chrome-aws-lambda, whose first releases were numbered after
// the Chromium they carry. Test-only: installed from the npm registry into a cache folder outside
// the project's dependencies (`npm pack`, no install scripts), the brotli-packed binary unpacked
// with node's zlib. Idempotent: a binary already unpacked is used as it is.
//   node scripts/old-chromium.mjs [version…]   prints each binary's path
// OLD_CHROMIUM_CACHE: the cache folder (default ~/.cache/lewan-old-chromium).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/** chrome-aws-lambda versions by what they are for (docs/decisions.md "Old Android WebViews"). */
export const OLD_CHROMIUM = {
  /** Chromium 66.0.3347: the minimum; the journeys run in it. */
  minimum: '66.0.3347',
  /** Chromium 65.0.3312: below the minimum; the message page shows. */
  below: '65.0.3312',
};

export const cacheDir = () => process.env.OLD_CHROMIUM_CACHE || path.join(os.homedir(), '.cache', 'lewan-old-chromium');

/** The path of the headless shell of chrome-aws-lambda@version, installed on first use. */
export function oldChromium(version) {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`old-chromium: not a chrome-aws-lambda version: ${version}`);
  const dir = path.join(cacheDir(), version);
  const binary = path.join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir(), { recursive: true });
  const work = mkdtempSync(path.join(cacheDir(), `.${version}-`));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['pack', `chrome-aws-lambda@${version}`, '--ignore-scripts', '--silent', '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`old-chromium: npm pack chrome-aws-lambda@${version} left no tarball`);
    execFileSync('tar', ['xzf', tarball, 'package/bin/chromium.br'], { cwd: work });
    const unpacked = path.join(work, 'chromium');
    writeFileSync(unpacked, brotliDecompressSync(readFileSync(path.join(work, 'package/bin/chromium.br'))));
    chmodSync(unpacked, 0o755);
    mkdirSync(dir, { recursive: true });
    // Renamed into place last: a half-unpacked binary is never taken for an installed one.
    renameSync(unpacked, binary);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const versions = process.argv.length > 2 ? process.argv.slice(2) : Object.values(OLD_CHROMIUM);
  for (const version of versions) {
    const started = Date.now();
    const binary = oldChromium(version);
    console.log(`${binary}  (${version}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
