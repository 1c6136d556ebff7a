// Size budgets (checked by `npm test`): the JS loaded before first paint of / and index.html.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/client');
// entryJsGzip: 120 KB until issue 11; 122 KB since (docs/decisions.md "Size budget after the accounts").
const BUDGETS = { entryJsGzip: 122 * 1024, indexHtmlGzip: 12 * 1024, entryCssGzip: 30 * 1024 };

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
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  (budget ${(budget / 1024).toFixed(0)} KB)  ${name.startsWith('entryJs') ? scripts.join(', ') : ''}`);
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
console.log(`size budgets: ${Object.keys(figures).length + 1 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
