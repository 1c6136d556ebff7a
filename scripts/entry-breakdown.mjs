// What the players' entry is made of: every module index.html loads before the first paint (the
// entry script and its modulepreloads), by its estimated share of the gzip size, biggest first,
// then the same by package. Reads dist/client (npm run build): index.html and .vite/chunk-modules.json
// (vite.config.ts chunkModules). Usage: node scripts/entry-breakdown.mjs [--top N]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/client');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const graph = JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-modules.json'), 'utf8'));
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 60;
const files = [...new Set([...html.matchAll(/<script[^>]+src="\/([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]))].filter((file) => graph[file]);

const rows = [];
for (const file of files) {
  const chunk = graph[file];
  chunk.modules.forEach((module, index) => rows.push({ module, file, gzip: chunk.gzip?.[index] ?? 0 }));
}
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
const packageOf = (module) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (m) return m[1];
  const src = /^src\/([^/]+(?:\/[^/]+)?)\//.exec(module);
  return src ? src[1] : module.split('/').slice(0, 2).join('/');
};
const total = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
console.log(`entry: ${files.length} files, ${rows.length} modules, ${kb(total)} KB gzip (files gzipped one by one, as scripts/size-budget.mjs counts)`);
console.log('\nby file');
for (const file of files.sort((a, b) => graph[b].gzip.reduce((s, x) => s + x, 0) - graph[a].gzip.reduce((s, x) => s + x, 0))) console.log(`${kb(graph[file].gzip.reduce((s, x) => s + x, 0))}  ${file}`);
const byPackage = new Map();
for (const row of rows) byPackage.set(packageOf(row.module), (byPackage.get(packageOf(row.module)) ?? 0) + row.gzip);
console.log('\nby package / source folder');
for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) if (bytes >= 100) console.log(`${kb(bytes)}  ${name}`);
console.log(`\nby module (top ${top})`);
for (const row of rows.sort((a, b) => b.gzip - a.gzip).slice(0, top)) console.log(`${kb(row.gzip)}  ${row.module}`);
