// Size budgets (checked by `npm test`): the JS loaded before first paint of / and index.html.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staffLeaks } from './staff-isolation.mjs';

const dist = path.resolve(import.meta.dirname, '../dist/client');
// entryJsGzip: 120 KB before the account pages; 122 KB since (docs/decisions.md "Size budget after the accounts");
// 121.5 KB once crypto-js's passphrase key derivation left the build (vite.config.ts); 100 KB since the
// api client loads in its own chunk and the entry is one file (docs/decisions.md "The players' entry under 100 KB").
// What it is made of: node scripts/entry-breakdown.mjs.
const BUDGETS = { entryJsGzip: 100 * 1024, indexHtmlGzip: 12 * 1024, entryCssGzip: 30 * 1024 };

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('size budget: no build in dist/client (run npm run build)');
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const sum = (files) => files.reduce((acc, f) => acc + gz(readFileSync(path.join(dist, f))), 0);

const figures = {
  entryJsGzip: sum([...new Set(scripts)]),
  entryCssGzip: sum([...new Set(styles)]),
  indexHtmlGzip: gz(Buffer.from(html)),
};
let failed = 0;
for (const [name, bytes] of Object.entries(figures)) {
  const budget = BUDGETS[name];
  const ok = bytes <= budget;
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  (budget ${(budget / 1024).toFixed(1)} KB)  ${name.startsWith('entryJs') ? scripts.join(', ') : ''}`);
}

// The legacy build (vite.legacy.config.ts): what a Chromium 66-79 WebView loads instead of the
// entry above, its entry and static imports. Reported, not budgeted: modern browsers never load it.
const legacyDir = path.join(dist, 'legacy');
if (existsSync(path.join(legacyDir, 'entry.js'))) {
  const seen = new Set();
  const queue = ['entry.js'];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !existsSync(path.join(legacyDir, file))) continue;
    seen.add(file);
    const code = readFileSync(path.join(legacyDir, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]);
  }
  const bytes = sum([...seen].map((file) => `legacy/${file}`));
  console.log(`info legacyEntryJs  ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  (Chromium 66-79 only; with the polyfills: ${((bytes + sum(['assets/' + readdirSync(path.join(dist, 'assets')).find((f) => f.startsWith('boot-polyfills-'))])) / 1024).toFixed(1)} KB; ${seen.size} files)`);
}

// Every file a lazy import's preload list names must exist: vite.config.ts inlines the entry
// stylesheet and deletes its file, and a list that still named it made the import fail (a 404 on
// the preload, 页面加载失败) for imports made from lazy chunks (docs/decisions.md).
const missing = [];
for (const name of readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'))) {
  const table = readFileSync(path.join(dist, 'assets', name), 'utf8').match(/m\.f=(\[[^\]]*\])/);
  for (const file of table ? JSON.parse(table[1]) : []) if (!existsSync(path.join(dist, file))) missing.push(`${name} → ${file}`);
}
if (missing.length > 0) failed++;
console.log(`${missing.length ? 'OVER' : 'ok  '} preloadFiles     ${missing.length} missing  ${missing.join(', ')}`);

// The staff console (dist/staff, src/staff/) is never reachable from the players' index.html,
// through static or dynamic imports (scripts/staff-isolation.mjs).
const staffDist = path.resolve(import.meta.dirname, '../dist/staff');
const graphFile = path.join(dist, '.vite', 'chunk-modules.json');
let staffProblem = null;
if (!existsSync(path.join(staffDist, 'index.html'))) staffProblem = 'no staff build in dist/staff (run npm run build)';
else if (!existsSync(graphFile)) staffProblem = 'no dist/client/.vite/chunk-modules.json (vite.config.ts chunkModules)';
else {
  const staffHtml = readFileSync(path.join(staffDist, 'index.html'), 'utf8');
  const staffFiles = readdirSync(path.join(staffDist, 'assets')).map((file) => `assets/${file}`);
  const entries = [...new Set(scripts)].map((file) => file.replace(/^\//, ''));
  const result = staffLeaks({ graph: JSON.parse(readFileSync(graphFile, 'utf8')), entries, indexHtml: html, // Vite drops the empty JS chunks of CSS-only modules after the graph is written.
    chunkText: (file) => (existsSync(path.join(dist, file)) ? readFileSync(path.join(dist, file), 'utf8') : ''), staffFiles });
  if (result.leaks.length > 0) staffProblem = `reachable from the players' index.html: ${result.leaks.join(', ')}`;
  const staffScripts = [...staffHtml.matchAll(/<script[^>]+src="\/staff\/([^"]+)"/g), ...staffHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/staff\/([^"]+)"/g)].map((m) => m[1]);
  const staffEntry = [...new Set(staffScripts)].reduce((acc, file) => acc + gz(readFileSync(path.join(staffDist, file))), 0);
  console.log(`info staffEntryJs   ${(staffEntry / 1024).toFixed(1).padStart(7)} KB gzip  (the console's own entry; not loaded by players)  ${staffScripts.join(', ')}`);
  if (!staffProblem) console.log(`ok   staffIsolation   ${result.files} players' chunks, ${result.modules} modules reachable, none of the staff console`);
}
if (staffProblem) {
  failed++;
  console.log(`OVER staffIsolation   ${staffProblem}`);
}
console.log(`size budgets: ${Object.keys(figures).length + 2 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
