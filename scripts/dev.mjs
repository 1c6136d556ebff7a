// `npm run dev`: the API server (tsx, embedded database) on :8080 and Vite on :5173 with the
// API paths proxied to it; the staff console (vite.staff.config.ts) on :5174/staff/.
import { spawn } from 'node:child_process';

const env = { ...process.env, STATIC_DIR: 'none' };
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '-c', 'vite.staff.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
