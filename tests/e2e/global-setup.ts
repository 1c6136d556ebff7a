/** Builds once when the build is missing or stale (as `npm start` would), before the workers start their servers. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const check = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, START_BUILD_ONLY: '1' } });
  if (check.status !== 0) throw new Error('the build failed');
}
