// `npm start`: builds when the build is missing or older than the sources, then serves the app
// and the API on one origin (PORT/HOST/DATA_DIR override; embedded database by default).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'api', 'machines', 'bridge', 'server', 'public', 'index.html', 'vite.config.ts', 'vite.legacy.config.ts', 'vite.staff.config.ts', 'package.json', 'tsconfig.json', 'tsconfig.server.json'];
const OUTPUTS = ['dist/client/index.html', 'dist/client/legacy/entry.js', 'dist/staff/index.html', 'dist/server/server/main.js'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(full)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    latest = Math.max(latest, newest(path.join(target, name)));
  }
  return latest;
}

const builtAt = Math.min(...OUTPUTS.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)));
const changedAt = Math.max(...SOURCES.map(newest));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? '[start] no build yet: building…' : '[start] sources changed since the last build: rebuilding…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// START_BUILD_ONLY=1: only the build check (the e2e suite's global setup, before its per-worker servers).
if (process.env.START_BUILD_ONLY === '1') process.exit(0);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
