/**
 * The top self-time functions of a V8 CPU profile (node --cpu-prof), for the server bench:
 *
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:server     # each app child writes a .cpuprofile when stopped
 *   npx tsx bench/profile-top.ts /tmp/prof/<file>.cpuprofile [rows]
 *
 * Prints each function's share of the sampled time (self time: the samples where it was on top of the
 * stack), and the same grouped by package / source folder, so "where the time went" has figures.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-top.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (url === '') return '(native / V8)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const own = url.match(/\/(server|api)\/(.*)$/);
  return own ? `${own[1]}/${own[2]}` : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const place = where(url);
  const key = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const group = place.startsWith('server/') || place.startsWith('api/') ? place.split('/').slice(0, 2).join('/') : place;
  byPlace.set(group, (byPlace.get(group) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\ntop functions by self time');
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(us)}  ${key}`);
console.log('\nby package / folder');
for (const [key, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(us)}  ${key}`);
